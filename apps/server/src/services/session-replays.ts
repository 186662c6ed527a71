import { randomBytes } from "node:crypto";
import {
  type ReplayChunk,
  type ReplayEvent,
  type ReplayStart,
  type ReplayStarted,
  type ReplaySummary,
  SESSION_REPLAY_LIMITS,
} from "@reverie/shared";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { AppError, ConflictError, NotFoundError } from "../errors.ts";
import { SessionReplayRepository, type SessionReplayRow } from "../repositories/session-replays.ts";
import { UserRepository } from "../repositories/users.ts";
import { isBotTraffic } from "./bot-traffic.ts";
import type { IngestBudget } from "./ingest-budget.ts";
import type { RateLimiter, RateLimitRule } from "./rate-limiter.ts";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * A recorder uploads every 30 s, plus once when its page is hidden, so a client sends ~2-4 chunks a
 * minute; an address may hold many clients (a household, a carrier NAT).
 */
export const SESSION_REPLAY_RATE_LIMITS = {
  chunksPerClient: { limit: 12, windowMs: MINUTE },
  chunksPerIp: { limit: 120, windowMs: MINUTE },
  /** a recording starts per page load and per session; an address may hold many clients */
  startsPerIp: { limit: 60, windowMs: 60 * MINUTE },
} as const satisfies Record<string, RateLimitRule>;

/** Expired replays are looked for when a replay starts, at most this often per process. */
const RETENTION_SWEEP_EVERY_MS = 60 * MINUTE;

export interface ReplayUploadContext {
  ip: string;
  userAgent: string | undefined;
  /** the signed-in uploader, from the request's token */
  userId: string | null;
}

function summary(row: SessionReplayRow): ReplaySummary {
  return {
    id: row.id,
    client_id: row.client_id,
    session_id: row.session_id,
    user_id: row.user_id,
    started_at: new Date(row.started_at).toISOString(),
    last_upload_at: new Date(row.last_upload_at).toISOString(),
    chunks: Number(row.chunks),
    bytes: Number(row.bytes),
  };
}

/**
 * First-party session replay: storing the chunks recorders upload (when replay is on, for users who
 * did not opt out, within size and rate limits, never a bot's), forgetting replays after 30 days,
 * and reading them back for the operator's player. Privacy is decided in the browser, which masks
 * before anything is recorded (docs/decisions/0026-session-replay.md).
 */
export class SessionReplayService {
  readonly #replays: SessionReplayRepository;
  readonly #users: UserRepository;
  readonly #rateLimiter: RateLimiter;
  readonly #budget: IngestBudget | null;
  readonly #enabled: boolean;
  readonly #now: () => Date;
  #lastSweep = Number.NEGATIVE_INFINITY;

  constructor(deps: {
    db: Kysely<Database>;
    rateLimiter: RateLimiter;
    /** the byte budgets uploads spend; none: only the per-replay and rate limits apply */
    budget?: IngestBudget | null;
    enabled: boolean;
    now?: () => Date;
  }) {
    this.#replays = new SessionReplayRepository(deps.db);
    this.#users = new UserRepository(deps.db);
    this.#rateLimiter = deps.rateLimiter;
    this.#budget = deps.budget ?? null;
    this.#enabled = deps.enabled;
    this.#now = deps.now ?? (() => new Date());
  }

  /**
   * Starts a recording for the browser: the server picks its id, and only chunks for an id it
   * started (and that has not expired) are stored. Refused like uploads: replay off or opted out
   * (403), too many starts from the address (429); a bot is answered but nothing is stored.
   */
  async start(ids: ReplayStart, context: ReplayUploadContext): Promise<ReplayStarted> {
    if (!this.#enabled) throw new AppError(403, "replay_disabled", "Session replay is turned off.");
    const id = randomBytes(16).toString("base64url");
    const now = this.#now();
    const expiresAt = new Date(now.getTime() + SESSION_REPLAY_LIMITS.recordingMinutes * MINUTE).toISOString();
    if (isBotTraffic(context.userAgent)) return { replay_id: id, expires_at: expiresAt };
    await this.#rateLimiter.consume(`replay:start:ip:${context.ip}`, SESSION_REPLAY_RATE_LIMITS.startsPerIp);
    if (context.userId && (await this.#optedOut(context.userId))) {
      throw new AppError(403, "replay_opted_out", "You turned session replay off; nothing is recorded.");
    }
    await this.#sweepExpired();
    await this.#replays.create({
      id,
      clientId: ids.client_id,
      sessionId: ids.session_id,
      userId: context.userId,
      at: now.toISOString(),
    });
    return { replay_id: id, expires_at: expiresAt };
  }

