import type { Gender, MediaKind, MemoryKind } from "@reverie/shared";
import type { Generated, Insertable, Selectable, Updateable } from "kysely";

/**
 * Table types for Kysely. Timestamps are ISO 8601 strings on both dialects
 * (Postgres timestamptz values are parsed to ISO strings in database.ts).
 */
export interface CharactersTable {
  id: Generated<number>;
  slug: string;
  name: string;
  age: number;
  gender: Gender;
  tagline: string;
  description: string;
  personality: string;
  /** comma-separated, as the spec's custom-model payload sends them */
  hobbies: string;
  relationship: string;
  first_msg: string;
  user_first_msg_help: string;
  avatar_key: string;
  cover_key: string;
  position: number;
  created_at: Generated<string>;
  /** the user who built or imported it; null for the public catalog */
  owner_id: string | null;
  /** the builder's trait values, JSON */
  traits: string | null;
  /** an imported card's whole definition (every field, the lorebook, extensions), JSON */
  definition: string | null;
  source: "builder" | "card" | null;
  portrait_status: "pending" | "ready" | "failed" | null;
  voice: string | null;
  /** tokens its creation cost (0: a premium month's allowance) */
  paid_tokens: number | null;
  /** set while an admin keeps a catalog character out of the public catalog (its chats go on) */
  hidden_at: string | null;
  /** the character's canon sheet, JSON (lib/canon-sheet.ts, decision 44); null on rows from before */
  canon: string | null;
}

export interface BundlesTable {
  id: Generated<number>;
  slug: string;
  kind: "bundle" | "pack";
  /** null for packs, which span a whole gender category */
  character_id: number | null;
  gender: Gender;
  title: string;
  description: string;
  price_tokens: number;
  cover_key: string;
  position: number;
  created_at: Generated<string>;
}

export interface MediaTable {
  id: Generated<number>;
  slug: string;
  character_id: number;
  /** media in a bundle are locked until the bundle is bought */
  bundle_id: number | null;
  kind: MediaKind;
  /** storage key of the full file; keys under private/ are never served statically */
  file_key: string;
  /** storage key of a blurred still, always public (shown while locked) */
  preview_key: string;
  /** storage key of a still (poster frame for videos); blurred when locked */
  thumbnail_key: string;
  width: number;
  height: number;
  /** seconds; videos only */
  video_duration: number | null;
  position: number;
  created_at: Generated<string>;
  /** a generated picture's owner, who alone sees it; null for catalog media */
  owner_id: string | null;
  /** what a generated picture was asked for */
  prompt: string | null;
  style: "realistic" | "anime" | null;
}

export interface ImageRequestsTable {
  id: Generated<number>;
  user_id: string;
  character_id: number;
  prompt: string;
  style: "realistic" | "anime";
  count: number;
  /** what each picture cost */
  price_tokens: number;
  status: Generated<"pending" | "done" | "failed">;
  created_at: Generated<string>;
}

/** better-auth's user row (snake_case) plus the product's own fields. */
export interface UsersTable {
  id: string;
  name: string;
  email: string;
  email_verified: number | boolean;
  image: string | null;
  created_at: string;
  updated_at: string;
  plan: Generated<"free" | "premium">;
  tokens: Generated<number>;
  free_msgs: Generated<number>;
  first_name: string | null;
  last_name: string | null;
  gender_choice: Gender | null;
  payment_failed: Generated<number | boolean>;
  analytics_id: string | null;
  replay_opt_out: Generated<number | boolean>;
  /** the ad sub id last seen with the signed-in user (last touch, decision 0027) and when */
  advertising_subid: string | null;
  advertising_subid_at: string | null;
  /** who may use the admin console (decision 0029); read from here on every admin call */
  role: Generated<"user" | "moderator" | "admin">;
  /** set while the account is banned: every signed-in call answers 401 account_banned */
  banned_at: string | null;
  ban_reason: string | null;
}

export interface SessionsTable {
  id: string;
  expires_at: string;
  token: string;
  created_at: string;
  updated_at: string;
  ip_address: string | null;
  user_agent: string | null;
  user_id: string;
}

export interface VerificationsTable {
  id: string;
  identifier: string;
  value: string;
  expires_at: string;
  created_at: string;
  updated_at: string;
}

export interface LeadsTable {
  id: Generated<number>;
  user_id: string | null;
  subid: string;
  email: string;
  status: string;
  created_at: string;
  /** when the lead first paid (the `purchase` postback), once */
  converted_at: string | null;
}

/** A conversion reported to the ad tracker (AD_POSTBACK_URL), with its delivery state. */
export interface AdPostbacksTable {
  id: Generated<number>;
  /** null once the account (and its lead) was deleted */
  lead_id: number | null;
  event: "lead" | "purchase";
  event_id: string;
  subid: string;
  payout_cents: number;
  currency: string | null;
  status: Generated<"pending" | "delivered" | "failed">;
  attempts: Generated<number>;
  last_error: string | null;
  delivered_at: string | null;
  created_at: Generated<string>;
}

export interface RateLimitsTable {
  key: string;
  /** epoch milliseconds */
  window_start: number;
  count: number;
}

