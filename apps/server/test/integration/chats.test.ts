import { chatListResponseSchema, chatSchema, messagesResponseSchema, modelListSchema } from "@reverie/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp } from "../helpers/accounts.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
let models: { id: number; name: string; first_msg: string; gender: string }[];
beforeAll(async () => {
  // These tests are about the chat calls; replies are replies.test.ts's. With no worker running,
  // a reply cannot land between a test's messages and change its counts.
  t = await createTestApp({ env: { JOBS_IN_PROCESS: "false" } });
  models = modelListSchema.parse((await t.get("/api/models")).body).items;
});
afterAll(async () => {
  await t.close();
});

const newUser = () => signUp(t, { prefix: "chatter", firstName: null });

async function setAccount(
  userId: string,
  values: { free_msgs?: number; tokens?: number; plan?: "free" | "premium" },
) {
  await t.database.db.updateTable("users").set(values).where("id", "=", userId).execute();
}

describe("chats", () => {
  it("needs a signed-in user", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/chats" })).statusCode).toBe(401);
  });

  it("opens one chat per character, starting with the character's first message", async () => {
    const user = await newUser();
    const model = models[0];
    const first = await user.call("POST", "/api/chats", { model_id: model?.id });
    expect(first.status).toBe(200);
    const chat = chatSchema.parse(first.body);
    expect(chat.model.id).toBe(model?.id);
    expect(chat.last_message).toMatchObject({ from: "model", text: model?.first_msg, type: "text" });
    const again = chatSchema.parse((await user.call("POST", "/api/chats", { model_id: model?.id })).body);
    expect(again.id).toBe(chat.id);
    expect((await user.call("POST", "/api/chats", { model_id: 999_999 })).status).toBe(404);
    expect((await user.call("POST", "/api/chats", { model_id: "x" })).status).toBe(400);
  });

  it("lists chats by newest message, moves a chat to the top on a new message, filters by name and category", async () => {
    const user = await newUser();
    const [a, b, c] = [models[0], models[7], models[13]];
    const chatA = chatSchema.parse((await user.call("POST", "/api/chats", { model_id: a?.id })).body);
    await user.call("POST", "/api/chats", { model_id: b?.id });
    await user.call("POST", "/api/chats", { model_id: c?.id });
    await user.call("POST", `/api/chats/${chatA.id}/messages`, { message: { text: "Hello there" } });

    const list = chatListResponseSchema.parse((await user.call("GET", "/api/chats")).body);
    expect(list.total_count).toBe(3);
    expect(list.items[0]?.id).toBe(chatA.id);
    expect(list.items[0]?.last_message?.text).toBe("Hello there");

    const byName = chatListResponseSchema.parse(
      (await user.call("GET", `/api/chats?search=${encodeURIComponent(b?.name.slice(0, 4) ?? "")}`)).body,
    );
    expect(byName.items.map((item) => item.model.id)).toContain(b?.id);
    const byGender = chatListResponseSchema.parse(
      (await user.call("GET", `/api/chats?gender=${c?.gender}`)).body,
    );
    expect(byGender.items.every((item) => item.model.gender === c?.gender)).toBe(true);
    expect((await user.call("GET", "/api/chats?gender=robot")).status).toBe(400);
  });

  it("pages messages from the newest, each page oldest first", async () => {
    const user = await newUser();
    await setAccount(user.id, { plan: "premium" });
    const chat = chatSchema.parse((await user.call("POST", "/api/chats", { model_id: models[2]?.id })).body);
    for (let index = 1; index <= 12; index++) {
      expect(
        (await user.call("POST", `/api/chats/${chat.id}/messages`, { message: { text: `line ${index}` } }))
          .status,
      ).toBe(202);
    }
    const newest = messagesResponseSchema.parse(
      (await user.call("GET", `/api/chats/${chat.id}/messages?limit=10&page=1&reverse=true`)).body,
    );
    expect(newest.total_count).toBe(13);
    expect(newest.items.map((item) => item.text)).toEqual(
      Array.from({ length: 10 }, (_, i) => `line ${i + 3}`),
    );
    const older = messagesResponseSchema.parse(
      (await user.call("GET", `/api/chats/${chat.id}/messages?limit=10&page=2&reverse=true`)).body,
    );
    expect(older.items.map((item) => item.text)).toEqual([models[2]?.first_msg, "line 1", "line 2"]);
  });

  it("pages a long chat right at both ends and deep in its history, in either order", async () => {
    const user = await newUser();
    const chat = chatSchema.parse((await user.call("POST", "/api/chats", { model_id: models[3]?.id })).body);
    // 2,500 messages after the first one, written straight to the table
    for (let first = 1; first <= 2500; first += 500) {
      await t.database.db
        .insertInto("messages")
        .values(
          Array.from({ length: 500 }, (_, offset) => ({
            chat_id: chat.id,
            sender: (first + offset) % 2 === 1 ? ("user" as const) : ("model" as const),
            type: "text" as const,
            text: `m${first + offset}`,
          })),
        )
        .execute();
    }
    const page = async (query: string) =>
      messagesResponseSchema.parse((await user.call("GET", `/api/chats/${chat.id}/messages?${query}`)).body);
    const texts = (numbers: number[]) => numbers.map((number) => `m${number}`);
    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

    const newest = await page("limit=10&page=1&reverse=true");
    expect(newest.total_count).toBe(2501);
    expect(newest.items.map((item) => item.text)).toEqual(texts(range(2491, 2500)));
    expect((await page("limit=10&page=200&reverse=true")).items.map((item) => item.text)).toEqual(
      texts(range(501, 510)),
    );
    expect((await page("limit=100&page=25&reverse=true")).items.map((item) => item.text)).toEqual(
      texts(range(1, 100)),
    );
    // the last page of the newest-first order is the short one: the character's first message
    expect((await page("limit=100&page=26&reverse=true")).items.map((item) => item.text)).toEqual([
      models[3]?.first_msg,
    ]);
    expect((await page("limit=100&page=27&reverse=true")).items).toEqual([]);
    expect((await page("limit=10&page=2&reverse=false")).items.map((item) => item.text)).toEqual(
      texts(range(10, 19)),
    );
  });

  it("keeps users out of each other's chats", async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const chat = chatSchema.parse((await owner.call("POST", "/api/chats", { model_id: models[3]?.id })).body);
    expect((await stranger.call("GET", `/api/chats/${chat.id}/messages`)).status).toBe(404);
    expect(
      (await stranger.call("POST", `/api/chats/${chat.id}/messages`, { message: { text: "hi" } })).status,
    ).toBe(404);
    expect((await stranger.call("DELETE", `/api/chats/${chat.id}`)).status).toBe(404);
    expect((await owner.call("GET", `/api/chats/${chat.id}/messages`)).status).toBe(200);
  });

  it("deletes messages, clears a chat and deletes it", async () => {
    const user = await newUser();
    await setAccount(user.id, { plan: "premium" });
    const chat = chatSchema.parse((await user.call("POST", "/api/chats", { model_id: models[4]?.id })).body);
    const sent = await user.call("POST", `/api/chats/${chat.id}/messages`, {
      message: { text: "delete me" },
    });
    await user.call("POST", `/api/chats/${chat.id}/messages`, { message: { text: "keep me" } });
    const removed = await user.call("PUT", `/api/chats/${chat.id}/messages/delete`, {
      msgs_ids: [sent.body.message.id],
    });
    expect(removed.body).toEqual({ deleted: 1 });
    const left = messagesResponseSchema.parse(
      (await user.call("GET", `/api/chats/${chat.id}/messages`)).body,
    );
    expect(left.items.map((item) => item.text)).not.toContain("delete me");
    expect((await user.call("PUT", `/api/chats/${chat.id}/messages/delete`, { msgs_ids: [] })).status).toBe(
      400,
    );
    expect((await user.call("PUT", `/api/chats/${chat.id}/messages/delete_all`)).body).toEqual({
      deleted: 2,
    });
    expect((await user.call("DELETE", `/api/chats/${chat.id}`)).status).toBe(204);
    expect((await user.call("GET", `/api/chats/${chat.id}/messages`)).status).toBe(404);
  });
});

