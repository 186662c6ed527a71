import { randomBytes } from "node:crypto";
import type {
  CustomModel,
  CustomModelPayload,
  customModelCreatedSchema,
  customModelUpdateSchema,
  Gender,
} from "@reverie/shared";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { CharacterUpdate, Database } from "../../db/schema.ts";
import { BadRequestError, NotFoundError, PaymentRequiredError } from "../../errors.ts";
import { chatMediaFiles } from "../../media/chat-media.ts";
import type { MediaStorage } from "../../media/storage.ts";
import type { EventBus } from "../../realtime/bus.ts";
import { CustomCharacterRepository, type OwnedCharacter } from "../../repositories/custom-characters.ts";
import { MessageRepository } from "../../repositories/messages.ts";
import { UserRepository } from "../../repositories/users.ts";
import { presentUser } from "../accounts.ts";
import type { BillingService } from "../billing/billing-service.ts";
import { PRICE_LIST } from "../billing/price-list.ts";
import type { CardData, ImportedCard } from "../cards/card-data.ts";
import { JOB, type JobQueue } from "../job-registry.ts";
import type { ModerationService } from "../moderation.ts";
import type { Presenter } from "../presenters.ts";
import { cardColumns, exportedCardData } from "./card-conversion.ts";
import { writeCard } from "./character-writing.ts";
import { presentCustomModel } from "./custom-model-presenter.ts";
import { builderDefinitionText, cardDefinitionText } from "./definition-text.ts";
import { derivedCanonColumn } from "./derived-canon.ts";
import type { PortraitJob, PortraitPainter } from "./portrait-painter.ts";
import type { Portraits } from "./portraits.ts";
import { defaultOption, VOICES } from "./trait-options.ts";
import {
  type CustomTraits,
  offeredTrait,
  parseStoredTraits,
  traitsRecord,
  validateTraits,
} from "./traits.ts";

export type CustomModelCreated = z.infer<typeof customModelCreatedSchema>;
export type CustomModelChanges = z.infer<typeof customModelUpdateSchema>;

/** Traits that change what the character looks like: a change redraws the portrait. */
const LOOK_TRAITS = [
  "ethnicity",
  "body_type",
  "breast_type",
  "butt_size",
  "eyes_color",
  "hair_style",
] as const;
/** What an imported character's edit may change; the rest is its card's. */
const CARD_EDITABLE = new Set(["name", "age", "description", "voice"]);

/** A slug nobody can guess or collide with (slugs are unique across all characters). */
function newSlug(name: string): string {
  const readable = name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 24);
  return `custom-${randomBytes(6).toString("hex")}${readable ? `-${readable}` : ""}`;
}

/** Names one drawing of a portrait (its files, its seed). */
function newRevision(): string {
  return randomBytes(8).toString("hex");
}