export interface ChatsTable {
  id: Generated<number>;
  user_id: string;
  character_id: number;
  last_message_at: string;
  created_at: Generated<string>;
}

export interface MessagesTable {
  id: Generated<number>;
  chat_id: number;
  sender: "user" | "model";
  type: "text" | "image" | "private_image" | "private_video" | "start_generation";
  text: string;
  /** storage key of the picture or video a message carries */
  media_key: string | null;
  video_duration: number | null;
  locked: Generated<number | boolean>;
  price_tokens: number | null;
  /** on a character's message: the id of the user message it answers */
  reply_to: number | null;
  /** the app's notice in the character's place (a reply that failed); not part of the conversation */
  notice: Generated<number | boolean>;
  created_at: Generated<string>;
}

/** The synthesized voice of a character's text message (one row once voice was asked for). */
export interface MessageVoicesTable {
  message_id: number;
  status: "generating" | "ready" | "failed";
  /** storage key of the audio file, once ready */
  storage_key: string | null;
  updated_at: string;
}

/** One fact a character remembers of a user (decision 45). */
export interface MemoriesTable {
  id: Generated<number>;
  user_id: string;
  character_id: number;
  kind: MemoryKind;
  /** what the fact is about, as the user would name it ("" when nothing in particular) */
  subject: string;
  text: string;
  /** YYYY-MM-DD */
  date: string | null;
  created_at: Generated<string>;
  updated_at: string;
}

/** A subject (or, null, everything) a user had a character forget, as of a message (decision 45). */
export interface MemoryForgettingsTable {
  id: Generated<number>;
  user_id: string;
  character_id: number;
  subject: string | null;
  up_to_message_id: number;
  created_at: Generated<string>;
}

/** The tokens a model server reported for one model on one UTC day (decision 48). */
export interface LlmUsageTable {
  /** YYYY-MM-DD, UTC */
  day: string;
  model: string;
  /** replies whose usage the server reported */
  replies: Generated<number>;
  prompt_tokens: Generated<number>;
  completion_tokens: Generated<number>;
  /** replies the server sent no usage for: their tokens are not counted, nor estimated */
  unreported: Generated<number>;
}

export interface TokenLedgerTable {
  id: Generated<number>;
  user_id: string;
  delta: number;
  balance_after: number;
  reason: string;
  /** makes a change idempotent (a payment event id, a message id) */
  reference: string | null;
  created_at: Generated<string>;
}

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  /** JSON */
  payload: string;
  status: "queued" | "running" | "done" | "failed";
  attempts: Generated<number>;
  max_attempts: number;
  /** epoch milliseconds */
  run_at: number;
  /** epoch milliseconds; a running job whose lease ended is taken again (its worker died) */
  locked_until: number | null;
  /** the boot (queue/boot.ts) whose worker holds the lease; its next start takes the job back at once */
  locked_by: string | null;
  last_error: string | null;
  created_at: Generated<string>;
}

export interface ModerationEventsTable {
  id: Generated<number>;
  user_id: string | null;
  surface: string;
  category: string;
  classifier: string;
  /** the start of the refused text, for review */
  excerpt: string;
  /** the words that decided the refusal, as written (at most 500 characters); null when none was given */
  evidence: string | null;
  created_at: Generated<string>;
}

export interface PaymentOrdersTable {
  /** a random id, given to the provider as its reference */
  id: string;
  user_id: string;
  provider: string;
  kind: "tokens" | "subscription";
  price_id: string;
  description: string;
  /** tokens a token package credits; null for a plan */
  tokens: number | null;
  amount_cents: number;
  currency: string;
  status: Generated<"pending" | "paid" | "failed" | "canceled">;
  provider_reference: string | null;
  failure_reason: string | null;
  replaces_subscription_id: number | null;
  return_path: string | null;
  created_at: Generated<string>;
  updated_at: string;
}

export interface PaymentEventsTable {
  id: Generated<number>;
  provider: string;
  /** the provider's event id: unique per provider, so an event is applied once */
  event_id: string;
  type: string;
  order_id: string | null;
  provider_subscription_id: string | null;
  payload: string;
  created_at: Generated<string>;
}

export interface SubscriptionsTable {
  id: Generated<number>;
  user_id: string;
  provider: string;
  provider_subscription_id: string;
  plan_id: string;
  status: "active" | "past_due" | "canceled" | "ended";
  price_cents: number;
  currency: string;
  current_period_start: string;
  current_period_end: string;
  cancel_at_period_end: Generated<number | boolean>;
  created_at: Generated<string>;
  updated_at: string;
}

/** A refund an operator gave (admin console); one per order, which it marks refunded. */
export interface PaymentRefundsTable {
  order_id: string;
  amount_cents: number;
  currency: string;
  tokens_granted: number;
  tokens_taken_back: number;
  reason: string;
  actor_id: string | null;
  actor_email: string;
  provider_status: "refunded" | "manual" | "failed";
  provider_detail: string | null;
  created_at: Generated<string>;
}

export interface BundlePurchasesTable {
  user_id: string;
  bundle_id: number;
  price_tokens: number;
  created_at: Generated<string>;
}

