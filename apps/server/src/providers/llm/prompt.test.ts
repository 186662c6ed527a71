import { describe, expect, it } from "vitest";
import { CHARACTERS } from "../../db/seed/characters.ts";
import {
  buildChatMessages,
  buildSystemPrompt,
  type ChatMessage,
  countTokens,
  EXAMPLES_UNTIL_REPLIES,
  estimateTokens,
  loadTokenCounter,
  promptBudget,
  shortName,
  summarizeOlderTurns,
} from "./prompt.ts";
import type { CanonSheet, CharacterCard, ChatTurn, MemoryFact, WorldInfoEntry } from "./types.ts";

const seed = CHARACTERS.find((character) => character.slug === "maya-okafor");
if (!seed) throw new Error("seed character missing");
const maya: CharacterCard = {
  id: 2,
  name: seed.name,
  age: seed.age,
  gender: seed.gender,
  tagline: seed.tagline,
  description: seed.description,
  personality: seed.personality,
  hobbies: seed.hobbies,
  relationship: seed.relationship,
  first_msg: seed.first_msg,
};

/** A long chat: the user introduces themselves early, then talks about other things. */
function longHistory(turns: number): ChatTurn[] {
  const history: ChatTurn[] = [
    { from: "model", text: maya.first_msg },
    { from: "user", text: "Hi! I'm Sam, by the way. I love hiking in the mountains." },
    { from: "model", text: "Sam! Hiking, really? Tell me about your favorite trail." },
    { from: "user", text: "I work as a nurse at the city hospital, so weekends in the hills keep me sane." },
    { from: "model", text: "A nurse! That explains the calm. What's the view like up there?" },
    { from: "user", text: "I have a cat named Mochi who hates when I leave." },
  ];
  for (let index = 0; history.length < turns; index++) {
    history.push({
      from: "model",
      text: `Reply number ${index}: that sounds lovely, tell me more about the stars tonight.`,
    });
    history.push({
      from: "user",
      text: `Message number ${index}: the sky is clear and I can see Orion over the roofs.`,
    });
  }
  return history;
}

