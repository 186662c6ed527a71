import type { Gender, Model } from "@reverie/shared";
import { NotFoundError } from "../errors.ts";
import type { BundleRepository } from "../repositories/bundles.ts";
import type { CharacterRepository } from "../repositories/characters.ts";
import type { MediaRepository } from "../repositories/media.ts";
import { NOTHING_OWNED, type Presenter } from "./presenters.ts";

const BUNDLE_PREVIEW_SIZE = 4;

/** Characters and what a visitor sees of them before signing in. */
export class CatalogService {
  readonly #characters: CharacterRepository;
  readonly #bundles: BundleRepository;
  readonly #media: MediaRepository;
  readonly #present: Presenter;
  #version = 0;

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
    const rows = await this.#characters.list({ gender });
    return rows.map((row) => this.#present.model(row));
  }

  async getModel(id: number): Promise<Model> {
    const row = await this.#characters.findById(id);
    if (!row) throw new NotFoundError(`Character ${id} does not exist.`);
    return this.#present.model(row);
  }

  /** Characters of a category that sell bundles, each with its bundles. */
  async listModelBundles(gender?: Gender, owned: ReadonlySet<number> = NOTHING_OWNED) {
    const [characters, bundles] = await Promise.all([
      this.#characters.list({ gender }),
      this.#bundles.list({ gender, kind: "bundle" }),
    ]);
    const previews = await this.#media.previewsForBundles(
      bundles.map((bundle) => bundle.id),
      BUNDLE_PREVIEW_SIZE,
    );
    return characters.flatMap((character) => {
      const own = bundles.filter((bundle) => bundle.character_id === character.id);
      if (own.length === 0) return [];
      return [
        {
          model: this.#present.modelSummary(character),
          bundles: own.map((bundle) => this.#present.bundle(bundle, previews.get(bundle.id) ?? [], owned)),
        },
      ];
    });
  }

  /**
   * Signed-out visitors have no stored chats: each character of their category is offered as a
   * chat that opens with the character's first message.
   */
  async listAnonymousChats(query: { gender?: Gender | undefined; page: number; limit: number }) {
    const rows = await this.#characters.list({ gender: query.gender });
    const offset = (query.page - 1) * query.limit;
    const items = rows.slice(offset, offset + query.limit).map((row) => {
      return {
        id: row.id,
        model: this.#present.modelSummary(row),
        last_message: { text: row.first_msg, from: "model" as const, send_at: row.created_at },
      };
    });
    return { items, total_count: rows.length, pages_count: Math.ceil(rows.length / query.limit) };
  }
}
