import { chatSchema, messagesResponseSchema, modelListSchema } from "@reverie/shared";
import { describe, expect, it } from "vitest";
import type { CardData } from "../../src/services/cards/card-data.ts";
import { signUp, type TestAccount } from "../helpers/accounts.ts";
import {
  streamCompletion,
  structuredCompletion,
  useFakeUpstream,
  wantsJsonSchema,
} from "../helpers/fake-upstream.ts";
import { type TestApp, useTestApp } from "../helpers/test-app.ts";
import { eventually } from "../helpers/wait.ts";

/**
 * The prompt a configured model is sent (decision 46), read off the requests a fake
 * OpenAI-compatible server receives: sampling settings, the order of its parts, lorebook entries at
 * their places and over turns, the example dialogue, the summary and the user's one name.
 */

type Message = { role: string; content: string };

const card: CardData = {
  name: "Captain Mara Quill",
  description: "{{char}} commands the airship Kestrel and trusts her instruments more than people.",
  personality: "dry, brave, secretly sentimental",
  scenario: "{{user}} has signed on as the Kestrel's new navigator.",
  first_mes: "Welcome aboard, {{user}}.",
  mes_example: "<START>\n{{user}}: Is she safe?\n{{char}}: Safer than the ground, navigator.",
  creator_notes: "",
  system_prompt: "{{original}}\nWrite like a ship's log come alive.",
  post_history_instructions: "Keep the weather in every reply.",
  alternate_greetings: ["ALTERNATE GREETING: the deck is yours, {{user}}."],
  tags: [],
  creator: "test",
  character_version: "1",
  extensions: {
    depth_prompt: { prompt: "CHARACTER NOTE: {{char}} taps the barometer.", depth: 3, role: "system" },
  },
  character_book: {
    scan_depth: 1,
    extensions: {},
    entries: [
      {
        keys: [],
        content: "LORE BEFORE: the Quill family crest is a gull.",
        extensions: {},
        enabled: true,
        insertion_order: 0,
        constant: true,
        position: "before_char",
      },
      {
        keys: ["storm"],
        content: "LORE STICKY: the storm of '09 tore the Kestrel's sails.",
        extensions: { position: 4, depth: 1, role: 0, sticky: 5 },
        enabled: true,
        insertion_order: 1,
      },
      {
        keys: ["map"],
        content: "LORE COOLDOWN: the map is drawn on sealskin.",
        extensions: { cooldown: 4 },
        enabled: true,
        insertion_order: 2,
        position: "after_char",
      },
    ],
  },
};

const upstream = useFakeUpstream((_req, res, body) => {
  // memory's extraction: nothing learnt, so the memory is what the test says
  if (wantsJsonSchema(body)) structuredCompletion(res, { facts: [] });
  else streamCompletion(res, ["Aye, ", "noted."]);
});

const app = useTestApp({
  get env() {
    return {
      LLM_BASE_URL: upstream.url,
      LLM_MODEL: "test-model",
      LLM_TEMPERATURE: "0.65",
      LLM_MAX_TOKENS: "200",
      LLM_STOP: '["\\nJordan:", "</s>"]',
      LLM_CONTEXT_TOKENS: "3000",
      LLM_AUTHORS_NOTE_DEPTH: "2",
    };
  },
});

