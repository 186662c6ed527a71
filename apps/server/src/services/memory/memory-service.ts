import type { MemoryCreate, MemoryItem, MemoryKind, MemoryList, MemoryUpdate } from "@reverie/shared";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { NotFoundError } from "../../errors.ts";
import type { MemoryExtractor, MemoryFact } from "../../providers/llm/types.ts";
import type { EventBus } from "../../realtime/bus.ts";
import { ChatRepository } from "../../repositories/chats.ts";
import {
  type MemoryForgettingRow,
  type MemoryOwner,
  MemoryRepository,
  type MemoryRow,
} from "../../repositories/memories.ts";
import type { JobPayload } from "../job-registry.ts";
import type { ModerationService } from "../moderation.ts";
import { type Forgetting, forgottenSince } from "./forgetting.ts";
import { memoryKey, mergeMemory } from "./merge.ts";

/** One exchange to learn from (its schema: job-registry.ts). */
export type RememberJob = JobPayload<"remember">;

export interface MemoryServiceDeps {
  db: Kysely<Database>;
  bus: EventBus;
  /** reads facts out of an exchange: the configured LLM, else the offline rules */
  extractor: MemoryExtractor;
  /** what the user writes into memory reaches the model as their messages do, and is checked so */
  moderation: ModerationService;
  /** today's date, YYYY-MM-DD (tests fix it) */
  today?: () => string;
}

const now = () => new Date().toISOString();

/**
 * What a character remembers of a user (decision 45): one memory per user and character, read
 * into every reply by both engines, learnt from each exchange (the `remember` job), and shown to
 * the user beside the chat, who may add, correct and delete facts or have everything forgotten.
 */
export class MemoryService {
  readonly #deps: MemoryServiceDeps;
  readonly #chats: ChatRepository;
  readonly #memories: MemoryRepository;

  constructor(deps: MemoryServiceDeps) {
    this.#deps = deps;
    this.#chats = new ChatRepository(deps.db);
    this.#memories = new MemoryRepository(deps.db);
  }

