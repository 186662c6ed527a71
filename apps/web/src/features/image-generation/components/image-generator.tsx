import type { GeneratedImage, Model } from "@reverie/shared";
import { Sparkles } from "lucide-react";
import { type FormEvent, useState } from "react";
import { MediaImage } from "@/components/media/media-image";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { useImageStyles } from "../api/get-image-styles";
import type { ImageStyle } from "../api/request-images";
import { useImageGeneration } from "../hooks/use-image-generation";
import { usePromptDraft } from "../hooks/use-prompt-draft";
import { FALLBACK_STYLES, styleForCategory } from "../utils/image-style";
import { promptProblem } from "../utils/prompt";
import { CountPicker } from "./count-picker";
import { GenerationProgress } from "./generation-progress";
import { PriceSummary } from "./price-summary";
import { PromptField } from "./prompt-field";
import { StyleToggle } from "./style-toggle";

interface ImageGeneratorProps {
  /** the character to picture; null until one is picked */
  character: Model | null;
  balance: number;
  /** opens the buy-tokens prompt (a 402, or a tap on "get tokens"); the form stays as it is */
  onBuyTokens: () => void;
  onOpenPicture: (picture: GeneratedImage) => void;
}

/**
 * The prompt, how many pictures and their style, the price against the balance, and Generate;
 * then the batch's placeholders, filled as the pictures arrive.
 */
export function ImageGenerator({ character, balance, onBuyTokens, onOpenPicture }: ImageGeneratorProps) {
  const generation = useImageGeneration({ onInsufficientBalance: onBuyTokens });
  const styles = useImageStyles();
  const [prompt, setPrompt] = usePromptDraft();
  const [count, setCount] = useState(1);
  // the category's style until the user picks one for this character
  const [styleChoice, setStyleChoice] = useState<{ modelId: number; style: ImageStyle } | null>(null);
  const [promptError, setPromptError] = useState<string | null>(null);
  const [batchCharacter, setBatchCharacter] = useState<Model | null>(null);

  const style =
    character && styleChoice?.modelId === character.id
      ? styleChoice.style
      : character
        ? styleForCategory(character.gender)
        : "realistic";
  const serverPromptError = generation.problem?.kind === "prompt" ? generation.problem.message : null;
  const failure = generation.problem?.kind === "failed" ? generation.problem.message : null;

  function changePrompt(next: string) {
    setPrompt(next);
    setPromptError(null);
    if (generation.problem) generation.clearProblem();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!character || generation.inProgress) return;
    const problem = promptProblem(prompt);
    setPromptError(problem);
    if (problem) return;
    setBatchCharacter(character);
    generation.generate({ model_id: character.id, user_prompt: prompt.trim(), count, style });
  }

  return (
    <div className="space-y-5">
      <Card className="p-5 sm:p-6">
        <form className="space-y-6" onSubmit={submit} noValidate aria-label="Generate pictures">
          <SelectedCharacter character={character} />
          <PromptField value={prompt} onChange={changePrompt} error={promptError ?? serverPromptError} />
          <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
            <CountPicker value={count} onChange={setCount} />
            <StyleToggle
              styles={styles.data?.styles ?? (styles.isError ? FALLBACK_STYLES : undefined)}
              medium={styles.data?.medium}
              value={style}
              onChange={(next) => character && setStyleChoice({ modelId: character.id, style: next })}
              disabled={!character}
            />
          </div>
          <PriceSummary
            count={count}
            pricePerPicture={generation.pricePerPicture}
            balance={balance}
            onBuyTokens={onBuyTokens}
          />
          {failure ? (
            <Notice tone="error" testId="generation-error">
              {failure}
            </Notice>
          ) : null}
          <Button
            type="submit"
            size="lg"
            className="w-full"
            disabled={!character || generation.inProgress}
            loading={generation.inProgress}
            icon={<Sparkles className="size-5" aria-hidden="true" />}
            data-testid="generate-images"
          >
            {generation.inProgress
              ? "Generating…"
              : count === 1
                ? "Generate picture"
                : `Generate ${count} pictures`}
          </Button>
        </form>
      </Card>
      {generation.batch && generation.status ? (
        <Card className="p-5 sm:p-6">
          <h2 className="mb-3 font-display text-xl text-ink-100">
            {batchCharacter ? `New pictures of ${batchCharacter.name}` : "New pictures"}
          </h2>
          <GenerationProgress
            batch={generation.batch}
            status={generation.status}
            characterName={batchCharacter?.name ?? "your character"}
            pictures={generation.pictures}
            onOpen={onOpenPicture}
          />
        </Card>
      ) : null}
    </div>
  );
}

/** Who the pictures will be of, or a nudge to pick someone. */
function SelectedCharacter({ character }: { character: Model | null }) {
  if (!character) {
    return (
      <p
        className="rounded-2xl border border-dashed border-white/15 px-4 py-3 text-sm text-ink-300"
        role="status"
      >
        Pick a character to picture first.
      </p>
    );
  }
  return (
    <div className="flex items-center gap-3" data-testid="selected-character" data-model-id={character.id}>
      <MediaImage
        src={character.avatar_url || character.cover_url}
        alt=""
        ratio={1}
        className="size-12 shrink-0 rounded-xl border border-white/10"
      />
      <div className="min-w-0">
        <p className="text-xs font-semibold tracking-[0.18em] text-coral-300 uppercase">Picturing</p>
        <p className="truncate font-display text-xl text-ink-100">
          {character.name}
          <span className="ml-2 text-base text-ink-300 tabular-nums">{character.age}</span>
        </p>
      </div>
    </div>
  );
}
