import type { Kysely } from "kysely";
import type { CharacterRow, Database, MediaRow } from "../../db/schema.ts";
import type { PrivateMediaSigner } from "../../media/private-urls.ts";
import type { EventBus } from "../../realtime/bus.ts";
import { GeneratedImageRepository } from "../../repositories/generated-images.ts";
import { ImageRequestRepository } from "../../repositories/image-requests.ts";
import { UserRepository } from "../../repositories/users.ts";
import { presentUser } from "../accounts.ts";
import type { BillingService } from "../billing/billing-service.ts";
import type { CustomImagesJob } from "./custom-image-service.ts";

/** What the job makes a request's pictures from. */
export interface PictureOrder {
  requestId: number;
  status: "pending" | "done" | "failed";
  prompt: string;
  style: "realistic" | "anime";
  count: number;
  /** what each picture was paid */
  pricePerPicture: number;
  character: CharacterRow;
  /** the positions (0 … count-1) of the pictures an earlier attempt stored already */
  stored: ReadonlySet<number>;
}

/** A picture's files, written to storage, to be recorded as the request's picture at `position`. */
export interface StoredPicture {
  position: number;
  fileKey: string;
  thumbnailKey: string;
  width: number;
  height: number;
}

/** Each picture of a request has its own slug: a retried job finds what it stored and stores it once. */
function pictureSlug(requestId: number, position: number): string {
  return `image-request-${requestId}-${position}`;
}

function pictureSlugs(requestId: number, count: number): string[] {
  return Array.from({ length: count }, (_, position) => pictureSlug(requestId, position));
}

export interface ImageRequestFulfilmentDeps {
  db: Kysely<Database>;
  billing: BillingService;
  bus: EventBus;
  privateMedia: PrivateMediaSigner;
}

/**
 * The reads and writes of making a request's pictures (jobs/custom-images.ts runs them): what to
 * draw and what is drawn already, recording each picture once, delivering them, and, when the job
 * fails for good, the refund of the pictures not made.
 */
export class ImageRequestFulfilment {
  readonly #deps: ImageRequestFulfilmentDeps;
  readonly #requests: ImageRequestRepository;
  readonly #images: GeneratedImageRepository;
  readonly #users: UserRepository;

  constructor(deps: ImageRequestFulfilmentDeps) {
    this.#deps = deps;
    this.#requests = new ImageRequestRepository(deps.db);
    this.#images = new GeneratedImageRepository(deps.db);
    this.#users = new UserRepository(deps.db);
  }

  /** The request's order; undefined when the request (with its character or its user) was deleted. */
  async order(job: CustomImagesJob): Promise<PictureOrder | undefined> {
    const found = await this.#requests.findWithCharacter(job.requestId);
    if (!found) return undefined;
    const { request, character } = found;
    const stored = await this.#storedPictures(request.id, request.count);
    return {
      requestId: request.id,
      status: request.status,
      prompt: request.prompt,
      style: request.style,
      count: request.count,
      pricePerPicture: request.price_tokens,
      character,
      stored: new Set(stored.map((row) => row.position)),
    };
  }

  /**
   * Records a picture whose files are written, owned by the user: false when another run of the
   * job recorded that picture first (its files are then the caller's to remove).
   */
  async record(job: CustomImagesJob, order: PictureOrder, picture: StoredPicture): Promise<boolean> {
    const row = await this.#images.insertOnce({
      slug: pictureSlug(order.requestId, picture.position),
      character_id: order.character.id,
      owner_id: job.userId,
      file_key: picture.fileKey,
      thumbnail_key: picture.thumbnailKey,
      width: picture.width,
      height: picture.height,
      position: picture.position,
      prompt: order.prompt,
      style: order.style,
    });
    return row !== undefined;
  }

  /** Marks the request done and sends its pictures (again, when a retry finds it done). */
  async complete(job: CustomImagesJob, order: PictureOrder): Promise<void> {
    await this.#requests.finish(order.requestId, "done");
    const pictures = await this.#storedPictures(order.requestId, order.count);
    await this.#publishPictures(job, order.character.id, pictures);
  }

  /**
   * After the last failed attempt: the pictures not made are refunded (once: the request ends
   * once, and the refund's ledger reference is unique), the request is marked failed, and the user
   * is told, with the pictures made before the failure and the balance after the refund.
   */
  async refundAndNotify(job: CustomImagesJob): Promise<void> {
    const order = await this.order(job);
    if (!order) return;
    const made = await this.#storedPictures(order.requestId, order.count);
    const missing = order.count - made.length;
    if (missing === 0) {
      // every picture was stored; only delivering them failed
      await this.complete(job, order);
      return;
    }
    const refund = missing * order.pricePerPicture;
    const ended = await this.#deps.db.transaction().execute(async (trx) => {
      if (!(await new ImageRequestRepository(trx).finish(order.requestId, "failed"))) return false;
      await this.#deps.billing.grant(trx, {
        userId: job.userId,
        amount: refund,
        reason: "refund",
        reference: `refund:image_request:${order.requestId}`,
      });
      return true;
    });
    if (!ended) return;
    const user = await this.#users.findById(job.userId);
    if (user) {
      await this.#deps.bus.publish(job.userId, {
        action: "user_update",
        user: presentUser(user),
        reason: "balance_changed",
      });
    }
    const notMade = missing === 1 ? "1 picture" : `${missing} pictures`;
    await this.#publishPictures(
      job,
      order.character.id,
      made,
      `Sorry, we couldn't make ${notMade} just now. The ${refund} tokens ${missing === 1 ? "it" : "they"} cost were refunded; please try again.`,
    );
  }

  #storedPictures(requestId: number, count: number): Promise<MediaRow[]> {
    return this.#images.findBySlugs(pictureSlugs(requestId, count));
  }

  async #publishPictures(job: CustomImagesJob, modelId: number, pictures: MediaRow[], error?: string) {
    await this.#deps.bus.publish(job.userId, {
      action: "update_custom_image",
      model_id: modelId,
      images_urls: pictures.map((row) => this.#deps.privateMedia.url(row.file_key)),
      request_id: job.requestId,
      ...(error === undefined ? {} : { error }),
    });
  }
}
