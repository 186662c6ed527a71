import { readFileSync } from "node:fs";
import type { Gender } from "@reverie/shared";
import { describe, expect, it } from "vitest";
import { CANON_UNSAFE, canonSheetSchema, type StoredCanonSheet } from "../../lib/canon-sheet.ts";
import { readCardUpload } from "../cards/card-import.ts";
import { cardColumns } from "./card-conversion.ts";
import { writeCard } from "./character-writing.ts";
import { type CanonSource, canonFor, deriveCanon } from "./derived-canon.ts";
import { TOWNS } from "./derived-canon-pools.ts";
import { validateTraits } from "./traits.ts";

/** Public cards written outside the team, cut to the sentences that matter (test/fixtures/cards). */
const publicCards = (
  JSON.parse(
    readFileSync(new URL("../../../test/fixtures/cards/public-canon-cards.json", import.meta.url), "utf8"),
  ) as { cards: { source: string; card: unknown }[] }
).cards;

function imported(name: string, id = 1, gender: Gender = "female"): CanonSource {
  const entry = publicCards.find(({ card }) => (card as { data: { name: string } }).data.name === name);
  if (!entry) throw new Error(`no fixture card ${name}`);
  const { data } = readCardUpload(Buffer.from(JSON.stringify(entry.card)), "application/json");
  return { id, ...cardColumns(data), gender, definition: data };
}

function built(id: number, description = ""): CanonSource {
  const traits = validateTraits("female", {
    ethnicity: "european",
    body_type: "athletic",
    breast_type: "medium",
    butt_size: "medium",
    eyes_color: "brown",
    hair_style: "wavy_brunette",
    personality: "playful",
    relationship: "girlfriend",
    hobbies: "hiking,photography",
    voice: "female_warm",
  });
  const card = writeCard({
    name: "Mia Torres",
    age: 27,
    gender: "female",
    description,
    traits,
    seed: `s${id}`,
  });
  return { id, name: "Mia Torres", gender: "female", ...card, definition: null };
}

const texts = (sheet: StoredCanonSheet): string[] => [
  sheet.grewUp,
  sheet.family,
  sheet.job,
  sheet.favourites.film,
  sheet.favourites.music,
  sheet.favourites.food,
  ...Object.values(sheet.favourites.more ?? {}),
  ...sheet.anecdotes,
  sheet.voice.style,
  ...sheet.voice.phrases,
];

