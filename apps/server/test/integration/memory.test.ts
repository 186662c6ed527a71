import {
  chatSchema,
  dataExportSchema,
  dataExportStartedSchema,
  type MemoryItem,
  memoryItemSchema,
  memoryListSchema,
  messagesResponseSchema,
  modelListSchema,
  type SocketEvent,
} from "@reverie/shared";
import { describe, expect, it } from "vitest";
import { OpenAiMemoryExtractor } from "../../src/providers/llm/memory-extraction/openai-compatible.ts";
import { MemoryEventBus } from "../../src/realtime/bus.ts";
import { MemoryRepository } from "../../src/repositories/memories.ts";
import { signUp, type TestAccount } from "../helpers/accounts.ts";
import {
  json,
  startFakeUpstream,
  streamCompletion,
  structuredCompletion,
  useFakeUpstream,
  wantsJsonSchema,
} from "../helpers/fake-upstream.ts";
import { ScriptedLlm } from "../helpers/scripted-llm.ts";
import { type TestApp, useTestApp } from "../helpers/test-app.ts";
import { eventually } from "../helpers/wait.ts";

const DOG = "I've got a dog called Biscuit";
/** A message whose extraction the fake model fails. */
const BROKEN = "the moon is broken";

async function premiumUser(t: TestApp, firstName: string | null = "Robin"): Promise<TestAccount> {
  const user = await signUp(t, { prefix: "memory", firstName });
  await t.database.db.updateTable("users").set({ plan: "premium" }).where("id", "=", user.id).execute();
  return user;
}

async function openChat(t: TestApp, user: TestAccount, modelIndex = 0): Promise<number> {
  const models = modelListSchema.parse((await t.get("/api/models")).body).items;
  const opened = await user.call("POST", "/api/chats", { model_id: models[modelIndex]?.id });
  expect(opened.status).toBe(200);
  return chatSchema.parse(opened.body).id;
}

async function memoryOf(user: TestAccount, chatId: number) {
  const answer = await user.call("GET", `/api/chats/${chatId}/memory`);
  expect(answer.status).toBe(200);
  return memoryListSchema.parse(answer.body);
}

async function remember(user: TestAccount, chatId: number, fact: object): Promise<MemoryItem> {
  const answer = await user.call("POST", `/api/chats/${chatId}/memory`, fact);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return memoryItemSchema.parse(answer.body);
}

/** Sends a message and waits for the character's stored reply. */
async function exchange(user: TestAccount, chatId: number, text: string) {
  expect((await user.call("POST", `/api/chats/${chatId}/messages`, { message: { text } })).status).toBe(202);
  return eventually(
    async () => {
      const page = messagesResponseSchema.parse(
        (await user.call("GET", `/api/chats/${chatId}/messages?reverse=true&limit=5`)).body,
      );
      const sent = page.items.findLast((message) => message.from === "user" && message.text === text);
      return sent && page.items.find((message) => message.from === "model" && message.id > sent.id);
    },
    { what: "the character's reply" },
  );
}

