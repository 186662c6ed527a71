import type { Bundle, Gender } from "@reverie/shared";
import { lazy, Suspense, useState } from "react";
import { cn } from "@/lib/cn";
import { BundleCard, BundleCardSkeleton } from "./bundle-card";

/** Opened by a tap: loaded then, not with the list. */
const BundleDialog = lazy(() =>
  import("./bundle-dialog").then((module) => ({ default: module.BundleDialog })),
);

/** Bundles as a horizontally scrolling row (mobile) / grid (larger screens); a card opens its contents. */
export function BundleList({
  bundles,
  gender,
  layout = "row",
  testId = "bundle-list",
  priorityCount = 0,
  onInsufficientBalance,
}: {
  bundles: Bundle[];
  gender?: Gender;
  layout?: "row" | "grid";
  testId?: string;
  /** how many leading covers are above the fold (load first, see MediaImage) */
  priorityCount?: number;
  /** Unlock found the balance short: the dialog closes and the screen offers tokens */
  onInsufficientBalance: () => void;
}) {
  const [open, setOpen] = useState<Bundle | null>(null);
  return (
    <>
      <ul
        data-testid={testId}
        className={cn(
          layout === "row"
            ? "scrollbar-none -mx-4 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pb-2 sm:-mx-6 sm:px-6 lg:mx-0 lg:grid lg:grid-cols-3 lg:overflow-visible lg:px-0 xl:grid-cols-4"
            : "grid gap-4 sm:grid-cols-2 xl:grid-cols-3",
        )}
      >
        {bundles.map((bundle, index) => (
          <li
            key={bundle.id}
            className={cn("flex", layout === "row" && "w-[17rem] shrink-0 snap-start lg:w-auto")}
          >
            <BundleCard bundle={bundle} onOpen={() => setOpen(bundle)} priority={index < priorityCount} />
          </li>
        ))}
      </ul>
      {open ? (
        <Suspense fallback={null}>
          <BundleDialog
            bundle={open}
            gender={gender}
            onClose={() => setOpen(null)}
            onInsufficientBalance={() => {
              // one dialog at a time: the buy-tokens prompt takes the bundle's place
              setOpen(null);
              onInsufficientBalance();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

export function BundleListSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div className="scrollbar-none -mx-4 flex gap-4 overflow-hidden px-4 sm:-mx-6 sm:px-6 lg:mx-0 lg:grid lg:grid-cols-3 lg:px-0 xl:grid-cols-4">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={index} className="w-[17rem] shrink-0 lg:w-auto">
          <BundleCardSkeleton />
        </div>
      ))}
    </div>
  );
}
