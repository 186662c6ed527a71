import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ErrorState } from "@/components/ui/error-state";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { formatTokens } from "@/lib/format";
import { useAdminUser } from "../api/get-user";
import { BanPanel } from "./ban-panel";
import { DataRequestsPanel } from "./data-requests-panel";
import { PlanForm } from "./plan-form";
import { RoleForm } from "./role-form";
import { TokenAdjustmentForm } from "./token-adjustment-form";
import { UserBadges } from "./user-badges";
import { UserLedger } from "./user-ledger";
import { UserSessions } from "./user-sessions";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-ink-400">{label}</dt>
      <dd className="text-ink-100 tabular-nums">{children}</dd>
    </div>
  );
}

/** A user's page: what they have and, for admins, every change an operator may make. */
export function UserDetail({ userId, operator }: { userId: string; operator: { id: string; role: string } }) {
  const user = useAdminUser(userId);
  if (user.isPending) return <Spinner label="Loading the user" />;
  if (user.isError) return <ErrorState error={user.error} onRetry={() => void user.refetch()} />;
  const data = user.data;
  const canChange = operator.role === "admin";
  const isSelf = operator.id === data.id;

  return (
    <div className="space-y-6" data-testid="admin-user-detail">
      <Link
        to={paths.adminUsers}
        className="inline-flex items-center gap-1 text-sm text-ink-300 hover:text-ink-100"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> Users
      </Link>
      <div className="space-y-2" data-private>
        <p className="break-all font-display text-xl text-ink-100">{data.email}</p>
        <UserBadges user={data} />
        <dl className="grid grid-cols-2 gap-3 pt-2 sm:grid-cols-4">
          <Fact label="Balance">
            <span data-testid="admin-user-balance">{formatTokens(data.tokens)}</span> tokens
          </Fact>
          <Fact label="Free messages">{data.free_msgs}</Fact>
          <Fact label="Chats">{data.chats_count}</Fact>
          <Fact label="Joined">{new Date(data.created_at).toLocaleDateString()}</Fact>
          <Fact label="Name">{data.name ?? "—"}</Fact>
          <Fact label="Email verified">{data.email_verified ? "yes" : "no"}</Fact>
          <Fact label="Payment failed">{data.payment_failed ? "yes" : "no"}</Fact>
          <Fact label="Id">
            <span className="break-all text-xs">{data.id}</span>
          </Fact>
        </dl>
      </div>
      {canChange ? (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-4 xl:grid-cols-2">
          <TokenAdjustmentForm userId={data.id} balance={data.tokens} />
          <PlanForm key={`${data.plan}-${data.subscription?.id ?? 0}`} user={data} />
          <BanPanel user={data} />
          <RoleForm key={data.role} user={data} isSelf={isSelf} />
          <DataRequestsPanel userId={data.id} email={data.email} isSelf={isSelf} />
        </div>
      ) : (
        <p className="text-sm text-ink-400">Moderators see accounts; only admins change them.</p>
      )}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 xl:grid-cols-2">
        <UserLedger rows={data.ledger} />
        <UserSessions sessions={data.sessions} />
      </div>
    </div>
  );
}
