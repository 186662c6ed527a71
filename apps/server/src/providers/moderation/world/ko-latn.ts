import type { WorldTable } from "./types.ts";

/**
 * Korean in Latin letters (revised romanisation, as typed in chats). "sal" is a word elsewhere
 * too: an age is a number right before it, with the copula glued on or not ("14sal-iya").
 */
export const koreanLatin: WorldTable = {
  langs: ["ko"],
  spaced: true,
  numbers: {
    yeol: 10,
    yeolhan: 11,
    yeoldu: 12,
    yeolse: 13,
    yeolne: 14,
    yeoldaseot: 15,
    yeoryeoseot: 16,
    yeorilgop: 17,
    yeoryeodeol: 18,
  },
  ages: [
    {
      pattern:
        "(?:na|nan|naneun|neo|neon|neoneun|nega|niga|naega) {N} ?-?sa(?:l|r)(?:-?(?:iya|ida|ieyo|iyeyo|igo|ine|ijanha))?",
      pair: true,
    },
    { pattern: "{N} ?-?sal(?:-?(?:iya|ida|ieyo|iyeyo|igo|ine|ijanha))?" },
    { pattern: "{N} ?-?sar(?:iya|ida|ieyo|igo|ine)" },
  ],
  notAgeBefore: ["goyangi~", "gangaji~"],
  notAgeAfter: ["(?:doen )?(?:goyangi|gangaji)", "ttae"],
  minors: [
    "eorini",
    "eorin ai",
    "kkoma",
    "sonyeo",
    "miseongnyeon~",
    "cheongsonyeon",
    "yeojaai",
    "namjaai",
    "sipdae",
  ],
  school: [
    "jung ?hak ?saeng~",
    "junghakseng~",
    "jungding~",
    "joongding~",
    "chodeung ?hak ?saeng~",
    "choding~",
    "godeung ?hak ?saeng~",
    "yeojungsaeng~",
    "yeogosaeng~",
    "junghakgyo~",
  ],
  strong: [],
  romantic: [
    "yeoja ?chingu~",
    "namja ?chingu~",
    "yeochin~",
    "namchin~",
    "kiseu",
    "ppoppo",
    "saranghae~",
    "sagwi~",
    "deiteu",
    "jagiya",
  ],
  sexual: ["sekseu", "yahan", "beoseo", "almom", "chimdae", "yaseu"],
  roles: ["neo", "neon", "neoneun", "nega", "niga", "naneun", "nae ga", "naega", "uri"],
  rolesAfter: ["in cheok", "incheok"],
  roleplay: ["cheok hae", "cheokhae", "yeokhalgeuk", "rolpeul"],
  past: ["ttae", "eoryeosseul", "yennal"],
  family: ["(?:uri|nae|je) (?:ttal|adeul|aideul|ai|aedeul|haksaengdeul|jeja)~"],
  neutral: ["seonsaengnim", "seonsaeng", "gyosa", "dongchanghoe"],
};
