import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";

/** One block of the user's page: a titled card. */
export function AdminPanel({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card className="space-y-4 p-4 sm:p-6" data-testid={testId}>
      <h2 className="font-display text-lg text-ink-100">{title}</h2>
      {children}
    </Card>
  );
}