/** One event a browser sent (POST /api/analytics/events). */
export interface AnalyticsEventsTable {
  id: Generated<number>;
  client_id: string;
  session_id: string;
  /** the signed-in user who sent it; null for visitors and after the account is deleted */
  user_id: string | null;
  event: string;
  /** JSON */
  props: string;
  occurred_at: string;
  received_at: string;
}

/** An archive of a user's data (POST /api/user/export); its file lives until `expires_at`. */
export interface DataExportsTable {
  id: string;
  user_id: string;
  status: "pending" | "ready" | "failed" | "expired";
  file_key: string | null;
  expires_at: string | null;
  created_at: Generated<string>;
}

/** A recorded session (POST /api/replays/:replayId/chunks); its events are in session_replay_chunks. */
export interface SessionReplaysTable {
  id: string;
  client_id: string;
  session_id: string;
  /** the signed-in uploader; null for visitors */
  user_id: string | null;
  started_at: string;
  last_upload_at: string;
  chunks: Generated<number>;
  bytes: Generated<number>;
}

export interface SessionReplayChunksTable {
  id: Generated<number>;
  replay_id: string;
  seq: number;
  /** JSON array of rrweb events */
  events: string;
  received_at: string;
}

/** One operator action (decision 0029); append-only, the database refuses updates and deletes. */
export interface AuditLogTable {
  id: Generated<number>;
  /** the operator's user id; null for the command line and ADMIN_EMAILS */
  actor_id: string | null;
  actor_email: string;
  action: string;
  target_type: string;
  target_id: string | null;
  /** JSON */
  before: string | null;
  /** JSON */
  after: string | null;
  reason: string | null;
  ip: string | null;
  created_at: Generated<string>;
}

/** A user's report of a message in their chat (decision 0030); one per message and reporter. */
export interface MessageReportsTable {
  id: Generated<number>;
  /** null once the message was deleted */
  message_id: number | null;
  chat_id: number;
  /** null once the reporter's account was deleted */
  reporter_id: string | null;
  reason: string;
  note: string | null;
  /** the message's text when it was reported */
  message_text: string;
  status: Generated<"open" | "dismissed" | "message_hidden" | "user_banned">;
  resolved_by: string | null;
  resolved_at: string | null;
  resolution_note: string | null;
  created_at: Generated<string>;
}

export interface Database {
  message_reports: MessageReportsTable;
  audit_log: AuditLogTable;
  session_replays: SessionReplaysTable;
  session_replay_chunks: SessionReplayChunksTable;
  data_exports: DataExportsTable;
  analytics_events: AnalyticsEventsTable;
  image_requests: ImageRequestsTable;
  payment_orders: PaymentOrdersTable;
  payment_events: PaymentEventsTable;
  payment_refunds: PaymentRefundsTable;
  subscriptions: SubscriptionsTable;
  bundle_purchases: BundlePurchasesTable;
  moderation_events: ModerationEventsTable;
  jobs: JobsTable;
  chats: ChatsTable;
  messages: MessagesTable;
  message_voices: MessageVoicesTable;
  memories: MemoriesTable;
  memory_forgettings: MemoryForgettingsTable;
  llm_usage: LlmUsageTable;
  token_ledger: TokenLedgerTable;
  users: UsersTable;
  sessions: SessionsTable;
  verifications: VerificationsTable;
  leads: LeadsTable;
  ad_postbacks: AdPostbacksTable;
  rate_limits: RateLimitsTable;
  characters: CharactersTable;
  bundles: BundlesTable;
  media: MediaTable;
  email_outbox: EmailOutboxTable;
}

export type CharacterRow = Selectable<CharactersTable>;
export type NewCharacter = Insertable<CharactersTable>;
export type CharacterUpdate = Updateable<CharactersTable>;
export type BundleRow = Selectable<BundlesTable>;
export type NewBundle = Insertable<BundlesTable>;
export type MediaRow = Selectable<MediaTable>;
export type NewMedia = Insertable<MediaTable>;
export type UserRow = Selectable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type AuditLogRow = Selectable<AuditLogTable>;

/** Emails kept in the database instead of sent (no SMTP_URL); shown at /dev/mailbox outside production. */
export interface EmailOutboxTable {
  id: Generated<number>;
  /** the recipient address, trimmed and lower-cased */
  to_address: string;
  subject: string;
  /** "password_reset", "magic_link", ... */
  kind: string;
  text_body: string;
  html_body: string;
  created_at: Generated<string>;
}

export type EmailOutboxRow = Selectable<EmailOutboxTable>;
export type NewEmailOutbox = Insertable<EmailOutboxTable>;
export type ChatRow = Selectable<ChatsTable>;
export type MessageRow = Selectable<MessagesTable>;
export type MessageVoiceRow = Selectable<MessageVoicesTable>;
export type JobRow = Selectable<JobsTable>;
export type TokenLedgerRow = Selectable<TokenLedgerTable>;
export type PaymentOrderRow = Selectable<PaymentOrdersTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type DataExportRow = Selectable<DataExportsTable>;
export type MessageReportRow = Selectable<MessageReportsTable>;