describe("buildSystemPrompt", () => {
  it("describes the character, the relationship and the rules, naming the user by the one name", () => {
    const prompt = buildSystemPrompt(maya, "Sam");
    for (const part of [
      "You are Maya Okafor, a 25-year-old woman",
      "chatting with Sam",
      maya.tagline,
      "Curious, gentle, encouraging",
      "stargazing, sci-fi novels, baking and astrophotography",
      "best friend",
      "Sam is the only name the user goes by here",
    ]) {
      expect(prompt).toContain(part);
    }
    expect(prompt).toMatch(/adult \(18 or older\)/);
    expect(prompt).toMatch(/Stay in character as Maya\./);
    expect(prompt).toMatch(/tasteful/);
    expect(prompt).toMatch(/minors/);
    expect(prompt).toMatch(/AI companion/);
    expect(buildSystemPrompt(maya, null)).toContain("chatting with the user");
    // the rules come last, after everything a card can say
    expect(prompt.lastIndexOf("Rules")).toBeGreaterThan(prompt.indexOf("best friend"));
  });

  it("speaks as the character's first name, titles dropped, and keeps the full name in the definition", () => {
    const captain = { ...maya, name: "Captain Mara Quill" };
    const prompt = buildSystemPrompt(captain, "Jordan");
    expect(prompt).toContain("You are Captain Mara Quill");
    expect(prompt).toContain("Write Mara's next reply");
    expect(prompt).toContain("Stay in character as Mara.");
    expect(prompt).not.toMatch(/as Captain\b/);
  });

  const canon: CanonSheet = {
    grewUp: "in Lagos, then a small flat in Leeds",
    family: "my mum teaches maths; my brother Tobi studies music",
    job: "I guide tours at the planetarium",
    favourites: { film: "Contact", music: "Fela Kuti", food: "jollof rice", more: { book: "Kindred" } },
    anecdotes: [
      "I once fell asleep in the dome and woke up to the cleaners' radio.",
      "Second story.",
      "Third story.",
    ],
    voice: { style: "warm, curious, a little nerdy", phrases: ["oh my stars", "honestly"] },
  };
  const memory: MemoryFact[] = [
    { kind: "name", subject: "name", text: "is called Alex" },
    { kind: "pet", subject: "Biscuit", text: "has a dog called Biscuit" },
    { kind: "worry", subject: "the exam", text: "is nervous about the chemistry exam", date: "2026-12-04" },
    { kind: "self", subject: "Lagos", text: "grew up in Lagos" },
  ];

  it("renders the canon briefly and the memory under the user's one name", () => {
    const prompt = buildSystemPrompt({ ...maya, canon }, "Jordan", { memory });
    expect(prompt).toContain("- Grew up: in Lagos, then a small flat in Leeds");
    expect(prompt).toContain("- Work: I guide tours at the planetarium");
    expect(prompt).toContain("film: Contact; music: Fela Kuti; food: jollof rice; book: Kindred");
    expect(prompt).toContain("I once fell asleep in the dome");
    expect(prompt).not.toContain("Third story");
    expect(prompt).toContain('"oh my stars"');
    expect(prompt).toContain(
      "What you remember about Jordan:\n- has a dog called Biscuit\n- is nervous about the chemistry exam (2026-12-04)",
    );
    expect(prompt).toContain("What you have told Jordan about yourself (keep to it):\n- grew up in Lagos");
    // the name the memory holds is not a second name for the user
    expect(prompt).not.toContain("Alex");
  });

  it("puts the card's system prompt in place of the main prompt, Reverie's where it says {{original}}", () => {
    const card = (systemPrompt: string): CharacterCard => ({
      ...maya,
      card: {
        scenario: "",
        systemPrompt,
        postHistoryInstructions: "",
        exampleDialogue: "",
        alternateGreetings: [],
      },
    });
    const replaced = buildSystemPrompt(card("Answer in short, starry sentences."), "Sam");
    expect(replaced.startsWith("Answer in short, starry sentences.")).toBe(true);
    expect(replaced).not.toContain("How you write:");
    expect(replaced).toContain("Never claim to be human.");
    const extended = buildSystemPrompt(card("{{original}}\nAnswer in short, starry sentences."), "Sam");
    expect(extended.startsWith("You are Maya Okafor")).toBe(true);
    expect(extended).toContain("How you write:");
    expect(extended).toContain("\nAnswer in short, starry sentences.");
  });
});

const imported: CharacterCard = {
  ...maya,
  card: {
    scenario: "Sam visits the planetarium after hours.",
    systemPrompt: "",
    postHistoryInstructions: "Mention the dome now and then.",
    exampleDialogue:
      "<START>\nSam: Busy night?\nMaya: Always, when Orion is up.\n<START>\nSam: Favourite star?\nMaya: Betelgeuse, obviously.",
    alternateGreetings: ["The dome is all ours tonight."],
    depthPrompt: { text: "[Maya hums when she is nervous.]", depth: 2, role: "system" },
  },
};

function contents(messages: readonly ChatMessage[]): string {
  return messages.map((message) => message.content).join("\n");
}

