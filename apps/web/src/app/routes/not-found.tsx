import { Compass, Images } from "lucide-react";
import { Page } from "@/components/layout/page";
import { ButtonLink } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { useDocumentTitle } from "@/hooks/use-document-title";

export default function NotFoundRoute() {
  useDocumentTitle("Page not found");
  return (
    <Page narrow>
      <section
        aria-labelledby="not-found-title"
        data-testid="not-found"
        className="relative flex min-h-[60vh] flex-col items-center justify-center gap-5 text-center"
      >
        <div
          aria-hidden="true"
          className="pointer-events-none absolute top-10 left-1/2 size-72 -translate-x-1/2 rounded-full bg-violet-600/20 blur-3xl"
        />
        <p
          aria-hidden="true"
          className="relative bg-gradient-to-br from-coral-300 via-coral-500 to-violet-500 bg-clip-text font-display text-[7rem] leading-none font-semibold text-transparent sm:text-[9rem]"
        >
          404
        </p>
        <h1 id="not-found-title" className="relative font-display text-3xl text-ink-100 sm:text-4xl">
          Page not found
        </h1>
        <p className="relative max-w-md text-ink-300">
          This page slipped away like a half-remembered dream. Let's get you back to someone who's expecting
          you.
        </p>
        <div className="relative mt-2 flex flex-wrap justify-center gap-3">
          <ButtonLink to={paths.home} icon={<Compass className="size-4" aria-hidden="true" />}>
            Explore characters
          </ButtonLink>
          <ButtonLink
            to={paths.gallery}
            variant="secondary"
            icon={<Images className="size-4" aria-hidden="true" />}
          >
            Open the gallery
          </ButtonLink>
        </div>
      </section>
    </Page>
  );
}
