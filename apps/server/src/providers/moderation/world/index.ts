import { arabic } from "./ar.ts";
import { arabicLatin } from "./ar-latn.ts";
import { czech } from "./cs.ts";
import { greek } from "./el.ts";
import { englishMix } from "./en.ts";
import { persian } from "./fa.ts";
import { persianLatin } from "./fa-latn.ts";
import { hebrew } from "./he.ts";
import { hindi } from "./hi.ts";
import { hungarian } from "./hu.ts";
import { japanese } from "./ja.ts";
import { japaneseLatin } from "./ja-latn.ts";
import { korean } from "./ko.ts";
import { koreanLatin } from "./ko-latn.ts";
import { malay } from "./malay.ts";
import { dutch } from "./nl.ts";
import { nordic } from "./nordic.ts";
import { polish } from "./pl.ts";
import { romanian } from "./ro.ts";
import { russian } from "./ru.ts";
import { russianLatin } from "./ru-latn.ts";
import { thai } from "./th.ts";
import { tagalog } from "./tl.ts";
import { turkish } from "./tr.ts";
import type { WorldTable } from "./types.ts";
import { ukrainian } from "./uk.ts";
import { vietnamese } from "./vi.ts";
import { chinese } from "./zh.ts";
import { chineseLatin } from "./zh-latn.ts";

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
  russianLatin,
  japaneseLatin,
  chineseLatin,
  arabicLatin,
  koreanLatin,
  persianLatin,
  englishMix,
];

export type { AgePattern, WorldTable } from "./types.ts";
