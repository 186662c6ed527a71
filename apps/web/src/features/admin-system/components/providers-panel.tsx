import type { AdminProvider } from "@reverie/shared";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/cn";
import { providerLabel } from "../utils/provider-warnings";

const TONE = {
  ok: "bg-emerald-400/15 text-emerald-200",
  degraded: "bg-amber-400/15 text-amber-200",
  down: "bg-coral-500/15 text-coral-200",
} as const;

/** Which provider each part uses, and what its health check says now. */
export function ProvidersPanel({ providers }: { providers: AdminProvider[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="admin-providers">
      {providers.map((provider) => (
        <li key={provider.kind}>
          <Card className="h-full space-y-2 p-3 sm:p-4" data-testid={`admin-provider-${provider.kind}`}>
            <div className="flex items-center justify-between gap-2">
              <h3 className="text-sm text-ink-300">{providerLabel(provider.kind)}</h3>
              <span className={cn("rounded-full px-2 py-0.5 text-xs", TONE[provider.health.status])}>
                {provider.health.status}
              </span>
            </div>
            <p className="font-medium text-ink-100">{provider.active}</p>
            <p className="break-words text-xs text-ink-400">{provider.health.detail}</p>
            {provider.warning ? (
              <p className="break-words text-xs text-amber-200" data-testid="admin-provider-warning">
                {provider.warning}
              </p>
            ) : null}
          </Card>
        </li>
      ))}
    </ul>
  );
}
