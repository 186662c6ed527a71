import { randomBytes } from "node:crypto";
import type {
  AdminBundle,
  AdminBundleList,
  AdminBundleUpdateBody,
  AdminCharacter,
  AdminCharacterDetail,
  AdminCharacterList,
  AdminCharacterOrderBody,
  AdminCharacterVisibilityBody,
  Gender,
} from "@reverie/shared";
import { adminCharacterCreateBodySchema, type adminCharacterUpdateBodySchema } from "@reverie/shared";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { Database } from "../../db/schema.ts";
import { BadRequestError, NotFoundError } from "../../errors.ts";
import { AdminCatalogRepository } from "../../repositories/admin-catalog.ts";
import type { CharacterWithCounts } from "../../repositories/characters.ts";
import type { CatalogService } from "../catalog.ts";
import { builderDefinitionText } from "../custom-characters/definition-text.ts";
import { derivedCanonColumn } from "../custom-characters/derived-canon.ts";
import type { ModerationService } from "../moderation.ts";
import type { AuditActor, AuditLogService } from "./audit-log.ts";
import { type AdminCatalogPresenter, characterSnapshot } from "./catalog-presenter.ts";

type CharacterFields = z.output<typeof adminCharacterCreateBodySchema>;
type CharacterChanges = z.output<typeof adminCharacterUpdateBodySchema>;

const MIN_AGE = 18;
const FIELD_NAMES = Object.keys(adminCharacterCreateBodySchema.shape).filter(
  (name) => name !== "reason",
) as Array<keyof Omit<CharacterFields, "reason">>;

