import type { Kysely } from "kysely";

/**
 * The tokens an OpenAI-compatible model server reported per model and UTC day (decision 48): one
 * row per day and model, added to by every reply. `replies` counts the replies whose usage the
 * server reported, `unreported` those it did not: their tokens are not estimated, so the tokens
 * are what the server said and nothing more.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("llm_usage")
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("model", "text", (col) => col.notNull())
    .addColumn("replies", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("prompt_tokens", "bigint", (col) => col.notNull().defaultTo(0))
    .addColumn("completion_tokens", "bigint", (col) => col.notNull().defaultTo(0))
    .addColumn("unreported", "integer", (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("llm_usage_pkey", ["day", "model"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("llm_usage").execute();
}
