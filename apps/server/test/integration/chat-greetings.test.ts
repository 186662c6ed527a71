import { chatGreetingsSchema, customModelCreatedSchema } from "@reverie/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantTokens, signUp, type TestAccount } from "../helpers/accounts.ts";
import { cardData } from "../helpers/cards.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { eventually } from "../helpers/wait.ts";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A V2 card with a first message and two alternate greetings, each naming the user. */
const card = {
  spec: "chara_card_v2",
  spec_version: "2.0",
  data: cardData({
    name: "Mira Solenne",
    description: "Mira, 29, keeps a lighthouse on a cold northern island.",
    first_mes: "Welcome to the island, {{user}}. I'm {{char}}.",
    alternate_greetings: [
      "*{{char}} waves from the lighthouse gallery* You made it through the storm, {{user}}!",
      "Rain again, {{user}}. {{random:Tea,Cocoa}} by the lamp?",
      // a blank greeting is not offered
      "  ",
    ],
  }),
};

/** A member named Noa who imported the card and opened a chat with its character. */
async function chatWithCard(): Promise<{ member: TestAccount; chatId: number }> {
  const member = await signUp(t, { prefix: "greeter", firstName: "Noa" });
  await grantTokens(t, member.id, 1000);
  const imported = await t.app.inject({
    method: "POST",
    url: "/api/custom/cards?age=29&gender=female",
    headers: { authorization: `Bearer ${member.token}`, "content-type": "application/json" },
    payload: JSON.stringify(card),
  });
  expect(imported.statusCode, imported.body).toBe(201);
  const { model_id } = customModelCreatedSchema.parse(imported.json());
  const chat = await member.call("POST", "/api/chats", { model_id });
  expect(chat.status).toBe(200);
  return { member, chatId: chat.body.id };
}

const messagesOf = async (member: TestAccount, chatId: number) =>
  (await member.call("GET", `/api/chats/${chatId}/messages?limit=20&page=1`)).body.items as {
    id: number;
    from: string;
    text: string;
  }[];

describe("GET /api/chats/:chatId/greetings, PUT /api/chats/:chatId/greeting", () => {
  it("lists the card's first message and alternate greetings with the names filled in, and swaps the first message", async () => {
    const { member, chatId } = await chatWithCard();
    const listed = await member.call("GET", `/api/chats/${chatId}/greetings`);
    expect(listed.status).toBe(200);
    const greetings = chatGreetingsSchema.parse(listed.body);
    expect(greetings.greetings).toHaveLength(3);
    expect(greetings.greetings[0]).toBe("Welcome to the island, Noa. I'm Mira Solenne.");
    expect(greetings.greetings[1]).toBe(
      "*Mira Solenne waves from the lighthouse gallery* You made it through the storm, Noa!",
    );
    expect(greetings.greetings[2]).toMatch(/^Rain again, Noa\. (Tea|Cocoa) by the lamp\?$/);
    const [first] = await messagesOf(member, chatId);
    expect(greetings).toMatchObject({ selected: 0, message_id: first?.id, can_choose: true, reason: null });

    const chosen = await member.call("PUT", `/api/chats/${chatId}/greeting`, { index: 2 });
    expect(chosen.status).toBe(200);
    expect(chosen.body.message).toMatchObject({ id: first?.id, from: "model", text: greetings.greetings[2] });
    expect(await messagesOf(member, chatId)).toEqual([
      expect.objectContaining({ id: first?.id, text: greetings.greetings[2] }),
    ]);
    // the list draws {{random}} the same way every time: the chosen one stays selected
    const again = await member.call("GET", `/api/chats/${chatId}/greetings`);
    expect(again.body).toMatchObject({ greetings: greetings.greetings, selected: 2, can_choose: true });

    const back = await member.call("PUT", `/api/chats/${chatId}/greeting`, { index: 0 });
    expect(back.body.message.text).toBe(greetings.greetings[0]);
  });

  it("refuses a greeting the card does not have, or an index that is no index, with 400", async () => {
    const { member, chatId } = await chatWithCard();
    const missing = await member.call("PUT", `/api/chats/${chatId}/greeting`, { index: 3 });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: "no_such_greeting" });
    expect(missing.body.message).toMatch(/0 to 2/);
    for (const index of [-1, 1.5, "1", null]) {
      expect(
        (await member.call("PUT", `/api/chats/${chatId}/greeting`, { index })).status,
        String(index),
      ).toBe(400);
    }
    expect((await member.call("PUT", `/api/chats/${chatId}/greeting`, {})).status).toBe(400);
    expect((await member.call("GET", "/api/chats/abc/greetings")).status).toBe(400);
  });

  it("is a 404 for another user's chat, and for a chat that does not exist", async () => {
    const { chatId } = await chatWithCard();
    const stranger = await signUp(t);
    expect((await stranger.call("GET", `/api/chats/${chatId}/greetings`)).status).toBe(404);
    expect((await stranger.call("PUT", `/api/chats/${chatId}/greeting`, { index: 1 })).status).toBe(404);
    expect((await stranger.call("GET", "/api/chats/999999/greetings")).status).toBe(404);
  });

  it("closes the choice with 409 once the user replied, and in a chat emptied of its messages", async () => {
    const { member, chatId } = await chatWithCard();
    expect((await member.call("PUT", `/api/chats/${chatId}/greeting`, { index: 1 })).status).toBe(200);
    const sent = await member.call("POST", `/api/chats/${chatId}/messages`, {
      message: { text: "Hi Mira!" },
    });
    expect(sent.status).toBe(202);
    const refused = await member.call("PUT", `/api/chats/${chatId}/greeting`, { index: 2 });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: "already_replied" });
    expect(refused.body.message).toMatch(/replied/);
    const listed = await member.call("GET", `/api/chats/${chatId}/greetings`);
    expect(listed.body).toMatchObject({ selected: 1, can_choose: false, reason: "already_replied" });
    // the reply arrives; the first message is still the one chosen
    const messages = await eventually(() => messagesOf(member, chatId), {
      until: (items) => items.length >= 3,
      what: "the reply",
    });
    expect(messages[0]?.text).toBe(listed.body.greetings[1]);

    expect((await member.call("PUT", `/api/chats/${chatId}/messages/delete_all`)).status).toBe(200);
    expect(await messagesOf(member, chatId)).toEqual([]);
    const emptied = await member.call("GET", `/api/chats/${chatId}/greetings`);
    expect(emptied.body).toMatchObject({ message_id: null, can_choose: false, reason: "no_first_message" });
    const none = await member.call("PUT", `/api/chats/${chatId}/greeting`, { index: 0 });
    expect(none.status).toBe(409);
    expect(none.body).toMatchObject({ error: "no_first_message" });
  });

  it("offers a catalog character's first message alone: nothing to flip through", async () => {
    const member = await signUp(t);
    const models = await t.get("/api/models?gender=female");
    const chat = await member.call("POST", "/api/chats", { model_id: models.body.items[0].id });
    const listed = await member.call("GET", `/api/chats/${chat.body.id}/greetings`);
    expect(listed.status).toBe(200);
    expect(listed.body.greetings).toHaveLength(1);
    expect(listed.body).toMatchObject({ selected: 0, can_choose: true });
    expect(listed.body.greetings[0]).toBe((await messagesOf(member, chat.body.id))[0]?.text);
    expect((await member.call("PUT", `/api/chats/${chat.body.id}/greeting`, { index: 1 })).status).toBe(400);
  });
});