  async #requireChat(userId: string, chatId: number) {
    const chat = await this.#chats.findForUser(chatId, userId);
    if (!chat) throw new NotFoundError(`Chat ${chatId} does not exist.`);
    return chat;
  }

  /** Runs `work` with the user's chat locked (see MemoryRepository.lockChat); 404 without one. */
  #inChat<T>(
    userId: string,
    chatId: number,
    work: (memories: MemoryRepository, owner: MemoryOwner) => Promise<T>,
  ) {
    return this.#deps.db.transaction().execute(async (trx) => {
      const memories = new MemoryRepository(trx);
      const chat = await memories.lockChat(chatId, userId);
      if (!chat) throw new NotFoundError(`Chat ${chatId} does not exist.`);
      return work(memories, { userId, characterId: chat.characterId });
    });
  }

  /** What the chat's character remembers of the user, oldest change first. */
  async list(userId: string, chatId: number): Promise<MemoryList> {
    const chat = await this.#requireChat(userId, chatId);
    const rows = await this.#memories.list({ userId, characterId: chat.character_id });
    return { character_name: chat.character.name, items: rows.map(memoryItem) };
  }

  /**
   * The user tells the character something to remember. It is merged as a learnt fact would be:
   * a fact on the same subject (or the one name, job or place) is replaced rather than repeated.
   */
  async add(userId: string, chatId: number, input: MemoryCreate): Promise<MemoryItem> {
    const chat = await this.#requireChat(userId, chatId);
    await this.#moderate(userId, chat.character.name, input);
    const fact: MemoryFact = {
      kind: input.kind,
      subject: input.subject ?? "",
      text: input.text,
      date: input.date ?? null,
    };
    const item = await this.#inChat(userId, chatId, async (memories, owner) => {
      const rows = await this.#merge(memories, owner, [fact]);
      const key = memoryKey(fact);
      const stored = rows.find((row) => memoryKey(row) === key);
      if (!stored) throw new Error("a fact just merged is missing");
      return stored;
    });
    await this.#changed(userId, chatId, item.character_id);
    return memoryItem(item);
  }

  /**
   * Corrects one fact. A fact it comes to share its kind and subject with (or, for a name, job or
   * place, its kind) is dropped, so the memory never holds two versions of one fact.
   */
  async update(userId: string, chatId: number, id: number, change: MemoryUpdate): Promise<MemoryItem> {
    const chat = await this.#requireChat(userId, chatId);
    const before = await this.#memories.find({ userId, characterId: chat.character_id }, id);
    if (!before) throw new NotFoundError(`Memory ${id} does not exist.`);
    await this.#moderate(userId, chat.character.name, {
      kind: change.kind ?? before.kind,
      subject: change.subject ?? before.subject,
      text: change.text ?? before.text,
    });
    const row = await this.#inChat(userId, chatId, async (memories, owner) => {
      const updated = await memories.update(owner, id, {
        ...(change.kind !== undefined ? { kind: change.kind } : {}),
        ...(change.subject !== undefined ? { subject: change.subject } : {}),
        ...(change.text !== undefined ? { text: change.text } : {}),
        ...(change.date !== undefined ? { date: change.date } : {}),
        updated_at: now(),
      });
      if (!updated) throw new NotFoundError(`Memory ${id} does not exist.`);
      // a corrected subject ("Biscuit" was "Buscuit"): the chat's mentions of the old one are forgotten
      if (
        before.subject.trim() &&
        updated.subject.trim().toLowerCase() !== before.subject.trim().toLowerCase()
      ) {
        await memories.recordForgetting(owner, chatId, before.subject.trim());
      }
      const key = memoryKey(updated);
      const others = (await memories.list(owner)).filter(
        (other) => other.id !== id && memoryKey(other) === key,
      );
      await memories.deleteMany(
        owner,
        others.map((other) => other.id),
      );
      return updated;
    });
    await this.#changed(userId, chatId, row.character_id);
    return memoryItem(row);
  }

  /** Deletes one fact; the character no longer knows it, nor the chat's mentions of it so far. */
  async delete(userId: string, chatId: number, id: number): Promise<void> {
    const characterId = await this.#inChat(userId, chatId, async (memories, owner) => {
      const fact = await memories.find(owner, id);
      if (!fact) throw new NotFoundError(`Memory ${id} does not exist.`);
      await memories.deleteMany(owner, [id]);
      await memories.recordForgetting(owner, chatId, fact.subject.trim() || fact.text);
      return owner.characterId;
    });
    await this.#changed(userId, chatId, characterId);
  }

  /**
   * Forgets everything the chat's character remembers of the user, and the chat so far: replies are
   * written as if it began now (the user still sees the messages).
   */
  async forget(userId: string, chatId: number): Promise<void> {
    const characterId = await this.#inChat(userId, chatId, async (memories, owner) => {
      await memories.deleteAll(owner);
      await memories.recordForgetting(owner, chatId, null);
      return owner.characterId;
    });
    await this.#changed(userId, chatId, characterId);
  }

  /** What a reply is written with: the facts, oldest change first. */
  async factsFor(userId: string, characterId: number): Promise<MemoryFact[]> {
    const rows = await this.#memories.list({ userId, characterId });
    return rows.map(({ kind, subject, text, date }) => ({ kind, subject, text, date }));
  }

  /**
   * Learns from one exchange: the extractor reads the user's message and the reply with what is
   * known already, and what it found is merged in one transaction. Nothing happens when the chat
   * or either message is gone. True when the memory changed (the panel is told).
   */
  async learnFromExchange(job: RememberJob, signal?: AbortSignal): Promise<boolean> {
    const exchange = await this.#memories.exchange(job);
    if (!exchange) return false;
    const owner = { userId: job.userId, characterId: exchange.characterId };
    const known = await this.factsFor(owner.userId, owner.characterId);
    const found = await this.#deps.extractor.extract({
      characterName: exchange.characterName,
      userName: userNameOf(known, exchange.userFirstName),
      userMessage: exchange.userText,
      reply: exchange.replyText,
      known,
      today: this.#deps.today?.() ?? now().slice(0, 10),
      ...(signal ? { signal } : {}),
    });
    // most messages tell nothing to remember: no more reads for them
    if (found.length === 0) return false;
    const forgettings = (await this.#memories.forgettingsForChat(job.chatId)).map(forgettingOf);
    // what the user had forgotten after this exchange is not learnt back from it
    const learnt = found.filter((fact) => !forgottenSince(fact, job.replyMessageId, forgettings));
    if (learnt.length === 0) return false;
    const changed = await this.#deps.db.transaction().execute(async (trx) => {
      const memories = new MemoryRepository(trx);
      // the chat deleted meanwhile took its memory with it: nothing is learnt back
      const locked = await memories.lockChat(job.chatId, job.userId);
      if (!locked || locked.characterId !== owner.characterId) return false;
      const before = await memories.list(owner);
      const after = await this.#merge(memories, owner, learnt, before);
      return after.length !== before.length || after.some((row, i) => row !== before[i]);
    });
    if (changed) await this.#changed(job.userId, job.chatId, owner.characterId);
    return changed;
  }

  /**
   * Merges `found` into the pair's facts (mergeMemory) and writes the difference: a replaced fact
   * keeps its row, a new one is inserted, a dropped one deleted. Returns the rows after, oldest
   * change first; unchanged rows are the same objects as before.
   */
  async #merge(
    memories: MemoryRepository,
    owner: MemoryOwner,
    found: readonly MemoryFact[],
    known?: MemoryRow[],
  ): Promise<MemoryRow[]> {
    const before = known ?? (await memories.list(owner));
    const merged = mergeMemory(before, found);
    const kept = new Set<MemoryFact>(merged);
    const reusable = new Map<string, MemoryRow>();
    const dropped: number[] = [];
    for (const row of before) {
      if (kept.has(row)) continue;
      const key = memoryKey(row);
      if (reusable.has(key)) dropped.push(row.id);
      else reusable.set(key, row);
    }
    const at = now();
    const after: MemoryRow[] = [];
    for (const fact of merged) {
      if (before.includes(fact as MemoryRow)) {
        after.push(fact as MemoryRow);
        continue;
      }
      const values = { kind: fact.kind, subject: fact.subject, text: fact.text, date: fact.date ?? null };
      const key = memoryKey(fact);
      const replaced = reusable.get(key);
      reusable.delete(key);
      const row = replaced
        ? await memories.update(owner, replaced.id, { ...values, updated_at: at })
        : await memories.insert({
            ...values,
            user_id: owner.userId,
            character_id: owner.characterId,
            updated_at: at,
          });
      if (row) after.push(row);
    }
    dropped.push(...[...reusable.values()].map((row) => row.id));
    await memories.deleteMany(owner, dropped);
    return after;
  }

  /**
   * 422 when what the user wrote is refused (checked after the chat was found: another's chat is a
   * 404). A `self` fact is part of who the character is, so it is read as the character's
   * definition, its name before it ("Mia is 24"); any other fact as the user's message.
   */
  async #moderate(
    userId: string,
    characterName: string,
    fact: { kind: MemoryKind; subject?: string | undefined; text: string },
  ): Promise<void> {
    // the subject after the fact: "age: Mia is 12" would hide the age from the rules
    const subject = fact.subject ? `\n${fact.subject}` : "";
    if (fact.kind === "self") {
      await this.#deps.moderation.check(
        `${characterName} ${fact.text}${subject}`,
        "character_definition",
        userId,
      );
    } else {
      await this.#deps.moderation.check(`${asUserSaid(fact.text)}${subject}`, "chat_message", userId);
    }
  }

  async #changed(userId: string, chatId: number, characterId: number): Promise<void> {
    await this.#deps.bus.publish(userId, { action: "memory_update", chat_id: chatId, model_id: characterId });
  }
}

