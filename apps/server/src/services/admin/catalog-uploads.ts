import { randomBytes } from "node:crypto";
import { ADMIN_UPLOAD_MAX_BYTES, type AdminCharacter, type AdminMediaItem } from "@reverie/shared";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { AppError, BadRequestError, NotFoundError } from "../../errors.ts";
import { thumbnail } from "../../media/image-encoding.ts";
import { sniffImageType } from "../../media/image-type.ts";
import { SIZES } from "../../media/sizes.ts";
import type { MediaStorage } from "../../media/storage.ts";
import { AdminCatalogRepository } from "../../repositories/admin-catalog.ts";
import type { CatalogService } from "../catalog.ts";
import type { AuditActor, AuditLogService } from "./audit-log.ts";
import type { AdminCatalogPresenter } from "./catalog-presenter.ts";

/** A picture larger than this is refused before it is decoded (a decompression bomb). */
const MAX_INPUT_PIXELS = 40_000_000;
const QUALITY = 84;

/** 415: an upload is a PNG, JPEG or WebP picture, by its content. */
export function unsupportedUploadTypeError(): AppError {
  return new AppError(415, "unsupported_type", "Upload a PNG, JPEG or WebP picture.");
}

/** 413: an upload is ADMIN_UPLOAD_MAX_BYTES at most. */
export function uploadTooLargeError(): AppError {
  const mebibytes = ADMIN_UPLOAD_MAX_BYTES / 1024 / 1024;
  return new AppError(413, "too_large", `A picture can be ${mebibytes} MiB at most.`);
}

export interface CatalogUploadsDeps {
  db: Kysely<Database>;
  storage: MediaStorage;
  audit: AuditLogService;
  catalog: CatalogService;
  presenter: AdminCatalogPresenter;
}

/**
 * Pictures an admin uploads for a catalog character (decision 30): a portrait (its
 * avatar and cover) or a gallery photo. The type is told by the first bytes, the size is capped,
 * and every file is re-encoded by sharp as WebP in the catalog's sizes (media/sizes.ts), so nothing
 * of the uploaded file (metadata, trailing bytes) is ever served. New files get new names, so the
 * cached answers that still name the old ones keep working until they expire.
 */
export class CatalogUploads {
  readonly #deps: CatalogUploadsDeps;

  constructor(deps: CatalogUploadsDeps) {
    this.#deps = deps;
  }

  async portrait(actor: AuditActor, characterId: number, upload: Buffer): Promise<AdminCharacter> {
    const character = await this.#character(characterId);
    this.#check(upload);
    const [avatar, cover] = await this.#encode(upload, [SIZES.avatar, SIZES.cover]);
    const revision = randomBytes(6).toString("hex");
    const dir = `public/characters/${character.slug}`;
    const keys = { avatar_key: `${dir}/avatar-${revision}.webp`, cover_key: `${dir}/cover-${revision}.webp` };
    await this.#deps.storage.put(keys.avatar_key, avatar as Buffer);
    await this.#deps.storage.put(keys.cover_key, cover as Buffer);
    await this.#deps.db.transaction().execute(async (trx) => {
      await new AdminCatalogRepository(trx).updateCharacter(characterId, keys);
      await this.#deps.audit.record(
        {
          actor,
          action: "character.portrait_uploaded",
          targetType: "character",
          targetId: String(characterId),
          before: { avatar_key: character.avatar_key, cover_key: character.cover_key },
          after: { ...keys, uploaded_bytes: upload.length },
        },
        trx,
      );
    });
    this.#deps.catalog.catalogChanged();
    return this.#deps.presenter.character(await this.#character(characterId));
  }

  async galleryPhoto(actor: AuditActor, characterId: number, upload: Buffer): Promise<AdminMediaItem> {
    const character = await this.#character(characterId);
    this.#check(upload);
    const [photo, still] = await this.#encode(upload, [SIZES.photo, SIZES.thumbnail]);
    const revision = randomBytes(6).toString("hex");
    const dir = `public/characters/${character.slug}`;
    const fileKey = `${dir}/upload-${revision}.webp`;
    const stillKey = `${dir}/upload-${revision}.thumb.webp`;
    await this.#deps.storage.put(fileKey, photo as Buffer);
    await this.#deps.storage.put(stillKey, still as Buffer);
    const mediaId = await this.#deps.db.transaction().execute(async (trx) => {
      const repository = new AdminCatalogRepository(trx);
      const id = await repository.insertMedia({
        slug: `${character.slug}-upload-${revision}`,
        character_id: characterId,
        bundle_id: null,
        kind: "photo",
        file_key: fileKey,
        preview_key: stillKey,
        thumbnail_key: stillKey,
        ...SIZES.photo,
        video_duration: null,
        position: await repository.nextMediaPosition(characterId),
        owner_id: null,
      });
      await this.#deps.audit.record(
        {
          actor,
          action: "character.media_uploaded",
          targetType: "character",
          targetId: String(characterId),
          before: null,
          after: { media_id: id, file_key: fileKey, uploaded_bytes: upload.length },
        },
        trx,
      );
      return id;
    });
    this.#deps.catalog.catalogChanged();
    const media = await new AdminCatalogRepository(this.#deps.db).listMedia(characterId);
    const created = media.find((item) => item.id === mediaId);
    if (!created) throw new NotFoundError(`Media ${mediaId} does not exist.`);
    return this.#deps.presenter.media(created);
  }

  async #character(id: number) {
    const row = await new AdminCatalogRepository(this.#deps.db).findCharacter(id);
    if (!row) throw new NotFoundError(`Character ${id} does not exist.`);
    return row;
  }

  #check(upload: Buffer): void {
    if (upload.length > ADMIN_UPLOAD_MAX_BYTES) throw uploadTooLargeError();
    if (sniffImageType(upload) === null) throw unsupportedUploadTypeError();
  }

  async #encode(upload: Buffer, sizes: ReadonlyArray<{ width: number; height: number }>): Promise<Buffer[]> {
    try {
      return await Promise.all(
        sizes.map((size) => thumbnail(upload, size.width, size.height, QUALITY, MAX_INPUT_PIXELS)),
      );
    } catch {
      throw new BadRequestError("The picture could not be read.", "unreadable_image");
    }
  }
}
