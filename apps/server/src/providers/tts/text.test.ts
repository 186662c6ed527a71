import { describe, expect, it } from "vitest";
import { MAX_SPEECH_LENGTH, speakableText } from "./text.ts";

describe("speakableText", () => {
  it("drops emoji, including joined, flagged and skin-toned ones", () => {
    expect(speakableText("Hi there 😘💕 you 👩‍❤️‍👨 made my day 👍🏽 🇫🇷!")).toBe("Hi there you made my day !");
  });

  it("keeps the words of markdown but not its marks", () => {
    expect(speakableText("*smiles softly* That's **so** sweet of you, _really_ ~~not~~ `code`")).toBe(
      "smiles softly That's so sweet of you, really not code.",
    );
    expect(speakableText("# Title\n> quoted line\n- first\n- second")).toBe(
      "Title. quoted line. first. second.",
    );
    expect(speakableText("Look at [my photo](https://example.com/a.jpg) or https://example.com")).toBe(
      "Look at my photo or.",
    );
  });

  it("joins lines into sentences without doubling punctuation", () => {
    expect(speakableText("Hey!\n\nHow are you\nI missed you.")).toBe("Hey! How are you. I missed you.");
  });

  it("is empty when nothing speakable is left", () => {
    expect(speakableText("😘💕 *** ~~")).toBe("");
    expect(speakableText("   \n  ")).toBe("");
  });

  it("cuts a long text at a sentence end near the limit", () => {
    const sentence = "This is one sentence of a long reply. ";
    const text = sentence.repeat(60);
    const spoken = speakableText(text);
    expect(spoken.length).toBeLessThanOrEqual(MAX_SPEECH_LENGTH);
    expect(spoken.length).toBeGreaterThan(MAX_SPEECH_LENGTH - sentence.length);
    expect(spoken.endsWith("reply.")).toBe(true);
  });

  it("cuts between words with an ellipsis when there is no sentence end to stop at", () => {
    const spoken = speakableText("word ".repeat(50), 40);
    expect(spoken.length).toBeLessThanOrEqual(40);
    expect(spoken).toMatch(/^(word )+word…$/);
  });
});
