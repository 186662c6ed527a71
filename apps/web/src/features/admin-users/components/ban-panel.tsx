import type { AdminUserDetail } from "@reverie/shared";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { errorMessage } from "@/lib/api-client";
import { useBanUser } from "../api/ban-user";
import { useUnbanUser } from "../api/unban-user";
import { AdminPanel } from "./admin-panel";
import { ReasonField } from "./reason-field";

/** Ban (every session ends and every open tab is signed out at once) or lift a ban. */
export function BanPanel({ user }: { user: AdminUserDetail }) {
  const ban = useBanUser(user.id);
  const unban = useUnbanUser(user.id);
  const [reason, setReason] = useState("");
  const action = user.banned ? unban : ban;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const ok = await action
      .mutateAsync(reason.trim())
      .then(() => true)
      .catch(() => false);
    if (ok) setReason("");
  }

  return (
    <AdminPanel title={user.banned ? "Banned" : "Ban"} testId="admin-ban">
      {user.banned ? (
        <p className="text-sm text-ink-300">
          Banned {user.banned_at ? new Date(user.banned_at).toLocaleString() : ""}: {user.ban_reason}
        </p>
      ) : (
        <p className="text-sm text-ink-300">
          A ban signs the user out everywhere at once; every later call is refused until it is lifted.
        </p>
      )}
      <form onSubmit={(event) => void submit(event)} className="space-y-3">
        <ReasonField value={reason} onChange={setReason} optional={user.banned} testId="admin-ban-reason" />
        {action.isError ? <Notice tone="error">{errorMessage(action.error)}</Notice> : null}
        <Button
          type="submit"
          variant={user.banned ? "secondary" : "danger"}
          disabled={!user.banned && reason.trim() === ""}
          loading={action.isPending}
        >
          {user.banned ? "Lift the ban" : "Ban this user"}
        </Button>
      </form>
    </AdminPanel>
  );
}
