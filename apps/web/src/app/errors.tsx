import { House, RefreshCw, TriangleAlert } from "lucide-react";
import { useRouteError } from "react-router";
import { Button, buttonStyles } from "@/components/ui/button";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { cn } from "@/lib/cn";

function ErrorPanel({ fullScreen }: { fullScreen: boolean }) {
  const error = useRouteError();
  useDocumentTitle("Something went wrong");
  if (error) console.error(error);

  return (
    <div
      role="alert"
      data-testid="error-boundary"
      className={cn(
        "flex flex-col items-center justify-center gap-5 px-6 text-center",
        fullScreen ? "min-h-dvh bg-ink-950" : "min-h-[60vh]",
      )}
    >
      <span className="grid size-16 place-items-center rounded-3xl border border-coral-400/30 bg-coral-500/10 text-coral-300">
        <TriangleAlert className="size-7" aria-hidden="true" />
      </span>
      <h1 className="font-display text-3xl text-ink-100 sm:text-4xl">Something went wrong</h1>
      <p className="max-w-md text-ink-300">
        This screen hit an unexpected problem. Try again, or head back home — your place is safe.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button
          onClick={() => window.location.reload()}
          icon={<RefreshCw className="size-4" aria-hidden="true" />}
        >
          Try again
        </Button>
        {/* A full page load, so a broken client state can't follow the visitor home. */}
        <a href="/" className={buttonStyles({ variant: "secondary" })}>
          <House className="size-4" aria-hidden="true" />
          Go home
        </a>
      </div>
    </div>
  );
}

/** A rendering failure inside a screen: the shell (nav, footer) stays. */
export function RouteErrorBoundary() {
  return <ErrorPanel fullScreen={false} />;
}

/** A failure in the shell itself. */
export function RootErrorBoundary() {
  return <ErrorPanel fullScreen />;
}
