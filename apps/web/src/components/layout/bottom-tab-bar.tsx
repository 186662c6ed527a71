import { LogIn, UserRound } from "lucide-react";
import { Link } from "react-router";
import { paths } from "@/config/paths";
import { cn } from "@/lib/cn";
import { useRouteHandle } from "@/lib/route-handle";
import { NAV_ITEMS } from "./nav-items";

/** Under 768 px the section links move to a bottom tab bar. */
export function BottomTabBar({ signedIn, className }: { signedIn: boolean; className?: string }) {
  const { section } = useRouteHandle();
  const account = signedIn
    ? { label: "Account", to: paths.settings, icon: UserRound }
    : { label: "Sign in", to: paths.login, icon: LogIn };

  return (
    <nav
      aria-label="Tabs"
      className={cn(
        "pb-safe fixed inset-x-0 bottom-0 z-40 border-t border-white/[0.07] bg-ink-950/90 backdrop-blur-xl md:hidden",
        className,
      )}
    >
      <ul className="mx-auto grid h-16 max-w-lg grid-cols-5">
        {[...NAV_ITEMS, { ...account, section: "account" }].map((item) => {
          const active = section === item.section;
          return (
            <li key={item.label} className="flex">
              <Link
                to={item.to}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "flex flex-1 flex-col items-center justify-center gap-1 text-[11px] font-medium transition",
                  active ? "text-white" : "text-ink-400 hover:text-ink-200",
                )}
              >
                <span
                  className={cn(
                    "grid h-7 w-12 place-items-center rounded-full transition",
                    active && "bg-coral-500/15 text-coral-300",
                  )}
                >
                  <item.icon className="size-5" aria-hidden="true" />
                </span>
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
