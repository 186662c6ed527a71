import { describe, expect, it } from "vitest";
import { forgottenSince, mentions, withoutForgotten } from "./forgetting.ts";

describe("mentions", () => {
  it("finds a subject's words at the start of a word, whatever the case", () => {
    expect(mentions("I've got a dog called Biscuit", "Biscuit")).toBe(true);
    expect(mentions("biscuit's bowl is empty", "Biscuit")).toBe(true);
    expect(mentions("my exams start on Friday", "the exam")).toBe(true);
    expect(mentions("I love rainy Sunday mornings", "loves rainy Sunday mornings")).toBe(true);
    expect(mentions("Mein Hund heißt Bäri", "Bäri")).toBe(true);
  });

  it("does not take part of another word, nor filler words alone", () => {
    expect(mentions("a digestive biscuits tin", "Cuit")).toBe(false);
    expect(mentions("my sister is here", "my")).toBe(false);
    expect(mentions("I love rainy days", "loves rainy Sunday mornings")).toBe(false);
  });
});

describe("withoutForgotten", () => {
  const turns = [
    { id: 1, text: "I've got a dog called Biscuit" },
    { id: 2, text: "Biscuit sounds adorable!" },
    { id: 3, text: "my sister Lena is visiting" },
    { id: 5, text: "Biscuit chewed my shoe again" },
  ];

  it("leaves out earlier mentions of a forgotten subject, and keeps later ones", () => {
    expect(
      withoutForgotten(turns, [{ subject: "Biscuit", upToMessageId: 3 }]).map((turn) => turn.id),
    ).toEqual([3, 5]);
  });

  it("leaves out everything before a forget-everything", () => {
    expect(withoutForgotten(turns, [{ subject: null, upToMessageId: 3 }]).map((turn) => turn.id)).toEqual([
      5,
    ]);
  });

  it("keeps every turn when nothing was forgotten", () => {
    expect(withoutForgotten(turns, [])).toEqual(turns);
  });
});

describe("forgottenSince", () => {
  it("refuses a lesson from an exchange the user had forgotten afterwards", () => {
    const forgot = [{ subject: "Biscuit", upToMessageId: 4 }];
    expect(forgottenSince({ subject: "Biscuit", text: "has a dog called Biscuit" }, 2, forgot)).toBe(true);
    expect(forgottenSince({ subject: "Biscuit", text: "has a dog called Biscuit" }, 6, forgot)).toBe(false);
    expect(forgottenSince({ subject: "Lena", text: "has a sister called Lena" }, 2, forgot)).toBe(false);
    expect(
      forgottenSince({ subject: "Lena", text: "has a sister" }, 2, [{ subject: null, upToMessageId: 2 }]),
    ).toBe(true);
  });
});