/** A premium user whose profile calls them Alex, in a chat with the captain. */
async function captainChat(t: TestApp): Promise<{ user: TestAccount; chatId: number }> {
  const user = await signUp(t, { prefix: "prompt", firstName: "Alex" });
  await t.database.db
    .updateTable("users")
    .set({ plan: "premium", tokens: 500 })
    .where("id", "=", user.id)
    .execute();
  const models = modelListSchema.parse((await t.get("/api/models")).body).items;
  const id = models[0]?.id ?? 0;
  await t.database.db
    .updateTable("characters")
    .set({
      name: card.name,
      description: "Mara commands the airship Kestrel and trusts her instruments more than people.",
      personality: card.personality,
      definition: JSON.stringify(card),
    })
    .where("id", "=", id)
    .execute();
  const opened = await user.call("POST", "/api/chats", { model_id: id });
  expect(opened.status).toBe(200);
  const chatId = chatSchema.parse(opened.body).id;
  // the name the user told the character: the one name from now on
  const named = await user.call("POST", `/api/chats/${chatId}/memory`, {
    kind: "name",
    subject: "Jordan",
    text: "is called Jordan",
  });
  expect(named.status).toBe(201);
  const pet = await user.call("POST", `/api/chats/${chatId}/memory`, {
    kind: "pet",
    subject: "Pip",
    text: "has a ferret called Pip",
  });
  expect(pet.status).toBe(201);
  return { user, chatId };
}

/** Sends a message, waits for the stored reply, and gives the messages of the request that wrote it. */
async function turn(user: TestAccount, chatId: number, text: string): Promise<Message[]> {
  const before = upstream.recorded.length;
  expect((await user.call("POST", `/api/chats/${chatId}/messages`, { message: { text } })).status).toBe(202);
  await eventually(
    async () => {
      const page = messagesResponseSchema.parse(
        (await user.call("GET", `/api/chats/${chatId}/messages?reverse=true&limit=3`)).body,
      );
      const sent = page.items.findLast((message) => message.from === "user" && message.text === text);
      return sent && page.items.find((message) => message.from === "model" && message.id > sent.id);
    },
    { what: "the captain's reply" },
  );
  const request = upstream.recorded.slice(before).find((recorded) => recorded.body?.stream === true);
  expect(request).toBeDefined();
  return request?.body?.messages as Message[];
}

const all = (messages: readonly Message[]) => messages.map((message) => message.content).join("\n");
const has = (messages: readonly Message[], text: string) => all(messages).includes(text);

