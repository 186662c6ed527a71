import type { ChatGreetings, Message } from "@reverie/shared";
import type { Kysely } from "kysely";
import type { Database, MessageRow } from "../db/schema.ts";
import { BadRequestError, ConflictError, NotFoundError } from "../errors.ts";
import { Rng } from "../lib/seeded-random.ts";
import { ChatGreetingRepository, type GreetingSource } from "../repositories/chat-greetings.ts";
import { expandCardMacros } from "./custom-characters/card-macros.ts";
import { parseDefinition } from "./custom-characters/reply-card.ts";
import type { Presenter } from "./presenters.ts";

type Closed = NonNullable<ChatGreetings["reason"]>;

const CLOSED: Record<Closed, string> = {
  already_replied: "You have replied already: the chat keeps the first message it started with.",
  no_first_message: "This chat has no first message to change any more.",
};

/**
 * The first messages a chat may start with (decision 48): an imported card's first message and its
 * alternate greetings, placeholders filled in as for the first message itself. While the
 * character's first message is the chat's only message, the user may swap it for another one; a
 * catalog or built character offers just its first message.
 */
export class GreetingChoices {
  readonly #greetings: ChatGreetingRepository;
  readonly #presenter: Presenter;

  constructor(deps: { db: Kysely<Database>; presenter: Presenter }) {
    this.#greetings = new ChatGreetingRepository(deps.db);
    this.#presenter = deps.presenter;
  }

  async list(userId: string, chatId: number): Promise<ChatGreetings> {
    const { source, first, reason } = await this.#state(userId, chatId);
    const greetings = greetingsOf(source, chatId);
    const stored = first?.text;
    let selected = stored === undefined ? 0 : greetings.indexOf(stored);
    // a first message written before (a {{random}} drawn otherwise, an older card) stands for the first greeting
    if (selected < 0 && stored !== undefined) {
      greetings[0] = stored;
      selected = 0;
    }
    return {
      greetings,
      selected,
      message_id: first?.id ?? null,
      can_choose: reason === null,
      reason,
    };
  }

  /** The chat starts with greeting `index` instead: the first message's text is replaced. */
  async choose(userId: string, chatId: number, index: number): Promise<Message> {
    const { source, first, reason } = await this.#state(userId, chatId);
    const greetings = greetingsOf(source, chatId);
    const text = greetings[index];
    if (text === undefined) {
      throw new BadRequestError(
        `This character has ${greetings.length} greeting${greetings.length === 1 ? "" : "s"}: choose an index from 0 to ${greetings.length - 1}.`,
        "no_such_greeting",
      );
    }
    if (reason !== null || !first)
      throw new ConflictError(reason ?? "no_first_message", CLOSED[reason ?? "no_first_message"]);
    const replaced = await this.#greetings.replaceOnlyMessage(chatId, first.id, text);
    // a message sent since the check above closed the choice
    if (!replaced) throw new ConflictError("already_replied", CLOSED.already_replied);
    return this.#presenter.message(replaced, source.characterId);
  }

  async #state(
    userId: string,
    chatId: number,
  ): Promise<{ source: GreetingSource; first: MessageRow | undefined; reason: Closed | null }> {
    const source = await this.#greetings.source(chatId, userId);
    if (!source) throw new NotFoundError(`Chat ${chatId} does not exist.`);
    const [first, second] = await this.#greetings.oldestTwo(chatId);
    const opens = first?.sender === "model" && first.type === "text";
    const reason: Closed | null = !opens
      ? first
        ? "already_replied"
        : "no_first_message"
      : second
        ? "already_replied"
        : null;
    return { source, first: opens ? first : undefined, reason };
  }
}

/**
 * The character's greetings with the placeholders filled in: `{{random}}` draws from a seed of the
 * chat and the greeting, so the list and the chosen message say the same.
 */
function greetingsOf(source: GreetingSource, chatId: number): string[] {
  const names = { char: source.name, user: source.userFirstName };
  const definition = parseDefinition(source.definition);
  // a blank alternate would be an empty first message: it is not offered
  const alternates = (definition?.alternate_greetings ?? []).filter((text) => text.trim() !== "");
  const texts = [source.firstMsg, ...alternates];
  return texts.map((text, index) => {
    const rng = new Rng(`greeting:${chatId}:${index}`);
    return expandCardMacros(text, names, { random: () => rng.next() });
  });
}
