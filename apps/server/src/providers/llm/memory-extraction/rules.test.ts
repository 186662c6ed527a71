import { describe, expect, it } from "vitest";
import type { MemoryFact } from "../types.ts";
import { extractFactsByRules } from "./rules.ts";

const TODAY = "2026-03-02"; // a Monday

function read(userMessage: string, reply = ""): MemoryFact[] {
  return extractFactsByRules({
    characterName: "Sofia",
    userName: null,
    userMessage,
    reply,
    known: [],
    today: TODAY,
  });
}

/** "kind|subject|text" of each fact, for compact expectations. */
function lines(userMessage: string): string[] {
  return read(userMessage).map((fact) => `${fact.kind}|${fact.subject}|${fact.text}`);
}

function expectFact(message: string, kind: MemoryFact["kind"], subject: string, text?: RegExp) {
  const found = read(message).find(
    (fact) => fact.kind === kind && fact.subject.toLowerCase() === subject.toLowerCase(),
  );
  expect(found, `${message}\n  → ${lines(message).join("\n  → ")}`).toBeDefined();
  if (text) expect(found?.text).toMatch(text);
}

describe("extractFactsByRules: the user's message", () => {
  it("reads names, also in lower case and mid-sentence, and never a common word", () => {
    for (const [message, name] of [
      ["my name is Daniela, i'm a nurse and i live in Leeds", "Daniela"],
      ["im priyanka btw, just got home", "Priyanka"],
      ["hi im tom", "Tom"],
      ["Hi, I'm Sam", "Sam"],
      ["name's Eli. i'm a mechanic in Primm", "Eli"],
      ["call me jay", "Jay"],
      ["you can call me Lex", "Lex"],
      ["thank you for saving me. i'm Mara, i'm a baker", "Mara"],
    ] as const)
      expectFact(message, "name", name);
    for (const message of [
      "i'm tired",
      "im so tired lol",
      "i'm good thanks",
      "i'm back",
      "i'm sorry",
      "i'm nervous",
    ])
      expect(
        read(message).filter((fact) => fact.kind === "name"),
        message,
      ).toEqual([]);
  });

  it("reads jobs, workplaces and studies", () => {
    expectFact("i'm a nurse and i live in Leeds", "job", "nurse", /works as a nurse/);
    expectFact("i work as a physiotherapist, mostly knees lol", "job", "physiotherapist");
    expectFact("I work as a nurse at the city hospital", "job", "nurse", /at the city hospital/);
    expectFact("i'm a software developer", "job", "software developer");
    expectFact("i'm jules btw. barista in Porto", "job", "barista");
    // real phrasing: a dating-profile line from a public repository
    expectFact(
      "Nurse working rotating shifts at Duke Hospital. I have a dog named Max who's super friendly.",
      "job",
      "nurse",
    );
    expectFact(
      "I love to dance, I have a dog named Nori, I work at Burlington",
      "job",
      "Burlington",
      /works at/,
    );
    expect(read("i'm a big fan of jazz").some((fact) => fact.kind === "job")).toBe(false);
    expect(read("i'm a mess today").some((fact) => fact.kind === "job")).toBe(false);
  });

  it("reads where the user lives, comes from and grew up, in lower case too", () => {
    expectFact("my name is Daniela, i'm a nurse and i live in Leeds", "place", "Leeds", /lives in Leeds/);
    expectFact("im Sam, i work as a chef in Glasgow", "place", "Glasgow");
    expectFact("i'm a primary school teacher in bristol", "place", "Bristol");
    expectFact(
      "ok so long story but i moved to Rotterdam two months ago for a new job at the port",
      "place",
      "Rotterdam",
      /moved to Rotterdam/,
    );
    expectFact("we just moved to Austin", "place", "Austin");
    expectFact("I grew up in Lagos", "place", "Lagos", /grew up in/);
    expectFact("i'm from manchester originally but i live in london now", "place", "Manchester", /is from/);
    expectFact("i'm from manchester originally but i live in london now", "place", "London", /lives in/);
  });

  it("reads pets with their species and names, however they are introduced", () => {
    for (const [message, name, species] of [
      ["I've got a dog called Biscuit, he's a corgi and he hates the postman lol", "Biscuit", "dog"],
      ["my cat Pepper is sick, she stopped eating", "Pepper", "cat"],
      ["my cat pepper is sick", "Pepper", "cat"],
      ["our puppy, Mochi, chewed my shoes", "Mochi", "puppy"],
      ["i just adopted a cat, her name is Miso and she's already knocked over two plants 🐈", "Miso", "cat"],
      ["i keep a goat named Turnip", "Turnip", "goat"],
      ["got a dog called Rusty and i hate whiskey", "Rusty", "dog"],
      ["we got a new puppy last week, his name is waffles 🐶", "Waffles", "puppy"],
      ["my dog gigi passed away last Thursday", "Gigi", "dog"],
      ["ive got two cats, salt and pepper", "Salt", "cat"],
      ["ive got two cats, salt and pepper", "Pepper", "cat"],
      [
        "and two guinea pigs, Fudge and Toffee, who squeak every time the fridge opens",
        "Toffee",
        "guinea pig",
      ],
      ["my dogs bonnie and clyde are asleep on my feet", "Clyde", "dog"],
    ] as const)
      expectFact(message, "pet", name, new RegExp(`has a ${species} called ${name}`));
    expect(read("i just adopted a cat, her name is Miso").filter((fact) => fact.kind === "pet")).toHaveLength(
      1,
    );
    expect(read("what's my dog's name?")).toEqual([]);
  });

  it("moves the newest dated thing to the day a correction gives", () => {
    const known = extractFactsByRules({
      characterName: "Sofia",
      userName: null,
      userMessage: "got an email saying i have a meeting with HR on monday, no reason given",
      reply: "",
      known: [],
      today: TODAY,
    });
    const corrected = extractFactsByRules({
      characterName: "Sofia",
      userName: null,
      userMessage: "wait no, tuesday. it's tuesday",
      reply: "",
      known,
      today: TODAY,
    });
    expect(corrected).toContainEqual(
      expect.objectContaining({
        kind: "date",
        text: expect.stringMatching(/on Tuesday/),
        date: "2026-03-03",
      }),
    );
  });

  it("reads people with their relation and name", () => {
    expectFact("my sister Lena is visiting this weekend", "person", "Lena", /sister is called Lena/);
    expectFact("my best friend Jonas is moving to Canada next month", "person", "Jonas", /best friend/);
    expectFact("my best friend sam is coming over", "person", "Sam");
    expectFact("my best mate Priya is getting married in june", "person", "Priya");
    expectFact(
      "i love birdwatching, my grandad taught me, his name was Harold",
      "person",
      "Harold",
      /grandad/,
    );
    expectFact("my boyfriend Tom broke up with me over text", "person", "Tom", /boyfriend/);
    expectFact("my boss is being a nightmare again", "person", "boss");
    expectFact("my little brother Theo just got into uni!!", "person", "Theo", /little brother/);
  });

  it("reads likes and dislikes", () => {
    expectFact("i love birdwatching, my grandad taught me", "like", "birdwatching", /loves birdwatching/);
    expectFact(
      "i'm obsessed with astronomy podcasts and my anniversary is on friday",
      "like",
      "astronomy podcasts",
    );
    expectFact("i hate whiskey", "like", "whiskey", /hates whiskey/);
    expectFact("i can't stand coriander", "like", "coriander", /can't stand/);
    expectFact("my favourite band is radiohead", "like", "radiohead");
    // real phrasing: PersonaChat's lower case, spaced full stop
    expectFact("i like to remodel homes .", "like", "remodeling homes");
    expectFact("I love to dance - specifically contemporary", "like", "dancing");
    for (const message of ["i love you", "i love that", "omg i love this"])
      expect(
        read(message).filter((fact) => fact.kind === "like"),
        message,
      ).toEqual([]);
  });

  it("dates what is coming up from today", () => {
    expectFact("my exam is on Friday", "date", "exam", /on Friday/);
    expect(read("my exam is on Friday").find((fact) => fact.kind === "date")?.date).toBe("2026-03-06");
    expect(read("my birthday is on the 2nd of august").find((fact) => fact.kind === "date")).toMatchObject({
      text: "their birthday is on the 2nd of August",
      date: "2026-08-02",
    });
    expect(read("I have a math test tomorrow").find((fact) => fact.kind === "date")?.date).toBe("2026-03-03");
    expect(read("i've got my statistics exam next week").find((fact) => fact.kind === "date")).toMatchObject({
      subject: "statistics exam",
      date: "2026-03-09",
    });
    expectFact("i have a job interview at a bank on monday", "date", "job interview", /on Monday/);
    expectFact("my sister Lena is visiting this weekend", "date", "Lena", /visiting this weekend/);
  });

  it("reads worries, with what they are about", () => {
    expectFact("i'm nervous about my exam", "worry", "exam");
    expectFact("worried about my mum", "worry", "mum");
    expectFact("honestly im worried about my mum, she has a scan on tuesday", "worry", "mum");
    expectFact(
      "i've got my statistics exam next week and i'm really scared i'll fail it again",
      "worry",
      "statistics exam",
    );
    expectFact(
      "i have my driving theory exam in the morning and i can't stop panicking",
      "worry",
      "driving theory exam",
    );
    expectFact(
      "honestly i'm so stressed about money this month, rent went up again",
      "worry",
      "money this month",
    );
    // real phrasing: a health-forum post quoted in a public repository
    expectFact(
      "My mom is in the hospital and they're talking about this new vaccine. I'm worried about long term side effects",
      "worry",
      "long term side effects",
    );
  });

  it("reads what happened: to the user, and to someone or something of theirs", () => {
    expectFact(
      "i got fired from the call centre today. just like that",
      "event",
      "fired",
      /got fired from the call centre/,
    );
    expectFact(
      "my cat Pepper is sick, she stopped eating",
      "event",
      "Pepper",
      /Pepper \(their cat\) is sick/,
    );
    expectFact("we broke up", "event", "broke up");
    expectFact("I got married yesterday", "event", "married");
    expectFact(
      "my boyfriend Tom broke up with me over text after two years",
      "event",
      "Tom",
      /broke up with them/,
    );
    expectFact(
      "my grandma is in hospital after a fall, she broke her hip",
      "event",
      "grandma",
      /in hospital/,
    );
    expectFact("my mum's back in hospital, they think it's her heart", "event", "mum", /in hospital/);
    // real phrasing: a chit-chat dataset line
    expectFact(
      "Well, my mom is in the hospital and my dad is going through some hard times.",
      "event",
      "mom",
      /hospital/,
    );
    expectFact("my little brother Theo just got into uni!!", "event", "Theo", /got into uni/);
  });

  it("reads nothing from small talk and questions", () => {
    for (const message of [
      "haha",
      "ok",
      "what are you doing right now?",
      "lol thats funny",
      "whats my dogs name?",
      "do you remember my goat's name",
    ])
      expect(read(message), message).toEqual([]);
  });
});

describe("extractFactsByRules: the character's reply", () => {
  it("keeps what the character said about itself, one fact per topic", () => {
    const facts = read(
      "where did you grow up?",
      "I grew up in Triana, across the river from the cathedral. My mother still sews flamenco dresses. What about you?",
    ).filter((fact) => fact.kind === "self");
    expect(facts.map((fact) => fact.subject)).toEqual(["grew up", "family"]);
    expect(facts[0]?.text).toBe("I grew up in Triana, across the river from the cathedral.");
  });

  it("keeps nothing from a question back", () => {
    expect(read("hi", "Where did you grow up?")).toEqual([]);
  });
});

describe("extractFactsByRules: facts said in passing", () => {
  it("reads a name, a town, a pet, a job and a worry inside casual sentences", () => {
    expectFact("oh btw im marta", "name", "Marta");
    expectFact("also living in york is great", "place", "York", /^lives in York$/);
    expectFact("down here in brighton it's sunny again", "place", "Brighton");
    expectFact("been in cork all my life", "place", "Cork");
    expectFact("we're bristol based", "place", "Bristol");
    expectFact("pepper (my cat) knocked over a plant", "pet", "Pepper", /cat called Pepper/);
    expectFact("been a bus driver for ten years now", "job", "bus driver");
    expectFact("being a nurse on nights is rough", "job", "nurse");
    expectFact("long shift at the ward, doctors never get a break", "job", "doctor");
    expectFact("the kids in my class were wild today, teaching is hard", "job", "teacher");
    expectFact("I fix cars for a living", "job", "fix cars", /^fixes cars for a living$/);
    expectFact(
      "I design websites for a startup",
      "job",
      "design websites",
      /^designs websites for a startup$/,
    );
    expectFact(
      "kinda stressed bc my boss wants me in on sunday",
      "worry",
      "boss wants them",
      /because their boss/,
    );
  });

  it("reads nothing from small talk that only looks like news", () => {
    for (const message of ["sorry wifi died", "my hands show it", "I'm in bed", "it's so hot up here"])
      expect(lines(message), message).toEqual([]);
  });
});

describe("extractFactsByRules: more ways of saying it", () => {
  it("reads names, jobs, towns, pets and worries in texting wording", () => {
    expectFact("it's priya btw", "name", "Priya");
    expectFact("ur talking to sam lol", "name", "Sam");
    expectFact("i go by jay", "name", "Jay");
    expectFact("been nursing for 5 years now", "job", "nurse");
    expectFact("as a teacher i get summers off", "job", "teacher");
    expectFact("my job at the bank is so boring", "job", "the bank", /^works at the bank$/);
    expectFact("i work in retail", "job", "retail", /^works in retail$/);
    expectFact("i'm a uni student studying biology", "job", "uni student", /^works as a uni student$/);
    expectFact("it's raining in london again", "place", "London");
    expectFact("my flat in bristol is tiny", "place", "Bristol");
    expectFact("max my dog is snoring next to me", "pet", "Max", /dog called Max/);
    expectFact("my doggo rex says hi", "pet", "Rex");
    expectFact("the move is stressing me out so much", "worry", "the move");
    expectFact("my exam tomorrow is freaking me out", "worry", "exam tomorrow");
    expectFact("worried sick about my mum", "worry", "mum", /^is worried about their mum$/);
    expectFact("i've got my driving test next week and i'm bricking it", "worry", "driving test", /nervous/);
    expectFact("im in leeds btw", "place", "Leeds", /^lives in Leeds$/);
    expectFact("born and raised in leeds", "place", "Leeds", /^grew up in Leeds$/);
    expectFact("i work at the hospital as a nurse", "job", "nurse");
    for (const state of ["i'm in bed", "i'm in pain lol", "i'm in class rn", "i'm in shock"])
      expect(
        read(state).some((fact) => fact.kind === "place"),
        state,
      ).toBe(false);
    // a pet's name is not the user's
    expect(read("got a cat, her name's mochi").some((fact) => fact.kind === "name")).toBe(false);
  });
});
