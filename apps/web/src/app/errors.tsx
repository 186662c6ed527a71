import { House, RefreshCw, TriangleAlert } from "lucide-react";
import { Component, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import { Button, buttonStyles } from "@/components/ui/button";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { isChunkLoadError } from "@/lib/chunk-load";
import { cn } from "@/lib/cn";

// Part of the entry on purpose: these must show when a screen's code fails to load.

function ErrorPanel({ fullScreen }: { fullScreen: boolean }) {
  useDocumentTitle("Something went wrong");

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

/**
 * A screen's or a dialog's code did not load (gone after a deployment, the network, or slower than
 * 120 s). Retry navigates to the same address again, which loads a screen's chunk anew; Reload
 * loads the page, and with it the newest version of the app.
 */
function ChunkErrorPanel({ fullScreen }: { fullScreen: boolean }) {
  useDocumentTitle("This page didn't load");
  const location = useLocation();
  const navigate = useNavigate();

  return (
    <div
      role="alert"
      data-testid="chunk-error"
      className={cn(
        "flex flex-col items-center justify-center gap-5 px-6 text-center",
        fullScreen ? "min-h-dvh bg-ink-950" : "min-h-[60vh]",
      )}
    >
      <span className="grid size-16 place-items-center rounded-3xl border border-violet-400/30 bg-violet-500/10 text-violet-300">
        <TriangleAlert className="size-7" aria-hidden="true" />
      </span>
      <h1 className="font-display text-3xl text-ink-100 sm:text-4xl">This page didn't load</h1>
      <p className="max-w-md text-ink-300">
        Part of the app could not be downloaded — the connection dropped, or a new version of Reverie is out.
        Try again, or reload to get the latest version.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={() => void navigate(location, { replace: true, state: location.state })}>
          Retry
        </Button>
        <Button
          variant="secondary"
          onClick={() => window.location.reload()}
          icon={<RefreshCw className="size-4" aria-hidden="true" />}
        >
          Reload
        </Button>
      </div>
    </div>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** The error goes away when this changes (the next navigation). */
  resetKey: string;
  /** The whole screen (a failure in the shell) or the content area (a failure in one screen). */
  fullScreen: boolean;
}

interface BoundaryState {
  failed: boolean;
  /** The failure was code that did not load, not code that failed while running. */
  chunkFailed: boolean;
  /** The reset key the boundary last rendered with. */
  resetKey: string;
}

/** "Something went wrong" instead of whatever failed to render below it, until the next navigation. */
export class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  constructor(props: BoundaryProps) {
    super(props);
    this.state = { failed: false, chunkFailed: false, resetKey: props.resetKey };
  }

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, chunkFailed: isChunkLoadError(error) };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): BoundaryState | null {
    return props.resetKey === state.resetKey
      ? null
      : { failed: false, chunkFailed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return this.state.chunkFailed ? (
      <ChunkErrorPanel fullScreen={this.props.fullScreen} />
    ) : (
      <ErrorPanel fullScreen={this.props.fullScreen} />
    );
  }
}
