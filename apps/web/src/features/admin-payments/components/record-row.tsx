import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";

/** One record of a Payments list: a card that wraps on phones and reads as a row on desktop. */
export function RecordRow({
  title,
  badge,
  details,
  at,
  action,
  testId,
}: {
  title: ReactNode;
  badge?: ReactNode;
  details: ReactNode;
  at: string;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <Card className="flex flex-wrap items-start justify-between gap-3 p-3 sm:p-4" data-testid={testId}>
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-ink-100">{title}</span>
          {badge}
        </div>
        <div className="space-y-0.5 text-sm text-ink-300">{details}</div>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-2">
        <time className="text-xs text-ink-400" dateTime={at}>
          {new Date(at).toLocaleString()}
        </time>
        {action}
      </div>
    </Card>
  );
}
