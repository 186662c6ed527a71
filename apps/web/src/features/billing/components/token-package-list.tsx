import type { tokenPackageSchema } from "@reverie/shared";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { z } from "zod";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { useTokenPackages } from "../api/get-token-packages";
import { checkoutPackagePath } from "../utils/checkout-query";

type TokenPackage = z.infer<typeof tokenPackageSchema>;

/** The buy-tokens prompt's list, or /plans' wider one (six to a row on large screens). */
type Layout = "prompt" | "page";

const GRID: Record<Layout, string> = {
  prompt: "grid grid-cols-2 gap-3 sm:grid-cols-3",
  page: "grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6",
};

const TILE: Record<Layout, { skeleton: string; item?: string; link: string; testId: string }> = {
  prompt: {
    skeleton: "h-24 rounded-2xl",
    link: "flex h-full flex-col items-start gap-1 rounded-2xl border border-white/10 bg-ink-800 p-4 transition hover:border-coral-400/50 hover:bg-ink-750",
    testId: "token-package",
  },
  page: {
    skeleton: "h-32 rounded-2xl",
    item: "flex",
    link: "flex w-full flex-col items-start gap-1 rounded-2xl border border-white/10 bg-ink-850/80 p-4 transition hover:border-coral-400/50 hover:bg-ink-800",
    testId: "plans-token-package",
  },
};

/**
 * The token packages (GET /api/subscriptions/packages), each a link to its checkout that comes back
 * to `returnPath`: placeholders while they load, an error with Retry, then a tile per package whose
 * content `children` draws (the prompt shows tokens and price, /plans their value too).
 */
export function TokenPackageList({
  layout,
  returnPath,
  children,
}: {
  layout: Layout;
  returnPath?: string | undefined;
  children: (tokenPackage: TokenPackage, packages: TokenPackage[]) => ReactNode;
}) {
  const packages = useTokenPackages();
  const tile = TILE[layout];
  if (packages.isPending) {
    return (
      <div className={GRID[layout]}>
        {Array.from({ length: 6 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          <Skeleton key={index} className={tile.skeleton} />
        ))}
      </div>
    );
  }
  if (packages.isError) {
    return (
      <ErrorState
        title="We couldn't load the packages"
        error={packages.error}
        onRetry={() => packages.refetch()}
      />
    );
  }
  const all = packages.data.packages;
  return (
    <ul className={GRID[layout]} aria-label="Token packages">
      {all.map((tokenPackage) => (
        <li key={tokenPackage.id} className={tile.item}>
          <Link
            to={checkoutPackagePath(tokenPackage.id, returnPath)}
            data-testid={tile.testId}
            data-package-id={layout === "page" ? tokenPackage.id : undefined}
            className={tile.link}
          >
            {children(tokenPackage, all)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
