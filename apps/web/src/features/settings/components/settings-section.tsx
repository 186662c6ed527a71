import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/cn";

/** One titled card of the settings screen. */
export function SettingsSection({
  id,
  title,
  description,
  children,
  className,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const titleId = `${id}-title`;
  return (
    <Card className={cn("p-5 sm:p-7", className)}>
      <section aria-labelledby={titleId} data-testid={`settings-${id}`}>
        <h2 id={titleId} className="font-display text-xl text-ink-100 sm:text-2xl">
          {title}
        </h2>
        {description ? <p className="mt-1 text-sm text-ink-300">{description}</p> : null}
        <div className="mt-5">{children}</div>
      </section>
    </Card>
  );
}
