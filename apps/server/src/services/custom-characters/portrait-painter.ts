import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { EventBus } from "../../realtime/bus.ts";
import { CustomCharacterRepository, type OwnedCharacter } from "../../repositories/custom-characters.ts";
import type { JobPayload } from "../job-registry.ts";
import type { Presenter } from "../presenters.ts";
import type { Portraits } from "./portraits.ts";

/** Draws a custom character's portrait (jobs/portrait.ts). */
export type PortraitJob = JobPayload<"portrait">;

const REDRAW_FAILED = "We couldn't redraw the portrait just now. The old one stays; please try again.";

export interface PortraitPainterDeps {
  db: Kysely<Database>;
  portraits: Portraits;
  presenter: Presenter;
  bus: EventBus;
}

/**
 * The portrait job's reads and writes: the character's look drawn and stored, the character
 * marked ready, the owner told. A character deleted meanwhile ends the job quietly. When the last
 * attempt fails the character is marked `failed` and stays (it was paid for and can be chatted
 * with; redrawing is free), so no charge is lost.
 */
export class PortraitPainter {
  readonly #deps: PortraitPainterDeps;
  readonly #characters: CustomCharacterRepository;

  constructor(deps: PortraitPainterDeps) {
    this.#deps = deps;
    this.#characters = new CustomCharacterRepository(deps.db);
  }

  async draw(job: PortraitJob): Promise<void> {
    const character = await this.#characters.find(job.characterId, job.userId);
    if (!character) return;
    const files = this.#deps.portraits.keys(character.slug, job.revision);
    // stored by an attempt that died before telling the owner: tell them, do not draw it again
    const stored = character.avatar_key === files.avatar_key && character.portrait_status === "ready";
    if (!stored) {
      await this.#deps.portraits.store(files, await this.#deps.portraits.draw(character, job.revision));
      const saved = await this.#characters.update(character.id, job.userId, {
        ...files,
        portrait_status: "ready",
      });
      if (!saved) {
        await this.#deps.portraits.remove([files.avatar_key, files.cover_key]);
        return;
      }
      const replaced = [character.avatar_key, character.cover_key].filter(
        (key) => key !== files.avatar_key && key !== files.cover_key,
      );
      await this.#deps.portraits.remove(replaced);
    }
    if (job.reason === "created") await this.announceCreated(job.userId, character.id);
    else await this.#announceRedrawn(job.userId, { ...character, ...files });
  }

  /**
   * After the last failed attempt. A new character is still announced (`custom_model_created`):
   * it exists, and its page shows the portrait failed and offers to draw it again.
   */
  async failed(job: PortraitJob): Promise<void> {
    const character = await this.#characters.find(job.characterId, job.userId);
    if (!character) return;
    await this.#characters.update(character.id, job.userId, { portrait_status: "failed" });
    if (job.reason === "created") {
      await this.announceCreated(job.userId, character.id);
      return;
    }
    await this.#deps.bus.publish(job.userId, {
      action: "update_custom_image",
      model_id: character.id,
      images_urls: [],
      error: REDRAW_FAILED,
    });
  }

  /** `custom_model_created`: the character (`id`, and `model_id` as the API names it) has its portrait. */
  async announceCreated(userId: string, characterId: number): Promise<void> {
    await this.#deps.bus.publish(userId, {
      action: "custom_model_created",
      id: characterId,
      model_id: characterId,
    });
  }

  /** `update_custom_image` with the new portrait's avatar and cover, by signed links. */
  async #announceRedrawn(userId: string, character: OwnedCharacter): Promise<void> {
    const model = this.#deps.presenter.model({ ...character, photo_count: 0, video_count: 0 });
    await this.#deps.bus.publish(userId, {
      action: "update_custom_image",
      model_id: character.id,
      images_urls: [model.avatar_url, model.cover_url],
    });
  }
}
