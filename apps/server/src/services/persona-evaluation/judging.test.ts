import { describe, expect, it } from "vitest";
import {
  answerContent,
  answersWithContent,
  containsExpected,
  sameContent,
  sentenceKey,
  sentencesOf,
} from "./judging.ts";

const user = new Set(["where", "did", "you", "grow", "up", "sofia", "reyes"]);

describe("the persona evaluation's judging", () => {
  it("counts a fact as recalled only when the reply contains it as whole words", () => {
    expect(containsExpected("Biscuit! How is he doing?", ["Biscuit"])).toBe(true);
    expect(containsExpected("I love biscuits.", ["Biscuit"])).toBe(false);
    expect(containsExpected("Remind me?", ["Biscuit"])).toBe(false);
    const summary = [["Sam"], ["chef"], ["Glasgow"], ["Nori", "cat"]];
    expect(containsExpected("You're Sam, a chef in Glasgow.", summary, 3)).toBe(true);
    expect(containsExpected("You're Sam, a chef.", summary, 3)).toBe(false);
  });

  it("counts an answer with content, and never an evasion or a question back", () => {
    expect(answersWithContent("I grew up in Triana, right across the river.", "grew_up", [], user)).toBe(
      true,
    );
    expect(answersWithContent("Seville, born and raised.", "grew_up", [], user)).toBe(true);
    expect(answersWithContent("Guess first. I grew up in Triana.", "grew_up", [], user)).toBe(false);
    expect(answersWithContent("That's a secret for now.", "grew_up", [], user)).toBe(false);
    expect(answersWithContent("Where did you grow up in Triana?", "grew_up", [], user)).toBe(false);
    expect(answersWithContent("Spirited Away, no contest.", "film", [], user)).toBe(true);
    expect(answersWithContent("My favourite film is Amélie.", "film", [], user)).toBe(true);
    expect(answersWithContent("Hmm, good question. What made you ask?", "film", [], user)).toBe(false);
    expect(answersWithContent("Mostly jazz, late at night.", "music", [], user)).toBe(true);
    expect(answersWithContent("My abuela's paella, every Sunday.", "food", [], user)).toBe(true);
    expect(answersWithContent("My aunt runs the tapas bar downstairs.", "family", [], user)).toBe(true);
    expect(answersWithContent("I teach flamenco above my aunt's bar.", "job", [], user)).toBe(true);
    expect(answersWithContent("Filing forms, mostly.", "job", ["clerk"], user)).toBe(false);
    expect(answersWithContent("I'm a clerk at City Hall.", "job", ["clerk"], user)).toBe(true);
    expect(
      answersWithContent("Once, my shoe flew off mid-class and hit the mirror.", "anecdote", [], user),
    ).toBe(true);
    expect(answersWithContent("There's a story I've never told anyone.", "anecdote", [], user)).toBe(false);
  });

  it("does not take a word the user wrote, or the character's name, for a title", () => {
    const said = new Set(["have", "you", "seen", "amelie"]);
    expect(answersWithContent("Oh, Amelie is a lovely film.", "film", [], said)).toBe(false);
    expect(answersWithContent("I'm Sofia Reyes, and I watch films.", "film", [], user)).toBe(false);
  });

  it("compares two answers by the names and words that answer", () => {
    const first = answerContent("I grew up in Triana.", "grew_up", [], user);
    const again = answerContent("Triana, like I said: I grew up there by the river.", "grew_up", [], user);
    const other = answerContent("I grew up in Madrid.", "grew_up", [], user);
    expect(sameContent(first, again)).toBe(true);
    expect(sameContent(first, other)).toBe(false);
    expect(sameContent(answerContent("Guess!", "grew_up", [], user), first)).toBe(false);
  });

  it("splits sentences and keys those of three words or more", () => {
    expect(sentencesOf("Hey! How are you? I missed you… Really.")).toEqual([
      "Hey!",
      "How are you?",
      "I missed you…",
      "Really.",
    ]);
    expect(sentenceKey("Hey!")).toBeNull();
    expect(sentenceKey("Tell me MORE, okay?")).toBe("tell me more okay");
    expect(sentenceKey("I'm here.")).toBeNull();
  });
});