describe("the prompt a configured model is sent", () => {
  it("carries the configured sampling and lays the prompt out as SillyTavern does", async () => {
    const t = app();
    const { user, chatId } = await captainChat(t);
    const messages = await turn(user, chatId, "A storm is coming. Where is the map?");
    const body = upstream.recorded.findLast((recorded) => recorded.body?.stream === true)?.body ?? {};
    expect(body).toMatchObject({ temperature: 0.65, max_tokens: 200, stop: ["\nJordan:", "</s>"] });

    const system = messages[0]?.content ?? "";
    expect(messages[0]?.role).toBe("system");
    // the card's system prompt keeps Reverie's main prompt where it says {{original}}
    expect(system).toMatch(/^You are Captain Mara Quill, a \d+-year-old .*chatting with Jordan/);
    expect(system).toContain("Write Mara's next reply.");
    expect(system).toContain("\nWrite like a ship's log come alive.");
    expect(system).toContain("Stay in character as Mara.");
    expect(system).not.toMatch(/as Captain\b|Captain's next/);
    // world info before the definition, after it, then memory and canon, then the rules
    const at = (text: string) => system.indexOf(text);
    expect(at("LORE BEFORE")).toBeGreaterThan(0);
    expect(at("LORE BEFORE")).toBeLessThan(at("About you (Captain Mara Quill)"));
    expect(at("LORE COOLDOWN")).toBeGreaterThan(at("About you (Captain Mara Quill)"));
    expect(at("Your life")).toBeGreaterThan(at("About you"));
    expect(at("What you remember about Jordan:\n- has a ferret called Pip")).toBeGreaterThan(
      at("LORE COOLDOWN"),
    );
    expect(at("Rules")).toBeGreaterThan(at("What you remember"));
    // the examples next, then the conversation with the lore at depth 1; post-history instructions last
    expect(messages[1]?.content).toContain(
      "Jordan: Is she safe?\nCaptain Mara Quill: Safer than the ground, navigator.",
    );
    expect(messages.at(-1)).toEqual({ role: "system", content: "Keep the weather in every reply." });
    expect(messages.at(-2)).toEqual({ role: "user", content: "A storm is coming. Where is the map?" });
    expect(messages.at(-3)?.content).toContain("LORE STICKY");
    expect(system).not.toContain("Keep the weather");
    // the alternate greetings are the chat's first-message choices, never the prompt's
    expect(has(messages, "ALTERNATE GREETING")).toBe(false);
    // one name for the user: the one told in chat, never the profile's
    expect(has(messages, "Jordan")).toBe(true);
    expect(has(messages, "Alex")).toBe(false);
  });

  it("keeps a sticky entry over the next replies and holds a cooling one back", async () => {
    const t = app();
    const { user, chatId } = await captainChat(t);
    const first = await turn(user, chatId, "A storm is coming. Where is the map?");
    const second = await turn(user, chatId, "Show me the map again.");
    const third = await turn(user, chatId, "The map, please.");
    const fourth = await turn(user, chatId, "Anything else, captain?");
    // sticky 5: triggered at message 2, kept at 4 and 6, gone at 8
    expect([first, second, third, fourth].map((messages) => has(messages, "LORE STICKY"))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    // cooldown 4: applied at 2, held back at 4, applies again at 6 (its key came up), held back at 8
    expect([first, second, third, fourth].map((messages) => has(messages, "LORE COOLDOWN"))).toEqual([
      true,
      false,
      true,
      false,
    ]);
    // the author's note two messages from the end, the card's note three, once the chat is long enough
    const note = fourth.findIndex((message) => message.content.startsWith("[Author's note: you are Mara."));
    const own = fourth.filter((message) => message.role !== "system");
    expect(fourth.slice(note + 1).filter((message) => message.role !== "system")).toEqual(own.slice(-2));
    const characterNote = fourth.findIndex((message) => message.content.includes("CHARACTER NOTE"));
    expect(fourth.slice(characterNote + 1).filter((message) => message.role !== "system")).toEqual(
      own.slice(-3),
    );
  });

  it("summarises a long chat's dropped turns with their worries, and leaves the examples out", async () => {
    const t = app();
    const { user, chatId } = await captainChat(t);
    const filler = (index: number) =>
      `Log entry ${index}: we charted the eastern trade winds, mended rigging and counted the gulls. `.repeat(
        6,
      );
    const rows = [
      { sender: "user" as const, text: "I'm worried sick about my sister's surgery on Friday." },
      {
        sender: "model" as const,
        text: "I grew up on this ship, with a sister of my own. She'll pull through.",
      },
      ...Array.from({ length: 40 }, (_, index) => ({
        sender: index % 2 === 0 ? ("user" as const) : ("model" as const),
        text: filler(index),
      })),
    ];
    for (const row of rows) {
      await t.database.db
        .insertInto("messages")
        .values({
          chat_id: chatId,
          sender: row.sender,
          type: "text",
          text: row.text,
          media_key: null,
          video_duration: null,
          price_tokens: null,
          reply_to: null,
        })
        .execute();
    }
    const messages = await turn(user, chatId, "What do you make of the clouds?");
    const summary = messages.find((message) =>
      message.content.startsWith("Summary of the earlier conversation"),
    );
    expect(summary?.content).toContain(
      `What worried Jordan:\n- "I'm worried sick about my sister's surgery on Friday."`,
    );
    expect(summary?.content).toContain(
      `What you said about yourself (keep to it):\n- "I grew up on this ship, with a sister of my own."`,
    );
    // the first messages are left out; the newest is there
    expect(messages.some((message) => message.content === rows[0]?.text)).toBe(false);
    expect(messages.at(-2)).toEqual({ role: "user", content: "What do you make of the clouds?" });
    expect(has(messages, "Safer than the ground")).toBe(false);
    expect(has(messages, "Alex")).toBe(false);
  });
});
