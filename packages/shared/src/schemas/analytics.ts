import { z } from "zod";

/** Bounds of POST /api/analytics/events; the web client batches within them. */
export const ANALYTICS_INGEST_LIMITS = {
  eventsPerBatch: 50,
  bodyBytes: 64 * 1024,
  eventNameChars: 100,
  propsBytes: 4 * 1024,
  /** client and session ids are the client's own random ids */
  idChars: 100,
  /** stored events are deleted this long after they were received */
  retentionDays: 30,
} as const;

const clientIdSchema = z
  .string()
  .min(1)
  .max(ANALYTICS_INGEST_LIMITS.idChars)
  .regex(/^[A-Za-z0-9_-]+$/, "ids are letters, digits, _ and -");

/** Bytes of a string in UTF-8 (the shared package runs where neither TextEncoder nor Buffer is typed). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

export const analyticsEventSchema = z.object({
  event: z.string().trim().min(1).max(ANALYTICS_INGEST_LIMITS.eventNameChars),
  props: z
    .record(z.string(), z.unknown())
    .default({})
    .refine((props) => utf8Length(JSON.stringify(props)) <= ANALYTICS_INGEST_LIMITS.propsBytes, {
      message: `props may take at most ${ANALYTICS_INGEST_LIMITS.propsBytes} bytes`,
    }),
  /** when the event happened on the client, ISO 8601 */
  at: z.iso.datetime({ offset: true }),
  user_id: z.string().min(1).max(ANALYTICS_INGEST_LIMITS.idChars).optional(),
});
export type AnalyticsEventInput = z.infer<typeof analyticsEventSchema>;

export const analyticsBatchSchema = z.object({
  client_id: clientIdSchema,
  session_id: clientIdSchema,
  events: z.array(analyticsEventSchema).min(1).max(ANALYTICS_INGEST_LIMITS.eventsPerBatch),
});
export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>;

/** What the ingestion answers: how many events were stored (0 when the batch was dropped as a bot's). */
export const analyticsAcceptedSchema = z.object({ accepted: z.number().int().min(0) });

/**
 * The steps of the operator's funnel, in order, each the event that marks it. A client counts at a
 * step when it sent that step's event and every earlier one.
 */
export const FUNNEL_STEPS = [
  { step: "visit", event: "Visit" },
  { step: "age_gate_confirmed", event: "Age Gate Confirmed" },
  { step: "interest", event: "Gender of Interest Selected" },
  { step: "sign_up", event: "Sign Up Completed" },
  { step: "first_message", event: "Message Sent" },
  { step: "first_purchase", event: "Purchase Completed" },
] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number]["step"];
