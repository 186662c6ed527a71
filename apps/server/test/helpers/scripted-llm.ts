import type { LlmProvider, ReplyRequest } from "../../src/providers/llm/types.ts";

/**
 * A chat model for tests of the reply flow (queue, events, storage, refunds): it answers with a
 * known text, word by word, or fails as told. The real providers have their own tests.
 */
export class ScriptedLlm implements LlmProvider {
  readonly name = "scripted";
  readonly requests: ReplyRequest[] = [];
  #failuresLeft: number;

  constructor(options: { failures?: number } = {}) {
    this.#failuresLeft = options.failures ?? 0;
  }

  async *streamReply(request: ReplyRequest): AsyncIterable<string> {
    this.requests.push(request);
    const last = request.history.at(-1)?.text ?? "";
    const words = `${request.character.name} heard: ${last}`.split(" ");
    for (const [index, word] of words.entries()) {
      if (index === 2 && this.#failuresLeft > 0) {
        this.#failuresLeft--;
        throw new Error("upstream stream cut");
      }
      yield index === 0 ? word : ` ${word}`;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  async check() {
    return { status: "ok" as const, detail: "scripted" };
  }
}