describe("buildChatMessages", () => {
  it("sends a short chat whole, with roles, after the system prompt", () => {
    const history: ChatTurn[] = [
      { from: "model", text: maya.first_msg },
      { from: "user", text: "I'm not laughing. What did you wish for?" },
    ];
    const messages = buildChatMessages(
      { character: maya, history, userName: null },
      { maxPromptTokens: 4000 },
    );
    expect(messages.map((message) => message.role)).toEqual(["system", "assistant", "user"]);
    expect(messages[0]?.content).toContain("Maya Okafor");
    expect(messages.slice(1).map((message) => message.content)).toEqual(history.map((turn) => turn.text));
  });

  it("keeps the newest messages within the budget and summarises the older ones", () => {
    const history = longHistory(80);
    const budget = 1400;
    const messages = buildChatMessages(
      { character: maya, history, userName: "Sam", seed: 1 },
      { maxPromptTokens: budget },
    );

    expect(countTokens(messages)).toBeLessThanOrEqual(budget);
    expect(messages[0]?.role).toBe("system");
    const summary = messages[1];
    expect(summary?.role).toBe("system");
    expect(summary?.content).toContain("Summary of the earlier conversation");
    expect(summary?.content).toContain("hiking in the mountains");
    expect(summary?.content).toContain("a nurse");
    expect(summary?.content).toContain("Mochi");

    // the rest is the newest part of the chat, in order, ending with the user's newest message,
    // with the author's note four messages from the end
    const rest = messages.slice(2);
    const note = rest.findIndex((message) => message.content.startsWith("[Author's note"));
    expect(note).toBe(rest.length - 5);
    expect(rest[note]?.role).toBe("system");
    const kept = rest.filter((_, index) => index !== note).map((message) => message.content);
    expect(kept.length).toBeGreaterThan(4);
    expect(kept.length).toBeLessThan(history.length);
    expect(kept).toEqual(history.slice(-kept.length).map((turn) => turn.text));
    expect(messages.at(-1)).toEqual({ role: "user", content: history.at(-1)?.text });
    // no summary when everything fits
    const roomy = buildChatMessages(
      { character: maya, history, userName: null },
      { maxPromptTokens: 100_000 },
    );
    expect(roomy).toHaveLength(history.length + 2);
    expect(contents(roomy)).not.toContain("Summary of the earlier conversation");
  });

  it("counts with the tokenizer it is given", async () => {
    const count = await loadTokenCounter();
    expect(count("Hello world")).toBe(2);
    expect(count("<|endoftext|>")).toBeGreaterThan(1);
    const history = longHistory(80);
    const messages = buildChatMessages(
      { character: maya, history, userName: "Sam" },
      { maxPromptTokens: 1000, count },
    );
    expect(countTokens(messages, count)).toBeLessThanOrEqual(1000);
    expect(messages.at(-1)?.content).toBe(history.at(-1)?.text);
  });

  it("always includes the newest user message, even over budget", () => {
    const huge = "word ".repeat(2000);
    const history: ChatTurn[] = [...longHistory(10), { from: "user", text: huge }];
    const messages = buildChatMessages(
      { character: maya, history, userName: null },
      { maxPromptTokens: 500 },
    );
    expect(messages.at(-1)).toEqual({ role: "user", content: huge });
    expect(messages[0]?.role).toBe("system");
  });

  it("merges consecutive turns from the same side", () => {
    const history: ChatTurn[] = [
      { from: "model", text: "Hello!" },
      { from: "user", text: "Hi" },
      { from: "user", text: "Are you there?" },
    ];
    const messages = buildChatMessages(
      { character: maya, history, userName: null },
      { maxPromptTokens: 4000 },
    );
    expect(messages.slice(1)).toEqual([
      { role: "assistant", content: "Hello!" },
      { role: "user", content: "Hi\n\nAre you there?" },
    ]);
  });

  it("is deterministic", () => {
    const request = { character: maya, history: longHistory(60), userName: "Sam" };
    expect(buildChatMessages(request, { maxPromptTokens: 900 })).toEqual(
      buildChatMessages(request, { maxPromptTokens: 900 }),
    );
  });

  it("puts the post-history instructions last and the card's note at its depth; never the alternate greetings", () => {
    const history = longHistory(12);
    const messages = buildChatMessages(
      { character: imported, history, userName: "Sam" },
      { maxPromptTokens: 8000, authorsNoteDepth: 6 },
    );
    expect(messages.at(-1)).toEqual({ role: "system", content: "Mention the dome now and then." });
    expect(messages.at(-2)).toEqual({ role: "user", content: history.at(-1)?.text });
    const conversation = messages
      .slice(0, -1)
      .filter((message) => message.role !== "system" || !message.content.startsWith("["));
    expect(conversation.at(-1)?.content).toBe(history.at(-1)?.text);
    const note = messages.findIndex((message) => message.content === "[Maya hums when she is nervous.]");
    expect(messages.slice(note + 1, -1).map((message) => message.content)).toEqual(
      history.slice(-2).map((turn) => turn.text),
    );
    const authors = messages.findIndex((message) =>
      message.content.startsWith("[Author's note: you are Maya."),
    );
    expect(messages.slice(authors + 1, -1).filter((message) => message.role !== "system")).toHaveLength(6);
    expect(contents(messages)).not.toContain("The dome is all ours tonight.");
    expect(messages[0]?.content).not.toContain("Mention the dome");
    expect(messages[0]?.content).toContain(
      "Circumstances and context of the conversation: Sam visits the planetarium",
    );
  });

  it("writes the voice-note instruction after the conversation", () => {
    const history: ChatTurn[] = [{ from: "user", text: "send me a voice note" }];
    const asked = buildChatMessages(
      { character: maya, history, userName: null, voiceNote: true },
      { maxPromptTokens: 4000 },
    );
    const plain = buildChatMessages({ character: maya, history, userName: null }, { maxPromptTokens: 4000 });
    expect(asked.at(-1)?.content).toContain("your reply will be sent as one, read aloud");
    expect(asked.at(-1)?.role).toBe("system");
    expect(contents(plain)).not.toContain("read aloud");
  });

  it("places lorebook entries where they say", () => {
    const worldInfo: WorldInfoEntry[] = [
      { content: "LORE BEFORE", position: "before_char", depth: 4, role: "system" },
      { content: "LORE AFTER", position: "after_char", depth: 4, role: "system" },
      { content: "LORE AT DEPTH", position: "at_depth", depth: 1, role: "user" },
      { content: "LORE BY THE NOTE", position: "author_note_bottom", depth: 4, role: "system" },
      { content: "LORE EXAMPLE", position: "examples_bottom", depth: 4, role: "system" },
    ];
    const history = longHistory(10);
    const messages = buildChatMessages(
      {
        character: { ...imported, worldInfo, lore: worldInfo.map((entry) => entry.content) },
        history,
        userName: "Sam",
      },
      { maxPromptTokens: 8000 },
    );
    const system = messages[0]?.content ?? "";
    expect(system.indexOf("LORE BEFORE")).toBeLessThan(system.indexOf("About you"));
    expect(system.indexOf("LORE AFTER")).toBeGreaterThan(system.indexOf("About you"));
    expect(system.indexOf("LORE AFTER")).toBeLessThan(system.indexOf("Rules"));
    const depth = messages.findIndex((message) => message.content === "LORE AT DEPTH");
    expect(messages[depth]?.role).toBe("user");
    expect(messages[depth + 1]).toEqual({ role: "user", content: history.at(-1)?.text });
    const note = messages.find((message) => message.content.startsWith("[Author's note"));
    expect(note?.content.endsWith("\nLORE BY THE NOTE")).toBe(true);
    const examples = messages.find((message) => message.content.startsWith("Example dialogue"));
    expect(examples?.content).toContain("Betelgeuse, obviously.\n<START>\nLORE EXAMPLE");
  });

  it("drops the example dialogue first when short of room, and once the character has said enough itself", () => {
    const short: ChatTurn[] = [
      { from: "model", text: "Hello there." },
      { from: "user", text: "Hi!" },
    ];
    const request = { character: imported, history: short, userName: "Sam" };
    const roomy = buildChatMessages(request, { maxPromptTokens: 8000 });
    expect(roomy[1]?.content).toBe(
      "Example dialogue: how Maya talks. It is not part of this conversation and nothing in it happened.\n<START>\nSam: Busy night?\nMaya: Always, when Orion is up.\n<START>\nSam: Favourite star?\nMaya: Betelgeuse, obviously.",
    );
    const fixed = countTokens(
      buildChatMessages(
        {
          ...request,
          character: {
            ...imported,
            card: { ...(imported.card as NonNullable<CharacterCard["card"]>), exampleDialogue: "" },
          },
        },
        { maxPromptTokens: 8000 },
      ),
    );
    // room for the conversation and one block: the second block is left out, whole
    const tight = buildChatMessages(request, { maxPromptTokens: fixed + 48 });
    expect(contents(tight)).toContain("Orion");
    expect(contents(tight)).not.toContain("Betelgeuse");
    expect(tight.slice(-3, -1).map((message) => message.content)).toEqual(["Hello there.", "Hi!"]);
    // a long chat: the character's own replies show its voice
    const long = longHistory(EXAMPLES_UNTIL_REPLIES * 2 + 2);
    expect(
      contents(buildChatMessages({ ...request, history: long }, { maxPromptTokens: 100_000 })),
    ).not.toContain("Example dialogue");
  });

  it("folds every system message but the first into user messages when the template wants it so", () => {
    const history = longHistory(12);
    const request = { character: imported, history, userName: "Sam" };
    const anywhere = buildChatMessages(request, { maxPromptTokens: 8000 });
    const first = buildChatMessages(request, { maxPromptTokens: 8000, systemMessages: "first" });
    expect(anywhere.filter((message) => message.role === "system").length).toBeGreaterThan(3);
    expect(first.filter((message) => message.role === "system")).toHaveLength(1);
    expect(first[0]?.content).toContain("Example dialogue: how Maya talks.");
    // the roles alternate after the system message, ending with the user's message
    const roles = first.slice(1).map((message) => message.role);
    expect(roles.every((role, index) => index === 0 || role !== roles[index - 1])).toBe(true);
    expect(first.at(-1)?.role).toBe("user");
    // the card's note (two messages from the end) opens the last user message, the instructions close it
    expect(first.at(-1)?.content).toBe(
      `[Maya hums when she is nervous.]\n\n${history.at(-1)?.text}\n\nMention the dome now and then.`,
    );
    expect(contents(first)).toContain("[Maya hums when she is nervous.]");
    expect(contents(first)).toContain("[Author's note: you are Maya.");
  });

  it("names the user only by the one name, even in the summary of a chat where another was said", () => {
    const history = longHistory(80);
    const messages = buildChatMessages(
      { character: maya, history, userName: "Jordan" },
      { maxPromptTokens: 1400 },
    );
    expect(contents(messages)).toContain("Jordan");
    // "I'm Sam" was in a message that no longer fits: the summary does not repeat it
    expect(contents(messages)).not.toContain("Sam");
  });
});

