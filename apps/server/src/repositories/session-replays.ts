import type { Kysely, Selectable } from "kysely";
import type { Database, SessionReplaysTable } from "../db/schema.ts";

export type SessionReplayRow = Selectable<SessionReplaysTable>;

export interface NewSessionReplay {
  id: string;
  clientId: string;
  sessionId: string;
  userId: string | null;
  at: string;
}

export interface NewReplayChunk {
  replayId: string;
  seq: number;
  /** the events, JSON */
  events: string;
  bytes: number;
  at: string;
}

export class SessionReplayRepository {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  find(id: string): Promise<SessionReplayRow | undefined> {
    return this.#db.selectFrom("session_replays").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** Creates the recording (its id is the server's, fresh). */
  async create(replay: NewSessionReplay): Promise<void> {
    await this.#db
      .insertInto("session_replays")
      .values({
        id: replay.id,
        client_id: replay.clientId,
        session_id: replay.sessionId,
        user_id: replay.userId,
        started_at: replay.at,
        last_upload_at: replay.at,
      })
      .onConflict((conflict) => conflict.column("id").doNothing())
      .execute();
  }

  /** Gives a visitor's replay to the user who signed in during it. */
  async claim(id: string, userId: string): Promise<void> {
    await this.#db
      .updateTable("session_replays")
      .set({ user_id: userId })
      .where("id", "=", id)
      .where("user_id", "is", null)
      .execute();
  }

  /** Stores a chunk and counts it on its replay; false when that chunk was stored before. */
  async addChunk(chunk: NewReplayChunk): Promise<boolean> {
    return this.#db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto("session_replay_chunks")
        .values({ replay_id: chunk.replayId, seq: chunk.seq, events: chunk.events, received_at: chunk.at })
        .onConflict((conflict) => conflict.columns(["replay_id", "seq"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!inserted) return false;
      await trx
        .updateTable("session_replays")
        .set((eb) => ({
          chunks: eb("chunks", "+", 1),
          bytes: eb("bytes", "+", chunk.bytes),
          last_upload_at: chunk.at,
        }))
        .where("id", "=", chunk.replayId)
        .execute();
      return true;
    });
  }

  /** Deletes the replays (and their chunks) last uploaded to before the time; answers how many. */
  async deleteUploadedBefore(cutoff: string): Promise<number> {
    const old = this.#db.selectFrom("session_replays").select("id").where("last_upload_at", "<", cutoff);
    await this.#db.deleteFrom("session_replay_chunks").where("replay_id", "in", old).execute();
    const result = await this.#db
      .deleteFrom("session_replays")
      .where("last_upload_at", "<", cutoff)
      .execute();
    return result.reduce((sum, row) => sum + Number(row.numDeletedRows), 0);
  }

  /** Deletes the recordings started before the time that never got a chunk; answers how many. */
  async deleteEmptyStartedBefore(cutoff: string): Promise<number> {
    const result = await this.#db
      .deleteFrom("session_replays")
      .where("started_at", "<", cutoff)
      .where("chunks", "=", 0)
      .execute();
    return result.reduce((sum, row) => sum + Number(row.numDeletedRows), 0);
  }

  /** Deletes every replay of the user (their opt-out). */
  async deleteOfUser(userId: string): Promise<void> {
    const theirs = this.#db.selectFrom("session_replays").select("id").where("user_id", "=", userId);
    await this.#db.deleteFrom("session_replay_chunks").where("replay_id", "in", theirs).execute();
    await this.#db.deleteFrom("session_replays").where("user_id", "=", userId).execute();
  }

  /** The newest replays first; `before` (a last upload time) pages on. */
  list(options: { limit: number; before?: string | undefined; userId?: string | undefined }) {
    let query = this.#db
      .selectFrom("session_replays")
      .selectAll()
      .orderBy("last_upload_at", "desc")
      .orderBy("id")
      .limit(options.limit);
    if (options.before) query = query.where("last_upload_at", "<", options.before);
    if (options.userId) query = query.where("user_id", "=", options.userId);
    return query.execute();
  }

  /** The replay's chunks in upload order, their events as stored JSON. */
  chunks(replayId: string) {
    return this.#db
      .selectFrom("session_replay_chunks")
      .select(["seq", "events"])
      .where("replay_id", "=", replayId)
      .orderBy("seq")
      .execute();
  }
}
