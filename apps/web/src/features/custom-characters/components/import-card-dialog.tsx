import { CUSTOM_LIMITS, type Gender, PAYWALL_SOURCES } from "@reverie/shared";
import { FileInput, FileJson, ImageIcon } from "lucide-react";
import { type ChangeEvent, type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { Notice } from "@/components/ui/notice";
import { Select } from "@/components/ui/select";
import { TextField } from "@/components/ui/text-field";
import { GENDER_TABS } from "@/config/genders";
import { parseGender } from "@/hooks/use-gender-preference";
import { ANALYTICS_EVENTS, track } from "@/lib/analytics";
import { useImportCard } from "../api/import-card";
import {
  type CardContentType,
  checkCardFile,
  contentMatches,
  contentMismatchMessage,
} from "../utils/card-file";
import { cardImportFailure } from "../utils/card-import-errors";
import { ageProblem, parseAge } from "../utils/draft-validation";

interface ChosenCard {
  file: File;
  contentType: CardContentType;
}

/** The file's first bytes: enough for a PNG's signature or a JSON's opening brace. */
async function fileHead(file: File): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, 16).arrayBuffer());
}

/**
 * Import a character card (a Tavern V1/V2/V3 PNG or its JSON) from another app: the file is checked
 * here first (type, size, first bytes), then the user states an age of 18 or more (cards carry none)
 * and the category.
 */
export function ImportCardDialog({
  gender,
  onClose,
  onImported,
  onInsufficientBalance,
}: {
  /** the category shown behind the dialog, chosen by default */
  gender: Gender;
  onClose: () => void;
  onImported: (modelId: number) => void;
  onInsufficientBalance: () => void;
}) {
  const importCard = useImportCard();
  const categoryId = useId();
  const fileHintId = useId();
  const [card, setCard] = useState<ChosenCard | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [age, setAge] = useState("");
  const [category, setCategory] = useState<Gender>(gender);
  const [showProblems, setShowProblems] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const ageError = showProblems ? (ageProblem(age) ?? undefined) : undefined;

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    setServerError(null);
    setCard(null);
    const file = event.target.files?.[0];
    if (!file) {
      setFileError(null);
      return;
    }
    const check = checkCardFile(file);
    if (!check.ok) {
      setFileError(check.message);
      return;
    }
    if (!contentMatches(check.contentType, await fileHead(file))) {
      setFileError(contentMismatchMessage(check.contentType));
      return;
    }
    setFileError(null);
    setCard({ file, contentType: check.contentType });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setShowProblems(true);
    setServerError(null);
    const statedAge = parseAge(age);
    if (!card) {
      setFileError((current) => current ?? "Choose the card's .png or .json file.");
      return;
    }
    if (ageProblem(age) || statedAge === null) return;
    try {
      const { model_id } = await importCard.mutateAsync({
        file: card.file,
        contentType: card.contentType,
        age: statedAge,
        gender: category,
      });
      track(ANALYTICS_EVENTS.customModelCreated, {
        source: PAYWALL_SOURCES.modelBuilder,
        method: "card",
        model_id,
        gender: category,
      });
      onImported(model_id);
    } catch (error) {
      const failure = cardImportFailure(error);
      if (failure.kind === "insufficient_balance") onInsufficientBalance();
      else setServerError(failure.message);
    }
  }

  const FileKind = card?.contentType === "application/json" ? FileJson : ImageIcon;

  return (
    <Modal title="Import a character card" onClose={onClose} testId="import-card-dialog">
      <p className="mt-2 text-ink-300">
        Bring a companion from another app: choose their card (a PNG with the character inside, or its JSON
        file). Everything on it comes along, their lorebook too.
      </p>
      <form onSubmit={submit} noValidate className="mt-6 space-y-5">
        <div className="space-y-1.5">
          <label htmlFor={`${fileHintId}-input`} className="text-sm font-medium text-ink-200">
            Card file
          </label>
          <input
            id={`${fileHintId}-input`}
            type="file"
            accept=".png,.json,image/png,application/json"
            onChange={choose}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileHintId}
            data-testid="card-file"
            data-autofocus
            className="block w-full cursor-pointer rounded-2xl border border-dashed border-white/15 bg-ink-900/60 p-3 text-sm text-ink-300 transition file:mr-3 file:cursor-pointer file:rounded-full file:border-0 file:bg-coral-500/15 file:px-4 file:py-2 file:text-sm file:font-medium file:text-coral-200 hover:border-coral-400/40 focus-visible:outline-2 focus-visible:outline-coral-400"
          />
          {fileError ? (
            <p id={fileHintId} role="alert" className="text-sm text-coral-300" data-testid="card-file-error">
              {fileError}
            </p>
          ) : card ? (
            <p id={fileHintId} className="inline-flex items-center gap-1.5 text-xs text-ink-300">
              <FileKind className="size-3.5 text-coral-300" aria-hidden="true" />
              {card.file.name} is ready to import.
            </p>
          ) : (
            <p id={fileHintId} className="text-xs text-ink-400">
              A .png or .json card, up to {CUSTOM_LIMITS.cardMaxBytes / (1024 * 1024)} MB.
            </p>
          )}
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Their age"
            type="number"
            inputMode="numeric"
            min={CUSTOM_LIMITS.minAge}
            max={CUSTOM_LIMITS.maxAge}
            step={1}
            value={age}
            onChange={(event) => setAge(event.target.value)}
            error={ageError}
            hint={`${CUSTOM_LIMITS.minAge} or older: cards don't say.`}
            data-testid="card-age"
          />
          <div className="space-y-1.5">
            <div className="flex items-baseline">
              <label htmlFor={categoryId} className="text-sm font-medium text-ink-200">
                Category
              </label>
            </div>
            <Select
              id={categoryId}
              value={category}
              onChange={(event) => setCategory(parseGender(event.target.value) ?? gender)}
              className="w-full [&>select]:h-12 [&>select]:rounded-2xl"
              data-testid="card-category"
            >
              {GENDER_TABS.map((tab) => (
                <option key={tab.value} value={tab.value}>
                  {tab.label}
                </option>
              ))}
            </Select>
          </div>
        </div>
        {serverError ? (
          <Notice tone="error" testId="card-import-error">
            {serverError}
          </Notice>
        ) : null}
        <div className="flex flex-col-reverse gap-3 pt-1 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={importCard.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            loading={importCard.isPending}
            icon={<FileInput className="size-4" aria-hidden="true" />}
            data-testid="card-import-submit"
          >
            Import
          </Button>
        </div>
      </form>
    </Modal>
  );
}
