import { GENDERS } from "@reverie/shared";
import { describe, expect, it } from "vitest";
import { HAIR_STYLES, OUTFIT_STYLES, SCENE_IDS } from "../../providers/image/procedural/index.ts";
import { CHARACTERS, PACKS } from "./characters.ts";

/** Words that have no place in the seed catalog: explicit content, or anything about minors. */
const EXPLICIT =
  /\b(sex|sexy|sexual|nude|nudity|naked|nsfw|porn\w*|explicit|fetish\w*|orgasm\w*|breasts?|boobs?|nipples?|genitals?|penis|vagina|erotic\w*|lingerie|stripp\w*|horny|aroused|arousal|xxx|bdsm|kinky|seduc\w*|undress\w*|bedroom|in bed)\b/i;
const MINORS =
  /\b(teen|teens|teenage|teenager|teenagers|minor|minors|underage|under-age|child|children|childhood|kid|kids|schoolgirl|schoolboy|school uniform|high school|middle school|highschool|loli|lolita|shota|jailbait|young girl|young boy|little girl|little boy|preteen|juvenile|adolescent|student|pupil|freshman|sophomore)\b/i;

const texts = (character: (typeof CHARACTERS)[number]): string[] => [
  character.name,
  character.tagline,
  character.description,
  character.personality,
  character.relationship,
  character.first_msg,
  character.user_first_msg_help,
  ...character.hobbies,
  character.bundle.title,
  character.bundle.description,
];

describe("seed characters", () => {
  it("has at least 24 characters, at least 6 in every gender category", () => {
    expect(CHARACTERS.length).toBeGreaterThanOrEqual(24);
    for (const gender of GENDERS) {
      expect(CHARACTERS.filter((character) => character.gender === gender).length).toBeGreaterThanOrEqual(6);
    }
  });

  it("only has adults", () => {
    for (const character of CHARACTERS) {
      expect(Number.isInteger(character.age)).toBe(true);
      expect(character.age).toBeGreaterThanOrEqual(21);
      expect(character.age).toBeLessThanOrEqual(40);
    }
  });

  it("has unique slugs and names, and no empty fields", () => {
    expect(new Set(CHARACTERS.map((character) => character.slug)).size).toBe(CHARACTERS.length);
    expect(new Set(CHARACTERS.map((character) => character.name)).size).toBe(CHARACTERS.length);
    expect(new Set(CHARACTERS.map((character) => character.bundle.theme)).size).toBe(CHARACTERS.length);
    for (const character of CHARACTERS) {
      expect(character.slug).toMatch(/^[a-z]+(-[a-z]+)+$/);
      for (const text of texts(character))
        expect(text.trim().length, `${character.slug}: empty text`).toBeGreaterThan(0);
      expect(character.hobbies.length).toBeGreaterThanOrEqual(3);
      for (const hobby of character.hobbies) expect(hobby).not.toContain(",");
      expect(character.tagline.length).toBeLessThanOrEqual(70);
      const sentences = character.description.split(/(?<=[.!?])\s+/).length;
      expect(sentences, `${character.slug}: description sentences`).toBeGreaterThanOrEqual(2);
      expect(sentences, `${character.slug}: description sentences`).toBeLessThanOrEqual(4);
    }
  });

  it("keeps every text clean: nothing explicit, nothing about minors", () => {
    // the filters themselves work
    expect("a sexy photo").toMatch(EXPLICIT);
    expect("she is a teenager").toMatch(MINORS);
    expect("my high school crush").toMatch(MINORS);
    expect("a warm, witty architect").not.toMatch(EXPLICIT);
    for (const character of CHARACTERS) {
      for (const text of texts(character)) {
        expect(text, `${character.slug}`).not.toMatch(EXPLICIT);
        expect(text, `${character.slug}`).not.toMatch(MINORS);
      }
    }
    for (const pack of PACKS) {
      expect(`${pack.title} ${pack.description}`).not.toMatch(EXPLICIT);
      expect(`${pack.title} ${pack.description}`).not.toMatch(MINORS);
    }
  });

  it("gives every character a complete look and art plan", () => {
    const hex = /^#[0-9a-f]{6}$/i;
    for (const character of CHARACTERS) {
      const { look } = character;
      for (const color of [look.skin, look.hair.color, look.eyes, look.outfit.primary, look.outfit.secondary])
        expect(color).toMatch(hex);
      expect(HAIR_STYLES).toContain(look.hair.style);
      expect(OUTFIT_STYLES).toContain(look.outfit.style);
      expect(SCENE_IDS).toContain(look.favoriteScene);
      expect(character.gallery.length).toBeGreaterThanOrEqual(4);
      expect(character.gallery.length).toBeLessThanOrEqual(6);
      expect(new Set(character.gallery).size, `${character.slug}: varied gallery scenes`).toBe(
        character.gallery.length,
      );
      expect(character.bundle.scenes.length).toBeGreaterThanOrEqual(3);
      expect(character.bundle.scenes.length).toBeLessThanOrEqual(5);
      expect(character.bundle.price).toBeGreaterThanOrEqual(50);
      expect(character.bundle.price).toBeLessThanOrEqual(200);
      for (const scene of [
        ...character.gallery,
        ...character.bundle.scenes,
        character.video.scene,
        character.bundle.videoScene,
      ]) {
        expect(SCENE_IDS).toContain(scene);
      }
    }
  });

  it("has one or two image packs per gender category", () => {
    for (const gender of GENDERS) {
      const packs = PACKS.filter((pack) => pack.gender === gender);
      expect(packs.length).toBeGreaterThanOrEqual(1);
      expect(packs.length).toBeLessThanOrEqual(2);
      for (const pack of packs) {
        expect(pack.count).toBeGreaterThanOrEqual(6);
        expect(pack.count).toBeLessThanOrEqual(10);
        expect(pack.price).toBeGreaterThan(0);
      }
    }
  });
});
