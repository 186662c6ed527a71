import type { Gender } from "@reverie/shared";
import type { ExpressionBuilder, Kysely } from "kysely";
import type { BundleRow, Database } from "../db/schema.ts";
import { withNumericCounts } from "./numbers.ts";

export type BundleWithCounts = BundleRow & { photo_count: number; video_count: number };

export interface BundleFilter {
  characterId?: number | undefined;
  gender?: Gender | undefined;
  kind?: "bundle" | "pack" | undefined;
}

function itemCount(eb: ExpressionBuilder<Database, "bundles">, kind: "bundle_image" | "bundle_video") {
  return eb
    .selectFrom("media")
    .whereRef("media.bundle_id", "=", "bundles.id")
    .where("media.kind", "=", kind)
    .select((inner) => inner.fn.countAll<number>().as("count"));
}

/** Bundles and packs with their item counts: the select the shop and the admin console share. */
export function selectBundlesWithCounts(db: Kysely<Database>) {
  return db
    .selectFrom("bundles")
    .selectAll("bundles")
    .select((eb) => [
      itemCount(eb, "bundle_image").as("photo_count"),
      itemCount(eb, "bundle_video").as("video_count"),
    ]);
}

export class BundleRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  #withCounts() {
    return selectBundlesWithCounts(this.#db);
  }

  /** Bundles and packs on sale: a hidden character's bundles are not. */
  #onSale() {
    return this.#withCounts().where((eb) =>
      eb.or([
        eb("bundles.character_id", "is", null),
        eb.exists(
          eb
            .selectFrom("characters")
            .select("characters.id")
            .whereRef("characters.id", "=", "bundles.character_id")
            .where("characters.hidden_at", "is", null),
        ),
      ]),
    );
  }

  async list(filter: BundleFilter): Promise<BundleWithCounts[]> {
    let query = this.#onSale();
    if (filter.characterId !== undefined)
      query = query.where("bundles.character_id", "=", filter.characterId);
    if (filter.gender) query = query.where("bundles.gender", "=", filter.gender);
    if (filter.kind) query = query.where("bundles.kind", "=", filter.kind);
    const rows = await query
      .orderBy("bundles.kind")
      .orderBy("bundles.position")
      .orderBy("bundles.id")
      .execute();
    return rows.map(withNumericCounts);
  }

  /** A bundle that can be bought now: undefined when its character was hidden. */
  async findOnSale(id: number): Promise<BundleWithCounts | undefined> {
    const row = await this.#onSale().where("bundles.id", "=", id).executeTakeFirst();
    return row ? withNumericCounts(row) : undefined;
  }

  async findById(id: number): Promise<BundleWithCounts | undefined> {
    const row = await this.#withCounts().where("bundles.id", "=", id).executeTakeFirst();
    return row ? withNumericCounts(row) : undefined;
  }
}
