import type { Kysely } from "kysely";
import sharp from "sharp";
import type { Database, MessagesTable } from "../db/schema.ts";
import { SIZES, VIDEO } from "../db/seed/plan.ts";
import { newChatMediaKey, previewKeyOf } from "../media/chat-media.ts";
import type { MediaStorage } from "../media/storage.ts";
import { encodeKenBurnsVideo, type RawImage } from "../media/video.ts";
import { PRICING } from "../pricing.ts";
import { lookForCharacter } from "../providers/image/looks.ts";
import { blurredPreview, Rng, thumbnail } from "../providers/image/procedural/index.ts";
import { pictureScene } from "../providers/image/prompt.ts";
import type { GeneratedImage, ImageProvider } from "../providers/image/types.ts";
import type { EventBus } from "../realtime/bus.ts";
import type { CharacterRepository } from "../repositories/characters.ts";
import { ChatRepository } from "../repositories/chats.ts";
import { MessageRepository } from "../repositories/messages.ts";
import type { ImageIntent } from "../services/image-intents.ts";
import type { Presenter } from "../services/presenters.ts";
import { imageCaption } from "./image-captions.ts";
import type { JobHandler } from "./queue.ts";
import { type Charge, chatEvent, refundAndNotify, storedMessageEvent } from "./reply.ts";

/** A user message that asked for a picture or video; paid for like any message. */
export interface ImageJob {
  userId: string;
  chatId: number;
  userMessageId: number;
  charge: Charge;
  intent: ImageIntent;
  /** realistic or anime style */
  realistic: boolean;
}

export interface ImageDependencies {
  db: Kysely<Database>;
  images: ImageProvider;
  bus: EventBus;
  storage: MediaStorage;
  characters: CharacterRepository;
  presenter: Presenter;
}

const FAILED_IMAGE =
  "Sorry, I couldn't take that picture just now. Your message was not charged; please try again.";

const even = (value: number): number => Math.round(value / 2) * 2;
/** A chat video moves over a still this much larger than its frame, as the catalog videos do. */
const VIDEO_STILL = {
  width: even(SIZES.video.width * VIDEO.stillScale),
  height: even(SIZES.video.height * VIDEO.stillScale),
};

type StoredMedia = Pick<MessagesTable, "type" | "media_key" | "video_duration" | "price_tokens"> & {
  locked: boolean;
};

/** Raw pixels of the exact size, from whatever the provider returned. */
async function pixelsAt(image: GeneratedImage, size: { width: number; height: number }): Promise<RawImage> {
  if (!Buffer.isBuffer(image) && image.width === size.width && image.height === size.height) return image;
  const input = Buffer.isBuffer(image)
    ? sharp(image)
    : sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } });
  const { data, info } = await input
    .resize(size.width, size.height, { fit: "cover" })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}

/**
 * Sends the character's picture for a photo request: `start_generation` under a provisional
 * negative id, then the picture is made by the image provider, stored as WebP (a private one
 * with a blurred public preview) and the stored message is sent (`add`, type image,
 * private_image or private_video). A retry after a crash does not store it twice; after the
 * last failed attempt the message is refunded as a failed reply is.
 */
export function imageJobHandler(deps: ImageDependencies): JobHandler<ImageJob> {
  const chats = new ChatRepository(deps.db);
  const messages = new MessageRepository(deps.db);

  async function storePhoto(chatId: number, image: GeneratedImage, locked: boolean): Promise<StoredMedia> {
    const { width, height } = SIZES.photo;
    // the provider's size may differ: crop to the chat picture size and encode as WebP
    const picture = await thumbnail(image, width, height, 84);
    const key = newChatMediaKey(chatId, { private: locked, extension: "webp" });
    if (locked) await deps.storage.put(previewKeyOf(key), await blurredPreview(image, SIZES.lockedPreview));
    await deps.storage.put(key, picture);
    return locked
      ? {
          type: "private_image",
          media_key: key,
          video_duration: null,
          locked: true,
          price_tokens: PRICING.costs.unlockPrivateImage,
        }
      : { type: "image", media_key: key, video_duration: null, locked: false, price_tokens: null };
  }

  async function storeVideo(chatId: number, image: GeneratedImage, seed: string): Promise<StoredMedia> {
    const video = await encodeKenBurnsVideo({
      still: await pixelsAt(image, VIDEO_STILL),
      width: SIZES.video.width,
      height: SIZES.video.height,
      durationSeconds: VIDEO.bundleSeconds,
      fps: VIDEO.fps,
      seed,
      effect: new Rng(`effect:${seed}`).pick(["light_sweep", "bokeh"] as const),
    });
    const key = newChatMediaKey(chatId, { private: true, extension: "webm" });
    await deps.storage.put(previewKeyOf(key), await blurredPreview(video.poster, SIZES.lockedPreview));
    await deps.storage.put(key, video.webm);
    return {
      type: "private_video",
      media_key: key,
      video_duration: video.durationSeconds,
      locked: true,
      price_tokens: PRICING.costs.unlockPrivateVideo,
    };
  }

  return {
    maxAttempts: 3,
    async run(job, context) {
      const chat = await chats.findForUser(job.chatId, job.userId);
      if (!chat) return; // the chat was deleted meanwhile
      const existing = await messages.replyTo(job.chatId, job.userMessageId);
      if (existing) {
        // stored by an attempt that died before finishing: deliver it, do not make it again
        await deps.bus.publish(job.userId, storedMessageEvent(deps.presenter, existing, chat.character_id));
        return;
      }
      const [character, request] = await Promise.all([
        deps.characters.findById(chat.character_id),
        messages.findInChat(job.chatId, job.userMessageId),
      ]);
      if (!character || !request) return;
      await deps.bus.publish(
        job.userId,
        chatEvent("add", {
          chatId: job.chatId,
          characterId: character.id,
          id: -context.jobId,
          type: "start_generation",
          text: "",
        }),
      );

      // one seed per request: two requests differ, a retry of one makes the same picture
      const seed = `chat:${job.chatId}:message:${job.userMessageId}`;
      const look = lookForCharacter(character);
      const scene = pictureScene(request.text, look, seed);
      const video = job.intent.media === "video";
      const image = await deps.images.generate({
        character: {
          name: character.name,
          age: character.age,
          gender: character.gender,
          tagline: character.tagline,
        },
        look,
        request: request.text,
        scene,
        style: job.realistic ? "realistic" : "anime",
        seed,
        ...(video ? VIDEO_STILL : SIZES.photo),
      });
      const media = video
        ? await storeVideo(job.chatId, image, seed)
        : await storePhoto(job.chatId, image, job.intent.private);

      const stored = await deps.db.transaction().execute(async (trx) => {
        const message = await new MessageRepository(trx).insert({
          chat_id: job.chatId,
          sender: "model",
          reply_to: job.userMessageId,
          text: imageCaption(job.intent, scene, seed),
          ...media,
        });
        await new ChatRepository(trx).touch(job.chatId, message.created_at);
        return message;
      });
      await deps.bus.publish(job.userId, storedMessageEvent(deps.presenter, stored, character.id));
    },
    async onFailed(job) {
      await refundAndNotify(deps, job, FAILED_IMAGE);
    },
  };
}
