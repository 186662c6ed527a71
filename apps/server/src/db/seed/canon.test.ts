import { describe, expect, it } from "vitest";
import { CANON_UNSAFE, canonSheetSchema, type StoredCanonSheet } from "../../lib/canon-sheet.ts";
import { CANON } from "./canon.ts";
import { CHARACTERS } from "./characters.ts";

/** Compared loosely: case, punctuation and spacing do not make two answers different. */
const normal = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

const sentences = (text: string): string[] => text.split(/(?<=[.!?])\s+(?=[A-Z"'])/);

/** Every text of a sheet, for the content check. */
const texts = (sheet: StoredCanonSheet): string[] => [
  sheet.grewUp,
  sheet.family,
  sheet.job,
  sheet.favourites.film,
  sheet.favourites.music,
  sheet.favourites.food,
  ...Object.entries(sheet.favourites.more ?? {}).flat(),
  ...sheet.anecdotes,
  sheet.voice.style,
  ...sheet.voice.phrases,
];

/** Capitalised place words of a hometown ("Triana", "Seville"), minus sentence openers. */
const placeNames = (grewUp: string): string[] =>
  (grewUp.match(/\b\p{Lu}[\p{L}'-]+/gu) ?? []).filter((word) => !["I", "The"].includes(word));

describe("catalog canon sheets", () => {
  it("gives every catalog character a valid sheet, and no sheet to anyone else", () => {
    expect(Object.keys(CANON).sort()).toEqual(CHARACTERS.map((character) => character.slug).sort());
    for (const [slug, sheet] of Object.entries(CANON)) {
      expect(() => canonSheetSchema.parse(sheet), slug).not.toThrow();
      expect(sheet.anecdotes.length, `${slug}: anecdotes`).toBeGreaterThanOrEqual(3);
      expect(sheet.anecdotes.length, `${slug}: anecdotes`).toBeLessThanOrEqual(4);
      for (const anecdote of sheet.anecdotes) {
        const count = sentences(anecdote).length;
        expect(count, `${slug}: ${anecdote}`).toBeGreaterThanOrEqual(2);
        expect(count, `${slug}: ${anecdote}`).toBeLessThanOrEqual(3);
        expect(anecdote, `${slug}: first person`).toMatch(/\b(I|my|me|we)\b/i);
      }
      expect(sheet.voice.phrases.length, `${slug}: phrases`).toBeGreaterThanOrEqual(8);
      expect(new Set(sheet.voice.phrases.map(normal)).size, `${slug}: repeated phrase`).toBe(
        sheet.voice.phrases.length,
      );
      const more = Object.keys(sheet.favourites.more ?? {});
      expect(more.length, `${slug}: more favourites`).toBeGreaterThanOrEqual(5);
      for (const topic of ["book", "drink", "season", "place", "colour"]) expect(more, slug).toContain(topic);
    }
  });

  it("matches each character's catalog text: the job names what the tagline says they do", () => {
    const jobWords: Record<string, RegExp> = {
      "sofia-reyes": /flamenco/,
      "maya-okafor": /planetarium/,
      "hana-takeda": /tea bowls/,
      "chloe-bennett": /surf/,
      "priya-sharma": /architect/,
      "elena-novak": /violin/,
      "marcus-hale": /firefighter/,
      "luca-moretti": /trattoria/,
      "daniel-kim": /produce/,
      "ethan-walker": /wildlife photographer/,
      "rafael-santos": /capoeira/,
      "omar-haddad": /bookshop/,
      "yuki-shirakawa": /café/,
      "rei-kurosawa": /penetration tester/,
      "sakura-amano": /flower shop/,
      "mirei-tachibana": /kendo/,
      "nova-asteria": /navigator/,
      "hikari-mori": /manga/,
      "kaito-arashi": /mechanic/,
      "ren-aizawa": /restore rare books/,
      "haru-minase": /lifeguard/,
      "sora-takamine": /piano/,
      "akira-kurogane": /bodyguard/,
      "yuto-hinase": /barista/,
    };
    for (const character of CHARACTERS) {
      const pattern = jobWords[character.slug];
      expect(pattern, `${character.slug}: add its job word here`).toBeDefined();
      expect(CANON[character.slug]?.job).toMatch(pattern as RegExp);
    }
  });

  it("shares nothing between characters: hometown, family, job, favourites, stories, phrases", () => {
    const seen = new Map<string, string>();
    const claim = (field: string, value: string, slug: string): void => {
      const key = `${field}:${normal(value)}`;
      const owner = seen.get(key);
      expect(owner === undefined || owner === slug, `${slug} and ${owner} share ${field} "${value}"`).toBe(
        true,
      );
      seen.set(key, slug);
    };
    for (const [slug, sheet] of Object.entries(CANON)) {
      claim("grewUp", sheet.grewUp, slug);
      for (const place of placeNames(sheet.grewUp)) claim("hometown place", place, slug);
      claim("family", sheet.family, slug);
      claim("job", sheet.job, slug);
      // a favourite is compared by its title, the part before the dash or the comma
      for (const topic of ["film", "music", "food"] as const) {
        claim(topic, sheet.favourites[topic], slug);
        claim(topic, sheet.favourites[topic].split(/ — |, /)[0] ?? "", slug);
      }
      for (const [topic, value] of Object.entries(sheet.favourites.more ?? {}))
        claim(`more ${topic}`, value, slug);
      for (const anecdote of sheet.anecdotes) {
        claim("anecdote", anecdote, slug);
        for (const sentence of sentences(anecdote)) claim("anecdote sentence", sentence, slug);
      }
      claim("style", sheet.voice.style, slug);
      for (const phrase of sheet.voice.phrases) claim("phrase", phrase, slug);
    }
  });

  it("keeps every sheet clean: nothing sexual, nothing about minors", () => {
    expect("a sexy photo").toMatch(CANON_UNSAFE);
    expect("back in high school").toMatch(CANON_UNSAFE);
    expect("when I was 16 years old").toMatch(CANON_UNSAFE);
    expect("I teach flamenco by the river").not.toMatch(CANON_UNSAFE);
    for (const [slug, sheet] of Object.entries(CANON))
      for (const text of texts(sheet)) expect(text, slug).not.toMatch(CANON_UNSAFE);
  });
});
