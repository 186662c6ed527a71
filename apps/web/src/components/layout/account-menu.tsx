import {
  ChevronDown,
  Heart,
  LogOut,
  type LucideIcon,
  Settings,
  ShieldCheck,
  Sparkles,
  UserRound,
} from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { buttonStyles } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { useSession } from "@/lib/auth";
import { cn } from "@/lib/cn";
import { useLogout } from "@/lib/logout";
import { BalanceLink } from "./balance-link";

const itemClass =
  "flex w-full items-center gap-2.5 rounded-xl px-3 py-2.5 text-left text-sm text-ink-200 transition hover:bg-white/[0.06] hover:text-white focus-visible:bg-white/[0.06] focus-visible:outline-none";

/** The menu's links, in order; `staff`: only for operators, moderators and admins. */
const MENU_LINKS: { to: string; label: string; icon: LucideIcon; testId?: string; staff?: true }[] = [
  { to: paths.myAis, label: "My AIs", icon: Heart, testId: "nav-my-ais" },
  { to: paths.generateImage, label: "Generate pictures", icon: Sparkles, testId: "nav-generate-pictures" },
  { to: paths.settings, label: "Settings", icon: Settings },
  { to: paths.admin, label: "Admin", icon: ShieldCheck, testId: "nav-admin", staff: true },
];

/**
 * The signed-in part of the top nav: the token balance, and the account button (settings, log out;
 * the admin console for its operators, moderators and admins).
 */
export function AccountMenu() {
  const { user } = useSession();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "Escape") {
        setOpen(false);
        rootRef.current?.querySelector<HTMLButtonElement>("button")?.focus();
      }
    }
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    rootRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

  return (
    <>
      {user ? <BalanceLink user={user} /> : null}
      <div ref={rootRef} className="relative">
        <button
          type="button"
          aria-label="Account"
          aria-haspopup="menu"
          aria-expanded={open}
          aria-controls={open ? menuId : undefined}
          data-testid="account-menu-button"
          onClick={() => setOpen((value) => !value)}
          className={buttonStyles({ variant: "secondary", size: "sm" })}
        >
          <UserRound className="size-4" aria-hidden="true" />
          <span className="hidden sm:inline">Account</span>
          <ChevronDown className={cn("size-3.5 transition", open && "rotate-180")} aria-hidden="true" />
        </button>
        {open ? (
          <div
            id={menuId}
            role="menu"
            aria-label="Account"
            className="absolute top-full right-0 z-50 mt-2 w-64 animate-rise-in rounded-2xl border border-white/10 bg-ink-850/95 p-1.5 shadow-[0_24px_60px_-20px_rgb(0_0_0/0.9)] backdrop-blur-xl"
          >
            {user ? (
              <p
                className="truncate border-b border-white/[0.06] px-3 pt-2 pb-2.5 text-xs text-ink-400"
                data-private
              >
                Signed in as <span className="text-ink-200">{user.email}</span>
              </p>
            ) : null}
            {MENU_LINKS.filter((link) => !link.staff || (user && user.role !== "user")).map(
              ({ to, label, icon: Icon, testId }) => (
                <Link
                  key={to}
                  role="menuitem"
                  to={to}
                  className={itemClass}
                  onClick={() => setOpen(false)}
                  data-testid={testId}
                >
                  <Icon className="size-4 text-ink-400" aria-hidden="true" />
                  {label}
                </Link>
              ),
            )}
            <button
              type="button"
              role="menuitem"
              className={itemClass}
              disabled={logout.isPending}
              onClick={() => logout.mutate()}
              data-testid="nav-log-out"
            >
              <LogOut className="size-4 text-ink-400" aria-hidden="true" />
              Log out
            </button>
          </div>
        ) : null}
      </div>
    </>
  );
}
