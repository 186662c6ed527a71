import { arabic } from "./ar.ts";
import { arabicLatin } from "./ar-latn.ts";
import { bulgarian } from "./bg.ts";
import { bengali } from "./bn.ts";
import { catalan } from "./ca.ts";
import { czech } from "./cs.ts";
import { greek } from "./el.ts";
import { englishMix } from "./en.ts";
import { estonian } from "./et.ts";
import { persian } from "./fa.ts";
import { persianLatin } from "./fa-latn.ts";
import { finnish } from "./fi.ts";
import { hebrew } from "./he.ts";
import { hindi } from "./hi.ts";
import { serbocroatian } from "./hr.ts";
import { hungarian } from "./hu.ts";
import { japanese } from "./ja.ts";
import { japaneseLatin } from "./ja-latn.ts";
import { korean } from "./ko.ts";
import { koreanLatin } from "./ko-latn.ts";
import { lithuanian } from "./lt.ts";
import { latvian } from "./lv.ts";
import { malay } from "./malay.ts";
import { dutch } from "./nl.ts";
import { nordic } from "./nordic.ts";
import { polish } from "./pl.ts";
import { romanian } from "./ro.ts";
import { russian } from "./ru.ts";
import { russianLatin } from "./ru-latn.ts";
import { entryScripts } from "./scripts.ts";
import { slovak } from "./sk.ts";
import { slovenian } from "./sl.ts";
import { albanian } from "./sq.ts";
import { swahili } from "./sw.ts";
import { thai } from "./th.ts";
import { tagalog } from "./tl.ts";
import { turkish } from "./tr.ts";
import { WORD_CATEGORIES, type WorldTable } from "./types.ts";
import { ukrainian } from "./uk.ts";
import { urduTable } from "./ur.ts";
import { vietnamese } from "./vi.ts";
import { chinese } from "./zh.ts";
import { chineseLatin } from "./zh-latn.ts";

const LISTS = ["notAgeBefore", "notAgeAfter", ...WORD_CATEGORIES] as const;

/** Entries in groups of one script, joined: `(?:a|b|c)`. */
function joined(entries: readonly string[]): string[] {
  const groups = new Map<number, string[]>();
  for (const entry of entries)
    groups.set(entryScripts(entry), [...(groups.get(entryScripts(entry)) ?? []), entry]);
  return [...groups.values()].map((group) =>
    group.length > 1 ? `(?:${group.join("|")})` : (group[0] as string),
  );
}

/**
 * A table with fewer, longer entries that match the same words: in each list, the entries that take
 * any ending ("seksi~", "alaston~") joined under one ending, and all the words before a duration
 * joined under one word-start check. Each ending (`[\p{L}\p{M}]*`) and each check costs V8 about a
 * millisecond to compile, when a text first needs the table's set (world-rules.ts).
 */
function sharedEndings(table: WorldTable): WorldTable {
  const join = (entries: readonly string[], all: boolean) => {
    const endings = entries.filter((entry) => entry.endsWith("~"));
    const plain = entries.filter((entry) => !entry.endsWith("~"));
    return [
      ...(all ? joined(plain) : plain),
      ...joined(endings.map((entry) => entry.slice(0, -1))).map((group) => `${group}~`),
    ];
  };
  const lists = Object.fromEntries(LISTS.map((list) => [list, join(table[list], list === "notAgeBefore")]));
  return { ...table, ...lists };
}

/**
 * A table gated by language (world-rules.ts) with the English words mixed into its chats ("14-vuotias
 * ja sexy", "roleplay: olet koulutyttö"): its words count only where it finds a minor itself, and
 * the English table is read in another set.
 */
const withEnglish = (table: WorldTable): WorldTable => ({
  ...table,
  romantic: [...table.romantic, ...englishMix.romantic],
  sexual: [...table.sexual, ...englishMix.sexual],
  roleplay: [...table.roleplay, ...englishMix.roleplay],
});

/**
 * Every table is read at once: chats mix languages and scripts. The romanised tables (`*-latn.ts`)
 * read Latin text, English and the main rules' five other languages included.
 */
export const WORLD_TABLES: readonly WorldTable[] = [
  russian,
  ukrainian,
  polish,
  czech,
  dutch,
  nordic,
  romanian,
  hungarian,
  greek,
  turkish,
  malay,
  tagalog,
  vietnamese,
  japanese,
  chinese,
  korean,
  arabic,
  persian,
  hebrew,
  hindi,
  thai,
  ...[
    ...[finnish, estonian, serbocroatian, slovenian, slovak, lithuanian, latvian, catalan, albanian].map(
      withEnglish,
    ),
    bulgarian,
    swahili,
    bengali,
    urduTable,
  ].map(sharedEndings),
  russianLatin,
  japaneseLatin,
  chineseLatin,
  arabicLatin,
  koreanLatin,
  persianLatin,
  englishMix,
];

export type { AgePattern, WorldTable } from "./types.ts";
