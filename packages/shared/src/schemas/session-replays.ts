import { z } from "zod";

/** Bounds of POST /api/replays/:replayId/chunks; the web recorder uploads within them. */
export const SESSION_REPLAY_LIMITS = {
  /** one upload; a page's first full snapshot (the DOM and its inlined styles) is the largest */
  chunkBytes: 1024 * 1024,
  eventsPerChunk: 5000,
  /** what one replay may hold in all; later chunks are refused */
  replayBytes: 20 * 1024 * 1024,
  /** the most a page-hide upload may carry: browsers refuse keepalive bodies over 64 KiB */
  keepaliveBytes: 60 * 1024,
  /** replay, client and session ids are the client's own random ids */
  idChars: 100,
  /** replays are deleted this long after their last upload */
  retentionDays: 30,
  /** a recording the server started takes chunks this long after it started… */
  recordingMinutes: 6 * 60,
  /** …and while its last upload (or its start) is no older than this */
  idleMinutes: 60,
} as const;

const clientIdSchema = z
  .string()
  .min(1)
  .max(SESSION_REPLAY_LIMITS.idChars)
  .regex(/^[A-Za-z0-9_-]+$/, "ids are letters, digits, _ and -");

export const replayIdParamsSchema = z.object({ replayId: clientIdSchema });

/** POST /api/replays: a recorder asks the server to start a recording before it uploads anything. */
export const replayStartSchema = z.object({
  client_id: clientIdSchema,
  session_id: clientIdSchema,
});
export type ReplayStart = z.infer<typeof replayStartSchema>;

/** The recording the server started: chunks go to /api/replays/:replay_id/chunks until it expires. */
export const replayStartedSchema = z.object({
  replay_id: z.string(),
  expires_at: z.string(),
});
export type ReplayStarted = z.infer<typeof replayStartedSchema>;

/** An rrweb event as recorded (`type` is rrweb's EventType); its `data` is kept as sent. */
export const replayEventSchema = z.looseObject({
  type: z.number().int().min(0).max(10),
  timestamp: z.number().nonnegative(),
  data: z.unknown(),
});
export type ReplayEvent = z.infer<typeof replayEventSchema>;

export const replayChunkSchema = z.object({
  client_id: clientIdSchema,
  session_id: clientIdSchema,
  /** the chunk's place in its replay, from 0; a chunk sent twice is stored once */
  seq: z.number().int().min(0).max(1_000_000),
  events: z.array(replayEventSchema).min(1).max(SESSION_REPLAY_LIMITS.eventsPerChunk),
});
export type ReplayChunk = z.infer<typeof replayChunkSchema>;

/** What the upload answers: whether the chunk was kept (not for bot traffic or a repeated chunk). */
export const replayChunkAcceptedSchema = z.object({ stored: z.boolean() });

/** One stored replay, without its events (the operator's list, the user's export). */
export const replaySummarySchema = z.object({
  id: z.string(),
  client_id: z.string(),
  session_id: z.string(),
  user_id: z.string().nullable(),
  started_at: z.string(),
  last_upload_at: z.string(),
  chunks: z.number().int(),
  bytes: z.number().int(),
});
export type ReplaySummary = z.infer<typeof replaySummarySchema>;
