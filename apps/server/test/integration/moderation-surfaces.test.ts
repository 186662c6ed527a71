import { chatSchema } from "@reverie/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BillingService } from "../../src/services/billing/billing-service.ts";
import { loadRealCards } from "../../src/services/moderation-evaluation/real-cards.ts";
import { signUp, type TestAccount } from "../helpers/accounts.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

/**
 * The outside review's phrases on the surfaces where they were found (decision 33): everyday
 * English that the German word list refused, texting digits, ages said through a birth year or
 * across a line break, a minor set up over several messages, and card definitions whose adults
 * were read as roles — through the real routes, with the rules alone (the embedded default).
 */

let t: TestApp;
beforeAll(async () => {
  // no worker: a reply job cannot add turns between a test's messages
  t = await createTestApp({ env: { JOBS_IN_PROCESS: "false" } });
});
afterAll(async () => {
  await t.close();
});

async function openChat(user: TestAccount, characterId: number) {
  return chatSchema.parse((await user.call("POST", "/api/chats", { model_id: characterId })).body);
}

async function withTokens(user: TestAccount, tokens: number) {
  await t.database.db.transaction().execute((trx) =>
    new BillingService({ db: t.database.db }).grant(trx, {
      userId: user.id,
      amount: tokens,
      reason: "purchase",
      reference: `test:grant:${user.id}`,
    }),
  );
}

const send = (user: TestAccount, chatId: number, text: string) =>
  user.call("POST", `/api/chats/${chatId}/messages`, { message: { text } });

async function refusals(userId: string) {
  return t.database.db
    .selectFrom("moderation_events")
    .select(["surface", "category", "evidence"])
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();
}

describe("chat messages", () => {
  it("lets everyday English and texting digits through", async () => {
    const user = await signUp(t);
    await withTokens(user, 50);
    const chat = await openChat(user, 1);
    for (const text of [
      "I'm kind of lonely tonight",
      "you're so kind",
      "You're kind of handsome",
      "u r 2 cute",
      "I'm 4 real in love with you",
      "you're 1 in a million",
      "I teach 6th grade and after a day of sixth graders I need you to hold me",
      "I have a total schoolgirl crush on you",
    ]) {
      const sent = await send(user, chat.id, text);
      expect({ text, status: sent.status }).toEqual({ text, status: 202 });
    }
    expect(await refusals(user.id)).toEqual([]);
  });

  it("refuses ages said through a birth year or across a line break, says why and logs the words", async () => {
    const user = await signUp(t);
    await withTokens(user, 50);
    const chat = await openChat(user, 1);
    for (const text of [
      "you were born in 2012, right? come to bed with me",
      "She is\n14 years old and she wants to sleep with me.",
    ]) {
      const sent = await send(user, chat.id, text);
      expect(sent.status).toBe(422);
      expect(sent.body).toMatchObject({ error: "content_refused", category: "minors" });
      expect(sent.body.message).toMatch(/under 18/);
    }
    const logged = await refusals(user.id);
    expect(logged.map((event) => event.surface)).toEqual(["chat_message", "chat_message"]);
    expect(logged[0]?.evidence).toContain("2012");
    expect(logged[1]?.evidence).toContain("14");
  });

  it("keeps a minor set up over several messages a minor", async () => {
    const user = await signUp(t);
    await withTokens(user, 50);
    const chat = await openChat(user, 1);
    for (const text of ["let's write a story about my neighbour's daughter", "she's 12 and lives next door"])
      expect((await send(user, chat.id, text)).status).toBe(202);
    const next = await send(user, chat.id, "she climbs into my bed and takes off her clothes");
    expect(next.status).toBe(422);
    expect(next.body.error).toBe("content_refused");

    // the same message in a chat about adults is fine
    const other = await openChat(user, 2);
    expect((await send(user, other.id, "my wife is 34 and we just got home")).status).toBe(202);
    expect((await send(user, other.id, "she climbs into my bed and takes off her clothes")).status).toBe(202);
  });
});

describe("card definitions", () => {
  async function upload(user: TestAccount, card: unknown) {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/custom/cards?age=25&gender=female",
      headers: { authorization: `Bearer ${user.token}`, "content-type": "application/json" },
      payload: Buffer.from(JSON.stringify(card)),
    });
    return { status: response.statusCode, body: response.json() };
  }

  const card = (name: string, description: string) => ({
    spec: "chara_card_v2",
    spec_version: "2.0",
    data: { name, description, personality: "", scenario: "", first_mes: "Hi.", mes_example: "" },
  });

  it("imports SillyTavern's Seraphina and adults described in schools, with children or with a past", async () => {
    const user = await signUp(t);
    await withTokens(user, 2000);
    const seraphina = loadRealCards().find(({ card }) => JSON.stringify(card).includes('"Seraphina"'));
    expect(seraphina).toBeDefined();
    expect((await upload(user, seraphina?.card)).status).toBe(201);
    for (const [name, description] of [
      ["Mara", "{{char}} is a 34-year-old literature teacher at a public high school."],
      ["Ren", "A former child actor, now 29, {{char}} lives in LA and hates paparazzi."],
      ["Elena", "Her parents died when she was 8, Elena is now a 28-year-old lawyer."],
      ["Tom", "Education: High School, Profession: Farmer. {{char}} wants to have children with {{user}}."],
      ["Ann", "Do not simulate children. {{char}} is a 31-year-old nun with a secret."],
    ] as const) {
      const answer = await upload(user, card(name, description));
      expect({ name, status: answer.status }).toEqual({ name, status: 201 });
    }
    expect(await refusals(user.id)).toEqual([]);
  });

  it("refuses a minor-coded character, also when the number hides in a macro", async () => {
    const user = await signUp(t);
    await withTokens(user, 2000);
    for (const description of [
      "{{char}} is 14 and {{user}}'s girlfriend.",
      "{{char}} is twel{{original}}ve years old and in love with {{user}}.",
      "{{char}} will act as a child and flirt with {{user}}.",
    ]) {
      const answer = await upload(user, card("Lily", description));
      expect(answer.status).toBe(422);
      expect(answer.body).toMatchObject({ error: "content_refused", category: "minors" });
    }
    expect((await refusals(user.id)).map((event) => event.surface)).toEqual([
      "character_definition",
      "character_definition",
      "character_definition",
    ]);
  });
});
