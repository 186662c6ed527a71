import type { WorldTable } from "./types.ts";

/** Albanian (ë and ç are read as e and c). */
export const albanian: WorldTable = {
  langs: ["sq"],
  spaced: true,
  // under 18 only (an adult age is no signal): every word is compiled into each age pattern
  numbers: {
    nje: 1,
    dy: 2,
    tre: 3,
    kater: 4,
    pese: 5,
    gjashte: 6,
    shtate: 7,
    tete: 8,
    nente: 9,
    dhjete: 10,
    njembedhjete: 11,
    dymbedhjete: 12,
    trembedhjete: 13,
    katermbedhjete: 14,
    pesembedhjete: 15,
    gjashtembedhjete: 16,
    shtatembedhjete: 17,
    njembedhjet: 11,
    dymbedhjet: 12,
    trembedhjet: 13,
    katermbedhjet: 14,
    pesembedhjet: 15,
    gjashtembedhjet: 16,
    shtatembedhjet: 17,
  },
  // as few patterns as can be: each one carries the number words (world-rules.ts compiles them per pattern)
  ages: [
    // a card's "Age: 13" field is the character's own age
    { pattern: "(?:mosha|mosa) ?: ?{N}", pair: true },
    // "jam 14 vjeç", "ti je 13 vjeçe", "jam 14."
    {
      pattern:
        "(?:jam|jemi|ti je|une jam) (?:vetem |pothuajse |sapo |ende |akoma )?{N}(?: ?-? ?vjec[\\p{L}]*| vjet|(?= *(?:[.,;!?)]|$| dhe | por )))",
      pair: true,
    },
    // "vajzë 14 vjeçe", "katërmbëdhjetëvjeçare", "mosha 14"; "një vajzë që është 14 vjeç": the match
    // starts at "që", also "since" before a duration
    {
      pattern:
        "(?:mosh(?:a|en|e|es) (?:e |prej )?|(?:(?:qe|para|prej|pas) )?(?:(?:eshte|jane|ishte|je|jam|ke) )?(?=[^ ]+ ?-? ?vjec)){N}(?: ?-? ?vjec[\\p{L}\\p{M}]*)?",
    },
  ],
  notAgeBefore: ["para", "prej", "pas", "qe", "martuar", "bashke", "mace~", "macja", "qen~"],
  notAgeAfter: [
    "me pare",
    "perpara",
    "eksperienc~",
    "pervoj~",
    "bashke",
    "martes~",
    "minut~",
    "ore",
    "leke",
    "euro",
    "mace",
    "qen~",
  ],
  minors: [
    // not "fëmijëri" (childhood)
    "femij(?!eri)~",
    "vajz\\p{L}* (?:e |te )?vogel~",
    "djal\\p{L}* (?:i |te )?vogel~",
    "cun\\p{L}* (?:i |te )?vogel~",
    "vogelush~",
    "(?:i|e|te) mitur~",
    "adoleshent~",
    "kalama(?:j|jt|ni|nin|ja|ne)?",
    "cupk~",
  ],
  school: [
    "nxenes(?:e|ja|en|es|et|ja|it|in)?",
    "shkoll\\p{L}* fillor~",
    "shkoll\\p{L}* (?:e |te )?mesme",
    "gjimnaz~",
    "klas(?:a|en|es) e (?:\\d{1,2}|peste|gjashte|shtate|tete|nente)",
    "\\d{1,2} ?-?(?:te|ten) klas~",
  ],
  strong: [],
  romantic: ["(?:e|i|te) dashur~", "dashuri~", "te dua", "puth~", "me puth~", "takim romantik", "romantik~"],
  sexual: [
    "seks~",
    "lakuriq~",
    "zhvish~",
    "shtrat[\\p{L}\\p{M}]* me mua",
    "shtratin tim",
    "krevat[\\p{L}\\p{M}]* me mua",
    "erotik~",
    "ngacmu~",
    "me prek~",
    "virgjer~",
    "virgjin~",
    "te brendshme",
    "sytjen~",
    "topless",
    "sensual~",
    "fli me mua",
    "foto lakuriq",
  ],
  // not "je" alone: French "je"
  roles: ["ti je", "une jam", "jam", "jemi", "ji(?= (?:e|i) )", "behu", "do jesh"],
  rolesAfter: [],
  roleplay: [
    "bej sikur",
    "bej sikur je",
    "imagjino",
    "luaj rolin",
    "loj\\p{L}* me role",
    "roleplay",
    "le te luajme",
  ],
  past: ["kur isha", "isha", "ne femijeri", "femijeri~", "si femije"],
  // "the kids" with no possessive ("fëmijët flenë") are the household's, mostly the speaker's own
  family: [
    "femij(?:et|eve|ete)",
    "(?:motra|vellai|kusheriri|kusherira) (?:ime|im|jone)",
    "(?:vajz|djal|femij|nxenes|nip|mbes|cun|cup)\\p{L}* (?:e |te )?(?:im|ime|imi|mi|mia|jone|tone|tane)",
  ],
  neutral: [
    "mesues\\p{L}*(?! (?:yt|jote|juaj))",
    "profesor\\p{L}*(?! (?:yt|jote|juaj))",
    "mbledhj\\p{L}* (?:e |me )?prind~",
    "takim[\\p{L}\\p{M}]* (?:e |i )?klas~",
  ],
};