  /**
   * Stores one uploaded chunk of a recording the server started; answers whether it was kept (not a
   * bot's, not a repeat). Refused: replay turned off or the user opted out (403), a recording the
   * server did not start (404), someone else's replay (409), an expired recording (410), the replay
   * full or the chunk larger than a budget (413), too many uploads or the byte budget spent (429).
   */
  async addChunk(replayId: string, chunk: ReplayChunk, context: ReplayUploadContext): Promise<boolean> {
    if (!this.#enabled) throw new AppError(403, "replay_disabled", "Session replay is turned off.");
    if (isBotTraffic(context.userAgent)) return false;
    await this.#rateLimiter.consume(`replay:ip:${context.ip}`, SESSION_REPLAY_RATE_LIMITS.chunksPerIp);
    await this.#rateLimiter.consume(
      `replay:client:${chunk.client_id}`,
      SESSION_REPLAY_RATE_LIMITS.chunksPerClient,
    );
    if (context.userId && (await this.#optedOut(context.userId))) {
      throw new AppError(403, "replay_opted_out", "You turned session replay off; nothing is recorded.");
    }
    const events = JSON.stringify(chunk.events);
    const bytes = Buffer.byteLength(events);
    const at = this.#now().toISOString();
    const existing = await this.#replays.find(replayId);
    if (!existing) {
      throw new AppError(404, "replay_unknown", "No such recording; start one with POST /api/replays.");
    }
    const otherUser = existing.user_id && context.userId && existing.user_id !== context.userId;
    if (existing.client_id !== chunk.client_id || otherUser) {
      throw new ConflictError("replay_not_yours", "That replay belongs to another browser or account.");
    }
    if (this.#expired(existing)) {
      throw new AppError(410, "replay_expired", "This recording has ended; start a new one.");
    }
    if (Number(existing.bytes) + bytes > SESSION_REPLAY_LIMITS.replayBytes) {
      throw new AppError(413, "replay_too_large", "This replay is full; start a new one.");
    }
    await this.#budget?.spend(context.ip, bytes);
    if (context.userId && !existing.user_id) await this.#replays.claim(replayId, context.userId);
    return this.#replays.addChunk({ replayId, seq: chunk.seq, events, bytes, at });
  }

  /**
   * Deletes replays whose last upload is older than the retention period, and recordings that
   * ended without a chunk; answers how many.
   */
  async deleteExpired(): Promise<number> {
    const now = this.#now().getTime();
    const cutoff = new Date(now - SESSION_REPLAY_LIMITS.retentionDays * DAY);
    const unused = new Date(now - SESSION_REPLAY_LIMITS.recordingMinutes * MINUTE);
    return (
      (await this.#replays.deleteUploadedBefore(cutoff.toISOString())) +
      (await this.#replays.deleteEmptyStartedBefore(unused.toISOString()))
    );
  }

  /** Past its recording time, or idle too long: no more chunks. */
  #expired(replay: SessionReplayRow): boolean {
    const now = this.#now().getTime();
    return (
      now - new Date(replay.started_at).getTime() > SESSION_REPLAY_LIMITS.recordingMinutes * MINUTE ||
      now - new Date(replay.last_upload_at).getTime() > SESSION_REPLAY_LIMITS.idleMinutes * MINUTE
    );
  }

  /** Forgets every replay of the user (they opted out). */
  async forgetUser(userId: string): Promise<void> {
    await this.#replays.deleteOfUser(userId);
  }

  /** Stored replays, the most recently uploaded first (the operator's list). */
  async list(options: { limit?: number; before?: Date; userId?: string } = {}): Promise<ReplaySummary[]> {
    const rows = await this.#replays.list({
      limit: Math.min(Math.max(options.limit ?? 50, 1), 200),
      before: options.before?.toISOString(),
      userId: options.userId,
    });
    return rows.map(summary);
  }

  /** One replay's events in recorded order, as the rrweb player takes them. */
  async events(replayId: string): Promise<ReplayEvent[]> {
    if (!(await this.#replays.find(replayId))) throw new NotFoundError("No such replay.");
    const chunks = await this.#replays.chunks(replayId);
    return chunks.flatMap((chunk) => JSON.parse(chunk.events) as ReplayEvent[]);
  }

  async #optedOut(userId: string): Promise<boolean> {
    const user = await this.#users.findById(userId);
    return Boolean(user?.replay_opt_out);
  }

  /** Retention on write: a starting replay looks for expired ones, at most hourly (and the sweeper). */
  async #sweepExpired(): Promise<void> {
    const now = this.#now().getTime();
    if (now - this.#lastSweep < RETENTION_SWEEP_EVERY_MS) return;
    this.#lastSweep = now;
    await this.deleteExpired();
  }
}
