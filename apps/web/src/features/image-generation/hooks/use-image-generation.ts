import { type GeneratedImage, IMAGE_GENERATION_PRICE_TOKENS } from "@reverie/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { setSessionUser, userQueryOptions } from "@/lib/auth";
import { useRealtimeEvents } from "@/lib/realtime";
import { imagesQueryOptions, useImages } from "../api/get-images";
import { type ImagesRequest, useRequestImages } from "../api/request-images";
import {
  acceptBatch,
  applyImageEvent,
  arrivedCount,
  batchStatus,
  type GenerationBatch,
  isInProgress,
  reconcileWithPictures,
  startBatch,
} from "../utils/generation-batch";
import { type GenerationProblem, generationProblem } from "../utils/generation-problem";

const NO_PICTURES: GeneratedImage[] = [];

/** With nothing arriving for this long, the socket may have missed it: Generate is free again. */
const STALL_MS = 3 * 60_000;

/**
 * Asking for pictures and following them in: one batch at a time (the spec's "generation in
 * progress"), its placeholders filled by `update_custom_image` for its request and by the user's
 * picture list (what the socket missed; `usePictureUpdates` keeps it current). After the 202 the
 * session's balance is the answer's; the price per picture is the last one the server charged. Not
 * enough tokens calls `onInsufficientBalance`.
 */
export function useImageGeneration({ onInsufficientBalance }: { onInsufficientBalance: () => void }) {
  const queryClient = useQueryClient();
  const request = useRequestImages();
  const [batch, setBatch] = useState<GenerationBatch | null>(null);
  const [pricePerPicture, setPricePerPicture] = useState<number>(IMAGE_GENERATION_PRICE_TOKENS);
  const [problem, setProblem] = useState<GenerationProblem | null>(null);
  const pictures = useImages(batch?.modelId ?? null, batch !== null);

  useRealtimeEvents((event) => {
    if (event.action !== "update_custom_image" || event.request_id === undefined) return;
    setBatch((current) => {
      if (!current) return current;
      const next = applyImageEvent(current, event);
      return next === current ? current : { ...next, stalled: false };
    });
  });

  const shown = useMemo(
    () => (batch && pictures.data ? reconcileWithPictures(batch, pictures.data.items) : batch),
    [batch, pictures.data],
  );
  const status = shown ? batchStatus(shown) : null;
  const arrived = shown ? arrivedCount(shown) : 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: each arrival restarts the wait for the next picture
  useEffect(() => {
    if (status !== "generating") return;
    const timer = setTimeout(() => setBatch((current) => current && { ...current, stalled: true }), STALL_MS);
    return () => clearTimeout(timer);
  }, [status, arrived]);

  /** The pictures of this character listed now, unless a refresh is due (they would look new later). */
  function settledPictures(modelId: number) {
    const { queryKey } = imagesQueryOptions(modelId);
    const state = queryClient.getQueryState(queryKey);
    if (!state || state.isInvalidated || state.fetchStatus !== "idle") return undefined;
    return queryClient.getQueryData(queryKey)?.items;
  }

  function generate(input: ImagesRequest) {
    if (isInProgress(shown)) return;
    setProblem(null);
    setBatch(
      startBatch({
        modelId: input.model_id,
        count: input.count,
        knownImages: settledPictures(input.model_id),
      }),
    );
    request.mutate(input, {
      onSuccess: (answer) => {
        // one batch is sent at a time: the one waiting for its request id is this one
        setBatch((current) =>
          current?.requestId === null ? acceptBatch(current, answer.request_id) : current,
        );
        setPricePerPicture(answer.price_tokens);
        const user = queryClient.getQueryData(userQueryOptions("token").queryKey);
        if (user) setSessionUser(queryClient, { ...user, tokens: answer.current_tokens });
      },
      onError: (error) => {
        setBatch((current) => (current?.requestId === null ? null : current));
        const found = generationProblem(error);
        if (found.kind === "insufficient_balance") onInsufficientBalance();
        else setProblem(found);
      },
    });
  }

  return {
    generate,
    batch: shown,
    status,
    inProgress: isInProgress(shown),
    /** the user's pictures of the batch's character, to open an arrived one large */
    pictures: pictures.data?.items ?? NO_PICTURES,
    pricePerPicture,
    problem,
    clearProblem: () => setProblem(null),
  };
}
