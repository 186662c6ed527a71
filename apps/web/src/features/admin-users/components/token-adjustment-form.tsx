import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { TextField } from "@/components/ui/text-field";
import { errorMessage } from "@/lib/api-client";
import { formatTokens } from "@/lib/format";
import { useAdjustTokens } from "../api/adjust-tokens";
import { AdminPanel } from "./admin-panel";
import { ReasonField } from "./reason-field";

/** Grant or remove tokens through the billing service; the user's open tabs update at once. */
export function TokenAdjustmentForm({ userId, balance }: { userId: string; balance: number }) {
  const adjust = useAdjustTokens(userId);
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [done, setDone] = useState<string | null>(null);

  async function submit(direction: 1 | -1, event?: FormEvent) {
    event?.preventDefault();
    setDone(null);
    const tokens = Math.abs(Number(amount));
    const result = await adjust
      .mutateAsync({ amount: direction * tokens, reason: reason.trim() })
      .catch(() => null);
    if (!result) return;
    setDone(
      `${direction > 0 ? "Granted" : "Removed"} ${formatTokens(tokens)} tokens. Balance: ${formatTokens(result.tokens)}.`,
    );
    setAmount("");
    setReason("");
  }

  const ready = Number.isInteger(Number(amount)) && Number(amount) > 0 && reason.trim() !== "";
  return (
    <AdminPanel title="Tokens" testId="admin-tokens">
      <p className="text-sm text-ink-300">
        Balance: <span className="tabular-nums text-ink-100">{formatTokens(balance)}</span> tokens. A removal
        never takes it below zero.
      </p>
      <form onSubmit={(event) => void submit(1, event)} className="space-y-3">
        <TextField
          label="Amount"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          data-testid="admin-tokens-amount"
        />
        <ReasonField value={reason} onChange={setReason} testId="admin-tokens-reason" />
        {adjust.isError ? <Notice tone="error">{errorMessage(adjust.error)}</Notice> : null}
        {done ? <Notice tone="success">{done}</Notice> : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={!ready} loading={adjust.isPending}>
            Grant tokens
          </Button>
          <Button
            type="button"
            variant="secondary"
            disabled={!ready || adjust.isPending}
            onClick={() => void submit(-1)}
          >
            Remove tokens
          </Button>
        </div>
      </form>
    </AdminPanel>
  );
}