/**
 * The one name the user goes by with a character: the name they told it (the `name` fact), else
 * their profile's first name.
 */
export function userNameOf(memory: readonly MemoryFact[], profileName: string | null): string | null {
  const fact = memory.findLast((candidate) => candidate.kind === "name");
  const told = fact && nameIn(fact);
  return told || profileName?.trim() || null;
}

/** A name fact names the user in its subject; a fact written without one says it in its text. */
function nameIn(fact: MemoryFact): string {
  const subject = fact.subject.trim();
  if (subject) return subject;
  return fact.text
    .trim()
    .replace(/^(?:(?:my|their|the user's|user's)\s+name\s+is|name\s*:|is\s+called|goes\s+by|called)\s+/i, "")
    .replace(/[.!]+$/, "")
    .trim();
}

export function forgettingOf(row: MemoryForgettingRow): Forgetting {
  return { subject: row.subject, upToMessageId: row.up_to_message_id };
}

function memoryItem(row: MemoryRow): MemoryItem {
  return {
    id: row.id,
    kind: row.kind,
    subject: row.subject,
    text: row.text,
    date: row.date,
    updated_at: row.updated_at,
  };
}

/**
 * A fact about the user as they would say it ("is a 14 year old girl" → "I am a 14 year old girl"),
 * so the rules read a claim about the user's own age as theirs; a fact about someone else ("their
 * sister Lena…") is read as written.
 */
function asUserSaid(text: string): string {
  if (/^(?:their|my|the|a|an|his|her)\b/i.test(text) || /^\p{Lu}/u.test(text)) return text;
  return `I ${text.replace(/^is\b/i, "am").replace(/^has\b/i, "have")}`;
}
