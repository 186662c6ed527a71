import type { AdminUserSummary } from "@reverie/shared";
import { cn } from "@/lib/cn";

function Tag({ children, tone }: { children: string; tone: "neutral" | "warm" | "danger" }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium",
        tone === "neutral" && "bg-white/5 text-ink-300",
        tone === "warm" && "bg-coral-500/15 text-coral-200",
        tone === "danger" && "bg-red-500/20 text-red-200",
      )}
    >
      {children}
    </span>
  );
}

/** Plan, role and ban of an account as small tags. */
export function UserBadges({ user }: { user: Pick<AdminUserSummary, "plan" | "role" | "banned"> }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Tag tone={user.plan === "premium" ? "warm" : "neutral"}>{user.plan}</Tag>
      {user.role !== "user" ? <Tag tone="warm">{user.role}</Tag> : null}
      {user.banned ? <Tag tone="danger">banned</Tag> : null}
    </span>
  );
}
