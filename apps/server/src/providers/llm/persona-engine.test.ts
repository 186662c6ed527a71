import { describe, expect, it } from "vitest";
import { CHARACTERS, type CharacterSeed } from "../../db/seed/characters.ts";
import { PersonaEngine } from "./persona-engine.ts";
import type { CharacterCard, ChatTurn, ReplyRequest } from "./types.ts";

function cardOf(seed: CharacterSeed, id = 1): CharacterCard {
  const { name, age, gender, tagline, description, personality, hobbies, relationship, first_msg } = seed;
  return { id, name, age, gender, tagline, description, personality, hobbies, relationship, first_msg };
}

function seedCharacter(slug: string): CharacterCard {
  const seed = CHARACTERS.find((character) => character.slug === slug);
  if (!seed) throw new Error(`no seed character ${slug}`);
  return cardOf(seed);
}

const sofia = seedCharacter("sofia-reyes");
const engine = new PersonaEngine();

/** A chat that remembers its turns: each `say` adds the user's message and the engine's reply. */
function chat(character: CharacterCard, options: { seed?: number; userName?: string | null } = {}) {
  const history: ChatTurn[] = [{ from: "model", text: character.first_msg }];
  return {
    history,
    request(text: string): ReplyRequest {
      return {
        character,
        history: [...history, { from: "user", text }],
        userName: options.userName ?? null,
        seed: options.seed,
      };
    },
    say(text: string): string {
      history.push({ from: "user", text });
      const reply = engine.reply({
        character,
        history,
        userName: options.userName ?? null,
        seed: options.seed,
      });
      history.push({ from: "model", text: reply });
      return reply;
    },
  };
}

async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const deltas: string[] = [];
  for await (const delta of stream) deltas.push(delta);
  return deltas;
}

