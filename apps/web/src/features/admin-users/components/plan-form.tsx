import type { AdminUserDetail } from "@reverie/shared";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { SelectField } from "@/components/ui/select";
import { TextField } from "@/components/ui/text-field";
import { errorMessage } from "@/lib/api-client";
import { useChangePlan } from "../api/change-plan";
import { useAdminPlans } from "../api/get-plans";
import { AdminPanel } from "./admin-panel";
import { ReasonField } from "./reason-field";

/** Free now, or premium on a plan until a date (given: no payment, no renewal). */
export function PlanForm({ user }: { user: AdminUserDetail }) {
  const plans = useAdminPlans();
  const change = useChangePlan(user.id);
  const [plan, setPlan] = useState(user.plan === "premium" ? "free" : "premium_1_month");
  const [until, setUntil] = useState("");
  const [reason, setReason] = useState("");

  async function submit(event: FormEvent) {
    event.preventDefault();
    const ok = await change
      .mutateAsync({
        plan,
        reason: reason.trim(),
        ...(plan !== "free" && until ? { until: new Date(`${until}T23:59:59`).toISOString() } : {}),
      })
      .then(() => true)
      .catch(() => false);
    if (ok) setReason("");
  }

  const subscription = user.subscription;
  return (
    <AdminPanel title="Plan" testId="admin-plan">
      <p className="text-sm text-ink-300">
        {user.plan === "premium" ? "Premium" : "Free"}
        {subscription && subscription.status !== "ended"
          ? ` · ${subscription.plan_id} via ${subscription.provider}, ${subscription.status}, until ${new Date(subscription.current_period_end).toLocaleDateString()}`
          : ""}
      </p>
      <form onSubmit={(event) => void submit(event)} className="space-y-3">
        <SelectField
          label="New plan"
          id="admin-plan-select"
          value={plan}
          onChange={(event) => setPlan(event.target.value)}
        >
          <option value="free">Free (ends premium now)</option>
          {(plans.data?.plans ?? [{ id: "premium_1_month", name: "1 month" }]).map((item) => (
            <option key={item.id} value={item.id}>
              Premium · {item.name}
            </option>
          ))}
        </SelectField>
        {plan !== "free" ? (
          <TextField
            label="Until"
            type="date"
            optional
            value={until}
            onChange={(event) => setUntil(event.target.value)}
            hint="The plan's own period when left empty."
          />
        ) : null}
        <ReasonField value={reason} onChange={setReason} />
        {change.isError ? <Notice tone="error">{errorMessage(change.error)}</Notice> : null}
        {change.isSuccess ? <Notice tone="success">The plan is changed.</Notice> : null}
        <Button type="submit" disabled={reason.trim() === ""} loading={change.isPending}>
          Change plan
        </Button>
      </form>
    </AdminPanel>
  );
}
