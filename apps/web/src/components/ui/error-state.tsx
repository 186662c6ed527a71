import { RefreshCw, TriangleAlert } from "lucide-react";
import { errorMessage } from "@/lib/api-client";
import { Button } from "./button";
import { EmptyState } from "./empty-state";

/** The error variant of EmptyState for a failed query, with a retry button. */
export function ErrorState({
  title = "We couldn't load this",
  error,
  onRetry,
  className,
}: {
  title?: string;
  error: unknown;
  onRetry?: () => void;
  className?: string;
}) {
  return (
    <EmptyState
      tone="error"
      icon={<TriangleAlert className="size-6" aria-hidden="true" />}
      title={title}
      description={errorMessage(error)}
      className={className}
      action={
        onRetry ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={onRetry}
            icon={<RefreshCw className="size-4" aria-hidden="true" />}
          >
            Try again
          </Button>
        ) : null
      }
    />
  );
}
