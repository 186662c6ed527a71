import { describe, expect, it } from "vitest";
import { parsePaywallCharacter, serializePaywallCharacter } from "./paywall-character";

describe("paywall character", () => {
  it("round-trips the created character", () => {
    const character = { id: 12, name: "Mia", age: 24, gender: "female" as const };
    expect(parsePaywallCharacter(serializePaywallCharacter(character))).toEqual(character);
  });

  it("is null when nothing or something else is stored", () => {
    expect(parsePaywallCharacter(null)).toBeNull();
    expect(parsePaywallCharacter("yes")).toBeNull();
    expect(parsePaywallCharacter('{"id":"12","gender":"female"}')).toBeNull();
    expect(parsePaywallCharacter('{"id":12,"gender":"robot"}')).toBeNull();
    expect(parsePaywallCharacter('{"id":-1,"gender":"female"}')).toBeNull();
  });
});
