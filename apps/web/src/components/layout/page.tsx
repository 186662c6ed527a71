import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/** Horizontal page gutters and max width shared by every screen. */
export function Page({
  children,
  className,
  narrow = false,
}: {
  children: ReactNode;
  className?: string;
  narrow?: boolean;
}) {
  return (
    <div
      className={cn(
        "mx-auto w-full px-4 pt-6 sm:px-6 md:pt-10 lg:px-10",
        narrow ? "max-w-3xl" : "max-w-[1760px]",
        className,
      )}
    >
      {children}
    </div>
  );
}