function slugFor(name: string): string {
  const base = name
    .normalize("NFKD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, "-")
    .slice(0, 40);
  return `${base || "character"}-${randomBytes(3).toString("hex")}`;
}

/** The text moderation reads of a catalog character: what the custom characters' check reads, and its lines. */
function definitionText(fields: Omit<CharacterFields, "reason">): string {
  return [builderDefinitionText(fields), fields.tagline, fields.first_msg, fields.user_first_msg_help]
    .filter((part) => part.trim())
    .join("\n");
}

export interface AdminCatalogDeps {
  db: Kysely<Database>;
  audit: AuditLogService;
  moderation: ModerationService;
  catalog: CatalogService;
  presenter: AdminCatalogPresenter;
}

/**
 * The console's Characters and media screen (decision 30): the public catalog, hidden
 * characters included. Definitions and names go through moderation as custom characters' do, and
 * an age under 18 is refused and recorded; every change is audited with before and after in its
 * transaction, then the public catalog's cached answers are let go (catalogChanged).
 */
export class AdminCatalog {
  readonly #deps: AdminCatalogDeps;

  constructor(deps: AdminCatalogDeps) {
    this.#deps = deps;
  }

  async list(gender?: Gender): Promise<AdminCharacterList> {
    const rows = await new AdminCatalogRepository(this.#deps.db).listCharacters(gender);
    return { items: rows.map((row) => this.#deps.presenter.character(row)) };
  }

  async detail(id: number): Promise<AdminCharacterDetail> {
    const repository = new AdminCatalogRepository(this.#deps.db);
    const row = await this.#requireCharacter(repository, id);
    const [media, bundles] = await Promise.all([
      repository.listMedia(id),
      repository.listBundles({ characterId: id }),
    ]);
    return {
      ...this.#deps.presenter.character(row),
      media: media.map((item) => this.#deps.presenter.media(item)),
      bundles: bundles.map((bundle) => this.#deps.presenter.bundle(bundle)),
    };
  }

  async create(actor: AuditActor, body: CharacterFields): Promise<AdminCharacter> {
    const { reason, ...fields } = body;
    await this.#checkDefinition(fields, actor);
    const id = await this.#deps.db.transaction().execute(async (trx) => {
      const repository = new AdminCatalogRepository(trx);
      const created = await repository.insertCharacter({
        slug: slugFor(fields.name),
        ...fields,
        avatar_key: "",
        cover_key: "",
        position: await repository.nextPosition(fields.gender),
        owner_id: null,
      });
      // a character made in the console has no written sheet: it gets one derived from what it
      // says (decision 44), seeded by its id; an edit keeps the stored sheet as it is
      const row = await this.#requireCharacter(repository, created);
      await repository.updateCharacter(created, {
        canon: derivedCanonColumn({ ...row, definition: null }),
      });
      await this.#deps.audit.record(
        {
          actor,
          action: "character.created",
          targetType: "character",
          targetId: String(created),
          before: null,
          after: characterSnapshot(row),
          reason,
        },
        trx,
      );
      return created;
    });
    this.#deps.catalog.catalogChanged();
    return this.#deps.presenter.character(
      await this.#requireCharacter(new AdminCatalogRepository(this.#deps.db), id),
    );
  }

  async update(actor: AuditActor, id: number, body: CharacterChanges): Promise<AdminCharacter> {
    const { reason, ...changes } = body;
    const current = await this.#requireCharacter(new AdminCatalogRepository(this.#deps.db), id);
    const next = { ...characterSnapshot(current), ...changes };
    const changed = FIELD_NAMES.filter(
      (name) => changes[name] !== undefined && changes[name] !== current[name],
    );
    if (changed.length === 0) return this.#deps.presenter.character(current);
    await this.#checkDefinition(next, actor);
    await this.#deps.db.transaction().execute(async (trx) => {
      const repository = new AdminCatalogRepository(trx);
      const before = await this.#requireCharacter(repository, id);
      const values = Object.fromEntries(changed.map((name) => [name, changes[name]]));
      await repository.updateCharacter(id, values);
      const after = await this.#requireCharacter(repository, id);
      await this.#deps.audit.record(
        {
          actor,
          action: "character.updated",
          targetType: "character",
          targetId: String(id),
          before: pick(characterSnapshot(before), changed),
          after: pick(characterSnapshot(after), changed),
          reason,
        },
        trx,
      );
    });
    this.#deps.catalog.catalogChanged();
    return this.#deps.presenter.character(
      await this.#requireCharacter(new AdminCatalogRepository(this.#deps.db), id),
    );
  }

  async setVisibility(
    actor: AuditActor,
    id: number,
    body: AdminCharacterVisibilityBody,
  ): Promise<AdminCharacter> {
    await this.#deps.db.transaction().execute(async (trx) => {
      const repository = new AdminCatalogRepository(trx);
      const before = await this.#requireCharacter(repository, id);
      if ((before.hidden_at !== null) === body.hidden) return;
      await repository.updateCharacter(id, { hidden_at: body.hidden ? new Date().toISOString() : null });
      await this.#deps.audit.record(
        {
          actor,
          action: body.hidden ? "character.hidden" : "character.shown",
          targetType: "character",
          targetId: String(id),
          before: { hidden: !body.hidden },
          after: { hidden: body.hidden },
          reason: body.reason,
        },
        trx,
      );
    });
    this.#deps.catalog.catalogChanged();
    return this.#deps.presenter.character(
      await this.#requireCharacter(new AdminCatalogRepository(this.#deps.db), id),
    );
  }

  /** A category's new order: `ids` must name each of its catalog characters once. */
  async reorder(actor: AuditActor, body: AdminCharacterOrderBody): Promise<AdminCharacterList> {
    await this.#deps.db.transaction().execute(async (trx) => {
      const repository = new AdminCatalogRepository(trx);
      const before = await repository.idsInOrder(body.gender);
      const named = new Set(body.ids);
      if (
        named.size !== body.ids.length ||
        named.size !== before.length ||
        before.some((id) => !named.has(id))
      ) {
        throw new BadRequestError(
          "List every character of the category once, in the new order.",
          "order_incomplete",
        );
      }
      for (const [position, id] of body.ids.entries()) await repository.setPosition(id, position);
      await this.#deps.audit.record(
        {
          actor,
          action: "character.reordered",
          targetType: "catalog",
          targetId: body.gender,
          before: { ids: before },
          after: { ids: body.ids },
        },
        trx,
      );
    });
    this.#deps.catalog.catalogChanged();
    return this.list(body.gender);
  }

  async bundles(filter: {
    gender?: Gender | undefined;
    kind?: "bundle" | "pack" | undefined;
  }): Promise<AdminBundleList> {
    const rows = await new AdminCatalogRepository(this.#deps.db).listBundles(filter);
    return { items: rows.map((row) => this.#deps.presenter.bundle(row)) };
  }

  /** A bundle's or pack's title, description or price; the price is what buyers are charged from now on. */
  async updateBundle(actor: AuditActor, id: number, body: AdminBundleUpdateBody): Promise<AdminBundle> {
    const { reason, ...changes } = body;
    const bundle = await this.#deps.db.transaction().execute(async (trx) => {
      const repository = new AdminCatalogRepository(trx);
      const before = await repository.findBundle(id);
      if (!before) throw new NotFoundError(`Bundle ${id} does not exist.`);
      const changed = (["title", "description", "price_tokens"] as const).filter(
        (name) => changes[name] !== undefined && changes[name] !== before[name],
      );
      if (changed.length === 0) return before;
      await repository.updateBundle(id, Object.fromEntries(changed.map((name) => [name, changes[name]])));
      const after = await repository.findBundle(id);
      if (!after) throw new NotFoundError(`Bundle ${id} does not exist.`);
      await this.#deps.audit.record(
        {
          actor,
          action: "bundle.updated",
          targetType: "bundle",
          targetId: String(id),
          before: pick(before, changed),
          after: pick(after, changed),
          reason,
        },
        trx,
      );
      return after;
    });
    this.#deps.catalog.catalogChanged();
    return this.#deps.presenter.bundle(bundle);
  }

  async #requireCharacter(repository: AdminCatalogRepository, id: number): Promise<CharacterWithCounts> {
    const row = await repository.findCharacter(id);
    if (!row) throw new NotFoundError(`Character ${id} does not exist.`);
    return row;
  }

  /** An admin cannot publish a minor either: the age, then the moderation every definition goes through. */
  async #checkDefinition(fields: Omit<CharacterFields, "reason">, actor: AuditActor): Promise<void> {
    if (fields.age < MIN_AGE) throw await this.#deps.moderation.refuseUnderage(fields, actor.id);
    await this.#deps.moderation.check(definitionText(fields), "character_definition", actor.id);
  }
}

function pick<T extends object, K extends keyof T>(row: T, names: readonly K[]): Pick<T, K> {
  return Object.fromEntries(names.map((name) => [name, row[name]])) as Pick<T, K>;
}