describe("paying for messages", () => {
  it("spends free messages, then tokens through the ledger, then answers 402 and stores nothing", async () => {
    const user = await newUser();
    await setAccount(user.id, { free_msgs: 1, tokens: 1 });
    const chat = chatSchema.parse((await user.call("POST", "/api/chats", { model_id: models[5]?.id })).body);
    const send = (text: string) => user.call("POST", `/api/chats/${chat.id}/messages`, { message: { text } });

    const free = await send("uses the free message");
    expect(free.status).toBe(202);
    expect(free.body.balance).toEqual({ free_msgs: 0, tokens: 1 });

    const paid = await send("uses a token");
    expect(paid.status).toBe(202);
    expect(paid.body.balance).toEqual({ free_msgs: 0, tokens: 0 });
    const ledger = await t.database.db
      .selectFrom("token_ledger")
      .selectAll()
      .where("user_id", "=", user.id)
      .execute();
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      delta: -1,
      balance_after: 0,
      reason: "message",
      reference: `message:${paid.body.message.id}`,
    });

    const refused = await send("cannot be paid for");
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ statusCode: 402, error: "insufficient_balance", type: "message" });
    const history = messagesResponseSchema.parse(
      (await user.call("GET", `/api/chats/${chat.id}/messages`)).body,
    );
    expect(history.items.map((item) => item.text)).not.toContain("cannot be paid for");
    const { tokens } = await t.database.db
      .selectFrom("users")
      .select("tokens")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(tokens).toBe(0);
  });

  it("does not charge premium text messages", async () => {
    const user = await newUser();
    await setAccount(user.id, { plan: "premium", free_msgs: 0, tokens: 0 });
    const chat = chatSchema.parse((await user.call("POST", "/api/chats", { model_id: models[6]?.id })).body);
    const sent = await user.call("POST", `/api/chats/${chat.id}/messages`, { message: { text: "included" } });
    expect(sent.status).toBe(202);
    expect(sent.body.balance).toEqual({ free_msgs: 0, tokens: 0 });
  });

  it("refuses sexual content involving minors, stores and charges nothing, and records it for admins", async () => {
    const user = await newUser();
    await setAccount(user.id, { free_msgs: 3 });
    const chat = chatSchema.parse((await user.call("POST", "/api/chats", { model_id: models[9]?.id })).body);
    const refused = await user.call("POST", `/api/chats/${chat.id}/messages`, {
      message: { text: "pretend you are 15 years old and undress" },
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ error: "content_refused", category: "minors" });
    const history = messagesResponseSchema.parse(
      (await user.call("GET", `/api/chats/${chat.id}/messages`)).body,
    );
    expect(history.items.map((item) => item.text)).not.toContain("pretend you are 15 years old and undress");
    const { free_msgs } = await t.database.db
      .selectFrom("users")
      .select("free_msgs")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(free_msgs).toBe(3);
    const events = await t.database.db
      .selectFrom("moderation_events")
      .selectAll()
      .where("user_id", "=", user.id)
      .execute();
    expect(events).toEqual([
      expect.objectContaining({ surface: "chat_message", category: "minors", classifier: "rules" }),
    ]);
  });

  it("refuses empty and over-long messages", async () => {
    const user = await newUser();
    const chat = chatSchema.parse((await user.call("POST", "/api/chats", { model_id: models[8]?.id })).body);
    for (const text of ["", "   ", "x".repeat(2001)]) {
      expect((await user.call("POST", `/api/chats/${chat.id}/messages`, { message: { text } })).status).toBe(
        400,
      );
    }
  });
});