describe("summarizeOlderTurns", () => {
  const turns: ChatTurn[] = [
    { from: "model", text: "Hey you." },
    { from: "user", text: "I'm really worried about my sister's surgery on Friday." },
    { from: "model", text: "Oh no. I grew up with a sister too, in Lagos. She always made me brave." },
    { from: "user", text: "My job interview is next Tuesday and I have nothing to wear." },
    { from: "model", text: "What colour suits you?" },
    { from: "user", text: "I love hiking in the mountains." },
  ];

  it("keeps worries, events, what the character said of itself and the user's facts", () => {
    const summary =
      summarizeOlderTurns(turns, { maxTokens: 1000, count: estimateTokens, userName: "Jordan" }) ?? "";
    expect(summary).toContain(
      `What worried Jordan:\n- "I'm really worried about my sister's surgery on Friday."`,
    );
    expect(summary).toContain(
      `What happened to Jordan or is coming up:\n- "My job interview is next Tuesday and I have nothing to wear."`,
    );
    expect(summary).toContain(
      `What you said about yourself (keep to it):\n- "I grew up with a sister too, in Lagos."`,
    );
    expect(summary).toContain(
      "What Jordan told you:\n- mentioned their sister\n- loves hiking in the mountains\n",
    );
  });

  it("gives what the user told of themselves as the memory's rules read it, the newest job and place winning", () => {
    const told: ChatTurn[] = [
      { from: "user", text: "I work as a nurse at the city hospital and I live in Leeds." },
      { from: "model", text: "A nurse in Leeds!" },
      { from: "user", text: "i have a cat called miso and i hate mushrooms. my sister lena is the best" },
      { from: "user", text: "Honestly I'm a teacher now, I moved to York in the spring." },
    ];
    const summary =
      summarizeOlderTurns(told, { maxTokens: 1000, count: estimateTokens, userName: "Jordan" }) ?? "";
    const section = summary.split("What Jordan told you:\n")[1]?.split("\nThe last things said")[0];
    expect(section?.split("\n")).toEqual([
      "- has a cat called Miso",
      "- hates mushrooms",
      "- their sister is called Lena",
      "- works as a teacher",
      "- moved to York",
    ]);
  });

  it("adds the worries and events no quote says, once, and what the character said of itself by the rules", () => {
    const turns: ChatTurn[] = [
      {
        from: "user",
        text: "Long day at work. My cat stopped eating. Honestly my thesis is freaking me out",
      },
      {
        from: "model",
        text: "Poor thing. I teach piano at the community centre, so I know deadline nerves.",
      },
      { from: "user", text: "My job interview is next Tuesday and I have nothing to wear." },
    ];
    const summary =
      summarizeOlderTurns(turns, { maxTokens: 1000, count: estimateTokens, userName: "Jordan" }) ?? "";
    expect(summary).toContain("What worried Jordan:\n- is stressed about their thesis\n");
    expect(summary).toContain(
      `What happened to Jordan or is coming up:\n- their cat stopped eating\n- has a thesis coming up\n- "My job interview is next Tuesday and I have nothing to wear."\n`,
    );
    // the interview is quoted: the rules' "their job interview is on Tuesday" is not said again
    expect(summary).not.toContain("their job interview");
    expect(summary).toContain(
      `What you said about yourself (keep to it):\n- "I teach piano at the community centre, so I know deadline nerves."`,
    );
  });

  it("stays within its budget, giving up the last topics and facts before the worries", () => {
    const full =
      summarizeOlderTurns(turns, { maxTokens: 1000, count: estimateTokens, userName: "Jordan" }) ?? "";
    const short = summarizeOlderTurns(turns, { maxTokens: 60, count: estimateTokens, userName: "Jordan" });
    expect(estimateTokens(short ?? "")).toBeLessThanOrEqual(60);
    expect(short).toContain("surgery on Friday");
    expect(short).not.toContain("The last things said");
    expect(full.length).toBeGreaterThan(short?.length ?? 0);
    expect(summarizeOlderTurns([], { maxTokens: 500, count: estimateTokens, userName: null })).toBeNull();
  });

  it("never quotes a message that says what someone is called", () => {
    const named: ChatTurn[] = [{ from: "user", text: "My name is Alex and I'm so nervous about tomorrow." }];
    expect(
      summarizeOlderTurns(named, { maxTokens: 500, count: estimateTokens, userName: "Jordan" }) ?? "",
    ).not.toContain("Alex");
  });

  it("never repeats a name the user gave other than the one the request carries", () => {
    const named: ChatTurn[] = [
      { from: "user", text: "hi im sam btw. I'm so worried about my exam, sam never passes these." },
      { from: "model", text: "Nice to meet you, Sam! I grew up near the sea." },
      { from: "user", text: "Sam here again, I love hiking." },
    ];
    const summary =
      summarizeOlderTurns(named, { maxTokens: 500, count: estimateTokens, userName: "Jordan" }) ?? "";
    expect(summary.toLowerCase()).not.toContain("sam");
    expect(summary).toContain("- loves hiking");
    // the one name the request carries is the user's, wherever it was said
    const own = summarizeOlderTurns(named, { maxTokens: 500, count: estimateTokens, userName: "Sam" }) ?? "";
    expect(own).toContain(`Sam said "Sam here again, I love hiking."`);
  });

  it("estimates tokens as a quarter of the characters, rounded up", () => {
    expect(estimateTokens("")).toBe(0);
    expect(estimateTokens("abcd")).toBe(1);
    expect(estimateTokens("abcde")).toBe(2);
  });
});

describe("shortName", () => {
  it("takes the first name without titles", () => {
    expect(shortName("Captain Mara Quill")).toBe("Mara");
    expect(shortName("Dr. Elena Voss")).toBe("Elena");
    expect(shortName("Lady Seraphina of Vale")).toBe("Seraphina");
    expect(shortName("Sir Gareth")).toBe("Gareth");
    expect(shortName("Professor Ada Lin")).toBe("Ada");
    expect(shortName("Officer Jake Miller")).toBe("Jake");
    expect(shortName("Mrs. Hart")).toBe("Hart");
    expect(shortName('Mara "Red" Quill')).toBe("Mara");
    expect(shortName("Maya Okafor")).toBe("Maya");
    expect(shortName("The Captain")).toBe("Captain");
  });
});

describe("promptBudget", () => {
  it("is the context less the reply, less a tenth to spare", () => {
    expect(promptBudget({ contextTokens: 8192, maxTokens: 300 })).toBe(7102);
    expect(promptBudget({ contextTokens: 1024, maxTokens: 1000 })).toBe(256);
  });
});
