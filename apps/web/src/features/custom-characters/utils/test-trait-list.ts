import type { Gender, TraitDefinition, TraitKey } from "@reverie/shared";

/** A small trait list, as GET /api/custom/traits answers it, for the unit tests. */
const ALL: Gender[] = ["female", "male", "anime_female", "anime_male"];

function trait(key: TraitKey, values: string[], genders: Gender[] = ALL, max = 1): TraitDefinition {
  return {
    key,
    label: key.replaceAll("_", " ").replace(/^./, (letter) => letter.toUpperCase()),
    multiple: key === "hobbies",
    max,
    options: values.map((value) => ({ value, label: value, image_url: null, icon: null, genders })),
  };
}

export const TEST_TRAIT_LIST: TraitDefinition[] = [
  trait("ethnicity", ["asian", "latina"]),
  trait("body_type", ["slim", "athletic"]),
  trait("breast_type", ["small", "medium"], ["female", "anime_female"]),
  trait("butt_size", ["small", "round"]),
  trait("eyes_color", ["brown", "blue"]),
  trait("hair_style", ["long_blonde", "short_black"]),
  trait("personality", ["caring", "playful"]),
  trait("relationship", ["girlfriend", "stranger"]),
  trait("hobbies", ["yoga", "travel", "gaming"], ALL, 2),
  trait("voice", ["soft", "deep"]),
];
