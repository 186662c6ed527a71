import { Construction } from "lucide-react";
import { EmptyState } from "@/components/ui/empty-state";

/** A console section whose tools are still being built in issue 13. */
export function AdminComingSoon({ what }: { what: string }) {
  return (
    <EmptyState
      icon={<Construction className="size-6" aria-hidden="true" />}
      title="Coming in this issue"
      description={what}
    />
  );
}
