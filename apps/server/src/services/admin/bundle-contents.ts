import { randomBytes } from "node:crypto";
import type {
  AdminBundle,
  AdminBundleCreateBody,
  AdminBundleItemBody,
  AdminMediaItem,
} from "@reverie/shared";
import type { Kysely } from "kysely";
import type { Database, MediaRow } from "../../db/schema.ts";
import { type AppError, BadRequestError, ConflictError, NotFoundError } from "../../errors.ts";
import { privatePosterKeyOf } from "../../media/bundle-media.ts";
import { blurredPreviews, thumbnail } from "../../media/image-encoding.ts";
import { SIZES } from "../../media/sizes.ts";
import type { MediaStorage } from "../../media/storage.ts";
import { AdminCatalogRepository } from "../../repositories/admin-catalog.ts";
import { BundlePurchaseRepository } from "../../repositories/bundle-purchases.ts";
import { FileReferenceRepository } from "../../repositories/file-references.ts";
import type { CatalogService } from "../catalog.ts";
import type { AuditActor, AuditLogService } from "./audit-log.ts";
import type { AdminCatalogPresenter } from "./catalog-presenter.ts";

function boughtError(): AppError {
  return new ConflictError(
    "bundle_bought",
    "Someone bought this bundle: its items stay as they are (buyers keep what they paid for).",
  );
}

export interface BundleContentsDeps {
  db: Kysely<Database>;
  storage: MediaStorage;
  audit: AuditLogService;
  catalog: CatalogService;
  presenter: AdminCatalogPresenter;
}

/**
 * What is in a character's bundles (decision 30): a new bundle, a free gallery photo
 * moved into one (a private copy and blurred public previews, as the seed makes locked items), an
 * item moved back to the free gallery, a gallery item deleted. A bundle someone bought keeps its
 * items. Every change is audited in its transaction, then the public catalog's cache is let go;
 * files no row names any more are removed after the commit.
 */
export class BundleContents {
  readonly #deps: BundleContentsDeps;

  constructor(deps: BundleContentsDeps) {
    this.#deps = deps;
  }

