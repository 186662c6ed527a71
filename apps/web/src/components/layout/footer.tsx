import { Link } from "react-router";
import { paths } from "@/config/paths";
import { LogoMark } from "./logo";

export function Footer() {
  return (
    <footer className="mt-20 border-t border-white/[0.06] bg-ink-950/60">
      <div className="mx-auto flex max-w-[1760px] flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-10">
        <div className="flex items-center gap-3">
          <LogoMark className="size-7" />
          <p className="text-sm text-ink-400">
            <span className="font-display text-base text-ink-200">Reverie</span> · 18+ only · All characters
            and media are AI-generated.
          </p>
        </div>
        <nav aria-label="Legal">
          <ul className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
            <li>
              <Link
                to={paths.terms}
                className="text-ink-300 underline-offset-4 transition hover:text-white hover:underline"
              >
                Terms of Service
              </Link>
            </li>
            <li>
              <Link
                to={paths.privacyPolicy}
                className="text-ink-300 underline-offset-4 transition hover:text-white hover:underline"
              >
                Privacy Policy
              </Link>
            </li>
            <li className="text-ink-500">© {new Date().getFullYear()} Reverie</li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
