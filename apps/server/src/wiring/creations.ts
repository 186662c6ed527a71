import { customImagesJobHandler } from "../jobs/custom-images.ts";
import { portraitJobHandler } from "../jobs/portrait.ts";
import { CustomCharacterService } from "../services/custom-characters/custom-character-service.ts";
import { PortraitPainter } from "../services/custom-characters/portrait-painter.ts";
import { Portraits } from "../services/custom-characters/portraits.ts";
import { TraitPreviews } from "../services/custom-characters/trait-previews.ts";
import { CustomImageService } from "../services/custom-images/custom-image-service.ts";
import { ImageRequestFulfilment } from "../services/custom-images/image-request-fulfilment.ts";
import type { JobHandlers } from "../services/job-registry.ts";
import type { Core } from "./core.ts";
import type { Infrastructure } from "./infrastructure.ts";

/** What users make: custom characters (traits, cards, portraits) and custom pictures (/generate_image). */
export function wireCreations(infra: Infrastructure, core: Core) {
  const { db, billing, jobs, moderation, presenter, privateMedia } = core;
  const { bus, storage, images, log } = infra;
  const portraits = new Portraits({ storage, images });
  const painter = new PortraitPainter({ db, portraits, presenter, bus });
  const customCharacters = new CustomCharacterService({
    db,
    billing,
    moderation,
    jobs,
    storage,
    portraits,
    painter,
    presenter,
    bus,
    log,
  });
  const customImages = new CustomImageService({
    db,
    billing,
    moderation,
    jobs,
    storage,
    privateMedia,
    log,
    imageMedium: images.medium,
  });
  const handlers = {
    portrait: portraitJobHandler(painter),
    custom_images: customImagesJobHandler({
      fulfilment: new ImageRequestFulfilment({ db, billing, bus, privateMedia }),
      images,
      storage,
    }),
  } satisfies Partial<JobHandlers>;
  return { customCharacters, customImages, traitPreviews: new TraitPreviews({ storage }), handlers };
}