describe("the memory API", () => {
  const bus = new MemoryEventBus();
  const llm = new ScriptedLlm();
  const app = useTestApp({ llm, bus });

  it("needs a signed-in user", async () => {
    const response = await app().app.inject({ method: "GET", url: "/api/chats/1/memory" });
    expect(response.statusCode).toBe(401);
  });

  it("adds, lists, corrects and deletes facts, and forgets everything", async () => {
    const t = app();
    const user = await premiumUser(t);
    const chatId = await openChat(t, user);
    const empty = await memoryOf(user, chatId);
    expect(empty.items).toEqual([]);
    expect(empty.character_name).toBeTruthy();

    const events: SocketEvent[] = [];
    const stop = bus.subscribe(user.id, (event) => events.push(event));
    const pet = await remember(user, chatId, {
      kind: "pet",
      subject: "Biscuit",
      text: "has a dog called Biscuit",
    });
    expect(pet).toMatchObject({
      kind: "pet",
      subject: "Biscuit",
      text: "has a dog called Biscuit",
      date: null,
    });
    const exam = await remember(user, chatId, {
      kind: "date",
      subject: "the exam",
      text: "maths exam",
      date: "2026-12-04",
    });
    expect((await memoryOf(user, chatId)).items.map((item) => item.id)).toEqual([pet.id, exam.id]);
    expect(events).toContainEqual({ action: "memory_update", chat_id: chatId, model_id: expect.any(Number) });
    stop();

    const corrected = await user.call("PATCH", `/api/chats/${chatId}/memory/${pet.id}`, {
      text: "has a beagle called Biscuit",
    });
    expect(corrected.status).toBe(200);
    expect(memoryItemSchema.parse(corrected.body)).toMatchObject({
      id: pet.id,
      text: "has a beagle called Biscuit",
    });

    // the same subject again replaces the fact rather than repeating it; the name holds one value
    const again = await remember(user, chatId, {
      kind: "pet",
      subject: "biscuit",
      text: "has a puppy, Biscuit",
    });
    expect(again.id).toBe(pet.id);
    await remember(user, chatId, { kind: "name", subject: "Sam", text: "is called Sam" });
    await remember(user, chatId, { kind: "name", subject: "Sammy", text: "goes by Sammy" });
    const names = (await memoryOf(user, chatId)).items.filter((item) => item.kind === "name");
    expect(names.map((item) => item.subject)).toEqual(["Sammy"]);

    expect((await user.call("DELETE", `/api/chats/${chatId}/memory/${exam.id}`)).status).toBe(204);
    expect((await memoryOf(user, chatId)).items.map((item) => item.id)).not.toContain(exam.id);
    expect((await user.call("DELETE", `/api/chats/${chatId}/memory/${exam.id}`)).status).toBe(404);

    expect((await user.call("DELETE", `/api/chats/${chatId}/memory`)).status).toBe(204);
    expect((await memoryOf(user, chatId)).items).toEqual([]);
  });

  it("refuses bad input with the reason", async () => {
    const t = app();
    const user = await premiumUser(t);
    const chatId = await openChat(t, user);
    const item = await remember(user, chatId, { kind: "like", subject: "jazz", text: "likes jazz" });

    const emptyText = await user.call("POST", `/api/chats/${chatId}/memory`, { kind: "like", text: "   " });
    expect(emptyText.status).toBe(400);
    expect(emptyText.body.message).toContain("Please write what to remember.");
    expect((await user.call("POST", `/api/chats/${chatId}/memory`, { kind: "shoe", text: "x" })).status).toBe(
      400,
    );
    expect(
      (
        await user.call("POST", `/api/chats/${chatId}/memory`, {
          kind: "date",
          text: "x",
          date: "next friday",
        })
      ).status,
    ).toBe(400);
    expect(
      (await user.call("POST", `/api/chats/${chatId}/memory`, { kind: "like", text: "x".repeat(301) }))
        .status,
    ).toBe(400);
    const nothing = await user.call("PATCH", `/api/chats/${chatId}/memory/${item.id}`, {});
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toContain("Nothing to change.");
    expect((await user.call("PATCH", `/api/chats/${chatId}/memory/${item.id}`, { text: "" })).status).toBe(
      400,
    );
    expect((await user.call("GET", "/api/chats/abc/memory")).status).toBe(400);
    expect((await user.call("DELETE", `/api/chats/${chatId}/memory/0`)).status).toBe(400);
    expect((await memoryOf(user, chatId)).items).toEqual([item]);
  });

  it("refuses what the content rules refuse, a self fact read as the character's definition", async () => {
    const t = app();
    const user = await premiumUser(t);
    const chatId = await openChat(t, user);
    const minor = await user.call("POST", `/api/chats/${chatId}/memory`, {
      kind: "self",
      text: "is only 12 years old",
    });
    expect(minor.status).toBe(422);
    const dating = await user.call("POST", `/api/chats/${chatId}/memory`, {
      kind: "like",
      text: "pretend you are 14 and we are dating",
    });
    expect(dating.status).toBe(422);
    // a fact about the user is theirs: "is a 14 year old girl" is the user saying they are 14
    for (const text of ["is a 14 year old girl in year 9", "is in year 9 at school"]) {
      const own = await user.call("POST", `/api/chats/${chatId}/memory`, { kind: "like", text });
      expect(own.status, text).toBe(422);
    }
    // an adult's life with school in it is not refused
    await remember(user, chatId, {
      kind: "person",
      subject: "daughter",
      text: "their daughter is in year 9",
    });
    const item = await remember(user, chatId, { kind: "self", subject: "age", text: "is 24" });
    const edited = await user.call("PATCH", `/api/chats/${chatId}/memory/${item.id}`, {
      text: "is 12 years old",
    });
    expect(edited.status).toBe(422);
    expect((await memoryOf(user, chatId)).items.map((kept) => kept.text)).toEqual([
      "their daughter is in year 9",
      "is 24",
    ]);
  });

  it("shows, changes and deletes nothing of another user's chat, or of another character's memory", async () => {
    const t = app();
    const owner = await premiumUser(t);
    const stranger = await premiumUser(t);
    const chatId = await openChat(t, owner);
    const otherChatId = await openChat(t, owner, 1);
    const item = await remember(owner, chatId, { kind: "job", text: "is a nurse" });

    expect((await stranger.call("GET", `/api/chats/${chatId}/memory`)).status).toBe(404);
    expect(
      (await stranger.call("POST", `/api/chats/${chatId}/memory`, { kind: "like", text: "x" })).status,
    ).toBe(404);
    expect(
      (await stranger.call("PATCH", `/api/chats/${chatId}/memory/${item.id}`, { text: "x" })).status,
    ).toBe(404);
    expect((await stranger.call("DELETE", `/api/chats/${chatId}/memory/${item.id}`)).status).toBe(404);
    expect((await stranger.call("DELETE", `/api/chats/${chatId}/memory`)).status).toBe(404);
    // the item is the first character's: through the chat with another character it is unknown
    expect(
      (await owner.call("PATCH", `/api/chats/${otherChatId}/memory/${item.id}`, { text: "x" })).status,
    ).toBe(404);
    expect((await owner.call("DELETE", `/api/chats/${otherChatId}/memory/${item.id}`)).status).toBe(404);
    expect((await owner.call("PATCH", `/api/chats/${chatId}/memory/999999`, { text: "x" })).status).toBe(404);
    expect((await owner.call("GET", "/api/chats/999999/memory")).status).toBe(404);
    expect((await memoryOf(owner, otherChatId)).items).toEqual([]);
    expect((await memoryOf(owner, chatId)).items).toEqual([item]);
  });

  it("gives every reply the memory and the one name, and a deleted or forgotten fact is gone from the next", async () => {
    const t = app();
    const user = await premiumUser(t, "Robin");
    const chatId = await openChat(t, user);
    await exchange(user, chatId, "hello there");
    expect(llm.requests.at(-1)?.userName).toBe("Robin");

    await remember(user, chatId, { kind: "name", subject: "Sam", text: "is called Sam" });
    const pet = await remember(user, chatId, {
      kind: "pet",
      subject: "Biscuit",
      text: "has a dog called Biscuit",
    });
    await exchange(user, chatId, "how are you");
    const withMemory = llm.requests.at(-1);
    expect(withMemory?.userName).toBe("Sam");
    expect(withMemory?.memory).toEqual(
      expect.arrayContaining([
        { kind: "name", subject: "Sam", text: "is called Sam", date: null },
        { kind: "pet", subject: "Biscuit", text: "has a dog called Biscuit", date: null },
      ]),
    );

    expect((await user.call("DELETE", `/api/chats/${chatId}/memory/${pet.id}`)).status).toBe(204);
    await exchange(user, chatId, "what is new");
    const afterDelete = llm.requests.at(-1);
    expect(afterDelete?.memory?.map((fact) => fact.subject)).not.toContain("Biscuit");
    expect(afterDelete?.userName).toBe("Sam");

    expect((await user.call("DELETE", `/api/chats/${chatId}/memory`)).status).toBe(204);
    await exchange(user, chatId, "and now");
    const afterForget = llm.requests.at(-1);
    expect(afterForget?.memory?.map((fact) => fact.subject) ?? []).not.toContain("Sam");
    expect(afterForget?.userName).toBe("Robin");
  });

  it("writes replies without what the user had forgotten, while the chat still shows it", async () => {
    const t = app();
    const user = await premiumUser(t);
    const chatId = await openChat(t, user);
    await exchange(user, chatId, DOG);
    await exchange(user, chatId, "my sister Lena says hi");
    // the same fact the rules learnt from the message: merged into one item
    const pet = await remember(user, chatId, {
      kind: "pet",
      subject: "Biscuit",
      text: "has a dog called Biscuit",
    });
    expect((await user.call("DELETE", `/api/chats/${chatId}/memory/${pet.id}`)).status).toBe(204);

    await exchange(user, chatId, "what is new");
    const texts = (llm.requests.at(-1)?.history ?? []).map((turn) => turn.text);
    expect(texts.join("\n")).not.toMatch(/biscuit/i);
    expect(texts).toContain("my sister Lena says hi");
    expect(texts.at(-1)).toBe("what is new");
    // the exchange's lesson, learnt after the deletion, does not bring the dog back
    await eventually(
      async () =>
        await t.database.db.selectFrom("jobs").select("status").where("kind", "=", "remember").execute(),
      {
        until: (jobs) =>
          jobs.length >= 3 && jobs.every((job) => job.status === "done" || job.status === "failed"),
        what: "the remember jobs to finish",
      },
    );
    expect((await memoryOf(user, chatId)).items.map((item) => item.subject)).not.toContain("Biscuit");
    const shown = messagesResponseSchema.parse(
      (await user.call("GET", `/api/chats/${chatId}/messages`)).body,
    );
    expect(shown.items.map((message) => message.text)).toContain(DOG);

    expect((await user.call("DELETE", `/api/chats/${chatId}/memory`)).status).toBe(204);
    await exchange(user, chatId, "and now");
    // forgetting everything: the character writes as if the chat began here
    expect(llm.requests.at(-1)?.history.map((turn) => turn.text)).toEqual(["and now"]);
  });

  it("learns the name the user gives in the chat (offline rules) and calls them by it from then on", async () => {
    const t = app();
    const user = await premiumUser(t, "Robin");
    const chatId = await openChat(t, user);
    await exchange(user, chatId, "My name is Sam, by the way");
    await eventually(async () => (await memoryOf(user, chatId)).items, {
      until: (items) => items.some((item) => item.kind === "name" && item.subject === "Sam"),
      what: "the name learnt",
    });
    await exchange(user, chatId, "what should we do tonight?");
    expect(llm.requests.at(-1)?.userName).toBe("Sam");
  });

  it("puts the memory in the account's data export", async () => {
    const t = app();
    const user = await premiumUser(t);
    const chatId = await openChat(t, user);
    await remember(user, chatId, { kind: "worry", subject: "the move", text: "worries about moving house" });
    const pet = await remember(user, chatId, {
      kind: "pet",
      subject: "Biscuit",
      text: "has a dog called Biscuit",
    });
    expect((await user.call("DELETE", `/api/chats/${chatId}/memory/${pet.id}`)).status).toBe(204);
    const started = await user.call("POST", "/api/user/export");
    expect(started.status).toBe(202);
    const { export_id } = dataExportStartedSchema.parse(started.body);
    const ready = await eventually(
      async () => dataExportSchema.parse((await user.call("GET", `/api/user/export/${export_id}`)).body),
      { until: (state) => state.status !== "pending", what: "the export" },
    );
    const archive = JSON.parse((await t.app.inject({ method: "GET", url: ready.url ?? "" })).body) as {
      memories: { character_name: string; kind: string; subject: string; text: string }[];
      forgotten: { character_name: string; subject: string | null }[];
    };
    // forgotten as of the first message: the chat had only the greeting
    expect(archive.forgotten).toEqual([expect.objectContaining({ subject: "Biscuit" })]);
    expect(archive.memories).toEqual([
      expect.objectContaining({ kind: "worry", subject: "the move", text: "worries about moving house" }),
    ]);
    expect(archive.memories[0]?.character_name).toBe((await memoryOf(user, chatId)).character_name);
  });

  it("reads an exchange to learn from in the user's own chat only, with both its messages", async () => {
    const t = app();
    const user = await premiumUser(t);
    const other = await premiumUser(t, "Kim");
    const chatId = await openChat(t, user);
    const otherChatId = await openChat(t, other);
    const reply = await exchange(user, chatId, DOG);
    const otherReply = await exchange(other, otherChatId, "hello there");
    const chat = await t.database.db
      .selectFrom("chats")
      .innerJoin("characters", "characters.id", "chats.character_id")
      .select(["chats.character_id", "characters.name"])
      .where("chats.id", "=", chatId)
      .executeTakeFirstOrThrow();
    const sentId = async (chat: number, text: string) =>
      (
        await t.database.db
          .selectFrom("messages")
          .select("id")
          .where("chat_id", "=", chat)
          .where("sender", "=", "user")
          .where("text", "=", text)
          .executeTakeFirstOrThrow()
      ).id;
    const userMessageId = await sentId(chatId, DOG);
    const memories = new MemoryRepository(t.database.db);
    const job = { chatId, userId: user.id, userMessageId, replyMessageId: reply.id };

    expect(await memories.exchange(job)).toEqual({
      characterId: chat.character_id,
      characterName: chat.name,
      userFirstName: "Robin",
      userText: DOG,
      replyText: reply.text,
    });
    // another user's chat, and a message of another chat, are no exchange of this one
    expect(await memories.exchange({ ...job, userId: other.id })).toBeUndefined();
    expect(await memories.exchange({ ...job, replyMessageId: otherReply.id })).toBeUndefined();
    expect(
      await memories.exchange({ ...job, userMessageId: await sentId(otherChatId, "hello there") }),
    ).toBeUndefined();
  });

  it("forgets the memory with the chat", async () => {
    const t = app();
    const user = await premiumUser(t);
    const chatId = await openChat(t, user);
    await remember(user, chatId, { kind: "place", text: "lives in Leeds" });
    expect((await user.call("DELETE", `/api/chats/${chatId}`)).status).toBe(204);
    const reopened = await openChat(t, user);
    expect((await memoryOf(user, reopened)).items).toEqual([]);
    const rows = await t.database.db
      .selectFrom("memories")
      .selectAll()
      .where("user_id", "=", user.id)
      .execute();
    expect(rows).toEqual([]);
  });
});

