import { CUSTOM_LIMITS, TRAIT_KEYS } from "@reverie/shared";
import { describe, expect, it } from "vitest";
import { BadRequestError } from "../../errors.ts";
import { splitHobbies, traitList, traitsRecord, validateTraits } from "./traits.ts";

const mia = {
  ethnicity: "latin",
  body_type: "curvy",
  breast_type: "medium",
  butt_size: "large",
  eyes_color: "hazel",
  hair_style: "wavy_brunette",
  personality: "sweet",
  relationship: "girlfriend",
  hobbies: " cooking, yoga ,cooking,",
  voice: "female_warm",
};

/** The 400 a call throws, or a failure when it does not throw one. */
function refusal(call: () => unknown): BadRequestError {
  try {
    call();
  } catch (error) {
    if (error instanceof BadRequestError) return error;
    throw error;
  }
  throw new Error("expected a 400");
}

describe("validateTraits", () => {
  it("accepts the trait list's options, hobbies split by commas, trimmed and once each", () => {
    const traits = validateTraits("female", mia);
    expect(traits).toEqual({ ...mia, hobbies: ["cooking", "yoga"] });
    expect(traitsRecord(traits)).toEqual({ ...mia, hobbies: "cooking,yoga" });
    expect(splitHobbies("a, ,b,a")).toEqual(["a", "b"]);
  });

  it("names the field of an unknown value", () => {
    for (const key of TRAIT_KEYS) {
      const error = refusal(() => validateTraits("female", { ...mia, [key]: "no-such-option" }));
      expect(error.statusCode).toBe(400);
      expect(error.message).toContain(`${key}: "no-such-option" is not one of the options.`);
    }
  });

  it("names the field of a missing trait (every one but the breast size)", () => {
    for (const key of TRAIT_KEYS.filter((name) => name !== "breast_type")) {
      expect(refusal(() => validateTraits("female", { ...mia, [key]: undefined })).message).toContain(key);
    }
    expect(validateTraits("female", { ...mia, breast_type: undefined }).breast_type).toBeUndefined();
  });

  it("offers breast sizes to female categories only", () => {
    const man = {
      ...mia,
      body_type: "muscular",
      hair_style: "short_black",
      relationship: "boyfriend",
      voice: "male_deep",
    };
    const error = refusal(() => validateTraits("male", man));
    expect(error.message).toContain("breast_type: only female characters have a breast size");
    expect(
      refusal(() => validateTraits("anime_male", { ...man, hair_style: "spiky_red", ethnicity: "fair" }))
        .message,
    ).toContain("breast_type");
    const { breast_type: _, ...withoutBust } = man;
    expect(validateTraits("male", withoutBust).breast_type).toBeUndefined();
    expect(
      validateTraits("anime_female", { ...mia, ethnicity: "porcelain", hair_style: "long_pink" }).breast_type,
    ).toBe("medium");
  });

  it("refuses an option of another category: anime looks for realistic ones, a boyfriend for a woman", () => {
    expect(refusal(() => validateTraits("female", { ...mia, hair_style: "long_pink" })).message).toContain(
      'hair_style: "long_pink" is not offered for female characters.',
    );
    expect(refusal(() => validateTraits("anime_female", mia)).message).toContain("ethnicity");
    expect(refusal(() => validateTraits("female", { ...mia, relationship: "boyfriend" })).message).toContain(
      "relationship",
    );
    expect(refusal(() => validateTraits("female", { ...mia, voice: "male_deep" })).message).toContain(
      "voice",
    );
  });

  it("takes one hobby at least and at most the limit, each known", () => {
    expect(refusal(() => validateTraits("female", { ...mia, hobbies: " , " })).message).toContain("hobbies");
    const many = ["reading", "cooking", "yoga", "hiking", "music", "gaming"];
    expect(many.length).toBeGreaterThan(CUSTOM_LIMITS.maxHobbies);
    expect(refusal(() => validateTraits("female", { ...mia, hobbies: many.join(",") })).message).toContain(
      `hobbies: choose at most ${CUSTOM_LIMITS.maxHobbies}`,
    );
    expect(
      refusal(() => validateTraits("female", { ...mia, hobbies: "cooking,knitting" })).message,
    ).toContain('hobbies: "knitting"');
  });
});

describe("traitList", () => {
  const list = traitList();
  const trait = (key: string) => {
    const found = list.traits.find((candidate) => candidate.key === key);
    if (!found) throw new Error(`no ${key}`);
    return found;
  };

  it("lists every trait in the constructor's order, hobbies as the one with several values", () => {
    expect(list.traits.map((candidate) => candidate.key)).toEqual([...TRAIT_KEYS]);
    for (const candidate of list.traits) {
      expect(candidate.multiple).toBe(candidate.key === "hobbies");
      expect(candidate.max).toBe(candidate.key === "hobbies" ? CUSTOM_LIMITS.maxHobbies : 1);
    }
  });

  it("pictures the looks the portrait shows, per category, and gives the rest an icon", () => {
    for (const key of ["ethnicity", "hair_style"]) {
      for (const option of trait(key).options) {
        expect(option.genders).toHaveLength(1);
        expect(option.image_url).toBe(
          `/api/custom/previews/portrait?gender=${option.genders[0]}&${key}=${option.value}`,
        );
      }
    }
    for (const option of trait("eyes_color").options) {
      expect(option.image_url).toBe(`/api/custom/previews/eyes?eyes_color=${option.value}`);
    }
    for (const key of [
      "body_type",
      "breast_type",
      "butt_size",
      "personality",
      "relationship",
      "hobbies",
      "voice",
    ]) {
      for (const option of trait(key).options) {
        expect(option.image_url).toBeNull();
        expect(option.icon).toMatch(/^[a-z0-9-]+$/);
      }
    }
  });

  it("offers every category a choice for every trait but the breast size", () => {
    for (const gender of ["female", "male", "anime_female", "anime_male"] as const) {
      for (const candidate of list.traits) {
        const offered = candidate.options.filter((option) => option.genders.includes(gender));
        const expected =
          candidate.key === "breast_type" && gender.endsWith("male") && !gender.endsWith("female");
        expect(offered.length === 0, `${candidate.key} for ${gender}`).toBe(expected);
      }
    }
  });
});
