import { type ReactNode, Suspense } from "react";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";

/**
 * One titled card of the settings screen. `loading`: its content loads on demand (React.lazy), and
 * a placeholder of these classes holds its place meanwhile.
 */
export function SettingsSection({
  id,
  title,
  description,
  children,
  className,
  loading,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  loading?: string;
}) {
  const titleId = `${id}-title`;
  return (
    <Card className={cn("p-5 sm:p-7", className)}>
      <section aria-labelledby={titleId} data-testid={`settings-${id}`}>
        <h2 id={titleId} className="font-display text-xl text-ink-100 sm:text-2xl">
          {title}
        </h2>
        {description ? <p className="mt-1 text-sm text-ink-300">{description}</p> : null}
        <div className="mt-5">
          {loading ? <Suspense fallback={<Skeleton className={loading} />}>{children}</Suspense> : children}
        </div>
      </section>
    </Card>
  );
}
