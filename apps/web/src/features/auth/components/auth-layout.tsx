import type { ReactNode } from "react";
import { LogoMark } from "@/components/layout/logo";
import { Card } from "@/components/ui/card";
import { DEFAULT_GENDER } from "@/config/genders";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { parseGender } from "@/hooks/use-gender-preference";
import { cn } from "@/lib/cn";
import { mediaUrl } from "@/lib/media";
import { useStorageValue } from "@/lib/storage";
import { useBackdropArt } from "../api/get-backdrop-art";

const TILE_TILT = ["-rotate-3", "rotate-2", "-rotate-1", "rotate-3", "-rotate-2", "rotate-1"] as const;

/** The catalog's covers as a slow, dimmed collage behind the card (decorative only). */
function Backdrop() {
  const gender = parseGender(useStorageValue("genderChoice")) ?? DEFAULT_GENDER;
  const art = useBackdropArt(gender);
  const covers = (art.data ?? []).slice(0, 12);

  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute inset-0 -z-10 overflow-hidden [mask-image:linear-gradient(to_bottom,black_55%,transparent)]"
    >
      {covers.length > 0 ? (
        <div className="absolute inset-x-[-8%] top-[-6%] grid animate-fade-in grid-cols-3 gap-3 opacity-35 sm:grid-cols-4 lg:grid-cols-6">
          {covers.map((cover, index) => (
            <img
              key={cover}
              src={mediaUrl(cover)}
              alt=""
              loading="lazy"
              decoding="async"
              className={cn(
                "aspect-[3/4] w-full rounded-2xl object-cover saturate-[0.85]",
                TILE_TILT[index % TILE_TILT.length],
                index % 2 === 1 && "translate-y-10",
              )}
            />
          ))}
        </div>
      ) : null}
      <div className="absolute inset-0 bg-gradient-to-b from-ink-950/70 via-ink-950/80 to-ink-950" />
      <div className="absolute inset-0 bg-[radial-gradient(ellipse_at_center,transparent_0%,rgb(11_7_16/0.85)_70%)]" />
      <div className="absolute top-[-10%] left-[-10%] size-[40rem] rounded-full bg-coral-600/15 blur-[120px]" />
      <div className="absolute top-[20%] right-[-10%] size-[40rem] rounded-full bg-violet-700/20 blur-[120px]" />
    </div>
  );
}

interface AuthLayoutProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Links under the card ("New here? Create an account"). */
  footer?: ReactNode;
  testId?: string;
}

/** The account screens: a centred card over the catalog's art. */
export function AuthLayout({ title, description, children, footer, testId }: AuthLayoutProps) {
  useDocumentTitle(title);
  return (
    <div
      data-testid={testId}
      // what people type and are told here (emails, codes) never enters a session replay
      data-private
      className="relative isolate flex min-h-[calc(100dvh-4rem)] items-start justify-center px-4 pt-8 pb-16 sm:items-center sm:px-6 sm:py-16"
    >
      <Backdrop />
      <div className="w-full max-w-[27rem] animate-rise-in">
        <Card className="bg-ink-850/85 px-5 py-7 backdrop-blur-xl sm:px-8 sm:py-9">
          <div className="mb-6 flex flex-col items-center text-center">
            <LogoMark className="mb-4 size-10" />
            <h1 className="font-display text-[1.9rem] leading-tight text-ink-100 sm:text-[2.2rem]">
              {title}
            </h1>
            {description ? <p className="mt-2 text-sm text-ink-300">{description}</p> : null}
          </div>
          {children}
        </Card>
        {footer ? <div className="mt-6 text-center text-sm text-ink-300">{footer}</div> : null}
      </div>
    </div>
  );
}

/** An inline link in the account screens' copy. */
export const authLinkClass =
  "font-medium text-coral-300 underline-offset-4 transition hover:text-coral-200 hover:underline";
