import type { WorldTable } from "./types.ts";

/**
 * English words mixed into the other languages ("你是14岁, be my girlfriend"): only the pair's roles
 * and the romantic and sexual words. English minors, ages and school terms are read by the main
 * rules (../lexicon/en.ts).
 */
export const englishMix: WorldTable = {
  langs: ["en"],
  spaced: true,
  numbers: {},
  ages: [],
  notAgeBefore: ["cat", "dog", "puppy", "kitty", "car"],
  notAgeAfter: [],
  minors: [],
  school: [],
  strong: [],
  romantic: [
    "girlfriend",
    "boyfriend",
    "gf",
    "bf",
    "kiss~",
    "i love you",
    "love you",
    "make out",
    "dating",
    "date me",
    "crush on",
    "my lover",
    "babe",
  ],
  sexual: [
    "sex(?! ?(?:ar|aar|ars|arig)(?![\\p{L}]))",
    "sexy",
    "have sex",
    "nude~",
    "naked",
    "undress~",
    "horny",
    "fuck~",
    "in bed",
    "porn~",
    "boobs",
  ],
  roles: ["you are", "you're", "youre", "i am", "i'm", "im", "we are", "be", "be my", "become"],
  rolesAfter: [],
  roleplay: ["pretend", "roleplay", "role-play", "role play", "imagine you"],
  past: ["when i was", "as a kid", "years ago"],
  family: ["my (?:daughter|son|kids|children|child|students|pupils|grandson|granddaughter)"],
  neutral: ["teacher", "teach", "reunion"],
};