/** The first instant of the current calendar month (UTC), when a premium allowance starts again. */
function monthStart(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export interface CustomCharacterServiceDeps {
  db: Kysely<Database>;
  billing: BillingService;
  moderation: ModerationService;
  jobs: JobQueue;
  storage: MediaStorage;
  portraits: Portraits;
  painter: PortraitPainter;
  presenter: Presenter;
  bus: EventBus;
  log: { error(obj: object, msg: string): void };
}

/**
 * The user's own characters (decision 23): built in the constructor or imported from a card, paid
 * in tokens (premium: a monthly allowance first), moderated as character definitions, private to
 * their owner. One use case per method; the portrait is drawn by the `portrait` job.
 */
export class CustomCharacterService {
  readonly #deps: CustomCharacterServiceDeps;
  readonly #characters: CustomCharacterRepository;
  readonly #messages: MessageRepository;
  readonly #users: UserRepository;

  constructor(deps: CustomCharacterServiceDeps) {
    this.#deps = deps;
    this.#characters = new CustomCharacterRepository(deps.db);
    this.#messages = new MessageRepository(deps.db);
    this.#users = new UserRepository(deps.db);
  }

  /**
   * Builds a character from the constructor's payload: traits checked against the trait list,
   * the definition moderated, then in one transaction paid for, stored (portrait pending) and
   * its portrait job enqueued. 402 when the balance does not cover it: nothing is stored.
   */
  async create(userId: string, payload: CustomModelPayload): Promise<CustomModelCreated> {
    const traits = validateTraits(payload.gender, payload);
    const slug = newSlug(payload.name);
    const written = writeCard({ ...payload, traits, seed: slug });
    await this.#deps.moderation.check(
      builderDefinitionText({ name: payload.name, ...written }),
      "character_definition",
      userId,
    );
    const revision = newRevision();
    const created = await this.#deps.db.transaction().execute(async (trx) => {
      const characters = new CustomCharacterRepository(trx);
      const payment = await this.#pay(trx, characters, userId, slug);
      const row = await characters.insert({
        owner_id: userId,
        slug,
        name: payload.name,
        age: payload.age,
        gender: payload.gender,
        ...written,
        avatar_key: "",
        cover_key: "",
        position: 0,
        traits: JSON.stringify(traitsRecord(traits)),
        definition: null,
        source: "builder",
        portrait_status: "pending",
        voice: traits.voice,
        paid_tokens: payment.paidTokens,
      });
      // the sheet is seeded by the id, which the row has only now
      await characters.update(row.id, userId, { canon: derivedCanonColumn(row) });
      const job: PortraitJob = { userId, characterId: row.id, revision, reason: "created" };
      await this.#deps.jobs.enqueue(JOB.portrait, job, { db: trx });
      return { model_id: row.id, current_tokens: payment.balance, paid: payment.paidTokens > 0 };
    });
    if (created.paid) this.#balanceChanged(userId);
    return { model_id: created.model_id, current_tokens: created.current_tokens };
  }

  /**
   * Makes a character of an imported card (parsed and size-checked by the cards' route): the
   * card's every text moderated as a definition, the age the user states (18+, cards carry none),
   * paid like a built one. The card's picture becomes the portrait at once (`custom_model_created`
   * is sent when the call returns); a card without one gets its portrait drawn by the job.
   */
  async importCard(
    userId: string,
    card: ImportedCard,
    stated: { age: number; gender: Gender },
  ): Promise<CustomModelCreated> {
    await this.#deps.moderation.check(cardDefinitionText(card.data), "character_definition", userId);
    const columns = cardColumns(card.data);
    const slug = newSlug(columns.name);
    const revision = newRevision();
    const pictures = card.portraitPng ? await this.#deps.portraits.fromCardPicture(card.portraitPng) : null;
    const files = pictures ? this.#deps.portraits.keys(slug, revision) : null;
    if (files && pictures) await this.#deps.portraits.store(files, pictures);
    let created: { model_id: number; current_tokens: number; paid: boolean };
    try {
      created = await this.#deps.db.transaction().execute(async (trx) => {
        const characters = new CustomCharacterRepository(trx);
        const payment = await this.#pay(trx, characters, userId, slug);
        const row = await characters.insert({
          owner_id: userId,
          slug,
          ...columns,
          age: stated.age,
          gender: stated.gender,
          avatar_key: files?.avatar_key ?? "",
          cover_key: files?.cover_key ?? "",
          position: 0,
          traits: null,
          definition: JSON.stringify(card.data),
          source: "card",
          portrait_status: files ? "ready" : "pending",
          voice: defaultOption(VOICES, stated.gender).value,
          paid_tokens: payment.paidTokens,
        });
        await characters.update(row.id, userId, { canon: derivedCanonColumn(row) });
        if (!files) {
          const job: PortraitJob = { userId, characterId: row.id, revision, reason: "created" };
          await this.#deps.jobs.enqueue(JOB.portrait, job, { db: trx });
        }
        return { model_id: row.id, current_tokens: payment.balance, paid: payment.paidTokens > 0 };
      });
    } catch (error) {
      if (files) await this.#deps.portraits.remove([files.avatar_key, files.cover_key]);
      throw error;
    }
    if (files) await this.#deps.painter.announceCreated(userId, created.model_id);
    if (created.paid) this.#balanceChanged(userId);
    return { model_id: created.model_id, current_tokens: created.current_tokens };
  }

  /** The user's characters of a category (all without one), newest first. */
  async list(userId: string, gender?: Gender): Promise<CustomModel[]> {
    const rows = await this.#characters.list(userId, gender);
    return rows.map((row) => presentCustomModel(this.#deps.presenter, row));
  }

  /** One of the user's characters; another user's, or a catalog one, is a 404. */
  async get(userId: string, id: number): Promise<CustomModel> {
    return presentCustomModel(this.#deps.presenter, await this.#require(userId, id));
  }

  /**
   * Changes a character, moderated again. A built one takes any of the constructor's fields (the
   * texts written from its traits follow; a changed look redraws the portrait); an imported one
   * its name, age, description and voice, the rest being its card's.
   */
  async update(userId: string, id: number, changes: CustomModelChanges): Promise<CustomModel> {
    const row = await this.#require(userId, id);
    const traits = parseStoredTraits(row.traits);
    const changed = traits
      ? await this.#builtChanges(userId, row, traits, changes)
      : await this.#importedChanges(userId, row, changes);
    const { redraw } = changed;
    // what the definition now states is taken into the sheet; the rest stays as it was (same seed)
    const values = { ...changed.values, canon: derivedCanonColumn({ ...row, ...changed.values }) };
    await this.#deps.db.transaction().execute(async (trx) => {
      const characters = new CustomCharacterRepository(trx);
      if (
        !(await characters.update(id, userId, redraw ? { ...values, portrait_status: "pending" } : values))
      ) {
        throw new NotFoundError(`Character ${id} does not exist.`);
      }
      if (redraw) {
        const job: PortraitJob = { userId, characterId: id, revision: newRevision(), reason: "redrawn" };
        await this.#deps.jobs.enqueue(JOB.portrait, job, { db: trx });
      }
    });
    return this.get(userId, id);
  }

  /** Draws the portrait again (a new picture, same look); `update_custom_image` brings it. */
  async redrawPortrait(userId: string, id: number): Promise<CustomModel> {
    await this.#require(userId, id);
    await this.#deps.db.transaction().execute(async (trx) => {
      await new CustomCharacterRepository(trx).update(id, userId, { portrait_status: "pending" });
      const job: PortraitJob = { userId, characterId: id, revision: newRevision(), reason: "redrawn" };
      await this.#deps.jobs.enqueue(JOB.portrait, job, { db: trx });
    });
    return this.get(userId, id);
  }

  /**
   * Deletes a character with its chats, their messages and every file: the pictures and videos
   * sent in its chats, their voice recordings, the pictures generated of it, its portrait. The
   * rows go first; a file that fails to go is logged, never blocks the deletion.
   */
  async delete(userId: string, id: number): Promise<void> {
    const row = await this.#require(userId, id);
    const chatIds = await this.#characters.chatIds(id);
    const chatFiles = await Promise.all(chatIds.map((chatId) => this.#messages.fileKeys(chatId)));
    const pictures = await this.#characters.pictureFiles(id);
    if (!(await this.#characters.delete(id, userId)))
      throw new NotFoundError(`Character ${id} does not exist.`);
    const keys = [
      ...chatFiles.flatMap((files) => [...files.media.flatMap(chatMediaFiles), ...files.voice]),
      ...pictures,
    ];
    await Promise.all([
      keys.length > 0
        ? this.#deps.storage.remove(keys).catch((error: unknown) => {
            this.#deps.log.error(
              { err: error, characterId: id },
              "could not remove the files of a deleted character",
            );
          })
        : undefined,
      this.#deps.portraits.remove([row.avatar_key, row.cover_key]),
    ]);
  }

  /** The character as a card (for the cards' export): its definition and its portrait as a PNG. */
  async exportCard(userId: string, id: number): Promise<{ data: CardData; portrait: Buffer }> {
    const row = await this.#require(userId, id);
    return { data: exportedCardData(row), portrait: await this.#deps.portraits.png(row, row.cover_key) };
  }

  async #require(userId: string, id: number): Promise<OwnedCharacter> {
    const row = await this.#characters.find(id, userId);
    if (!row) throw new NotFoundError(`Character ${id} does not exist.`);
    return row;
  }

  /**
   * Pays for a new character inside its transaction: premium's monthly allowance first (its uses
   * this calendar month are ledger rows, counted with the owner's row held so two creations at
   * once count one after the other, and kept when a character is deleted), else the price list's
   * price in tokens.
   */
  async #pay(
    trx: Kysely<Database>,
    characters: CustomCharacterRepository,
    userId: string,
    slug: string,
  ): Promise<{ paidTokens: number; balance: number }> {
    await characters.lockOwner(userId);
    const { plan, tokens } = await this.#deps.billing.balance(userId, trx);
    if (
      plan === "premium" &&
      (await this.#deps.billing.useAllowance(trx, {
        userId,
        reason: "custom_character",
        reference: `custom_character:${slug}`,
        limit: PRICE_LIST.premiumFeatures.CustomCharacters,
        since: monthStart(),
      }))
    ) {
      return { paidTokens: 0, balance: tokens };
    }
    const price = PRICE_LIST.costs.customCharacter;
    const left = await this.#deps.billing.spend(trx, {
      userId,
      amount: price,
      reason: "custom_character",
      reference: `custom_character:${slug}`,
    });
    if (left === null) {
      throw new PaymentRequiredError(
        "custom_model",
        `Creating a character costs ${price} tokens. Get more tokens to bring yours to life.`,
      );
    }
    return { paidTokens: price, balance: left };
  }

  async #builtChanges(
    userId: string,
    row: OwnedCharacter,
    before: CustomTraits,
    changes: CustomModelChanges,
  ): Promise<{ values: CharacterUpdate; redraw: boolean }> {
    const previous = traitsRecord(before);
    const traits = validateTraits(row.gender, { ...previous, ...changes });
    const next = traitsRecord(traits);
    const name = changes.name ?? row.name;
    const age = changes.age ?? row.age;
    // a description the maker never wrote follows the traits; one they wrote stays until they change it
    const written = writeCard({
      name: row.name,
      age: row.age,
      gender: row.gender,
      description: "",
      traits: before,
      seed: row.slug,
    });
    const description =
      changes.description ?? (row.description === written.description ? "" : row.description);
    const card = writeCard({ name, age, gender: row.gender, description, traits, seed: row.slug });
    await this.#deps.moderation.check(
      builderDefinitionText({ name, ...card }),
      "character_definition",
      userId,
    );
    return {
      values: { name, age, ...card, traits: JSON.stringify(next), voice: traits.voice },
      redraw: LOOK_TRAITS.some((key) => previous[key] !== next[key]),
    };
  }

  async #importedChanges(
    userId: string,
    row: OwnedCharacter,
    changes: CustomModelChanges,
  ): Promise<{ values: CharacterUpdate; redraw: boolean }> {
    const fixed = Object.keys(changes).find((key) => !CARD_EDITABLE.has(key));
    if (fixed) {
      throw new BadRequestError(
        `Invalid body: ${fixed}: an imported character keeps its card's ${fixed.replaceAll("_", " ")}; its name, age, description and voice can be changed.`,
        "invalid_trait",
      );
    }
    const values: CharacterUpdate = {
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.age !== undefined ? { age: changes.age } : {}),
      ...(changes.description !== undefined ? { description: changes.description } : {}),
      ...(changes.voice !== undefined ? { voice: offeredTrait("voice", changes.voice, row.gender) } : {}),
    };
    const card = exportedCardData({ ...row, ...values });
    await this.#deps.moderation.check(cardDefinitionText(card), "character_definition", userId);
    return { values, redraw: false };
  }

  /** Tells the user's other tabs the balance dropped; the call's own answer carries it already. */
  #balanceChanged(userId: string): void {
    void this.#users
      .findById(userId)
      .then((user) =>
        user
          ? this.#deps.bus.publish(userId, {
              action: "user_update",
              user: presentUser(user),
              reason: "balance_changed",
            })
          : undefined,
      )
      .catch((error: unknown) =>
        this.#deps.log.error({ err: error, userId }, "the balance update was not sent"),
      );
  }
}
