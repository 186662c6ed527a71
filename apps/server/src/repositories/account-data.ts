import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.ts";

/** The files a user's rows point at, gathered before the rows go. */
export interface UserFiles {
  chatMedia: string[];
  voices: string[];
  /** portraits of the user's own characters and the pictures generated for them */
  characterFiles: string[];
}

/** Reads everything stored about one user, and erases it (the queries of export and deletion). */
export class AccountDataRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** The hash of the account's password; null when it signs in only through a provider. */
  async passwordHash(userId: string): Promise<string | null> {
    const { rows } = await sql<{ password: string | null }>`
      select password from accounts where user_id = ${userId} and provider_id = 'credential'
    `.execute(this.#db);
    return rows[0]?.password ?? null;
  }

  /** Every row about the user, secrets (password hashes, session tokens) left out. */
  async collect(userId: string) {
    const db = this.#db;
    const account = await db
      .selectFrom("users")
      .select([
        "id",
        "email",
        "email_verified",
        "name",
        "first_name",
        "last_name",
        "gender_choice",
        "plan",
        "tokens",
        "free_msgs",
        "advertising_subid",
        "advertising_subid_at",
        "created_at",
        "updated_at",
      ])
      .where("id", "=", userId)
      .executeTakeFirst();
    const { rows: signIns } = await sql<{ provider_id: string; created_at: string }>`
      select provider_id, created_at from accounts where user_id = ${userId}
    `.execute(db);
    const sessions = await db
      .selectFrom("sessions")
      .select(["created_at", "expires_at", "ip_address", "user_agent"])
      .where("user_id", "=", userId)
      .execute();
    const chats = await db
      .selectFrom("chats")
      .innerJoin("characters", "characters.id", "chats.character_id")
      .select([
        "chats.id",
        "chats.character_id",
        "characters.name as character_name",
        "chats.created_at",
        "chats.last_message_at",
      ])
      .where("chats.user_id", "=", userId)
      .orderBy("chats.id")
      .execute();
    const messages =
      chats.length === 0
        ? []
        : await db
            .selectFrom("messages")
            .select(["id", "chat_id", "sender", "type", "text", "media_key", "created_at"])
            .where(
              "chat_id",
              "in",
              chats.map((chat) => chat.id),
            )
            .orderBy("id")
            .execute();
    const characters = await db
      .selectFrom("characters")
      .select([
        "id",
        "name",
        "age",
        "gender",
        "tagline",
        "description",
        "personality",
        "hobbies",
        "relationship",
        "first_msg",
        "voice",
        "source",
        "traits",
        "definition",
        "cover_key",
        "created_at",
      ])
      .where("owner_id", "=", userId)
      .orderBy("id")
      .execute();
    const pictures = await db
      .selectFrom("media")
      .select(["id", "character_id", "kind", "file_key", "prompt", "style", "created_at"])
      .where("owner_id", "=", userId)
      .orderBy("id")
      .execute();
    const imageRequests = await db
      .selectFrom("image_requests")
      .select(["id", "character_id", "prompt", "style", "count", "price_tokens", "status", "created_at"])
      .where("user_id", "=", userId)
      .execute();
    const orders = await db
      .selectFrom("payment_orders")
      .select([
        "id",
        "provider",
        "kind",
        "price_id",
        "description",
        "tokens",
        "amount_cents",
        "currency",
        "status",
        "created_at",
        "updated_at",
      ])
      .where("user_id", "=", userId)
      .execute();
    const subscriptions = await db
      .selectFrom("subscriptions")
      .select([
        "id",
        "provider",
        "plan_id",
        "status",
        "price_cents",
        "currency",
        "current_period_start",
        "current_period_end",
        "cancel_at_period_end",
        "created_at",
      ])
      .where("user_id", "=", userId)
      .execute();
    // refunds of the user's orders; who at the operator gave one is the operator's record, not theirs
    const refunds = await db
      .selectFrom("payment_refunds")
      .innerJoin("payment_orders", "payment_orders.id", "payment_refunds.order_id")
      .select([
        "payment_refunds.order_id",
        "payment_refunds.amount_cents",
        "payment_refunds.currency",
        "payment_refunds.tokens_taken_back",
        "payment_refunds.reason",
        "payment_refunds.provider_status",
        "payment_refunds.created_at",
      ])
      .where("payment_orders.user_id", "=", userId)
      .orderBy("payment_refunds.created_at")
      .execute();
    const bundlePurchases = await db
      .selectFrom("bundle_purchases")
      .innerJoin("bundles", "bundles.id", "bundle_purchases.bundle_id")
      .select(["bundles.title", "bundle_purchases.price_tokens", "bundle_purchases.created_at"])
      .where("bundle_purchases.user_id", "=", userId)
      .execute();
    const ledger = await db
      .selectFrom("token_ledger")
      .select(["delta", "balance_after", "reason", "created_at"])
      .where("user_id", "=", userId)
      .orderBy("id")
      .execute();
    const moderationEvents = await db
      .selectFrom("moderation_events")
      .select(["surface", "category", "excerpt", "evidence", "created_at"])
      .where("user_id", "=", userId)
      .execute();
    const messageReports = await db
      .selectFrom("message_reports")
      .select(["reason", "note", "message_text", "status", "created_at"])
      .where("reporter_id", "=", userId)
      .orderBy("id")
      .execute();
    const analyticsEvents = await db
      .selectFrom("analytics_events")
      .select(["event", "props", "occurred_at"])
      .where("user_id", "=", userId)
      .orderBy("id")
      .execute();
    // what was recorded and when, not the recordings: replays hold no message, email or password
    const sessionReplays = await db
      .selectFrom("session_replays")
      .select(["id", "started_at", "last_upload_at", "chunks", "bytes"])
      .where("user_id", "=", userId)
      .orderBy("started_at")
      .execute();
    // what characters remember of the user (decision 45)
    const memories = await db
      .selectFrom("memories")
      .innerJoin("characters", "characters.id", "memories.character_id")
      .select([
        "memories.character_id",
        "characters.name as character_name",
        "memories.kind",
        "memories.subject",
        "memories.text",
        "memories.date",
        "memories.created_at",
        "memories.updated_at",
      ])
      .where("memories.user_id", "=", userId)
      .orderBy("memories.character_id")
      .orderBy("memories.id")
      .execute();
    // what the user had characters forget: the subjects, as the user named them
    const forgettings = await db
      .selectFrom("memory_forgettings")
      .innerJoin("characters", "characters.id", "memory_forgettings.character_id")
      .select([
        "memory_forgettings.character_id",
        "characters.name as character_name",
        "memory_forgettings.subject",
        "memory_forgettings.created_at",
      ])
      .where("memory_forgettings.user_id", "=", userId)
      .orderBy("memory_forgettings.id")
      .execute();
    const leads = await db
      .selectFrom("leads")
      .select(["subid", "email", "status", "created_at", "converted_at"])
      .where("user_id", "=", userId)
      .execute();
    return {
      account,
      leads,
      signIns,
      sessions,
      chats,
      messages,
      memories,
      forgettings,
      characters,
      pictures,
      imageRequests,
      orders,
      subscriptions,
      refunds,
      bundlePurchases,
      ledger,
      moderationEvents,
      messageReports,
      analyticsEvents,
      sessionReplays,
    };
  }

  /** The storage keys the user's rows point at; removed once the rows are gone. */
  async files(userId: string): Promise<UserFiles> {
    const messages = await this.#db
      .selectFrom("messages")
      .innerJoin("chats", "chats.id", "messages.chat_id")
      .leftJoin("message_voices", "message_voices.message_id", "messages.id")
      .select(["messages.media_key", "message_voices.storage_key"])
      .where("chats.user_id", "=", userId)
      .execute();
    const characters = await this.#db
      .selectFrom("characters")
      .select(["avatar_key", "cover_key"])
      .where("owner_id", "=", userId)
      .execute();
    const pictures = await this.#db
      .selectFrom("media")
      .select(["file_key", "preview_key", "thumbnail_key"])
      .where("owner_id", "=", userId)
      .execute();
    return {
      chatMedia: messages.flatMap((row) => (row.media_key ? [row.media_key] : [])),
      voices: messages.flatMap((row) => (row.storage_key ? [row.storage_key] : [])),
      characterFiles: [
        ...new Set([
          ...characters.flatMap((row) => [row.avatar_key, row.cover_key]),
          ...pictures.flatMap((row) => [row.file_key, row.preview_key, row.thumbnail_key]),
        ]),
      ].filter((key) => key.startsWith("private/custom/")),
    };
  }

  /** Whether accounting records (ledger, orders, subscriptions) must outlive the account. */
  async hasAccountingRecords(userId: string): Promise<boolean> {
    const [ledger, orders, subscriptions] = await Promise.all([
      this.#db.selectFrom("token_ledger").select("id").where("user_id", "=", userId).executeTakeFirst(),
      this.#db.selectFrom("payment_orders").select("id").where("user_id", "=", userId).executeTakeFirst(),
      this.#db.selectFrom("subscriptions").select("id").where("user_id", "=", userId).executeTakeFirst(),
    ]);
    return Boolean(ledger || orders || subscriptions);
  }

  /**
   * A users row standing for a deleted account in the records kept: a random id, no name, an
   * address nobody receives mail at, and no way to sign in (no password, no provider, no session).
   */
  async insertTombstone(tombstoneId: string): Promise<void> {
    const now = new Date().toISOString();
    await this.#db
      .insertInto("users")
      .values({
        id: tombstoneId,
        name: "Deleted account",
        email: `${tombstoneId}@deleted.invalid`,
        email_verified: false,
        image: null,
        created_at: now,
        updated_at: now,
        first_name: null,
        last_name: null,
        gender_choice: null,
        analytics_id: null,
      })
      .execute();
  }

  /** Moves the accounting records to the tombstone, scrubbed of what could point back at the person. */
  async anonymiseAccountingRecords(userId: string, tombstoneId: string): Promise<void> {
    const db = this.#db;
    await db
      .updateTable("token_ledger")
      .set((eb) => ({
        user_id: tombstoneId,
        reference: eb.fn<string | null>("replace", ["reference", eb.val(userId), eb.val(tombstoneId)]),
      }))
      .where("user_id", "=", userId)
      .execute();
    const orders = await db.selectFrom("payment_orders").select("id").where("user_id", "=", userId).execute();
    const subscriptions = await db
      .selectFrom("subscriptions")
      .select("provider_subscription_id")
      .where("user_id", "=", userId)
      .execute();
    await db
      .updateTable("payment_orders")
      .set({ user_id: tombstoneId, return_path: null })
      .where("user_id", "=", userId)
      .execute();
    await db
      .updateTable("subscriptions")
      .set({ user_id: tombstoneId })
      .where("user_id", "=", userId)
      .execute();
    // a provider's payload may carry the payer's name or address: the event's facts stay, it goes
    const orderIds = orders.map((order) => order.id);
    const providerSubscriptionIds = subscriptions.map((row) => row.provider_subscription_id);
    if (orderIds.length > 0 || providerSubscriptionIds.length > 0) {
      await db
        .updateTable("payment_events")
        .set({ payload: JSON.stringify({ anonymised: true }) })
        .where((eb) =>
          eb.or([
            ...(orderIds.length > 0 ? [eb("order_id", "in", orderIds)] : []),
            ...(providerSubscriptionIds.length > 0
              ? [eb("provider_subscription_id", "in", providerSubscriptionIds)]
              : []),
          ]),
        )
        .execute();
    }
  }

  /** Detaches the user's moderation events from them; their ids, to purge later. */
  async anonymiseModerationEvents(userId: string): Promise<number[]> {
    const rows = await this.#db
      .selectFrom("moderation_events")
      .select("id")
      .where("user_id", "=", userId)
      .execute();
    await this.#db
      .updateTable("moderation_events")
      .set({ user_id: null })
      .where("user_id", "=", userId)
      .execute();
    return rows.map((row) => row.id);
  }

  async deleteModerationEvents(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.#db
      .deleteFrom("moderation_events")
      .where("id", "in", [...ids])
      .execute();
  }

  /**
   * Deletes every other row about the user, then the user (sessions and sign-in methods go with it).
   * Chats take their messages and voices; custom characters their generated pictures.
   */
  async deletePersonalRows(user: { id: string; email: string; analyticsId: string | null }): Promise<void> {
    const db = this.#db;
    const { id, email } = user;
    const mentions = (column: "key" | "payload" | "value" | "identifier") =>
      sql<boolean>`(${sql.ref(column)} like ${`%${id}%`} or lower(${sql.ref(column)}) like ${`%${email}%`})`;
    await db.deleteFrom("sessions").where("user_id", "=", id).execute();
    await db.deleteFrom("chats").where("user_id", "=", id).execute();
    await db.deleteFrom("memories").where("user_id", "=", id).execute();
    await db.deleteFrom("memory_forgettings").where("user_id", "=", id).execute();
    await db.deleteFrom("image_requests").where("user_id", "=", id).execute();
    await db.deleteFrom("media").where("owner_id", "=", id).execute();
    await db.deleteFrom("characters").where("owner_id", "=", id).execute();
    await db.deleteFrom("bundle_purchases").where("user_id", "=", id).execute();
    await db.deleteFrom("data_exports").where("user_id", "=", id).execute();
    const leadsOfUser = db
      .selectFrom("leads")
      .select("id")
      .where((eb) => eb.or([eb("user_id", "=", id), eb("email", "=", email)]));
    // postbacks stay (sub id, event, payout: what settling with the ad network needs), unlinked
    await db.updateTable("ad_postbacks").set({ lead_id: null }).where("lead_id", "in", leadsOfUser).execute();
    await db
      .deleteFrom("leads")
      .where((eb) => eb.or([eb("user_id", "=", id), eb("email", "=", email)]))
      .execute();
    await db.deleteFrom("email_outbox").where("to_address", "=", email).execute();
    await db.deleteFrom("rate_limits").where(mentions("key")).execute();
    await db.deleteFrom("jobs").where(mentions("payload")).execute();
    await db
      .deleteFrom("verifications")
      .where((eb) => eb.or([mentions("value"), mentions("identifier")]))
      .execute();
    await db
      .deleteFrom("analytics_events")
      .where((eb) =>
        eb.or([
          eb("user_id", "=", id),
          ...(user.analyticsId ? [eb("client_id", "=", user.analyticsId)] : []),
        ]),
      )
      .execute();
    const replays = db
      .selectFrom("session_replays")
      .select("id")
      .where((eb) =>
        eb.or([
          eb("user_id", "=", id),
          ...(user.analyticsId ? [eb("client_id", "=", user.analyticsId)] : []),
        ]),
      );
    await db.deleteFrom("session_replay_chunks").where("replay_id", "in", replays).execute();
    await db
      .deleteFrom("session_replays")
      .where((eb) =>
        eb.or([
          eb("user_id", "=", id),
          ...(user.analyticsId ? [eb("client_id", "=", user.analyticsId)] : []),
        ]),
      )
      .execute();
    await db.deleteFrom("users").where("id", "=", id).execute();
  }
}
