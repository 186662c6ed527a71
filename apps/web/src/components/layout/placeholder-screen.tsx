import { ArrowLeft, Sparkles } from "lucide-react";
import type { ReactNode } from "react";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { Page } from "./page";

interface PlaceholderScreenProps {
  title: string;
  description: string;
  note?: ReactNode;
  icon?: ReactNode;
}

/** A styled stand-in for screens that arrive with later issues. */
export function PlaceholderScreen({ title, description, note, icon }: PlaceholderScreenProps) {
  useDocumentTitle(title);
  return (
    <Page narrow>
      <Card className="relative overflow-hidden px-6 py-14 text-center sm:px-12 sm:py-20">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-24 left-1/2 h-56 w-[28rem] -translate-x-1/2 rounded-full bg-coral-500/20 blur-3xl"
        />
        <div className="relative flex flex-col items-center gap-4">
          <span className="grid size-14 place-items-center rounded-2xl border border-white/10 bg-white/5 text-coral-300">
            {icon ?? <Sparkles className="size-6" aria-hidden="true" />}
          </span>
          <h1 className="font-display text-3xl text-ink-100 sm:text-4xl">{title}</h1>
          <p className="max-w-md text-ink-300">{description}</p>
          {note ? <div className="max-w-md text-sm text-ink-400">{note}</div> : null}
          <ButtonLink
            to="/"
            variant="secondary"
            className="mt-4"
            icon={<ArrowLeft className="size-4" aria-hidden="true" />}
          >
            Back to Explore
          </ButtonLink>
        </div>
      </Card>
    </Page>
  );
}
