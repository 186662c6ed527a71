import type { Gender } from "@reverie/shared";
import { NotFoundError } from "../errors.ts";
import type { BundleFilter, BundleRepository, BundleWithCounts } from "../repositories/bundles.ts";
import type { CharacterRepository } from "../repositories/characters.ts";
import type { GalleryKind, MediaRepository } from "../repositories/media.ts";
import { NOTHING_OWNED, type Presenter } from "./presenters.ts";

const BUNDLE_PREVIEW_SIZE = 4;
const RELATED_ITEMS = 8;

/** The public gallery: media, the bundles and packs they are sold in, and the characters in it. */
export class GalleryService {
  readonly #characters: CharacterRepository;
  readonly #bundles: BundleRepository;
  readonly #media: MediaRepository;
  readonly #present: Presenter;

  constructor(deps: {
    characters: CharacterRepository;
    bundles: BundleRepository;
    media: MediaRepository;
    presenter: Presenter;
  }) {
    this.#characters = deps.characters;
    this.#bundles = deps.bundles;
    this.#media = deps.media;
    this.#present = deps.presenter;
  }

  async #presentBundles(rows: BundleWithCounts[], owned: ReadonlySet<number>) {
    const previews = await this.#media.previewsForBundles(
      rows.map((row) => row.id),
      BUNDLE_PREVIEW_SIZE,
    );
    return rows.map((row) => this.#present.bundle(row, previews.get(row.id) ?? [], owned));
  }

  async #requireCharacter(id: number): Promise<void> {
    if (!(await this.#characters.exists(id))) throw new NotFoundError(`Character ${id} does not exist.`);
  }

  async gallery(
    query: {
      gender?: Gender | undefined;
      model_id?: number | undefined;
      kind?: GalleryKind | undefined;
      page: number;
      limit: number;
    },
    owned: ReadonlySet<number> = NOTHING_OWNED,
  ) {
    if (query.model_id !== undefined) await this.#requireCharacter(query.model_id);
    const filter = { gender: query.gender, characterId: query.model_id, kind: query.kind };
    const [rows, total, packs] = await Promise.all([
      this.#media.listGallery(filter, { limit: query.limit, offset: (query.page - 1) * query.limit }),
      this.#media.countGallery(filter),
      this.#bundles.list({ gender: query.gender, kind: "pack" }),
    ]);
    return {
      items: rows.map((row) => this.#present.galleryItem(row, owned)),
      packs: await this.#presentBundles(packs, owned),
      total_count: total,
      pages_count: Math.ceil(total / query.limit),
    };
  }

  async galleryItem(id: number, owned: ReadonlySet<number> = NOTHING_OWNED) {
    const row = await this.#media.findById(id);
    if (!row || row.kind === "chat_image" || (await this.#characters.isHidden(row.character_id)))
      throw new NotFoundError(`Gallery item ${id} does not exist.`);
    const bundleRow = row.bundle_id === null ? undefined : await this.#bundles.findById(row.bundle_id);
    const [bundle] = bundleRow ? await this.#presentBundles([bundleRow], owned) : [];
    const related = await this.#media.listGallery(
      { characterId: row.character_id },
      { limit: RELATED_ITEMS + 1, offset: 0 },
    );
    return {
      item: this.#present.galleryItem(row, owned),
      bundle: bundle ?? null,
      related: related
        .filter((other) => other.id !== row.id)
        .slice(0, RELATED_ITEMS)
        .map((other) => this.#present.galleryItem(other, owned)),
    };
  }

  /** Characters that have media in the gallery, with how much. */
  async galleryModels(gender?: Gender) {
    const [characters, bundles] = await Promise.all([
      this.#characters.list({ gender }),
      this.#bundles.list({ gender, kind: "bundle" }),
    ]);
    return characters
      .filter((character) => character.photo_count + character.video_count > 0)
      .map((character) => {
        return {
          ...this.#present.modelSummary(character),
          media_count: character.photo_count + character.video_count,
          bundle_count: bundles.filter((bundle) => bundle.character_id === character.id).length,
        };
      });
  }

  async bundles(
    filter: { model_id?: number | undefined; gender?: Gender | undefined },
    owned: ReadonlySet<number> = NOTHING_OWNED,
  ) {
    if (filter.model_id !== undefined) await this.#requireCharacter(filter.model_id);
    const query: BundleFilter = { characterId: filter.model_id, gender: filter.gender };
    return this.#presentBundles(await this.#bundles.list(query), owned);
  }

  async bundleItems(bundleId: number, gender?: Gender, owned: ReadonlySet<number> = NOTHING_OWNED) {
    const bundle = await this.#bundles.findById(bundleId);
    if (!bundle) throw new NotFoundError(`Bundle ${bundleId} does not exist.`);
    const rows = await this.#media.listByBundle(bundleId, { gender });
    return rows.map((row) => this.#present.galleryItem(row, owned));
  }
}
