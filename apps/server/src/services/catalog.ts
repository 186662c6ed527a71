import type { Bundle, Gender, Model } from "@reverie/shared";
import { NotFoundError } from "../errors.ts";
import type { BundleRepository, BundleWithCounts } from "../repositories/bundles.ts";
import type { CharacterRepository, CharacterWithCounts } from "../repositories/characters.ts";
import type { MediaRepository } from "../repositories/media.ts";
import { NOTHING_OWNED, type Presenter } from "./presenters.ts";

const BUNDLE_PREVIEW_SIZE = 4;

/** What the catalog reads, and the gallery too (GalleryServiceDeps). */
export interface CatalogServiceDeps {
  characters: CharacterRepository;
  bundles: BundleRepository;
  media: MediaRepository;
  presenter: Presenter;
}

/** Bundles as the catalog and the gallery show them, each with its first media as previews. */
export async function presentBundles(
  deps: CatalogServiceDeps,
  rows: readonly BundleWithCounts[],
  owned: ReadonlySet<number>,
): Promise<Bundle[]> {
  const previews = await deps.media.previewsForBundles(
    rows.map((row) => row.id),
    BUNDLE_PREVIEW_SIZE,
  );
  return rows.map((row) => deps.presenter.bundle(row, previews.get(row.id) ?? [], owned));
}

/** A category's catalog characters and the bundles (not packs) sold of them. */
export function charactersAndBundles(
  deps: CatalogServiceDeps,
  gender: Gender | undefined,
): Promise<[CharacterWithCounts[], BundleWithCounts[]]> {
  return Promise.all([deps.characters.list({ gender }), deps.bundles.list({ gender, kind: "bundle" })]);
}

/** Characters and what a visitor sees of them before signing in. */
export class CatalogService {
  readonly #deps: CatalogServiceDeps;
  #version = 0;

  constructor(deps: CatalogServiceDeps) {
    this.#deps = deps;
  }

  /** Which state of the catalog answers are built from; changes with every catalogChanged(). */
  get version(): number {
    return this.#version;
  }

  /**
   * To be called after anything changes characters, their media or bundles: answers built from the
   * catalog before (the public cache's) are not served again. Tells this process only; other
   * instances catch up when their copies expire (decision 17).
   */
  catalogChanged(): void {
    this.#version++;
  }

  async listModels(gender?: Gender): Promise<Model[]> {
    const rows = await this.#deps.characters.list({ gender });
    return rows.map((row) => this.#deps.presenter.model(row));
  }

  async getModel(id: number): Promise<Model> {
    const row = await this.#deps.characters.findById(id);
    if (!row) throw new NotFoundError(`Character ${id} does not exist.`);
    return this.#deps.presenter.model(row);
  }

  /** Characters of a category that sell bundles, each with its bundles. */
  async listModelBundles(gender?: Gender, owned: ReadonlySet<number> = NOTHING_OWNED) {
    const [characters, rows] = await charactersAndBundles(this.#deps, gender);
    const bundles = await presentBundles(this.#deps, rows, owned);
    return characters.flatMap((character) => {
      const own = bundles.filter((_, index) => rows[index]?.character_id === character.id);
      if (own.length === 0) return [];
      return [{ model: this.#deps.presenter.modelSummary(character), bundles: own }];
    });
  }

  /**
   * Signed-out visitors have no stored chats: each character of their category is offered as a
   * chat that opens with the character's first message.
   */
  async listAnonymousChats(query: { gender?: Gender | undefined; page: number; limit: number }) {
    const rows = await this.#deps.characters.list({ gender: query.gender });
    const offset = (query.page - 1) * query.limit;
    const items = rows.slice(offset, offset + query.limit).map((row) => {
      return {
        id: row.id,
        model: this.#deps.presenter.modelSummary(row),
        last_message: { text: row.first_msg, from: "model" as const, send_at: row.created_at },
      };
    });
    return { items, total_count: rows.length, pages_count: Math.ceil(rows.length / query.limit) };
  }
}
