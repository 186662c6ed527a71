import type { ContextTurn, ModerationContext } from "./types.ts";

/** The earlier turns a remote classifier sees: enough to carry an age or a role said a few messages ago. */
export const CONTEXT_TURNS = 6;
/** Characters of the character's definition a remote classifier sees. */
export const DEFINITION_CHARS = 4_000;
/** Characters of each earlier turn (a long reply would otherwise crowd the judge's context window). */
export const TURN_CHARS = 2_000;

/** The character's definition, clipped, or undefined when there is none. */
export function contextDefinition(context: ModerationContext | undefined): string | undefined {
  const definition = context?.definition?.trim();
  return definition ? clipText(definition, DEFINITION_CHARS) : undefined;
}

/** The last CONTEXT_TURNS non-empty turns, oldest first, each clipped. */
export function contextTurns(context: ModerationContext | undefined): ContextTurn[] {
  return (context?.turns ?? [])
    .map((turn) => ({ role: turn.role, text: turn.text.trim() }))
    .filter((turn) => turn.text.length > 0)
    .slice(-CONTEXT_TURNS)
    .map((turn) => ({ role: turn.role, text: clipText(turn.text, TURN_CHARS) }));
}

function clipText(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - 1)}…`;
}
