import type { Balance } from "@reverie/shared";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { ConflictError, PaymentRequiredError } from "../../errors.ts";
import { LedgerRepository } from "../../repositories/ledger.ts";
import { UserRepository } from "../../repositories/users.ts";
import { presentLedgerEntry } from "./ledger-descriptions.ts";
import { PRICE_LIST } from "./price-list.ts";

/** How a message was paid for, so an answer that finally fails can be refunded exactly. */
export type Charge = { kind: "none" } | { kind: "free_message" } | { kind: "tokens"; amount: number };

/** How a voice message was paid for; `reference` is its ledger row, refunded as `refund:<reference>`. */
export type VoiceCharge = { kind: "none" } | { kind: "tokens"; amount: number; reference: string };

/** A database handle: the service's own, or the caller's transaction. */
type Db = Kysely<Database>;

/**
 * The only code that changes what a user may spend (decision 22): it charges messages and unlocks,
 * refunds, grants and spends free messages, always through the ledger repository and inside a
 * transaction (the caller's, when the charge belongs with the caller's writes, as a message does;
 * else its own). Prices come from the price list, never from a caller.
 */
export class BillingService {
  readonly #db: Db;

  constructor(deps: { db: Db }) {
    this.#db = deps.db;
  }

  /** Gives a new account the free messages it starts with (the sign-up hook calls it once per account). */
  async grantSignUpMessages(userId: string): Promise<void> {
    await new UserRepository(this.#db).update(userId, { free_msgs: PRICE_LIST.freeMessages });
  }

  /** What a private picture or video sent in a chat costs to unlock, fixed when it is sent. */
  unlockPrice(type: "private_image" | "private_video"): number {
    return type === "private_image"
      ? PRICE_LIST.costs.unlockPrivateImage
      : PRICE_LIST.costs.unlockPrivateVideo;
  }

  /**
   * Pays for a user's chat message inside the transaction that stores it: included in premium,
   * else a free message, else tokens; 402 when none is left (the caller's transaction then rolls
   * the message back).
   */
  async payForMessage(
    trx: Db,
    sender: { userId: string; plan: "free" | "premium"; messageId: number; balance: Balance },
  ): Promise<{ charge: Charge; balance: Balance }> {
    if (sender.plan === "premium") return { charge: { kind: "none" }, balance: sender.balance };
    const ledger = new LedgerRepository(trx);
    const freeLeft = await ledger.useFreeMessage(sender.userId);
    if (freeLeft !== null) {
      return { charge: { kind: "free_message" }, balance: { ...sender.balance, free_msgs: freeLeft } };
    }
    const amount = PRICE_LIST.costs.message;
    const tokensLeft = await ledger.debit({
      userId: sender.userId,
      amount,
      reason: "message",
      reference: `message:${sender.messageId}`,
    });
    if (tokensLeft === null) {
      throw new PaymentRequiredError(
        "message",
        "You have no free messages left. Get tokens or premium to keep chatting.",
      );
    }
    return { charge: { kind: "tokens", amount }, balance: { ...sender.balance, tokens: tokensLeft } };
  }

  /**
   * Pays for a voice message inside the caller's transaction (decision 35): included in premium,
   * else its price in tokens; 402 `voice_message` when the tokens do not cover it (the caller's
   * transaction then rolls back what it started). `reference` names the charge in the ledger.
   */
  async payForVoice(
    trx: Db,
    voice: { userId: string; plan: "free" | "premium"; reference: string },
  ): Promise<VoiceCharge> {
    if (voice.plan === "premium") return { kind: "none" };
    const amount = PRICE_LIST.costs.voiceMessage;
    const left = await new LedgerRepository(trx).debit({
      userId: voice.userId,
      amount,
      reason: "voice_message",
      reference: voice.reference,
    });
    if (left === null) {
      throw new PaymentRequiredError(
        "voice_message",
        `A voice message costs ${amount} tokens on the free plan. Get tokens, or go Premium for voice included.`,
      );
    }
    return { kind: "tokens", amount, reference: voice.reference };
  }

  /** Gives back a voice message's tokens once it could not be made. Idempotent (the refund's reference). */
  async refundVoice(refund: { userId: string; charge: VoiceCharge }): Promise<void> {
    const { charge } = refund;
    if (charge.kind === "none") return;
    await this.#db.transaction().execute((trx) =>
      new LedgerRepository(trx).credit({
        userId: refund.userId,
        amount: charge.amount,
        reason: "refund",
        reference: `refund:${charge.reference}`,
      }),
    );
  }