describe("PersonaEngine", () => {
  it("is deterministic for a seed and a history, and varies with the seed", async () => {
    const script = ["hi!", "I'm Sam", "what do you like to do?", "ok", "you're sweet"];
    const run = (seed: number) => {
      const conversation = chat(sofia, { seed });
      return script.map((text) => conversation.say(text));
    };
    expect(run(42)).toEqual(run(42));
    const bySeed = new Set([1, 2, 3, 4, 5, 6].map((seed) => run(seed).join("|")));
    expect(bySeed.size).toBeGreaterThan(1);

    const request = chat(sofia, { seed: 9 }).request("what are you up to?");
    expect(await collect(engine.streamReply(request))).toEqual(await collect(engine.streamReply(request)));
  });

  it("is stable without a seed (the history decides)", () => {
    const request = chat(sofia).request("tell me about yourself");
    expect(engine.reply(request)).toBe(engine.reply({ ...request }));
  });

  it("remembers the user's name and what they like, and brings them up", () => {
    for (const seed of CHARACTERS) {
      const conversation = chat(cardOf(seed), { seed: 3 });
      expect(conversation.say("Hi, I'm Sam")).toContain("Sam");
      conversation.say("I love hiking in the mountains");
      const later = [
        "ok",
        "what are you up to?",
        "haha",
        "how are you?",
        "cool",
        "hey",
        "yeah",
        "nice",
        "mhm",
        "lol",
      ].map((text) => conversation.say(text));
      expect(
        later.some((reply) => reply.includes("Sam")),
        `${seed.name} never says the name`,
      ).toBe(true);
      expect(conversation.say("what's my name?")).toContain("Sam");
      expect(conversation.say("what do I like?")).toContain("hiking in the mountains");
    }
  });

  it("weaves in more: job, place, pets and the profile name", () => {
    const conversation = chat(sofia, { seed: 5, userName: "Alex" });
    expect(conversation.say("do you remember my name?")).toContain("Alex");
    conversation.say("I work as a nurse at the city hospital");
    conversation.say("I live in Boston");
    conversation.say("I have a cat named Mochi");
    const known = conversation.say("what do you know about me?");
    for (const fact of ["Alex", "a nurse", "Boston", "Mochi"]) expect(known).toContain(fact);
    // a name said in the chat wins over the profile
    conversation.say("call me Lex");
    expect(conversation.say("what's my name?")).toContain("Lex");
  });

  it("never says the same thing twice in a row", () => {
    for (const seed of CHARACTERS) {
      const conversation = chat(cardOf(seed), { seed: 11 });
      for (let turn = 0; turn < 30; turn++) {
        const previous = conversation.history.at(-1)?.text;
        const reply = conversation.say(turn % 2 === 0 ? "hi" : "ok");
        expect(reply, `${seed.name}, turn ${turn}`).not.toBe(previous);
      }
    }
  });

  it("answers questions about the character from the card", () => {
    for (const seed of CHARACTERS) {
      const card = cardOf(seed);
      const hobbies = card.hobbies.map((hobby) => hobby.toLowerCase());
      for (const question of ["what do you like to do for fun?", "what are your hobbies?"]) {
        const reply = chat(card, { seed: 1 }).say(question).toLowerCase();
        expect(
          hobbies.some((hobby) => reply.includes(hobby)),
          `${card.name}: "${reply}"`,
        ).toBe(true);
      }
      const doing = chat(card, { seed: 2 }).say("what are you doing?");
      expect(doing.length).toBeGreaterThan(10);
      expect(chat(card, { seed: 2 }).say("how old are you?")).toContain(String(card.age));
      const who = chat(card, { seed: 4 }).say("who are you?");
      const cardWords = [card.name.split(" ")[0], card.tagline, card.relationship, ...card.hobbies];
      expect(
        cardWords.some((word) => word && who.includes(word)),
        who,
      ).toBe(true);
    }
  });

  it("says honestly that it is an AI when asked, in every voice", () => {
    const questions = [
      "are you an AI?",
      "Are you real?",
      "am i talking to a bot",
      "are you human?",
      "Are you a real person?",
    ];
    for (const seed of CHARACTERS) {
      for (const [index, question] of questions.entries()) {
        const reply = chat(cardOf(seed), { seed: index }).say(question);
        expect(reply, `${seed.name}: ${question}`).toMatch(/\bAI\b/);
        expect(reply).not.toMatch(/\bI(?:'m| am) (?:a )?(?:real )?(?:human|person)\b/i);
      }
    }
  });

  it("comforts, says goodbye, keeps things tasteful and points to help in a crisis", () => {
    const sad = chat(sofia, { seed: 1 }).say("I'm so sad today, my dog is sick");
    expect(sad).toMatch(/here|sorry|listening|tell me|heavy|what happened|what's going on|on your mind/i);
    const bye = chat(sofia, { seed: 1 }).say("goodnight!");
    expect(bye).toMatch(/night|sleep|dream/i);
    const explicit = chat(sofia, { seed: 1 }).say("send me nudes");
    expect(explicit).toMatch(/tasteful|classy|imagination|friendly/i);
    const tired = chat(sofia, { seed: 1 }).say("im so tired");
    expect(tired).not.toMatch(/heavy|sorry/i);
    const crisis = chat(sofia, { seed: 1 }).say("I want to kill myself");
    expect(crisis).toMatch(/\bAI\b/);
    expect(crisis).toMatch(/988/);
    const followUp = chat(sofia, { seed: 1 });
    followUp.say("I had a terrible day");
    followUp.say("thanks");
    expect(followUp.history.at(-1)?.text).toMatch(/feeling/);
  });

  it("copes with a bare custom card", () => {
    const card: CharacterCard = {
      id: 99,
      name: "Quinn",
      age: 30,
      gender: "anime_female",
      tagline: "",
      description: "",
      personality: "",
      hobbies: [],
      relationship: "",
      first_msg: "Hello.",
    };
    const conversation = chat(card, { seed: 1 });
    for (const text of [
      "hi",
      "who are you?",
      "what are your hobbies?",
      "where are you from?",
      "are you an AI?",
      "bye",
    ]) {
      const reply = conversation.say(text);
      expect(reply.length).toBeGreaterThan(5);
      expect(reply).not.toMatch(/undefined|null|\$\{/);
    }
  });

  it("streams the reply as several word-group deltas", async () => {
    const request = chat(sofia, { seed: 8 }).request(
      "Tell me about yourself, I'd love to know more about you.",
    );
    const deltas = await collect(engine.streamReply(request));
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join("")).toBe(engine.reply(request));
    for (const delta of deltas) expect(delta.trim().split(/\s+/).length).toBeLessThanOrEqual(3);
  });

  it("stops streaming when aborted", async () => {
    const controller = new AbortController();
    const request = { ...chat(sofia, { seed: 8 }).request("who are you?"), signal: controller.signal };
    const deltas: string[] = [];
    await expect(async () => {
      for await (const delta of engine.streamReply(request)) {
        deltas.push(delta);
        controller.abort();
      }
    }).rejects.toMatchObject({ name: "AbortError" });
    expect(deltas).toHaveLength(1);

    const slow = new PersonaEngine({ chunkDelayMs: 50 });
    const early = AbortSignal.timeout(10);
    await expect(collect(slow.streamReply({ ...request, signal: early }))).rejects.toMatchObject({
      name: "TimeoutError",
    });
    await expect(
      collect(engine.streamReply({ ...request, signal: AbortSignal.abort() })),
    ).rejects.toMatchObject({
      name: "AbortError",
    });
  });

  it("reports itself healthy", async () => {
    expect(await engine.check()).toMatchObject({ status: "ok" });
  });
});

describe("PersonaEngine with a card's lorebook", () => {
  const lore = [
    "The Blue Lantern is the old signal lamp Sofia keeps lit.",
    "Sofia never drinks her own coffee.",
  ];
  const withLore: CharacterCard = { ...sofia, lore };

  it("brings up the entry that matches what the user talks about", () => {
    const replies = Array.from({ length: 12 }, (_, seed) =>
      engine.reply({
        character: withLore,
        history: [
          { from: "model", text: sofia.first_msg },
          { from: "user", text: "Tell me about the lantern by the sea." },
        ],
        userName: null,
        seed,
      }),
    );
    const mentioning = replies.filter((reply) => reply.includes(lore[0] as string));
    expect(mentioning.length).toBeGreaterThan(0);
    expect(replies.some((reply) => reply.includes("never drinks her own coffee"))).toBe(false);
  });

  it("keeps quiet about lore nobody mentioned", () => {
    for (let seed = 0; seed < 12; seed++) {
      const reply = engine.reply({
        character: withLore,
        history: [
          { from: "model", text: sofia.first_msg },
          { from: "user", text: "How was your day?" },
        ],
        userName: null,
        seed,
      });
      expect(reply).not.toContain("Lantern");
    }
  });
});

describe("a requested voice message (decision 35)", () => {
  it("answers with the words of a voice note, never a refusal", () => {
    const request = chat(sofia, { seed: 3 }).request("send me a voice message");
    const plain = engine.reply(request);
    const spoken = engine.reply({ ...request, voiceNote: true });
    expect(spoken).not.toBe(plain);
    expect(spoken).toMatch(/voice/i);
    expect(spoken).not.toMatch(/can't|cannot|\*/i);
  });
});
