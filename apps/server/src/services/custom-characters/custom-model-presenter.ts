import type { CustomModel } from "@reverie/shared";
import type { OwnedCharacter } from "../../repositories/custom-characters.ts";
import type { Presenter } from "../presenters.ts";
import { parseDefinition } from "./reply-card.ts";

/** A user's own character as GET /api/custom/models answers it: the model, and what it was made from. */
export function presentCustomModel(presenter: Presenter, row: OwnedCharacter): CustomModel {
  const definition = parseDefinition(row.definition);
  return {
    ...presenter.model({ ...row, photo_count: row.picture_count, video_count: 0 }),
    custom: true,
    traits: row.traits ? (JSON.parse(row.traits) as Record<string, string>) : {},
    portrait_status: row.portrait_status ?? "ready",
    source: row.source ?? "builder",
    lorebook_entries: definition?.character_book?.entries.length ?? 0,
    created_at: new Date(row.created_at).toISOString(),
  };
}