  /** Pays for unlocking a private picture or video of a chat, inside the caller's transaction. */
  async payForUnlock(
    trx: Db,
    unlock: { userId: string; messageId: number; type: string; price: number },
  ): Promise<number> {
    const left = await new LedgerRepository(trx).debit({
      userId: unlock.userId,
      amount: unlock.price,
      reason: "unlock",
      reference: `unlock:message:${unlock.messageId}`,
    });
    if (left === null) {
      throw new PaymentRequiredError(
        unlock.type,
        `Unlocking this costs ${unlock.price} tokens. Get more tokens to see it.`,
      );
    }
    return left;
  }

  /**
   * Gives back what a message was paid with, once its answer has finally failed. Idempotent: the
   * refund's ledger reference is unique, and a free message is given back only with it.
   */
  async refundMessage(refund: { userId: string; messageId: number; charge: Charge }): Promise<void> {
    if (refund.charge.kind === "none") return;
    const { charge } = refund;
    await this.#db.transaction().execute(async (trx) => {
      const ledger = new LedgerRepository(trx);
      const reference = `refund:message:${refund.messageId}`;
      if (charge.kind === "tokens") {
        await ledger.credit({ userId: refund.userId, amount: charge.amount, reason: "refund", reference });
      } else if (!(await ledger.hasReference(reference))) {
        await ledger.restoreFreeMessage(refund.userId);
        // a zero-token row records that this free message was given back, so a retry does not
        await ledger.credit({ userId: refund.userId, amount: 0, reason: "refund", reference });
      }
    });
  }

  /**
   * Adds tokens for a reason (a purchase, a plan's monthly tokens, an operator's grant) inside
   * the caller's transaction: the balance then, or null when `reference` was applied before.
   */
  async grant(
    trx: Db,
    change: { userId: string; amount: number; reason: string; reference: string },
  ): Promise<number | null> {
    if (!Number.isInteger(change.amount) || change.amount < 0) {
      throw new Error(`a grant is a whole, non-negative number of tokens, not ${change.amount}`);
    }
    return new LedgerRepository(trx).credit(change);
  }

  /**
   * Uses one of an allowance (a premium month's included characters) inside the caller's
   * transaction: a zero-token ledger row, so the statement shows it and deleting what it paid for
   * gives nothing back. False when `limit` uses since `since` are spent already.
   */
  async useAllowance(
    trx: Db,
    use: { userId: string; reason: string; reference: string; limit: number; since: Date },
  ): Promise<boolean> {
    const ledger = new LedgerRepository(trx);
    if ((await ledger.countIncludedSince(use.userId, use.reason, use.since)) >= use.limit) return false;
    return (
      (await ledger.credit({
        userId: use.userId,
        amount: 0,
        reason: use.reason,
        reference: use.reference,
      })) !== null
    );
  }

  /**
   * An operator's change of a balance (the admin console), inside the caller's transaction so its
   * audit entry goes with it: a positive amount grants, a negative one removes; a ledger row of its
   * own kind (`admin_adjustment`). Never below zero: 409 `insufficient_tokens`, nothing changed.
   */
  async adminAdjust(
    trx: Db,
    change: { userId: string; amount: number; reference: string },
  ): Promise<{ before: number; after: number }> {
    if (!Number.isInteger(change.amount) || change.amount === 0) {
      throw new Error(`an adjustment is a whole, non-zero number of tokens, not ${change.amount}`);
    }
    const ledger = new LedgerRepository(trx);
    const before = (await ledger.current(change.userId)).tokens;
    const entry = { userId: change.userId, reason: "admin_adjustment", reference: change.reference };
    const after =
      change.amount > 0
        ? await ledger.credit({ ...entry, amount: change.amount })
        : await ledger.debit({ ...entry, amount: -change.amount });
    if (after === null) {
      throw new ConflictError(
        "insufficient_tokens",
        `The balance is ${before} tokens: removing ${-change.amount} would take it below zero.`,
      );
    }
    return { before, after };
  }

  /**
   * Takes back the tokens a refunded order credited, inside the caller's transaction (with the
   * refund's record and audit entry). Never below zero: when the user has spent some, 409
   * `tokens_spent`, unless `partial` says to take back only what is left. Once per order (the
   * ledger reference), so a second call takes nothing.
   */
  async takeBackRefundedOrder(
    trx: Db,
    refund: { userId: string; orderId: string; tokens: number; partial: boolean },
  ): Promise<{ before: number; after: number; takenBack: number }> {
    const ledger = new LedgerRepository(trx);
    const before = (await ledger.current(refund.userId)).tokens;
    const reference = `order_refund:${refund.orderId}`;
    if (await ledger.hasReference(reference)) return { before, after: before, takenBack: 0 };
    if (before < refund.tokens && !refund.partial) {
      throw new ConflictError(
        "tokens_spent",
        `The order gave ${refund.tokens} tokens and ${before} are left: refund with what is left taken back, or not at all.`,
      );
    }
    const takenBack = Math.min(before, refund.tokens);
    const after = await ledger.debit({
      userId: refund.userId,
      amount: takenBack,
      reason: "order_refund",
      reference,
    });
    if (after === null) throw new ConflictError("tokens_spent", "The balance changed meanwhile; try again.");
    return { before, after, takenBack };
  }

  /** Whether a ledger reference was applied (a grant made before, under another scheme). */
  async hasLedgerReference(trx: Db, reference: string): Promise<boolean> {
    return new LedgerRepository(trx).hasReference(reference);
  }

  /**
   * The MonthlyTokens a subscription's first paid period granted so far (the payment that started
   * it: every month of it granted yet), or 0 when the ledger has none: what refunding that payment
   * takes back.
   */
  async periodTokensGranted(subscriptionId: number, db: Db = this.#db): Promise<number> {
    const rows = await new LedgerRepository(db).monthlyTokenGrants(subscriptionId);
    const first = rows[0];
    if (!first) return 0;
    // a grant's reference is its period's and its month's (`…:<period end>:<month>`); an ISO time ends in Z
    const period = (first.reference ?? "").replace(/:\d+$/, "");
    const granted = rows
      .filter((row) => row.reference === period || row.reference?.startsWith(`${period}:`))
      .reduce((sum, row) => sum + row.delta, 0);
    return Math.max(granted, 0);
  }

  /** Takes tokens for a reason inside the caller's transaction: the balance then, or null if too few. */
  async spend(
    trx: Db,
    change: { userId: string; amount: number; reason: string; reference: string },
  ): Promise<number | null> {
    return new LedgerRepository(trx).debit(change);
  }

  async balance(userId: string, db: Db = this.#db): Promise<Balance & { plan: "free" | "premium" }> {
    return new LedgerRepository(db).current(userId);
  }

  /** The user's token statement, newest first. */
  async statementFor(userId: string, page: { page: number; limit: number }) {
    const ledger = new LedgerRepository(this.#db);
    const [rows, total] = await Promise.all([
      ledger.statement(userId, { limit: page.limit, offset: (page.page - 1) * page.limit }),
      ledger.count(userId),
    ]);
    return { items: rows.map(presentLedgerEntry), total_count: total };
  }
}
