import { type AdminUserDetail, ROLES, type Role } from "@reverie/shared";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { SelectField } from "@/components/ui/select";
import { errorMessage } from "@/lib/api-client";
import { useChangeRole } from "../api/change-role";
import { AdminPanel } from "./admin-panel";
import { ReasonField } from "./reason-field";

const ROLE_LABELS: Record<Role, string> = {
  user: "User",
  moderator: "Moderator (reads the console)",
  admin: "Admin (reads and changes)",
};

/** Who may use the console; an admin cannot demote themselves. */
export function RoleForm({ user, isSelf }: { user: AdminUserDetail; isSelf: boolean }) {
  const change = useChangeRole(user.id);
  const [role, setRole] = useState<Role>(user.role);
  const [reason, setReason] = useState("");

  async function submit(event: FormEvent) {
    event.preventDefault();
    await change.mutateAsync({ role, ...(reason.trim() ? { reason: reason.trim() } : {}) }).catch(() => null);
  }

  return (
    <AdminPanel title="Role" testId="admin-role">
      <form onSubmit={(event) => void submit(event)} className="space-y-3">
        <SelectField
          label="Role"
          id="admin-role-select"
          value={role}
          disabled={isSelf}
          onChange={(event) => setRole(event.target.value as Role)}
          note={isSelf ? "This is you: another admin can change your role." : undefined}
        >
          {ROLES.map((item) => (
            <option key={item} value={item}>
              {ROLE_LABELS[item]}
            </option>
          ))}
        </SelectField>
        <ReasonField value={reason} onChange={setReason} optional />
        {change.isError ? <Notice tone="error">{errorMessage(change.error)}</Notice> : null}
        <Button type="submit" disabled={isSelf || role === user.role} loading={change.isPending}>
          Change role
        </Button>
      </form>
    </AdminPanel>
  );
}
