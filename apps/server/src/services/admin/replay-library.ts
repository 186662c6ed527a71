import type { AdminReplayEvents, AdminReplayList } from "@reverie/shared";
import type { SessionReplayService } from "../session-replays.ts";

/** The System screen's session replays: SessionReplayService's list and events, paged for the console. */
export class ReplayLibrary {
  readonly #replays: SessionReplayService;

  constructor(deps: { replays: SessionReplayService }) {
    this.#replays = deps.replays;
  }

  /** The most recently uploaded first; `next_before` (a last upload time) pages on to older ones. */
  async list(query: {
    before?: string | undefined;
    user_id?: string | undefined;
    limit: number;
  }): Promise<AdminReplayList> {
    const items = await this.#replays.list({
      limit: query.limit,
      ...(query.before ? { before: new Date(query.before) } : {}),
      ...(query.user_id ? { userId: query.user_id } : {}),
    });
    const last = items.at(-1);
    return { items, next_before: items.length === query.limit && last ? last.last_upload_at : null };
  }

  async events(replayId: string): Promise<AdminReplayEvents> {
    return { events: await this.#replays.events(replayId) };
  }
}
