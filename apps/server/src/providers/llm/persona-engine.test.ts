import { describe, expect, it } from "vitest";
import { CANON } from "../../db/seed/canon.ts";
import { CHARACTERS, type CharacterSeed } from "../../db/seed/characters.ts";
import { extractFactsByRules } from "./memory-extraction/rules.ts";
import { usablePhrases } from "./persona/lines.ts";
import { PersonaEngine } from "./persona-engine.ts";
import type { CanonSheet, CharacterCard, ChatTurn, MemoryFact, ReplyRequest } from "./types.ts";

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

describe("listening and remembering (decision 47)", () => {
  const canon: CanonSheet = {
    grewUp: "in Porto, in a narrow house above my grandfather's tile workshop",
    family: "my mother Inês paints azulejos and my older brother Rui sails cargo ships",
    job: "I restore old tiles for churches and cafés across the city",
    favourites: {
      film: "Cinema Paradiso, which makes me cry every single time",
      music: "fado, Amália Rodrigues above all",
      food: "grilled sardines with bread on the feast of São João",
      more: { book: "The Book of Disquiet" },
    },
    anecdotes: [
      "Once I dropped a 300-year-old tile in front of a priest. I glued it back so well he still doesn't know.",
      "Last summer I got locked inside the cathedral at closing time and spent an hour talking to the night guard.",
    ],
    voice: { style: "warm and wry", phrases: ["olha", "pois", "querido"] },
  };
  const tiles: CharacterCard = {
    ...sofia,
    id: 77,
    name: "Beatriz Costa",
    canon,
    hobbies: ["tile painting", "fado nights"],
  };

  it("answers every question of a message from the canon sheet, the same way when asked again", () => {
    const conversation = chat(tiles);
    const both = conversation.say("where did you grow up and what's your favourite film?");
    expect(both).toMatch(/Porto/);
    expect(both).toMatch(/Cinema Paradiso/);
    conversation.say("nice");
    expect(conversation.say("do you have siblings? also what music do you like")).toMatch(
      /Rui[\s\S]*fado|fado[\s\S]*Rui/,
    );
    const again = conversation.say("sorry, where are you from originally?");
    expect(again).toMatch(/Porto/);
    expect(again).not.toBe(both);
    expect(conversation.say("tell me about a time something went wrong at work")).toMatch(
      /once|last summer/i,
    );
    expect(conversation.say("what do you do for a living?")).toMatch(/restore old tiles/);
  });

  it("answers what the user asks about themselves, from memory kept across chats", () => {
    const memory: MemoryFact[] = [
      { kind: "name", subject: "Dani", text: "is called Dani" },
      { kind: "pet", subject: "Biscuit", text: "has a dog called Biscuit" },
      { kind: "person", subject: "Lena", text: "their sister is called Lena" },
      { kind: "job", subject: "nurse", text: "works as a nurse" },
      { kind: "worry", subject: "exam", text: "is worried about their exam" },
    ];
    const ask = (text: string) =>
      engine.reply({
        character: tiles,
        history: [
          { from: "model", text: "Olá!" },
          { from: "user", text },
        ],
        userName: "Dani",
        memory,
      });
    expect(ask("whats my dogs name?")).toContain("Biscuit");
    expect(ask("what's my sister called")).toContain("Lena");
    expect(ask("where do i work?")).toContain("nurse");
    expect(ask("what was i stressed about?")).toContain("exam");
    const recap = ask("what do you remember about me?");
    for (const fact of ["Dani", "Biscuit", "nurse"]) expect(recap).toContain(fact);
  });

  it("names the user's trouble right away and asks after it later", () => {
    const conversation = chat(tiles);
    expect(conversation.say("my cat Pepper is sick, the vet is keeping her overnight 😢")).toContain(
      "Pepper",
    );
    conversation.say("thanks");
    conversation.say("lol");
    conversation.say("my coffee went cold");
    expect(conversation.say("hey, i'm back")).toContain("Pepper");

    const exam = chat(tiles);
    expect(exam.say("i have my driving theory exam in the morning and i can't stop panicking")).toMatch(
      /exam/,
    );
    exam.say("yeah maybe");
    expect(exam.say("ok going to bed")).toMatch(/exam/);
  });

  it("hears what is at stake or lost when it is said lightly, and asks after it on coming back", () => {
    for (const [said, thing] of [
      ["job interview at the museum tomorrow morning, wish me luck", /interview/],
      ["my dad's scan is on tuesday", /scan/],
      ["they cut my hours again at the warehouse", /hours/],
      ["had a massive row with my sister Dagny, she hung up on me", /Dagny/],
      ["came out of the gym and my scooter's gone. lock cut and everything", /scooter/],
      ["they gave the choir solo to someone else. i practised for two months", /choir solo/],
    ] as const) {
      const conversation = chat(tiles);
      expect(conversation.say(said), said).toMatch(thing);
      conversation.say("ok gotta go make dinner");
      expect(conversation.say("hey i'm back"), said).toMatch(thing);
    }
    // a hearing aid is not a hearing
    expect(chat(tiles).say("my grandad won't wear his hearing aid")).not.toMatch(/your (?:his )?hearing\b/);
  });

  it("never says a sentence of its last 50 replies again, and answers a long message at length", () => {
    const conversation = chat(tiles);
    // the turn each sentence was last said in
    const seen = new Map<string, number>();
    for (let turn = 0; turn < 60; turn++) {
      const reply = conversation.say(["ok", "haha", "lol", "hmm", "yeah"][turn % 5] as string);
      for (const sentence of reply.match(/[^.!?]+[.!?]*/g) ?? []) {
        const key = sentence
          .toLowerCase()
          .replace(/[^\p{L}\p{N}]+/gu, " ")
          .trim();
        if (key.split(" ").length < 3) continue;
        const before = seen.get(key);
        // a reply looks back on the 50 before it
        expect(before === undefined || turn - before > 50, `turn ${turn}: ${sentence}`).toBe(true);
        seen.set(key, turn);
      }
    }
    const short = chat(tiles).say("ok");
    const long = chat(tiles).say(
      "so today i tried to make bread for the first time because my flatmate said it was easy, and it was not easy at all, the dough stuck to everything, i forgot the salt, the oven was too hot and the smoke alarm went off and the whole building came out to look at me, what did i do wrong",
    );
    expect(long.split(/\s+/).length).toBeGreaterThan(short.split(/\s+/).length * 2);
  });

  it("gives each character its own lines", () => {
    const other: CharacterCard = { ...seedCharacter("hana-takeda"), id: 78 };
    const say = (card: CharacterCard) => {
      const conversation = chat(card);
      return ["hi", "ok", "haha", "what are you doing?", "i'm bored"]
        .map((text) => conversation.say(text))
        .join(" ");
    };
    const mine = new Set(
      say(tiles)
        .match(/[^.!?]+[.!?]*/g)
        ?.map((sentence) => sentence.trim()),
    );
    const theirs =
      say(other)
        .match(/[^.!?]+[.!?]*/g)
        ?.map((sentence) => sentence.trim()) ?? [];
    expect(theirs.filter((sentence) => sentence.split(" ").length >= 3 && mine.has(sentence))).toEqual([]);
  });

  it("never quotes an imported card's raw text: taglines, markup or example dialogue", () => {
    const imported: CharacterCard = {
      ...sofia,
      id: 79,
      name: "Seraphina",
      tagline: '[Seraphina\'s Personality= "caring", "protective"]',
      description: '[Seraphina\'s Personality= "caring"] <START> {{user}}: "Describe your traits?"',
      personality: "",
      hobbies: [],
      relationship: "",
      lore: ['*Seraphina smiles* "Welcome to my glade, traveller," she says softly.'],
    };
    const conversation = chat(imported);
    for (const text of [
      "who are you?",
      "tell me about the glade",
      "what do you do?",
      "where did you grow up?",
      "hi",
    ]) {
      const reply = conversation.say(text);
      expect(reply, text).not.toMatch(/Personality=|\[|<START>|\{\{|Welcome to my glade/);
    }
  });
});

describe("PersonaEngine, one reply at a time", () => {
  const canonSofia: CharacterCard = { ...sofia, canon: CANON["sofia-reyes"] };
  const voice = usablePhrases(CANON["sofia-reyes"]?.voice.phrases ?? []).map((phrase) =>
    phrase
      .toLowerCase()
      .replace(/[.!?,…:;¡¿]+/g, "")
      .trim(),
  );

  /** A chat whose memory is kept the way the memory job keeps it, after every exchange. */
  function remembering(character: CharacterCard, seed: number) {
    const history: ChatTurn[] = [{ from: "model", text: character.first_msg }];
    let memory: MemoryFact[] = [];
    return (text: string): string => {
      history.push({ from: "user", text });
      const reply = engine.reply({ character, history: [...history], userName: null, memory, seed });
      history.push({ from: "model", text: reply });
      memory = [
        ...memory,
        ...extractFactsByRules({
          characterName: character.name,
          userName: null,
          userMessage: text,
          reply,
          known: memory,
          today: "2026-03-02",
        }),
      ];
      return reply;
    };
  }

  const count = (text: string, part: string) => text.toLowerCase().split(part.toLowerCase()).length - 1;

  it("says a fact from memory and from the chat once, opens no two answers alike and uses a voice phrase once", () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const say = remembering(canonSofia, seed);
      say("Hi! I'm Jordan, I work as a nurse in Leeds.");
      say("how are you");
      say("I've got a dog called Biscuit and my sister Lena is visiting next week.");
      say("ok");
      const reply = say("What's my dog's name, and where do I work?");
      expect(reply).toContain("Biscuit");
      expect(reply).toContain("nurse");
      expect(count(reply, "Biscuit")).toBe(1);
      expect(count(reply, "nurse")).toBe(1);
      for (const phrase of voice)
        expect(count(reply, phrase), `${phrase} in ${reply}`).toBeLessThanOrEqual(1);
      const leads = reply.split(/(?<=[.!?])\s+/).map((sentence) =>
        voice
          .reduce(
            (text, phrase) => text.replace(phrase, ""),
            sentence.toLowerCase().replace(/[.!?,…:;¡¿']+/g, ""),
          )
          .trim()
          .split(/\s+/)
          .slice(0, 2)
          .join(" "),
      );
      expect(new Set(leads).size, reply).toBe(leads.length);
    }
  });

  it("never splices a hobby or a favourite into a frame that needs a single noun", () => {
    const said = [
      "hi",
      "lol",
      "ok",
      "i'm bored",
      "thank you",
      "you're sweet",
      "tell me a joke",
      "hmm",
      "good night",
    ];
    for (const seed of CHARACTERS) {
      const character: CharacterCard = { ...cardOf(seed), canon: CANON[seed.slug] };
      for (const run of [1, 2, 3]) {
        const say = remembering(character, run);
        const replies = ["Hi! I'm Jordan, I work as a nurse in Leeds.", ...said].map(say).join(" ");
        for (const hobby of seed.hobbies)
          expect(replies).not.toMatch(
            new RegExp(
              `\\b${hobby}\\s+(?:lessons|talk|story|gossip|standards)\\b|\\ba little ${hobby}\\b|\\bdoing ${hobby}\\b`,
              "i",
            ),
          );
        expect(replies).not.toMatch(/\bdropped my\b|\bbuy me\b|\bin one hand\b/);
      }
    }
  });

  it("names the newest message's trouble first, before older news", () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const say = remembering(canonSofia, seed);
      say("Hi! I'm Jordan, I work as a nurse in Leeds.");
      say("I've got a dog called Biscuit and my sister Lena is visiting next week.");
      const reply = say("Honestly I'm nervous about my driving test on Friday.");
      // the first sentence of three words or more (a voice phrase like "¡olé!" may stand alone)
      const first = reply.split(/(?<=[.!?])\s+/).find((sentence) => sentence.split(/\s+/).length >= 3) ?? "";
      expect(first, reply).toMatch(/driving test/i);
      expect(reply).not.toMatch(/Biscuit|Lena/);
    }
    // two messages sent before any reply: the newest one's trouble still comes first
    const history: ChatTurn[] = [
      { from: "model", text: canonSofia.first_msg },
      { from: "user", text: "I've got a dog called Biscuit and my sister Lena is visiting next week." },
      { from: "user", text: "Honestly I'm nervous about my driving test on Friday." },
    ];
    for (const seed of [1, 2, 3]) {
      const reply = engine.reply({ character: canonSofia, history, userName: null, seed });
      const trouble = reply.search(/driving test/i);
      expect(trouble, reply).toBeGreaterThanOrEqual(0);
      for (const older of ["Biscuit", "Lena"]) {
        const at = reply.indexOf(older);
        if (at >= 0) expect(at, reply).toBeGreaterThan(trouble);
      }
    }
  });
});
