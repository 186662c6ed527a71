import { newGeneratedPictureKeys } from "../media/generated-pictures.ts";
import { thumbnail } from "../media/image-encoding.ts";
import { SIZES } from "../media/sizes.ts";
import type { MediaStorage } from "../media/storage.ts";
import { parsePictureDetails } from "../providers/image/picture-details.ts";
import { lookForPicture, pictureScene } from "../providers/image/prompt.ts";
import type { ImageProvider, ImageRequest } from "../providers/image/types.ts";
import type { JobHandler } from "../queue/job-queue.ts";
import { lookForCharacter } from "../services/character-looks.ts";
import type { CustomImagesJob } from "../services/custom-images/custom-image-service.ts";
import type {
  ImageRequestFulfilment,
  PictureOrder,
} from "../services/custom-images/image-request-fulfilment.ts";

export interface CustomImagesDependencies {
  fulfilment: ImageRequestFulfilment;
  images: ImageProvider;
  storage: MediaStorage;
}

/**
 * What the image provider is asked for one picture of an order, as a chat's photo request is
 * built (jobs/image.ts): the character card, its look (which keeps every picture of one character
 * alike, dressed as the prompt asks), the place, light of day and props the prompt names
 * (parsePictureDetails), the style and a seed; the provider adds "adult, fully clothed" and the
 * safety negative prompt. Providers take what a picture shows from a chat request ("a photo of
 * you at the beach" → "at the beach"), so the user's prompt is put the same way to be kept whole.
 */
export function pictureRequest(order: PictureOrder, position: number): ImageRequest {
  // one seed per picture: the pictures of a request differ, a retry makes the same one again
  const seed = `image_request:${order.requestId}:picture:${position}`;
  const details = parsePictureDetails(order.prompt);
  const look = lookForPicture(lookForCharacter(order.character), details, seed);
  const request = `a picture of you ${order.prompt}`;
  return {
    character: {
      name: order.character.name,
      age: order.character.age,
      gender: order.character.gender,
      tagline: order.character.tagline,
    },
    look,
    request,
    scene: pictureScene(details, look, seed),
    time: details.time,
    props: details.props,
    style: order.style,
    seed,
    ...SIZES.photo,
  };
}

/**
 * Makes the pictures of a /generate_image request: each one by the image provider, stored as a
 * private WebP with a thumbnail and recorded as the user's picture, then all of them are sent
 * (`update_custom_image`) and the request is done. A retry makes only the pictures no earlier
 * attempt stored; after the last failed attempt the pictures not made are refunded.
 */
export function customImagesJobHandler(deps: CustomImagesDependencies): JobHandler<CustomImagesJob> {
  async function makePicture(job: CustomImagesJob, order: PictureOrder, position: number): Promise<void> {
    const image = await deps.images.generate(pictureRequest(order, position));
    const { width, height } = SIZES.photo;
    // the provider's size may differ: crop to the picture size
    const [picture, small] = await Promise.all([
      thumbnail(image, width, height, 84),
      thumbnail(image, SIZES.thumbnail.width, SIZES.thumbnail.height),
    ]);
    const keys = newGeneratedPictureKeys(order.requestId);
    const written: string[] = [];
    let recorded = false;
    try {
      for (const [key, data] of [
        [keys.file, picture],
        [keys.thumbnail, small],
      ] as const) {
        written.push(key);
        await deps.storage.put(key, data);
      }
      recorded = await deps.fulfilment.record(job, order, {
        position,
        fileKey: keys.file,
        thumbnailKey: keys.thumbnail,
        width,
        height,
      });
    } finally {
      // not recorded (another run recorded this picture first, or recording failed): nobody reaches these files
      if (!recorded) await deps.storage.remove(written).catch(() => undefined);
    }
  }

  return {
    maxAttempts: 3,
    async run(job) {
      const order = await deps.fulfilment.order(job);
      // the request went with its character or its user: nothing to make, nobody to tell
      if (!order) return;
      // refunded and told by the failure hook already
      if (order.status === "failed") return;
      if (order.status === "pending") {
        for (let position = 0; position < order.count; position += 1) {
          if (!order.stored.has(position)) await makePicture(job, order, position);
        }
      }
      // done before (a run that died before its job was marked done): the pictures are sent again
      await deps.fulfilment.complete(job, order);
    },
    async onFailed(job) {
      await deps.fulfilment.refundAndNotify(job);
    },
  };
}
