import type { GeneratedImage, ImageStyles } from "@reverie/shared";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { NotFoundError, PaymentRequiredError } from "../../errors.ts";
import { generatedPictureFiles } from "../../media/generated-pictures.ts";
import type { PrivateMediaSigner } from "../../media/private-urls.ts";
import type { MediaStorage } from "../../media/storage.ts";
import type { ImageMedium } from "../../providers/image/types.ts";
import { GeneratedImageRepository } from "../../repositories/generated-images.ts";
import { ImageRequestRepository } from "../../repositories/image-requests.ts";
import type { BillingService } from "../billing/billing-service.ts";
import { PRICE_LIST } from "../billing/price-list.ts";
import { JOB, type JobPayload, type JobQueue } from "../job-registry.ts";
import type { ModerationService } from "../moderation.ts";
import { presentGeneratedImage } from "./generated-image-presenter.ts";

/** The job that makes a request's pictures (jobs/custom-images.ts). */
export type CustomImagesJob = JobPayload<"custom_images">;

/** The styles offered, by what the provider's pictures are. */
const STYLES: Record<ImageMedium, ImageStyles["styles"]> = {
  photographs: [
    { value: "realistic", label: "Realistic", description: "A lifelike photo" },
    { value: "anime", label: "Anime", description: "Drawn in anime style" },
  ],
  illustrations: [
    { value: "realistic", label: "Illustration", description: "A soft painted illustration" },
    { value: "anime", label: "Anime", description: "Drawn in anime style" },
  ],
};

export interface CustomImagesRequest {
  model_id: number;
  user_prompt: string;
  count: number;
  style: "realistic" | "anime";
}

export interface CustomImageServiceDeps {
  db: Kysely<Database>;
  billing: BillingService;
  moderation: ModerationService;
  jobs: JobQueue;
  storage: MediaStorage;
  privateMedia: PrivateMediaSigner;
  log: { error(obj: object, msg: string): void };
  /** what the configured image provider's pictures are */
  imageMedium: ImageMedium;
}

/**
 * Pictures of a character made on request (/generate_image): asking for them (moderated, paid per
 * picture, made by a durable job), and the user's own pictures ("My pictures"), which only their
 * owner lists, downloads or deletes.
 */
export class CustomImageService {
  readonly #deps: CustomImageServiceDeps;
  readonly #requests: ImageRequestRepository;
  readonly #images: GeneratedImageRepository;

  constructor(deps: CustomImageServiceDeps) {
    this.#deps = deps;
    this.#requests = new ImageRequestRepository(deps.db);
    this.#images = new GeneratedImageRepository(deps.db);
  }

  async #requireCharacter(characterId: number, userId: string): Promise<void> {
    // another user's character is answered as one that does not exist
    if (!(await this.#requests.canPicture(characterId, userId))) {
      throw new NotFoundError(`Character ${characterId} does not exist.`);
    }
  }

  /**
   * Asks for pictures of a catalog character or one of the user's own. The prompt is moderated
   * as an image prompt (a refusal is recorded and nothing is charged); then, in one transaction,
   * the request is stored, `count` pictures are paid for (402 and nothing stored when the tokens
   * do not cover them) and the job that makes them is enqueued.
   */
  async request(userId: string, body: CustomImagesRequest) {
    await this.#requireCharacter(body.model_id, userId);
    await this.#deps.moderation.check(body.user_prompt, "image_prompt", userId);
    const price = PRICE_LIST.costs.imageGeneration;
    return this.#deps.db.transaction().execute(async (trx) => {
      const request = await new ImageRequestRepository(trx).insert({
        user_id: userId,
        character_id: body.model_id,
        prompt: body.user_prompt,
        style: body.style,
        count: body.count,
        price_tokens: price,
      });
      const total = price * body.count;
      const left = await this.#deps.billing.spend(trx, {
        userId,
        amount: total,
        reason: "image_generation",
        reference: `image_request:${request.id}`,
      });
      if (left === null) {
        throw new PaymentRequiredError(
          "image_generation",
          `${body.count === 1 ? "This picture costs" : `These ${body.count} pictures cost`} ${total} tokens. Get more tokens to make ${body.count === 1 ? "it" : "them"}.`,
        );
      }
      const job: CustomImagesJob = { requestId: request.id, userId };
      await this.#deps.jobs.enqueue(JOB.custom_images, job, { db: trx });
      return { request_id: request.id, current_tokens: left, price_tokens: price };
    });
  }

  /** The styles the generator offers: a "Realistic" photo only where the provider makes photographs. */
  styles(): ImageStyles {
    return { medium: this.#deps.imageMedium, styles: STYLES[this.#deps.imageMedium] };
  }

  /** The user's pictures, newest first; of one character (catalog or the user's own) when given. */
  async list(userId: string, modelId?: number): Promise<{ items: GeneratedImage[] }> {
    if (modelId !== undefined) await this.#requireCharacter(modelId, userId);
    const rows = await this.#images.listForOwner(userId, modelId);
    return { items: rows.map((row) => presentGeneratedImage(row, this.#deps.privateMedia)) };
  }

  /** Deletes one of the user's pictures and its files; another user's is a 404. */
  async delete(userId: string, id: number): Promise<void> {
    const deleted = await this.#images.deleteForOwner(id, userId);
    if (!deleted) throw new NotFoundError(`Picture ${id} does not exist.`);
    // a file left behind only wastes space; the picture is gone for the user either way
    await this.#deps.storage.remove(generatedPictureFiles(deleted)).catch((error: unknown) => {
      this.#deps.log.error({ err: error, mediaId: id }, "the files of a deleted picture were not removed");
    });
  }

  /** One of the user's pictures as a file to save; another user's is a 404. */
  async download(
    userId: string,
    id: number,
  ): Promise<{ data: Buffer; filename: string; contentType: string }> {
    const row = await this.#images.findForOwner(id, userId);
    const data = row && (await this.#deps.storage.read(row.file_key).catch(() => undefined));
    if (!data) throw new NotFoundError(`Picture ${id} does not exist.`);
    return { data, filename: `reverie-picture-${id}.webp`, contentType: "image/webp" };
  }
}
