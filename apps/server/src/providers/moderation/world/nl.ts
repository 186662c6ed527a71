import type { WorldTable } from "./types.ts";

/** Dutch and Flemish. */
export const dutch: WorldTable = {
  langs: ["nl"],
  spaced: true,
  numbers: {
    tien: 10,
    elf: 11,
    twaalf: 12,
    dertien: 13,
    veertien: 14,
    vijftien: 15,
    zestien: 16,
    zeventien: 17,
    achttien: 18,
  },
  ages: [
    { pattern: "{N} ?(?:jaar|jr)(?: oud)?" },
    { pattern: "{N} ?-? ?jarig~" },
    { pattern: "van {N}(?= |$|[,.!?])" },
    { pattern: "(?:ik ben|je bent|jij bent|we zijn|wij zijn|ben je|ben ik) (?:pas |maar |nog maar |al |bijna )?{N}", pair: true },
  ],
  notAgeBefore: ["al", "sinds", "getrouwd", "samen", "werk", "werken", "kat", "hond", "na", "over"],
  notAgeAfter: ["geleden", "ervaring", "getrouwd", "samen", "minuten", "minuutjes", "uur", "euro", "kat", "hond", "jaar geleden"],
  minors: ["kindje~", "een kind", "kinderen", "meisje~", "jongetje~", "minderjarig~", "tiener~", "puber~"],
  school: ["schoolmeisje~", "schooljongen~", "scholier~", "brugklas~", "brugpieper~", "middelbare scholier~", "groep [5-8]", "\\d(?:e|de|ste) klas", "basisschool~"],
  strong: ["loli~", "shota~"],
  romantic: ["vriendinnetje", "vriendje", "mijn vriendin", "mijn vriend", "je vriendin", "je vriend", "kus~", "zoen~", "hou van je", "houd van jou", "verliefd~", "verkering", "daten", "afspraakje"],
  sexual: ["seks~", "naakt~", "uitkleden", "kleed je uit", "in (?:mijn |het |m'n )?bed", "neuk~", "geil~", "erotisch~"],
  roles: ["je bent", "jij bent", "ik ben", "we zijn", "wij zijn", "wees"],
  rolesAfter: ["bent"],
  roleplay: ["doe alsof", "doen alsof", "stel je voor", "rollenspel", "speel een"],
  past: ["toen ik", "als kind", "vroeger"],
  family: ["(?:mijn|onze) (?:zoon|dochter|kinderen|kind|kids|leerlingen|kleinkind)~"],
  neutral: ["leraar", "lerares", "docent~", "reunie"],
};
