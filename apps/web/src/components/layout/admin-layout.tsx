import type { AdminMe } from "@reverie/shared";
import { useQueryClient } from "@tanstack/react-query";
import { LogIn, ShieldCheck } from "lucide-react";
import { createContext, type ReactNode, useContext, useState, useSyncExternalStore } from "react";
import { Link, Navigate, useLocation } from "react-router";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useAdminMe } from "@/lib/admin-me";
import {
  clearAdminSessionExpired,
  isAdminSessionExpired,
  subscribeAdminSessionExpired,
} from "@/lib/admin-session";
import { isApiError } from "@/lib/api-client";
import { endSession } from "@/lib/auth";
import { cn } from "@/lib/cn";
import { logout } from "@/lib/logout";
import { storage } from "@/lib/storage";
import { ADMIN_SECTIONS, type AdminSectionKey } from "./admin-sections";
import { Page } from "./page";

const AdminContext = createContext<AdminMe | null>(null);

/** The operator using the console (inside AdminLayout): moderators read, admins also change. */
export function useAdminOperator(): AdminMe {
  const operator = useContext(AdminContext);
  if (!operator) throw new Error("useAdminOperator is for screens inside AdminLayout");
  return operator;
}

/** Section links: a scrolling row on phones, a side column from `lg`. */
function AdminNav({ current }: { current: AdminSectionKey }) {
  return (
    <nav aria-label="Admin sections" className="-mx-4 overflow-x-auto px-4 lg:mx-0 lg:px-0">
      <ul className="flex gap-1 lg:flex-col">
        {ADMIN_SECTIONS.map((section) => (
          <li key={section.key}>
            <Link
              to={section.to}
              aria-current={section.key === current ? "page" : undefined}
              className={cn(
                "block whitespace-nowrap rounded-xl px-3 py-2 text-sm transition",
                section.key === current
                  ? "bg-coral-500/15 font-medium text-coral-200"
                  : "text-ink-300 hover:bg-white/5 hover:text-ink-100",
              )}
            >
              {section.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The console's session is past its maximum age (401 `session_expired`, decision 0029): the rest of
 * the app still works, so only the console asks to sign in again. "Sign in again" ends this device's
 * session (revoked on the server) and goes to /login, remembering this screen as the returnUrl, so
 * a fresh sign-in (password or Google) comes straight back here.
 */
function AdminSignInAgain() {
  const queryClient = useQueryClient();
  const { pathname, search } = useLocation();
  const [leaving, setLeaving] = useState(false);
  const signInAgain = async () => {
    setLeaving(true);
    try {
      await logout();
    } catch (error) {
      console.error("Log out failed on the server; signing out locally.", error);
    }
    storage.set("returnUrl", `${pathname}${search}`);
    clearAdminSessionExpired();
    endSession(queryClient, paths.login);
  };
  return (
    <Page narrow>
      <EmptyState
        icon={<LogIn className="size-6" aria-hidden="true" />}
        title="Sign in again to use the admin console"
        description="Admin sessions are shorter than the app's. Sign in again to go on; you'll be brought back here."
        action={
          <Button onClick={() => void signInAgain()} loading={leaving}>
            Sign in again
          </Button>
        }
      />
    </Page>
  );
}

/**
 * The frame of every admin screen (decision 29): it asks the server for the caller's role first and
 * shows nothing of the console until it answers; anyone who is not a moderator or an admin gets
 * the not-found screen, as for any unknown address. The server checks the role on every call too.
 */
export function AdminLayout({
  section,
  title,
  heading,
  children,
}: {
  section: AdminSectionKey;
  /** the screen's name, for the tab title and, unless `heading` is given, the page heading */
  title: string;
  /** the page heading's content when it says more than the title (one character's name) */
  heading?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(`${title} · Admin`);
  const me = useAdminMe();
  const sessionExpired = useSyncExternalStore(subscribeAdminSessionExpired, isAdminSessionExpired);

  if (
    sessionExpired ||
    (me.isError && isApiError(me.error) && me.error.status === 401 && me.error.error === "session_expired")
  ) {
    return <AdminSignInAgain />;
  }
  if (me.isPending) {
    return (
      <div className="grid min-h-[50vh] place-items-center">
        <Spinner label="Loading the admin console" />
      </div>
    );
  }
  if (me.isError) {
    if (isApiError(me.error) && (me.error.status === 403 || me.error.status === 404)) {
      return <Navigate to={paths.notFound} replace />;
    }
    return (
      <Page narrow>
        <ErrorState error={me.error} onRetry={() => void me.refetch()} />
      </Page>
    );
  }
  return (
    <AdminContext.Provider value={me.data}>
      <Page className="pb-16">
        <div
          className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[12rem_minmax(0,1fr)] lg:gap-10"
          data-testid="admin-console"
        >
          <aside className="min-w-0 space-y-4">
            <p className="flex items-center gap-2 text-sm text-ink-300">
              <ShieldCheck className="size-4 text-coral-300" aria-hidden="true" />
              <span>
                Admin <span className="sr-only">console</span>
                <span className="text-ink-500"> · {me.data.role}</span>
              </span>
            </p>
            <AdminNav current={section} />
          </aside>
          <section className="min-w-0 space-y-6">
            <h1 className="min-w-0 break-words font-display text-2xl text-ink-100 sm:text-3xl">
              {heading ?? title}
            </h1>
            {children}
          </section>
        </div>
      </Page>
    </AdminContext.Provider>
  );
}
