import { describe, expect, it } from "vitest";
import { userNameOf } from "./memory-service.ts";

describe("the one name", () => {
  it("is the name the user told the character, else the profile's first name", () => {
    expect(userNameOf([{ kind: "name", subject: "Sam", text: "is called Sam" }], "Robin")).toBe("Sam");
    expect(userNameOf([{ kind: "name", subject: "", text: "is called Sam." }], "Robin")).toBe("Sam");
    expect(userNameOf([{ kind: "name", subject: "", text: "Sam" }], null)).toBe("Sam");
    expect(userNameOf([{ kind: "pet", subject: "Biscuit", text: "has a dog" }], " Robin ")).toBe("Robin");
    expect(userNameOf([], null)).toBeNull();
  });
});
