import type { WorldTable } from "./types.ts";

/**
 * Persian in Latin letters (Finglish). "sal" alone is a word elsewhere: an age is a number with
 * the suffix that says whose ("14 salete", you are 14; "14 salam", I am 14). Romanised Urdu reads
 * as Hindi (hi.ts).
 */
export const persianLatin: WorldTable = {
  langs: ["fa"],
  spaced: true,
  numbers: {},
  ages: [
    { pattern: "{N} ?sal(?:ete|eteh|et|am|ame|ameh|etoone|etune)", pair: true },
    { pattern: "{N} ?sal(?:eshe|esheh|esh|eh)" },
  ],
  notAgeBefore: ["ezdevaj~", "gorbe~", "sag~"],
  notAgeAfter: ["pish", "ghabl", "tajrobe~", "sabeghe~"],
  minors: ["dokhtar ?bache~", "pesar ?bache~", "nojavan~", "zir ?e? ?sen"],
  school: ["danesh ?amooz~", "dabirestan~", "rahnamayi"],
  strong: [],
  romantic: [
    "dost ?dokhtar~",
    "doost ?dokhtar~",
    "dust ?dokhtar~",
    "dost ?pesar~",
    "doost ?pesar~",
    "dooset daram",
    "dustet daram",
    "doostet daram",
    "asheghetam",
    "boosam kon",
    "bebosam",
  ],
  sexual: ["lokht~", "berahne", "sexy"],
  roles: [],
  rolesAfter: ["hasti", "hastam", "bash"],
  roleplay: ["vanemod kon", "farz kon", "tasavor kon"],
  past: ["vaghti", "bachegi"],
  family: ["dokhtaram", "pesaram", "bachehaam", "bache?ham", "farzandam", "shagerdam~"],
  neutral: ["moalem~", "dabir~"],
};
