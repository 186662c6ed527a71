import type { AdminLlmUsage } from "@reverie/shared";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { LlmUsageReport } from "../providers/llm/types.ts";
import { LlmUsageRepository } from "../repositories/llm-usage.ts";

/** Days of usage the System screen shows, today included. */
export const USAGE_DAYS = 14;

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The tokens model servers reported, per model and UTC day (decision 48). Replies whose server
 * reported nothing are counted as such; their tokens are never estimated.
 */
export class LlmUsageService {
  readonly #usage: LlmUsageRepository;

  constructor(deps: { db: Kysely<Database> }) {
    this.#usage = new LlmUsageRepository(deps.db);
  }

  /** Adds one finished reply to its model's row for the day. */
  async record(report: LlmUsageReport, at = new Date()): Promise<void> {
    await this.#usage.add({ day: utcDay(at), model: report.model, usage: report.usage });
  }

  /** The last `days` days, newest first, one entry per model that replied that day. */
  async recent(days = USAGE_DAYS, now = new Date()): Promise<AdminLlmUsage[]> {
    const since = new Date(now.getTime() - (days - 1) * 86_400_000);
    const rows = await this.#usage.since(utcDay(since));
    return rows.map((row) => ({
      day: row.day,
      model: row.model,
      replies: row.replies,
      prompt_tokens: row.promptTokens,
      completion_tokens: row.completionTokens,
      unreported: row.unreported,
    }));
  }
}
