import type { LlmProvider } from "../providers/llm/types.ts";
import type { JobHandler } from "../queue/job-queue.ts";
import type { EventBus } from "../realtime/bus.ts";
import { chatEvent } from "../realtime/chat-events.ts";
import type { AnswerService, ReplyJob } from "../services/answers.ts";
import type { ModerationService } from "../services/moderation.ts";
import type { VoiceService } from "../services/voice.ts";
import { answerUserMessage } from "./answer.ts";

/** How many earlier messages a reply is written from (prompt assembly trims further). */
const HISTORY_LIMIT = 200;
/** Streamed text is sent at most this often, so a fast model does not flood the socket. */
const UPDATE_INTERVAL_MS = 80;

const FAILED_REPLY = "Sorry, I couldn't answer just now. Your message was not charged; please try again.";

export interface ReplyDependencies {
  answers: AnswerService;
  voice: VoiceService;
  llm: LlmProvider;
  bus: EventBus;
  moderation: ModerationService;
  /** longest one attempt may take, from its start to the stored reply (REPLY_DEADLINE_SECONDS) */
  deadlineMs?: number;
}

/** The default of REPLY_DEADLINE_SECONDS. */
export const DEFAULT_REPLY_DEADLINE_MS = 120_000;

/**
 * Writes the character's reply: `typing`, then the text as it streams (`update` events under a
 * provisional negative id), then the stored message (`add`, type `text`). A retry after a crash
 * does not store the reply twice. When the last attempt fails, the message is refunded.
 *
 * The model's words are moderated too (decision 13): the rules check the text before each
 * `update` is sent, and stop the stream on a hit; the full check (rules, then the configured
 * classifier) reads the finished reply before it is stored. A refused reply is recorded and
 * replaced by a refusal in character, which the final message carries.
 */
export function replyJobHandler(deps: ReplyDependencies): JobHandler<ReplyJob> {
  return {
    maxAttempts: 3,
    // an upstream that sends only keep-alives resets its chunk timer forever: the attempt ends here
    deadlineMs: deps.deadlineMs ?? DEFAULT_REPLY_DEADLINE_MS,
    async run(job, jobContext) {
      await answerUserMessage(deps, job, jobContext, "typing", async ({ chat, placeholder }) => {
        const material = await deps.answers.replyMaterial(chat.id, job.userMessageId, HISTORY_LIMIT);
        if (!material) return undefined;
        const context = {
          ...material,
          voiceNote: job.voiceNote !== undefined,
          // the deadline or a shutdown closes the model's stream
          ...(jobContext.signal ? { signal: jobContext.signal } : {}),
          deadlineAt: jobContext.deadlineAt,
        };

        // the reply is judged with the chat so far and the character it speaks as
        const moderationContext = {
          turns: context.history.map((turn) => ({
            role: turn.from === "user" ? ("user" as const) : ("character" as const),
            text: turn.text,
          })),
          definition: [context.character.name, context.character.description, context.character.personality]
            .filter(Boolean)
            .join("\n"),
        };
        let text = "";
        let lastUpdate = 0;
        let refusedWhileStreaming = false;
        for await (const delta of deps.llm.streamReply(context)) {
          jobContext.signal?.throwIfAborted();
          text += delta;
          if (Date.now() - lastUpdate >= UPDATE_INTERVAL_MS) {
            if (!deps.moderation.allowsWhileStreaming(text, moderationContext)) {
              refusedWhileStreaming = true;
              break; // ends the model's stream: nothing more of it is read or sent
            }
            lastUpdate = Date.now();
            await deps.bus.publish(job.userId, chatEvent("update", { ...placeholder, type: "text", text }));
          }
        }
        const reply = text.trim();
        if (!reply) throw new Error("the model returned an empty reply");
        const verdict = await deps.moderation.review(reply, "model_output", job.userId, moderationContext);
        if (refusedWhileStreaming || !verdict.allowed) {
          return { type: "text", text: deps.moderation.refusalInCharacter(job.userMessageId) };
        }
        return { type: "text", text: reply };
      });
      // asked for a voice message: the stored reply is read aloud (the voice job, status_change events)
      if (job.voiceNote) await deps.voice.startVoiceNote({ ...job, charge: job.voiceNote });
    },
    async onFailed(job) {
      await deps.answers.refundAndNotify(job, FAILED_REPLY);
      await deps.voice.refund(job.userId, job.voiceNote);
    },
  };
}
