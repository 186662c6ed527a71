import type { AdminFunnelStep, AdminStats, AdminStatsDay } from "@reverie/shared";
import { ADMIN_STATS_MAX_DAYS } from "@reverie/shared";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { BadRequestError } from "../../errors.ts";
import { AdminStatsRepository, type DayAmount } from "../../repositories/admin-stats.ts";
import type { AnalyticsService } from "../analytics.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** The range shown when none is asked for. */
const DEFAULT_DAYS = 30;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

function addCents(into: Record<string, number>, currency: string, cents: number) {
  into[currency] = (into[currency] ?? 0) + cents;
}

function share(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

/**
 * The admin dashboard (decision 32): what happened per UTC day over a range — sign-ups, active users,
 * messages, pictures, voice, revenue and refunds by currency, the token ledger's flow — and the
 * conversion funnel of the first-party analytics (AnalyticsService.funnel) with its rates.
 */
export class Dashboard {
  readonly #stats: AdminStatsRepository;
  readonly #analytics: AnalyticsService;
  readonly #now: () => Date;

  constructor(deps: { db: Kysely<Database>; analytics: AnalyticsService; now?: () => Date }) {
    this.#stats = new AdminStatsRepository(deps.db);
    this.#analytics = deps.analytics;
    this.#now = deps.now ?? (() => new Date());
  }

  async stats(query: { from?: string | undefined; to?: string | undefined }): Promise<AdminStats> {
    const to = query.to ?? isoDay(this.#now());
    const from = query.from ?? isoDay(new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_DAYS - 1) * DAY_MS));
    const fromMs = Date.parse(`${from}T00:00:00Z`);
    const untilMs = Date.parse(`${to}T00:00:00Z`) + DAY_MS;
    const dayCount = Math.round((untilMs - fromMs) / DAY_MS);
    if (dayCount < 1) throw new BadRequestError("from must not be after to.");
    if (dayCount > ADMIN_STATS_MAX_DAYS) {
      throw new BadRequestError(`At most ${ADMIN_STATS_MAX_DAYS} days at once.`);
    }
    const range = { from: new Date(fromMs).toISOString(), until: new Date(untilMs).toISOString() };

    const [
      signUps,
      messages,
      activeUsers,
      pictures,
      voices,
      revenue,
      refunds,
      flowPerDay,
      flowByReason,
      funnel,
    ] = await Promise.all([
      this.#stats.signUpsPerDay(range),
      this.#stats.userMessagesPerDay(range),
      this.#stats.activeUsers(range),
      this.#stats.picturesPerDay(range),
      this.#stats.voiceMessagesPerDay(range),
      this.#stats.revenuePerDay(range),
      this.#stats.refundsPerDay(range),
      this.#stats.tokenFlowPerDay(range),
      this.#stats.tokenFlowByReason(range),
      this.#analytics.funnel(new Date(fromMs)),
    ]);

    const days = new Map<string, AdminStatsDay>();
    for (let at = fromMs; at < untilMs; at += DAY_MS) {
      const date = isoDay(new Date(at));
      days.set(date, {
        date,
        sign_ups: 0,
        active_users: 0,
        messages: 0,
        pictures: 0,
        voice_messages: 0,
        revenue_cents: {},
        refunded_cents: {},
        tokens_credited: 0,
        tokens_debited: 0,
      });
    }
    const on = (day: string) => days.get(day);
    for (const row of signUps) {
      const day = on(row.day);
      if (day) day.sign_ups += row.count;
    }
    for (const row of messages) {
      const day = on(row.day);
      if (day) {
        day.messages += row.messages;
        day.active_users += row.users;
      }
    }
    for (const row of pictures) {
      const day = on(row.day);
      if (day) day.pictures += row.count;
    }
    for (const row of voices) {
      const day = on(row.day);
      if (day) day.voice_messages += row.count;
    }
    const addAmounts = (rows: DayAmount[], field: "revenue_cents" | "refunded_cents") => {
      for (const row of rows) {
        const day = on(row.day);
        if (day) addCents(day[field], row.currency, row.cents);
      }
    };
    addAmounts(revenue, "revenue_cents");
    addAmounts(refunds, "refunded_cents");
    for (const row of flowPerDay) {
      const day = on(row.day);
      if (day) {
        day.tokens_credited += row.credited;
        day.tokens_debited += row.debited;
      }
    }

    const list = [...days.values()];
    const sum = (
      field: "sign_ups" | "messages" | "pictures" | "voice_messages" | "tokens_credited" | "tokens_debited",
    ) => list.reduce((total, day) => total + day[field], 0);
    const sumCents = (field: "revenue_cents" | "refunded_cents") => {
      const total: Record<string, number> = {};
      for (const day of list)
        for (const [currency, cents] of Object.entries(day[field])) addCents(total, currency, cents);
      return total;
    };
    return {
      from,
      to,
      days: list,
      totals: {
        sign_ups: sum("sign_ups"),
        active_users: activeUsers,
        messages: sum("messages"),
        pictures: sum("pictures"),
        voice_messages: sum("voice_messages"),
        revenue_cents: sumCents("revenue_cents"),
        refunded_cents: sumCents("refunded_cents"),
        tokens_credited: sum("tokens_credited"),
        tokens_debited: sum("tokens_debited"),
      },
      token_flow: flowByReason,
      funnel: withConversion(funnel),
    };
  }
}

/** Each step's share of the previous step and of the first. */
export function withConversion(steps: { step: string; event: string; clients: number }[]): AdminFunnelStep[] {
  const first = steps[0]?.clients ?? 0;
  return steps.map((step, index) => ({
    ...step,
    from_previous: index === 0 ? null : share(step.clients, steps[index - 1]?.clients ?? 0),
    from_first: share(step.clients, first),
  }));
}
