import type { ReactNode } from "react";
import { Link } from "react-router";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { Page } from "./page";

export interface LegalSection {
  id: string;
  heading: string;
  body: ReactNode;
}

/** Long-form legal text with a table of contents. */
export function LegalPage({
  title,
  updated,
  intro,
  sections,
  other,
}: {
  title: string;
  updated: string;
  intro: ReactNode;
  sections: LegalSection[];
  other: { label: string; to: string };
}) {
  useDocumentTitle(title);
  return (
    <Page className="max-w-5xl">
      <div className="grid grid-cols-1 gap-10 lg:grid-cols-[15rem_minmax(0,1fr)]">
        <aside className="hidden lg:block">
          <nav aria-label="On this page" className="sticky top-24">
            <p className="mb-3 text-xs font-semibold tracking-[0.18em] text-ink-400 uppercase">
              On this page
            </p>
            <ol className="space-y-1.5 text-sm">
              {sections.map((section) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="block rounded-lg px-2 py-1 text-ink-300 transition hover:bg-white/5 hover:text-white"
                  >
                    {section.heading}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        </aside>
        <article className="min-w-0">
          <header className="border-b border-white/[0.07] pb-8">
            <p className="mb-2 text-xs font-semibold tracking-[0.18em] text-coral-300 uppercase">Legal</p>
            <h1 className="font-display text-4xl text-ink-100 sm:text-5xl">{title}</h1>
            <p className="mt-3 text-sm text-ink-400">Last updated {updated}</p>
            <div className="mt-6 space-y-4 text-[15px] leading-7 text-ink-200">{intro}</div>
          </header>
          <div className="legal-text divide-y divide-white/[0.05]">
            {sections.map((section, index) => (
              <section
                key={section.id}
                id={section.id}
                aria-labelledby={`${section.id}-heading`}
                className="scroll-mt-24 py-8"
              >
                <h2 id={`${section.id}-heading`} className="font-display text-2xl text-ink-100">
                  <span className="mr-2 text-coral-400/80 tabular-nums">{index + 1}.</span>
                  {section.heading}
                </h2>
                <div className="mt-4 space-y-4 text-[15px] leading-7 text-ink-300 [&_a]:text-coral-300 [&_a]:underline [&_a]:underline-offset-4 [&_li]:pl-1 [&_strong]:font-semibold [&_strong]:text-ink-100 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-5 [&_ul]:marker:text-coral-400/70">
                  {section.body}
                </div>
              </section>
            ))}
          </div>
          <p className="mt-6 text-sm text-ink-400">
            See also our{" "}
            <Link to={other.to} className="text-coral-300 underline underline-offset-4 hover:text-coral-200">
              {other.label}
            </Link>
            .
          </p>
        </article>
      </div>
    </Page>
  );
}
