import { useEffect, useState } from "react";
import type { BuilderDraft } from "../utils/builder-draft";
import { loadDraft, saveDraft } from "../utils/draft-storage";

/** The constructor's draft, kept in sessionStorage on every change (and read back on the way in). */
export function useBuilderDraft() {
  const [draft, setDraft] = useState<BuilderDraft>(() => loadDraft());
  useEffect(() => saveDraft(draft), [draft]);
  return [draft, setDraft] as const;
}
