import type { Gender } from "@reverie/shared";
import { NotFoundError } from "../errors.ts";
import type { BundleFilter } from "../repositories/bundles.ts";
import type { GalleryKind } from "../repositories/media.ts";
import { type CatalogServiceDeps, charactersAndBundles, presentBundles } from "./catalog.ts";
import { NOTHING_OWNED } from "./presenters.ts";

const RELATED_ITEMS = 8;

/** The gallery reads what the catalog does. */
export type GalleryServiceDeps = CatalogServiceDeps;

/** The public gallery: media, the bundles and packs they are sold in, and the characters in it. */
export class GalleryService {
  readonly #deps: GalleryServiceDeps;

  constructor(deps: GalleryServiceDeps) {
    this.#deps = deps;
  }

  async #requireCharacter(id: number): Promise<void> {
    if (!(await this.#deps.characters.exists(id))) throw new NotFoundError(`Character ${id} does not exist.`);
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
      this.#deps.media.listGallery(filter, { limit: query.limit, offset: (query.page - 1) * query.limit }),
      this.#deps.media.countGallery(filter),
      this.#deps.bundles.list({ gender: query.gender, kind: "pack" }),
    ]);
    return {
      items: rows.map((row) => this.#deps.presenter.galleryItem(row, owned)),
      packs: await presentBundles(this.#deps, packs, owned),
      total_count: total,
      pages_count: Math.ceil(total / query.limit),
    };
  }

  async galleryItem(id: number, owned: ReadonlySet<number> = NOTHING_OWNED) {
    const row = await this.#deps.media.findById(id);
    if (!row || row.kind === "chat_image" || (await this.#deps.characters.isHidden(row.character_id)))
      throw new NotFoundError(`Gallery item ${id} does not exist.`);
    const bundleRow = row.bundle_id === null ? undefined : await this.#deps.bundles.findById(row.bundle_id);
    const [bundle] = bundleRow ? await presentBundles(this.#deps, [bundleRow], owned) : [];
    const related = await this.#deps.media.listGallery(
      { characterId: row.character_id },
      { limit: RELATED_ITEMS + 1, offset: 0 },
    );
    return {
      item: this.#deps.presenter.galleryItem(row, owned),
      bundle: bundle ?? null,
      related: related
        .filter((other) => other.id !== row.id)
        .slice(0, RELATED_ITEMS)
        .map((other) => this.#deps.presenter.galleryItem(other, owned)),
    };
  }

  /** Characters that have media in the gallery, with how much. */
  async galleryModels(gender?: Gender) {
    const [characters, bundles] = await charactersAndBundles(this.#deps, gender);
    return characters
      .filter((character) => character.photo_count + character.video_count > 0)
      .map((character) => {
        return {
          ...this.#deps.presenter.modelSummary(character),
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
    return presentBundles(this.#deps, await this.#deps.bundles.list(query), owned);
  }

  async bundleItems(bundleId: number, gender?: Gender, owned: ReadonlySet<number> = NOTHING_OWNED) {
    const bundle = await this.#deps.bundles.findById(bundleId);
    if (!bundle) throw new NotFoundError(`Bundle ${bundleId} does not exist.`);
    const rows = await this.#deps.media.listByBundle(bundleId, { gender });
    return rows.map((row) => this.#deps.presenter.galleryItem(row, owned));
  }
}
