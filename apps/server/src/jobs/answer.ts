import type { MediaStorage } from "../media/storage.ts";
import type { JobContext } from "../queue/job-queue.ts";
import type { EventBus } from "../realtime/bus.ts";
import { chatEvent } from "../realtime/chat-events.ts";
import type { AnswerFields, AnswerJob, AnswerService } from "../services/answers.ts";

/** What producing an answer works with. */
export interface AnswerWork {
  chat: { id: number; characterId: number };
  /** the not-yet-stored message shown meanwhile, for `update` events (streamed text) */
  placeholder: { chatId: number; characterId: number; id: number };
  /** Storage keys of the files this run stored (add each before writing it): they are removed again when its answer is not stored. */
  files: string[];
}

export interface AnswerDependencies {
  answers: AnswerService;
  bus: EventBus;
  /** where produced files are removed from; needed only by answers that store files */
  storage?: MediaStorage;
}

/**
 * Answers a user message once: the stored answer when there is one already (a retry after a
 * crash), else the placeholder (`typing` / `start_generation` under the provisional id -jobId),
 * then what `produce` makes, stored with the chat touched in one transaction and sent as the
 * stored message. `produce` returns undefined when there is nothing to answer.
 *
 * Two runs of the same job at once (a lease ran out while the first still worked) store one
 * answer: the unique reply_to index lets only one insert through and the other run delivers that
 * answer. A chat deleted meanwhile ends the job without an answer and without a retry. Files of an
 * answer that was not stored are removed.
 */
export async function answerUserMessage(
  deps: AnswerDependencies,
  job: AnswerJob,
  context: JobContext,
  placeholder: "typing" | "start_generation",
  produce: (work: AnswerWork) => Promise<AnswerFields | undefined>,
): Promise<void> {
  const state = await deps.answers.state(job);
  if (!state) return; // the chat was deleted meanwhile: nothing to answer
  const { characterId } = state;
  if (state.answered) {
    // stored by an attempt that died before finishing: deliver it, do not make it again
    await deps.answers.deliverStored(job, characterId);
    return;
  }
  // the placeholder before the reads the answer needs: the user sees the character react at once
  const base = { chatId: job.chatId, characterId, id: -context.jobId };
  await deps.bus.publish(job.userId, chatEvent("add", { ...base, type: placeholder, text: "" }));

  const files: string[] = [];
  let stored = false;
  try {
    const fields = await produce({ chat: { id: job.chatId, characterId }, placeholder: base, files });
    if (!fields) return;
    const result = await deps.answers.store(job, fields);
    if (result.outcome === "chat_deleted") return;
    if (result.outcome === "stored") {
      stored = true;
      await deps.answers.deliver(job, characterId, result.answer);
      return;
    }
    // another run of this job stored its answer first: deliver that one
    await deps.answers.deliverStored(job, characterId);
  } finally {
    if (!stored && files.length > 0 && deps.storage) {
      // a file left behind only wastes space; it must not hide why the answer was not stored
      await deps.storage.remove(files).catch(() => undefined);
    }
  }
}
