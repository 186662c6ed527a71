import { z } from "zod";
import { messageSchema } from "./chats.ts";

/**
 * GET /api/chats/:chatId/greetings — the first messages the chat's character offers (an imported
 * card's first message and its alternate greetings, placeholders filled in), and which one the
 * chat starts with. A catalog or built character has one; the choice is open while the character's
 * first message is the only message of the chat (decision 48).
 */
export const chatGreetingsSchema = z.object({
  greetings: z.array(z.string()).describe("the first message, then the card's alternate greetings"),
  selected: z.number().int().describe("the index of the greeting the chat starts with"),
  message_id: z.number().int().nullable().describe("the character's first message; null in an emptied chat"),
  can_choose: z.boolean(),
  reason: z
    .enum(["already_replied", "no_first_message"])
    .nullable()
    .describe("why the choice is closed: the user replied, or the chat was emptied"),
});
export type ChatGreetings = z.infer<typeof chatGreetingsSchema>;

/** PUT /api/chats/:chatId/greeting — the chat starts with greeting `index` instead. */
export const chooseGreetingBodySchema = z.object({ index: z.number().int().min(0) });
export type ChooseGreetingBody = z.infer<typeof chooseGreetingBodySchema>;

export const chooseGreetingResponseSchema = z.object({ message: messageSchema });
