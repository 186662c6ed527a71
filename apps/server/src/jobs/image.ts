import { Rng } from "../lib/seeded-random.ts";
import { newChatMediaKey, previewKeyOf } from "../media/chat-media.ts";
import { blurredPreview, pixelsOfSize, thumbnail } from "../media/image-encoding.ts";
import { SIZES, VIDEO, videoStillSize } from "../media/sizes.ts";
import type { MediaStorage } from "../media/storage.ts";
import { encodeKenBurnsVideo } from "../media/video.ts";
import { parsePictureDetails } from "../providers/image/picture-details.ts";
import { lookForPicture, pictureScene } from "../providers/image/prompt.ts";
import type { GeneratedImage, ImageProvider } from "../providers/image/types.ts";
import type { JobHandler } from "../queue/job-queue.ts";
import type { EventBus } from "../realtime/bus.ts";
import type { AnswerFields, AnswerService, ImageJob } from "../services/answers.ts";
import { PRICE_LIST } from "../services/billing/price-list.ts";
import { lookForCharacter } from "../services/character-looks.ts";
import { answerUserMessage } from "./answer.ts";
import { imageCaption } from "./image-captions.ts";

export interface ImageDependencies {
  answers: AnswerService;
  images: ImageProvider;
  bus: EventBus;
  storage: MediaStorage;
}

const FAILED_IMAGE =
  "Sorry, I couldn't take that picture just now. Your message was not charged; please try again.";

/** A chat video moves over a still this much larger than its frame, as the catalog videos do. */
const VIDEO_STILL = videoStillSize(SIZES.video);

/**
 * Pictures and videos encoded at once by one process. Encoding (a video blends every frame in
 * JavaScript) holds the event loop; the job queue runs many jobs at once, so a burst of photo
 * requests would otherwise starve the replies streaming in the same process.
 */
export const RENDERS_AT_ONCE = 2;

/** Runs work with at most `limit` of them at once; the others wait in order. */
function concurrencyLimit(limit: number): <Result>(work: () => Promise<Result>) => Promise<Result> {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (work) => {
    if (active < limit) active += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve)); // the slot is handed over
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}

type StoredMedia = Required<Pick<AnswerFields, "type" | "media_key" | "video_duration" | "price_tokens">> & {
  locked: boolean;
};

/**
 * Sends the character's picture for a photo request: `start_generation` under a provisional
 * negative id, then the picture is made by the image provider, stored as WebP (a private one
 * with a blurred public preview) and the stored message is sent (`add`, type image,
 * private_image or private_video). A retry after a crash does not store it twice; after the
 * last failed attempt the message is refunded as a failed reply is.
 */
export function imageJobHandler(deps: ImageDependencies): JobHandler<ImageJob> {
  const render = concurrencyLimit(RENDERS_AT_ONCE);

  /** Stores a new chat media file and its blurred preview; `files` learns each key before it is written. */
  async function put(files: string[], key: string, data: Buffer): Promise<void> {
    files.push(key);
    await deps.storage.put(key, data);
  }

  async function storePhoto(
    chatId: number,
    image: GeneratedImage,
    locked: boolean,
    files: string[],
  ): Promise<StoredMedia> {
    const { width, height } = SIZES.photo;
    // the provider's size may differ: crop to the chat picture size and encode as WebP
    const picture = await thumbnail(image, width, height, 84);
    const key = newChatMediaKey(chatId, { private: locked, extension: "webp" });
    if (locked) await put(files, previewKeyOf(key), await blurredPreview(image, SIZES.lockedPreview));
    await put(files, key, picture);
    return locked
      ? {
          type: "private_image",
          media_key: key,
          video_duration: null,
          locked: true,
          price_tokens: PRICE_LIST.costs.unlockPrivateImage,
        }
      : { type: "image", media_key: key, video_duration: null, locked: false, price_tokens: null };
  }

  async function storeVideo(
    chatId: number,
    image: GeneratedImage,
    seed: string,
    files: string[],
  ): Promise<StoredMedia> {
    const video = await encodeKenBurnsVideo({
      still: await pixelsOfSize(image, VIDEO_STILL.width, VIDEO_STILL.height),
      width: SIZES.video.width,
      height: SIZES.video.height,
      durationSeconds: VIDEO.bundleSeconds,
      fps: VIDEO.fps,
      seed,
      effect: new Rng(`effect:${seed}`).pick(["light_sweep", "bokeh"] as const),
    });
    const key = newChatMediaKey(chatId, { private: true, extension: "webm" });
    await put(files, previewKeyOf(key), await blurredPreview(video.poster, SIZES.lockedPreview));
    await put(files, key, video.webm);
    return {
      type: "private_video",
      media_key: key,
      video_duration: video.durationSeconds,
      locked: true,
      price_tokens: PRICE_LIST.costs.unlockPrivateVideo,
    };
  }

  return {
    maxAttempts: 3,
    run(job, context) {
      return answerUserMessage(deps, job, context, "start_generation", async ({ chat, files }) => {
        const picture = await deps.answers.pictureRequest(job, chat.characterId);
        if (!picture) return undefined;
        const { character, request } = picture;

        // one seed per request: two requests differ, a retry of one makes the same picture
        const seed = `chat:${job.chatId}:message:${job.userMessageId}`;
        const details = parsePictureDetails(request.text);
        // the same person in another outfit or the one asked for, posed and framed by the seed
        const look = lookForPicture(lookForCharacter(character), details, seed);
        const scene = pictureScene(details, look, seed);
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
          time: details.time,
          props: details.props,
          style: job.realistic ? "realistic" : "anime",
          seed,
          ...(video ? VIDEO_STILL : SIZES.photo),
        });
        const media = await render(() =>
          video
            ? storeVideo(job.chatId, image, seed, files)
            : storePhoto(job.chatId, image, job.intent.private, files),
        );
        return { text: imageCaption(job.intent, scene, seed), ...media };
      });
    },
    async onFailed(job) {
      await deps.answers.refundAndNotify(job, FAILED_IMAGE);
    },
  };
}
