import { describe, expect, it } from "vitest";
import {
  NEW_PRIVATE_PHOTO_CAPTION,
  OLD_PRIVATE_PHOTO_CAPTION,
  up,
} from "../../src/db/migrations/0019_private_photo_caption.ts";
import { signUp } from "../helpers/accounts.ts";
import { useTestApp } from "../helpers/test-app.ts";

const app = useTestApp();

describe("migration 0019: a stored private photo's caption", () => {
  it("no longer asks to unlock a photo that may be unlocked; other texts stay", async () => {
    const user = await signUp(app(), "user", "caption");
    const chat = await user.call("POST", "/api/chats", { model_id: 1 });
    expect(chat.status).toBeLessThan(300);
    const chatId = (chat.body.chat?.id ?? chat.body.id) as number;
    const message = (text: string, locked: boolean) => ({
      chat_id: chatId,
      sender: "model" as const,
      type: "private_image" as const,
      text,
      media_key: null,
      video_duration: null,
      locked,
      price_tokens: 20,
      reply_to: null,
    });
    const rows = await app()
      .database.db.insertInto("messages")
      .values([
        message(OLD_PRIVATE_PHOTO_CAPTION, false),
        message("Made this one special, just for you.", false),
      ])
      .returning("id")
      .execute();

    await up(app().database.db as never);

    const texts = await app()
      .database.db.selectFrom("messages")
      .select("text")
      .where(
        "id",
        "in",
        rows.map((row) => row.id),
      )
      .orderBy("id")
      .execute();
    expect(texts.map((row) => row.text)).toEqual([
      NEW_PRIVATE_PHOTO_CAPTION,
      "Made this one special, just for you.",
    ]);
    expect(NEW_PRIVATE_PHOTO_CAPTION).not.toMatch(/unlock/i);
  });
});
