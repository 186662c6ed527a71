import type { Kysely } from "kysely";
import { cachedQuery } from "../db/cached-query.ts";
import type { Database } from "../db/schema.ts";

/** One day's usage of one model. */
export interface LlmUsageDay {
  day: string;
  model: string;
  replies: number;
  promptTokens: number;
  completionTokens: number;
  unreported: number;
}

// written after every reply, compiled once (db/cached-query.ts)
const addToDay = cachedQuery(
  (
    db,
    row: {
      day: string;
      model: string;
      replies: number;
      prompt_tokens: number;
      completion_tokens: number;
      unreported: number;
    },
  ) =>
    db
      .insertInto("llm_usage")
      .values({
        day: row.day,
        model: row.model,
        replies: row.replies,
        prompt_tokens: row.prompt_tokens,
        completion_tokens: row.completion_tokens,
        unreported: row.unreported,
      })
      .onConflict((conflict) =>
        conflict.columns(["day", "model"]).doUpdateSet((eb) => ({
          replies: eb("llm_usage.replies", "+", eb.ref("excluded.replies")),
          prompt_tokens: eb("llm_usage.prompt_tokens", "+", eb.ref("excluded.prompt_tokens")),
          completion_tokens: eb("llm_usage.completion_tokens", "+", eb.ref("excluded.completion_tokens")),
          unreported: eb("llm_usage.unreported", "+", eb.ref("excluded.unreported")),
        })),
      ),
);

/** The tokens model servers reported, per UTC day and model (decision 48). */
export class LlmUsageRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** Adds one reply to its day's row: its tokens when the server reported them, else one more unreported reply. */
  async add(entry: {
    day: string;
    model: string;
    usage: { promptTokens: number; completionTokens: number } | null;
  }): Promise<void> {
    const { usage } = entry;
    const values = {
      day: entry.day,
      model: entry.model,
      replies: usage ? 1 : 0,
      prompt_tokens: usage?.promptTokens ?? 0,
      completion_tokens: usage?.completionTokens ?? 0,
      unreported: usage ? 0 : 1,
    };
    await addToDay.affected(this.#db, values);
  }

  /** The rows from `since` (YYYY-MM-DD) on, newest day first, models by name. */
  async since(since: string): Promise<LlmUsageDay[]> {
    const rows = await this.#db
      .selectFrom("llm_usage")
      .selectAll()
      .where("day", ">=", since)
      .orderBy("day", "desc")
      .orderBy("model", "asc")
      .execute();
    return rows.map((row) => ({
      day: row.day,
      model: row.model,
      replies: Number(row.replies),
      promptTokens: Number(row.prompt_tokens),
      completionTokens: Number(row.completion_tokens),
      unreported: Number(row.unreported),
    }));
  }
}
