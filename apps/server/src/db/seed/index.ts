import { availableParallelism } from "node:os";
import type { Kysely } from "kysely";
import { serializeCanon } from "../../lib/canon-sheet.ts";
import type { MediaStorage } from "../../media/storage.ts";
import type { Database } from "../schema.ts";
import { CANON } from "./canon.ts";
import {
  buildCatalogPlan,
  type PlannedBundle,
  type PlannedCharacter,
  type PlannedMedia,
  planAssets,
} from "./plan.ts";
import { renderAssets } from "./render.ts";

export { CANON } from "./canon.ts";
export { CHARACTERS, type CharacterSeed, PACKS, type PackSeed } from "./characters.ts";
export { buildCatalogPlan, type CatalogPlan } from "./plan.ts";

export interface SeedOptions {
  generateMedia: boolean;
  log?: (message: string) => void;
}

/**
 * Seed the catalog: characters, their free photos and video, one locked bundle each and the
 * gender-wide image packs. Idempotent: rows are upserted by slug, and with `generateMedia` only
 * files missing from storage are rendered. Row data (sizes, durations) comes from the plan, so
 * it is right even when no file is rendered.
 */
export async function seedCatalog(
  db: Kysely<Database>,
  storage: MediaStorage,
  options: SeedOptions,
): Promise<{ characters: number; bundles: number; media: number; generatedFiles: number }> {
  const plan = buildCatalogPlan();
  const characterIds = new Map<string, number>();
  let media = 0;

  for (const character of plan.characters) {
    await db.transaction().execute(async (trx) => {
      const characterId = await upsertCharacter(trx, character);
      characterIds.set(character.seed.slug, characterId);
      for (const item of character.media) await upsertMedia(trx, item, characterId, null);
      const bundleId = await upsertBundle(trx, character.bundle, characterId);
      for (const item of character.bundle.media) await upsertMedia(trx, item, characterId, bundleId);
    });
    media += character.media.length + character.bundle.media.length;
  }
  for (const pack of plan.packs) {
    await db.transaction().execute(async (trx) => {
      const bundleId = await upsertBundle(trx, pack, null);
      for (const item of pack.media) {
        const characterId = characterIds.get(item.characterSlug);
        if (characterId === undefined)
          throw new Error(`pack item ${item.slug} names unknown character ${item.characterSlug}`);
        await upsertMedia(trx, item, characterId, bundleId);
      }
    });
    media += pack.media.length;
  }
  options.log?.(
    `seed: ${plan.characters.length} characters, ${plan.characters.length + plan.packs.length} bundles, ${media} media rows`,
  );

  let generatedFiles = 0;
  if (options.generateMedia) {
    const started = Date.now();
    // a few renders in flight keep every core busy (sharp runs each operation on one thread on
    // glibc Linux) without starting hundreds at once
    const concurrency = Math.min(6, Math.max(2, availableParallelism() * 2));
    generatedFiles = await renderAssets(planAssets(plan), storage, { concurrency, log: options.log });
    if (generatedFiles > 0) {
      options.log?.(
        `seed: rendered ${generatedFiles} media files in ${((Date.now() - started) / 1000).toFixed(1)}s`,
      );
    }
  }
  return {
    characters: plan.characters.length,
    bundles: plan.characters.length + plan.packs.length,
    media,
    generatedFiles,
  };
}

function canonOf(slug: string) {
  const sheet = CANON[slug];
  if (!sheet) throw new Error(`seed character ${slug} has no canon sheet (db/seed/canon.ts)`);
  return sheet;
}

async function upsertCharacter(db: Kysely<Database>, character: PlannedCharacter): Promise<number> {
  const { seed } = character;
  const values = {
    name: seed.name,
    age: seed.age,
    gender: seed.gender,
    tagline: seed.tagline,
    description: seed.description,
    personality: seed.personality,
    hobbies: seed.hobbies.join(", "),
    relationship: seed.relationship,
    first_msg: seed.first_msg,
    user_first_msg_help: seed.user_first_msg_help,
    avatar_key: character.avatar_key,
    cover_key: character.cover_key,
    position: character.position,
    canon: serializeCanon(canonOf(seed.slug)),
  };
  // an existing row is otherwise kept as it is: the admin console edits the catalog after the first seed
  const inserted = await db
    .insertInto("characters")
    .values({ slug: seed.slug, ...values })
    .onConflict((conflict) => conflict.column("slug").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (inserted) return inserted.id;
  // the canon sheet is the seed's alone (the admin console shows it, never edits it), so a
  // new release's sheet replaces the stored one, and rows seeded before it had one get it
  const existing = await db
    .updateTable("characters")
    .set({ canon: values.canon })
    .where("slug", "=", seed.slug)
    .returning("id")
    .executeTakeFirstOrThrow();
  return existing.id;
}

async function upsertBundle(
  db: Kysely<Database>,
  bundle: PlannedBundle,
  characterId: number | null,
): Promise<number> {
  const values = {
    kind: bundle.kind,
    character_id: characterId,
    gender: bundle.gender,
    title: bundle.title,
    description: bundle.description,
    price_tokens: bundle.price_tokens,
    cover_key: bundle.cover_key,
    position: bundle.position,
  };
  const inserted = await db
    .insertInto("bundles")
    .values({ slug: bundle.slug, ...values })
    .onConflict((conflict) => conflict.column("slug").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (inserted) return inserted.id;
  const existing = await db
    .selectFrom("bundles")
    .select("id")
    .where("slug", "=", bundle.slug)
    .executeTakeFirstOrThrow();
  return existing.id;
}

async function upsertMedia(
  db: Kysely<Database>,
  item: PlannedMedia,
  characterId: number,
  bundleId: number | null,
): Promise<void> {
  const values = {
    character_id: characterId,
    bundle_id: bundleId,
    kind: item.kind,
    file_key: item.file_key,
    preview_key: item.preview_key,
    thumbnail_key: item.thumbnail_key,
    width: item.width,
    height: item.height,
    video_duration: item.video_duration,
    position: item.position,
  };
  await db
    .insertInto("media")
    .values({ slug: item.slug, ...values })
    .onConflict((conflict) => conflict.column("slug").doNothing())
    .execute();
}
