import type { User } from "@reverie/shared";
import { Coins, Crown, MessageCircle } from "lucide-react";
import { Card } from "@/components/ui/card";
import { Chip } from "@/components/ui/chip";
import { formatTokens, pluralize } from "@/lib/format";
import { EmailVerification } from "./email-verification";

/** Who is signed in, their plan and balances. */
export function AccountSummary({ user }: { user: User }) {
  const name = [user.first_name, user.last_name].filter(Boolean).join(" ");
  const initial = (user.first_name || user.email).trim().charAt(0).toUpperCase() || "?";
  const premium = user.plan === "premium";

  return (
    <Card className="relative overflow-hidden p-5 sm:p-7" data-testid="account-summary">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-20 -right-16 size-64 rounded-full bg-coral-500/15 blur-3xl"
      />
      <div className="relative flex items-start gap-4 sm:gap-5">
        <span
          aria-hidden="true"
          className="grid size-14 shrink-0 place-items-center rounded-2xl bg-gradient-to-br from-coral-400 to-violet-600 font-display text-2xl text-white shadow-glow sm:size-16"
        >
          {initial}
        </span>
        <div className="min-w-0 flex-1">
          {name ? <p className="truncate font-display text-xl text-ink-100">{name}</p> : null}
          <p className="truncate text-sm text-ink-300" data-testid="account-email">
            {user.email}
          </p>
          <EmailVerification user={user} />
          <div className="mt-3 flex flex-wrap gap-2">
            <Chip
              className={premium ? "border-amber-300/30 bg-amber-300/10 text-amber-100" : undefined}
              icon={<Crown className="size-3.5" aria-hidden="true" />}
            >
              {premium ? "Premium" : "Free plan"}
            </Chip>
            <Chip icon={<Coins className="size-3.5" aria-hidden="true" />}>
              {formatTokens(user.tokens)} tokens
            </Chip>
            {premium ? null : (
              <Chip icon={<MessageCircle className="size-3.5" aria-hidden="true" />}>
                {pluralize(user.free_msgs, "free message")}
              </Chip>
            )}
          </div>
        </div>
      </div>
    </Card>
  );
}