describe("learning from an exchange with the configured LLM", () => {
  let structured = 0;
  const upstream = useFakeUpstream((_req, res, body) => {
    if (wantsJsonSchema(body)) {
      structured++;
      if (JSON.stringify(body?.messages).includes(BROKEN)) {
        json(res, 500, { error: { message: "the model fell over" } });
        return;
      }
      structuredCompletion(res, {
        facts: [
          { kind: "pet", subject: "Biscuit", text: "has a dog called Biscuit", date: null },
          { kind: "self", subject: "dogs", text: "grew up with two greyhounds", date: null },
          { kind: "event", subject: "the vet", text: "takes Biscuit to the vet", date: "2026-13-45" },
          // not facts: dropped
          { kind: "shoe", subject: "x", text: "wears shoes", date: null },
          { kind: "like", subject: "", text: "   ", date: null },
          { subject: "no kind", text: "has no kind" },
        ],
      });
      return;
    }
    streamCompletion(res, ["Oh, ", "a dog! ", "I grew up with two greyhounds."]);
  });
  const bus = new MemoryEventBus();
  const app = useTestApp({
    bus,
    get env() {
      return { LLM_BASE_URL: upstream.url, LLM_MODEL: "test-model" };
    },
  });

  it("asks for the facts by a strict JSON schema, keeps the valid ones and tells the panel", async () => {
    const t = app();
    const user = await premiumUser(t);
    const chatId = await openChat(t, user);
    const events: SocketEvent[] = [];
    bus.subscribe(user.id, (event) => events.push(event));
    const tokensBefore = await tokensAndLedger(t, user.id);

    await exchange(user, chatId, DOG);
    const learnt = await eventually(async () => (await memoryOf(user, chatId)).items, {
      until: (items) => items.length >= 2,
      what: "the facts learnt",
    });
    expect(learnt.map(({ kind, subject, text, date }) => ({ kind, subject, text, date }))).toEqual([
      { kind: "pet", subject: "Biscuit", text: "has a dog called Biscuit", date: null },
      { kind: "self", subject: "dogs", text: "grew up with two greyhounds", date: null },
      // a date the model got wrong leaves the fact without one
      { kind: "event", subject: "the vet", text: "takes Biscuit to the vet", date: null },
    ]);
    expect(events).toContainEqual({ action: "memory_update", chat_id: chatId, model_id: expect.any(Number) });

    const request = upstream.recorded.find((recorded) => wantsJsonSchema(recorded.body));
    expect(request?.path).toBe("/v1/chat/completions");
    expect(request?.body).toMatchObject({
      model: "test-model",
      stream: false,
      response_format: {
        type: "json_schema",
        json_schema: { name: "memory_facts", strict: true, schema: { type: "object", required: ["facts"] } },
      },
    });
    const messages = request?.body?.messages as { role: string; content: string }[];
    expect(messages.at(-1)?.content).toContain(DOG);
    expect(messages.at(-1)?.content).toContain("I grew up with two greyhounds.");
    // learning is free: nothing charged or refunded for it
    expect(await tokensAndLedger(t, user.id)).toEqual(tokensBefore);

    // the next exchange is read with what is known already, and the next reply is written with it
    const before = structured;
    await exchange(user, chatId, "He is three now");
    await eventually(() => structured > before, { what: "the second extraction" });
    const second = upstream.recorded.filter((recorded) => wantsJsonSchema(recorded.body)).at(-1);
    const system = (second?.body?.messages as { content: string }[] | undefined)?.[0]?.content;
    expect(system).toContain("has a dog called Biscuit");
    expect((await memoryOf(user, chatId)).items).toHaveLength(3);
  });

  it("loses only the lesson when the extraction fails: the reply stands, nothing is charged, refunded or told", async () => {
    const t = app();
    const user = await premiumUser(t);
    await t.database.db
      .updateTable("users")
      .set({ plan: "free", free_msgs: 0, tokens: 50 })
      .where("id", "=", user.id)
      .execute();
    const chatId = await openChat(t, user);
    await exchange(user, chatId, `${BROKEN} tonight`);
    const paid = await tokensAndLedger(t, user.id);
    const job = await eventually(
      async () =>
        t.database.db
          .selectFrom("jobs")
          .select(["status", "attempts"])
          .where("kind", "=", "remember")
          .where("payload", "like", `%${user.id}%`)
          .executeTakeFirst(),
      { until: (row) => row?.status === "failed", what: "the remember job to fail" },
    );
    expect(job.attempts).toBe(2);
    expect((await memoryOf(user, chatId)).items).toEqual([]);
    expect(await tokensAndLedger(t, user.id)).toEqual(paid);
    const page = messagesResponseSchema.parse(
      (await user.call("GET", `/api/chats/${chatId}/messages?reverse=true`)).body,
    );
    expect(
      page.items.filter((message) => message.from === "model").map((message) => message.text),
    ).not.toContain(expect.stringContaining("not charged"));
  });
});