describe("deriveCanon", () => {
  it("takes what a public card states: hometown, job, family, favourites", () => {
    const rio = deriveCanon(imported("Rio Morales"));
    expect(rio.job).toBe("I work as a Hospital Operations Administrator at Brooklyn General Hospital");
    // she lives in New York, so a made-up hometown is near it
    expect(rio.grewUp).toContain("New York");
    expect(rio.family).toContain("my husband");

    const zhongli = deriveCanon(imported("Zhongli", 2, "male"));
    expect(zhongli.job).toBe("I'm a Consultant for the Wangsheng Funeral Parlor");

    const connor = deriveCanon(imported("Connor MacLeod", 3, "male"));
    expect(connor.grewUp).toBe("in the Scottish Highlands");

    const nemura = deriveCanon(imported("Nemura", 4));
    expect(nemura.grewUp).toBe("in Mexico");
    expect(nemura.job).toBe("I make a living picking and selling arándanos");
    expect(nemura.family).toBe("I have a close relationship with my grandparents who live in the same town");
    expect(nemura.favourites.more?.place).toBe("The beach");
    expect(nemura.favourites.more?.hobby).toBe("singing");

    expect(deriveCanon(imported("Matilda", 5)).job).toBe("I'm a flower seller");
    expect(deriveCanon(imported("Cael Hart", 6, "male")).job).toBe(
      "I work as the lead engineer on the Ardent Seed",
    );

    const mabel = deriveCanon(imported("Mabel", 7));
    expect(mabel.job).toBe("I'm an elderly barkeep in my 60s who owns a tavern called The Wandering Knight");
    expect(mabel.family).toContain("my husband Edgar");
  });

  it("makes up nothing that contradicts the setting: a fantasy card gets no films or towns of our world", () => {
    const mabel = deriveCanon(imported("Mabel", 7));
    expect(mabel.favourites.film).not.toMatch(/—/);
    expect(mabel.grewUp).not.toMatch(/,/);
    for (const story of mabel.anecdotes) expect(story).not.toMatch(/pub quiz|train|concert/);
  });

  it("gives the same sheet every time, stored or derived on read", () => {
    for (const { card } of publicCards) {
      const name = (card as { data: { name: string } }).data.name;
      const source = imported(name, 11);
      const sheet = deriveCanon(source);
      expect(deriveCanon(imported(name, 11))).toEqual(sheet);
      const row = { ...source, definition: JSON.stringify(source.definition) };
      expect(canonFor(row)).toEqual(sheet);
      expect(canonFor({ ...row, canon: sheet })).toBe(sheet);
    }
  });

  it("keeps to the sheet's shape and holds nothing sexual or minor-coded", () => {
    const sources = [
      ...publicCards.map(({ card }, index) =>
        imported((card as { data: { name: string } }).data.name, index + 1),
      ),
      ...Array.from({ length: 40 }, (_, index) => built(100 + index)),
      // a definition that says such things: its sentences are not read
      built(
        999,
        "Mia grew up in a strip club in Reno. When she was 16 she worked as a waitress. She works as a nurse at Mercy General.",
      ),
    ];
    for (const source of sources) {
      const sheet = deriveCanon(source);
      expect(() => canonSheetSchema.parse(sheet)).not.toThrow();
      expect(sheet.anecdotes.length).toBeGreaterThanOrEqual(3);
      expect(sheet.voice.phrases.length).toBeGreaterThanOrEqual(8);
      for (const text of texts(sheet)) expect(text, `${source.name}`).not.toMatch(CANON_UNSAFE);
    }
    const careful = deriveCanon(sources.at(-1) as CanonSource);
    expect(careful.grewUp).not.toContain("Reno");
    expect(careful.job).toBe("I work as a nurse at Mercy General");
  });

  it("reads a built character's description, and its hobbies into its stories", () => {
    const sheet = deriveCanon(built(5, "Mia grew up in Lisbon and works as a tattoo artist in Porto."));
    expect(sheet.grewUp).toBe("in Lisbon");
    expect(sheet.job).toBe("I work as a tattoo artist in Porto");
    expect(sheet.anecdotes.join(" ")).toMatch(/hiking/);
  });

  it("reads a university student as one, and leaves out who a sentence says she was before 18", () => {
    const student = deriveCanon(
      built(6, "Mia is a university student majoring in marine biology. When she was 15 she lived in Oslo."),
    );
    expect(student.job).toBe("I'm at university, studying marine biology");
    expect(student.grewUp).not.toContain("Oslo");
  });

  it("gives an anime character a hometown in Japan, and another character one elsewhere", () => {
    const anime = deriveCanon({ ...built(7), gender: "anime_female" });
    expect(TOWNS.japan.some((town) => anime.grewUp.startsWith(`in ${town},`))).toBe(true);
    const other = deriveCanon(built(7));
    expect(TOWNS.world.some((town) => other.grewUp.startsWith(`in ${town},`))).toBe(true);
  });

  it("rarely gives two characters the same answer, even built with the same traits", () => {
    const sheets = Array.from({ length: 100 }, (_, index) => deriveCanon(built(1000 + index)));
    const distinct = (pick: (sheet: StoredCanonSheet) => string) => new Set(sheets.map(pick)).size;
    expect(distinct((sheet) => sheet.grewUp)).toBeGreaterThanOrEqual(90);
    expect(distinct((sheet) => sheet.family)).toBeGreaterThanOrEqual(95);
    expect(distinct((sheet) => sheet.job)).toBeGreaterThanOrEqual(85);
    expect(distinct((sheet) => sheet.favourites.film)).toBeGreaterThanOrEqual(85);
    expect(distinct((sheet) => sheet.favourites.music)).toBeGreaterThanOrEqual(85);
    expect(distinct((sheet) => sheet.favourites.food)).toBeGreaterThanOrEqual(85);
    expect(distinct((sheet) => sheet.anecdotes.join("|"))).toBe(100);
    expect(distinct((sheet) => sheet.voice.phrases.join("|"))).toBeGreaterThanOrEqual(95);
  });
});
