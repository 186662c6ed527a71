import type { Gender } from "@reverie/shared";
import { parseGender } from "@/hooks/use-gender-preference";

/** The character a free user just made, kept in `paywall_ai` for /my_ai?callback=paywall. */
export interface PaywallCharacter {
  id: number;
  name: string;
  age: number;
  gender: Gender;
}

export function serializePaywallCharacter(character: PaywallCharacter): string {
  return JSON.stringify(character);
}

/** The stored character, or null when there is none or it does not read as one. */
export function parsePaywallCharacter(text: string | null): PaywallCharacter | null {
  if (!text) return null;
  try {
    const data: unknown = JSON.parse(text);
    if (!data || typeof data !== "object") return null;
    const { id, name, age, gender } = data as Record<string, unknown>;
    const category = parseGender(typeof gender === "string" ? gender : null);
    if (typeof id !== "number" || !Number.isInteger(id) || id <= 0 || !category) return null;
    return {
      id,
      name: typeof name === "string" ? name : "",
      age: typeof age === "number" ? age : 0,
      gender: category,
    };
  } catch {
    return null;
  }
}