describe("a model server without structured outputs", () => {
  it("is asked once with the schema, then without it, and its JSON is read the same way", async () => {
    const upstream = await startFakeUpstream((_req, res, body) => {
      if (wantsJsonSchema(body)) {
        json(res, 400, { error: { message: "response_format json_schema is not supported by this model" } });
        return;
      }
      structuredCompletion(res, { facts: [{ kind: "job", subject: "", text: "is a nurse", date: null }] });
    });
    try {
      const extractor = new OpenAiMemoryExtractor({ baseUrl: upstream.url, model: "plain-model" });
      const request = {
        characterName: "Mia",
        userName: "Sam",
        userMessage: "I'm a nurse",
        reply: "That must be hard work!",
        known: [],
        today: "2026-11-27",
      };
      const facts = [{ kind: "job", subject: "", text: "is a nurse", date: null }];
      expect(await extractor.extract(request)).toEqual(facts);
      expect(await extractor.extract(request)).toEqual(facts);
      expect(upstream.recorded.map((recorded) => wantsJsonSchema(recorded.body))).toEqual([
        true,
        false,
        false,
      ]);
      const system = (upstream.recorded[1]?.body?.messages as { content: string }[] | undefined)?.[0]
        ?.content;
      expect(system).toContain("Answer with JSON only");
    } finally {
      upstream.close();
    }
  });
});

async function tokensAndLedger(t: TestApp, userId: string) {
  const user = await t.database.db
    .selectFrom("users")
    .select("tokens")
    .where("id", "=", userId)
    .executeTakeFirst();
  const ledger = await t.database.db
    .selectFrom("token_ledger")
    .select("id")
    .where("user_id", "=", userId)
    .execute();
  return { tokens: user?.tokens, ledger: ledger.length };
}

describe("learning offline, by the rules", () => {
  const app = useTestApp();
  it("remembers the dog the user tells the offline engine about", async () => {
    const t = app();
    const user = await premiumUser(t);
    const chatId = await openChat(t, user);
    await exchange(user, chatId, DOG);
    const items = await eventually(async () => (await memoryOf(user, chatId)).items, {
      until: (found) => found.some((item) => item.kind === "pet"),
      what: "the dog remembered",
    });
    const dog = items.find((item) => item.kind === "pet");
    expect(`${dog?.subject} ${dog?.text}`).toContain("Biscuit");
  });
});
