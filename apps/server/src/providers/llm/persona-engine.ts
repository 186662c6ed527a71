import type { ComponentStatus } from "../../lib/health-check.ts";
import { composeReply } from "./persona/compose.ts";
import { Rng } from "./persona/text.ts";
import type { LlmProvider, ReplyRequest } from "./types.ts";

/**
 * The offline default LLM provider: no model, no network (decision 47). It answers every question
 * of a message, about the character from its canon sheet and about the user from memory and the
 * chat; it names what troubles the user and asks after it later; it speaks in the character's own
 * words (its voice phrases, hobbies and life), never says a sentence of its last 50 replies again,
 * and is honest when asked whether it is an AI. The same seed and history give the same reply.
 * The reply itself is written by `persona/compose.ts`.
 */
export class PersonaEngine implements LlmProvider {
  readonly name = "persona";
  readonly #chunkDelayMs: number;

  /** `chunkDelayMs`: pause between streamed word groups (0 = as fast as the consumer reads). */
  constructor(options: { chunkDelayMs?: number } = {}) {
    this.#chunkDelayMs = options.chunkDelayMs ?? 0;
  }

  /** The whole reply at once: what `streamReply` streams. */
  reply(request: ReplyRequest): string {
    return composeReply(request);
  }

  async *streamReply(request: ReplyRequest): AsyncIterable<string> {
    const { signal } = request;
    signal?.throwIfAborted();
    const text = composeReply(request);
    const rng = new Rng(`stream|${text}`);
    for (const delta of wordGroups(text, rng)) {
      if (this.#chunkDelayMs > 0) await sleep(this.#chunkDelayMs, signal);
      else await Promise.resolve();
      signal?.throwIfAborted();
      yield delta;
    }
  }

  async check(): Promise<ComponentStatus> {
    return {
      status: "ok",
      detail: "offline persona engine (no model); set LLM_BASE_URL to use a real model",
    };
  }
}

/** Splits a reply into groups of one to three words, each with its trailing space, joining back exactly. */
function wordGroups(text: string, rng: Rng): string[] {
  const words = text.match(/\s*\S+\s*/g) ?? [text];
  const groups: string[] = [];
  for (let index = 0; index < words.length; ) {
    const size = rng.int(1, 3);
    groups.push(words.slice(index, index + size).join(""));
    index += size;
  }
  return groups;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
