import type { LedgerEntry } from "@reverie/shared";
import type { TokenLedgerRow } from "../../db/schema.ts";

/** A ledger row in words, for the user's token statement. */
export function describeLedgerEntry(row: TokenLedgerRow): string {
  switch (row.reason) {
    case "message":
      return "A chat message";
    case "unlock":
      return "Unlocked a private photo or video";
    case "bundle":
      return "Bought a pack";
    case "purchase":
      return `Bought ${row.delta} tokens`;
    case "monthly_tokens":
      return "Premium tokens for the new period";
    case "refund":
      if (row.reference?.startsWith("refund:image_request:"))
        return "Refund for pictures that could not be made";
      if (row.reference?.startsWith("refund:voice"))
        return "Refund for a voice message that could not be made";
      return row.delta > 0 ? "Refund for a reply that could not be made" : "A free message given back";
    case "grant":
      return "Added by Reverie support";
    case "admin_adjustment":
      return row.delta >= 0 ? "Added by Reverie support" : "Removed by Reverie support";
    case "order_refund":
      return "Tokens of a refunded purchase taken back";
    case "custom_character":
      return row.delta === 0 ? "Created a character (included in Premium)" : "Created a character";
    case "image_generation":
      return "Generated pictures";
    case "voice_message":
      return "A voice message";
    default:
      return row.reason;
  }
}

export function presentLedgerEntry(row: TokenLedgerRow): LedgerEntry {
  return {
    id: row.id,
    delta: row.delta,
    balance_after: row.balance_after,
    reason: row.reason,
    description: describeLedgerEntry(row),
    created_at: new Date(row.created_at).toISOString(),
  };
}
