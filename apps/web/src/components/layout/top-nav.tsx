import { LogIn } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { buttonStyles } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { cn } from "@/lib/cn";
import { useRouteHandle } from "@/lib/route-handle";
import { Logo } from "./logo";
import { NAV_ITEMS } from "./nav-items";

/** Signed in only: loaded on demand, with the log-out mutation it carries. */
const AccountMenu = lazy(() => import("./account-menu").then((module) => ({ default: module.AccountMenu })));

/** Sticky top bar: wordmark, section links (768 px and up) and the sign-in button or account menu. */
export function TopNav({ signedIn }: { signedIn: boolean }) {
  const { section } = useRouteHandle();

  return (
    <header className="sticky top-0 z-40 border-b border-white/[0.06] bg-ink-950/75 backdrop-blur-xl">
      <div className="mx-auto flex h-16 max-w-[1760px] items-center gap-6 px-4 sm:px-6 lg:px-10">
        <Logo />
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {NAV_ITEMS.map((item) => {
              const active = section === item.section;
              return (
                <li key={item.section}>
                  <Link
                    to={item.to}
                    aria-current={active ? "page" : undefined}
                    className={cn(
                      "inline-flex h-10 items-center gap-2 rounded-full px-4 text-sm font-medium transition",
                      active
                        ? "bg-white/[0.07] text-white"
                        : "text-ink-300 hover:bg-white/5 hover:text-white",
                    )}
                  >
                    <item.icon
                      className={cn("size-4", active ? "text-coral-400" : "text-ink-400")}
                      aria-hidden="true"
                    />
                    {item.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-2">
          {signedIn ? (
            <Suspense fallback={null}>
              <AccountMenu />
            </Suspense>
          ) : (
            <Link
              to={paths.login}
              className={buttonStyles({ variant: "primary", size: "sm" })}
              data-testid="sign-in-button"
            >
              <LogIn className="size-4" aria-hidden="true" />
              Sign in
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