  /** A new, empty bundle of the character's; its cover is the character's until a first item is in. */
  async createBundle(
    actor: AuditActor,
    characterId: number,
    body: AdminBundleCreateBody,
  ): Promise<AdminBundle> {
    const { reason, ...fields } = body;
    const character = await new AdminCatalogRepository(this.#deps.db).findCharacter(characterId);
    if (!character) throw new NotFoundError(`Character ${characterId} does not exist.`);
    const id = await this.#deps.db.transaction().execute(async (trx) => {
      const catalog = new AdminCatalogRepository(trx);
      const position = await catalog.nextBundlePosition(character.gender);
      const slug = `${character.slug}-bundle-${randomBytes(4).toString("hex")}`;
      const created = await catalog.insertBundle({
        slug,
        kind: "bundle",
        character_id: characterId,
        gender: character.gender,
        title: fields.title,
        description: fields.description,
        price_tokens: fields.price_tokens,
        cover_key: character.cover_key,
        position,
      });
      await this.#deps.audit.record(
        {
          actor,
          action: "bundle.created",
          targetType: "bundle",
          targetId: String(created),
          before: null,
          after: { character_id: characterId, slug, ...fields },
          reason,
        },
        trx,
      );
      return created;
    });
    this.#deps.catalog.catalogChanged();
    return this.#deps.presenter.bundle(await this.#bundle(id));
  }

  /** One of the character's free gallery photos becomes a locked item of the bundle. */
  async addItem(actor: AuditActor, bundleId: number, body: AdminBundleItemBody): Promise<AdminMediaItem> {
    const bundle = await this.#bundle(bundleId);
    const media = await this.#media(body.media_id);
    if (!media) throw new NotFoundError(`Media ${body.media_id} does not exist.`);
    if (media.kind !== "photo" || media.bundle_id !== null) {
      throw new BadRequestError("Only a free gallery photo can go into a bundle.", "not_a_gallery_photo");
    }
    if (bundle.character_id !== null && media.character_id !== bundle.character_id) {
      throw new BadRequestError("The photo is another character's.", "other_character");
    }
    const original = await this.#read(media.file_key);
    const [preview, still] = await blurredPreviews(original, [SIZES.lockedPreview, SIZES.lockedThumbnail]);
    const revision = randomBytes(6).toString("hex");
    const keys = {
      file_key: `private/bundles/${bundle.slug}/${revision}.webp`,
      preview_key: `public/previews/${bundle.slug}/${revision}.webp`,
      thumbnail_key: `public/previews/${bundle.slug}/${revision}.thumb.webp`,
    };
    await this.#deps.storage.put(keys.file_key, original);
    await this.#deps.storage.put(keys.preview_key, preview as Buffer);
    await this.#deps.storage.put(keys.thumbnail_key, still as Buffer);
    await this.#deps.db.transaction().execute(async (trx) => {
      const catalog = new AdminCatalogRepository(trx);
      const first = !(await catalog.bundleHasItems(bundleId));
      await catalog.updateMedia(media.id, { kind: "bundle_image", bundle_id: bundleId, ...keys });
      // the first item's blurred preview becomes the bundle's cover, as the seed's bundles have
      if (first) await catalog.updateBundle(bundleId, { cover_key: keys.preview_key });
      await this.#deps.audit.record(
        {
          actor,
          action: "bundle.item_added",
          targetType: "bundle",
          targetId: String(bundleId),
          before: { media_id: media.id, kind: media.kind, file_key: media.file_key },
          after: { media_id: media.id, kind: "bundle_image", ...keys },
          reason: body.reason,
        },
        trx,
      );
    });
    // the free copy goes: a locked picture must not stay reachable at its old public address
    await this.#removeUnused([media.file_key, media.preview_key, media.thumbnail_key]);
    this.#deps.catalog.catalogChanged();
    return this.#deps.presenter.media(await this.#requireMedia(media.id));
  }

  /** An item leaves the bundle and is a free gallery photo again; not from a bundle someone bought. */
  async removeItem(
    actor: AuditActor,
    bundleId: number,
    itemId: number,
    reason?: string,
  ): Promise<AdminMediaItem> {
    const bundle = await this.#bundle(bundleId);
    const media = await this.#media(itemId);
    if (!media || media.bundle_id !== bundleId)
      throw new NotFoundError(`Bundle ${bundleId} has no item ${itemId}.`);
    if (media.kind !== "bundle_image") {
      throw new BadRequestError("Only a picture can go back to the free gallery.", "not_a_picture");
    }
    if (await this.#bought(bundleId)) throw boughtError();
    const character = await new AdminCatalogRepository(this.#deps.db).findCharacter(media.character_id);
    if (!character) throw new NotFoundError(`Character ${media.character_id} does not exist.`);
    const original = await this.#read(media.file_key);
    const still = await thumbnail(original, SIZES.thumbnail.width, SIZES.thumbnail.height);
    const revision = randomBytes(6).toString("hex");
    const dir = `public/characters/${character.slug}`;
    const fileKey = `${dir}/upload-${revision}.webp`;
    const stillKey = `${dir}/upload-${revision}.thumb.webp`;
    await this.#deps.storage.put(fileKey, original);
    await this.#deps.storage.put(stillKey, still);
    await this.#deps.db.transaction().execute(async (trx) => {
      if (await this.#bought(bundleId, trx)) throw boughtError();
      await new AdminCatalogRepository(trx).updateMedia(media.id, {
        kind: "photo",
        bundle_id: null,
        file_key: fileKey,
        preview_key: stillKey,
        thumbnail_key: stillKey,
      });
      await this.#coverAfterLeaving(trx, bundle.id, bundle.cover_key, media.preview_key, character.cover_key);
      await this.#deps.audit.record(
        {
          actor,
          action: "bundle.item_removed",
          targetType: "bundle",
          targetId: String(bundleId),
          before: { media_id: media.id, kind: media.kind, file_key: media.file_key },
          after: { media_id: media.id, kind: "photo", file_key: fileKey },
          reason,
        },
        trx,
      );
    });
    await this.#removeUnused([media.file_key, media.preview_key, media.thumbnail_key]);
    this.#deps.catalog.catalogChanged();
    return this.#deps.presenter.media(await this.#requireMedia(media.id));
  }

  /** A gallery item goes for good; 409 when it is in a bundle someone bought. */
  async deleteMedia(actor: AuditActor, characterId: number, mediaId: number, reason?: string): Promise<void> {
    const media = await this.#media(mediaId);
    if (!media || media.character_id !== characterId) {
      throw new NotFoundError(`Character ${characterId} has no gallery item ${mediaId}.`);
    }
    const character = await new AdminCatalogRepository(this.#deps.db).findCharacter(characterId);
    if (!character) throw new NotFoundError(`Character ${characterId} does not exist.`);
    await this.#deps.db.transaction().execute(async (trx) => {
      if (media.bundle_id !== null) {
        if (await this.#bought(media.bundle_id, trx)) throw boughtError();
        const bundle = await new AdminCatalogRepository(trx).findBundle(media.bundle_id);
        if (bundle)
          await this.#coverAfterLeaving(
            trx,
            bundle.id,
            bundle.cover_key,
            media.preview_key,
            character.cover_key,
            media.id,
          );
      }
      await new AdminCatalogRepository(trx).deleteMedia(media.id);
      await this.#deps.audit.record(
        {
          actor,
          action: "character.media_deleted",
          targetType: "character",
          targetId: String(characterId),
          before: {
            media_id: media.id,
            kind: media.kind,
            bundle_id: media.bundle_id,
            file_key: media.file_key,
          },
          after: null,
          reason,
        },
        trx,
      );
    });
    await this.#removeUnused([
      media.file_key,
      media.preview_key,
      media.thumbnail_key,
      ...(media.kind === "bundle_video" ? [privatePosterKeyOf(media.file_key)] : []),
    ]);
    this.#deps.catalog.catalogChanged();
  }

  /** When the bundle's cover was the leaving item's preview: the next item's, or the character's cover. */
  async #coverAfterLeaving(
    trx: Kysely<Database>,
    bundleId: number,
    coverKey: string,
    leavingPreview: string,
    characterCover: string,
    leavingId?: number,
  ): Promise<void> {
    if (coverKey !== leavingPreview) return;
    const catalog = new AdminCatalogRepository(trx);
    const next = await catalog.firstItemPreviewExcept(bundleId, {
      previewKey: leavingPreview,
      id: leavingId,
    });
    await catalog.updateBundle(bundleId, { cover_key: next ?? characterCover });
  }

  async #bought(bundleId: number, db: Kysely<Database> = this.#deps.db): Promise<boolean> {
    return new BundlePurchaseRepository(db).anyBuyer(bundleId);
  }

  async #bundle(id: number) {
    const bundle = await new AdminCatalogRepository(this.#deps.db).findBundle(id);
    if (!bundle) throw new NotFoundError(`Bundle ${id} does not exist.`);
    return bundle;
  }

  /** A catalog character's gallery item (never a chat picture or a user's own). */
  async #media(id: number): Promise<MediaRow | undefined> {
    return new AdminCatalogRepository(this.#deps.db).findGalleryMedia(id);
  }

  async #requireMedia(id: number): Promise<MediaRow> {
    const row = await this.#media(id);
    if (!row) throw new NotFoundError(`Media ${id} does not exist.`);
    return row;
  }

  async #read(key: string): Promise<Buffer> {
    try {
      return await this.#deps.storage.read(key);
    } catch {
      throw new ConflictError("media_file_missing", "The item's file is missing from storage.");
    }
  }

  /** Remove files no media row, character or bundle names any more (seeded files may be shared). */
  async #removeUnused(keys: readonly string[]): Promise<void> {
    const unique = [...new Set(keys.filter((key) => key !== ""))];
    if (unique.length === 0) return;
    const named = await new FileReferenceRepository(this.#deps.db).keysInUse(unique);
    await this.#deps.storage.remove(unique.filter((key) => !named.has(key)));
  }
}
