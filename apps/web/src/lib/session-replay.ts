import { STORAGE_KEYS } from "@reverie/shared";

/**
 * Session replay's switch (decision 0026), small enough for the entry: whether this session is
 * recorded, the visitor's opt-out, and starting the recorder (session-replay-recorder.ts, loaded on
 * demand, which loads rrweb only for a sampled session). Recording needs the age gate confirmed,
 * replay enabled by the remote configuration, no opt-out and a session within the sample rate.
 */
export const REPLAY_KEYS = {
  optOut: "reverie:replay:opt-out",
  sampling: "reverie:replay:sampling",
} as const;

/** Whether one session is recorded; decided once, when the session is first seen. */
export interface SamplingDecision {
  sessionId: string;
  sampled: boolean;
}

/** The earlier decision of the same session stands; a new session is in with probability `rate`. */
export function decideSampling(
  sessionId: string,
  rate: number,
  earlier: SamplingDecision | null,
  random: () => number = Math.random,
): SamplingDecision {
  if (earlier?.sessionId === sessionId) return earlier;
  return { sessionId, sampled: rate > 0 && random() < rate };
}

export function shouldRecord(state: { enabled: boolean; optedOut: boolean; sampled: boolean }): boolean {
  return state.enabled && !state.optedOut && state.sampled;
}

function local(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** the choice made on this page, which holds even where storage is disabled */
let chosenHere: boolean | null = null;

export function replayOptedOut(): boolean {
  if (chosenHere !== null) return chosenHere;
  try {
    return local()?.getItem(REPLAY_KEYS.optOut) === "true";
  } catch {
    return false;
  }
}

const listeners = new Set<() => void>();

export function onReplayOptOut(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let recorder: { stop(): void } | null = null;
let starting = false;

/** Starts recording if this session should be recorded; does nothing when it runs already. */
export function startSessionReplay(): void {
  if (starting || recorder || replayOptedOut()) return;
  try {
    if (local()?.getItem(STORAGE_KEYS.ageConfirmed) === null) return;
  } catch {
    return;
  }
  starting = true;
  import("./session-replay-recorder")
    .then(({ startRecording }) =>
      startRecording({
        onEnded: () => {
          recorder = null;
          startSessionReplay();
        },
      }),
    )
    .then((started) => {
      starting = false;
      if (started && replayOptedOut()) started.stop();
      else recorder = started;
    })
    .catch((error: unknown) => {
      starting = false;
      console.error("session replay not started", error);
    });
}

/** The visitor's choice, kept in this browser; opting out stops a recording at once. */
export function setReplayOptOut(optOut: boolean): void {
  chosenHere = optOut;
  try {
    if (optOut) local()?.setItem(REPLAY_KEYS.optOut, "true");
    else local()?.removeItem(REPLAY_KEYS.optOut);
  } catch {
    // storage disabled: the choice holds for this page only
  }
  if (optOut) {
    recorder?.stop();
    recorder = null;
  } else {
    startSessionReplay();
  }
  for (const listener of listeners) listener();
}
