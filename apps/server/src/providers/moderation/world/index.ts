import { arabic } from "./ar.ts";
import { czech } from "./cs.ts";
import { greek } from "./el.ts";
import { englishMix } from "./en.ts";
import { persian } from "./fa.ts";
import { hebrew } from "./he.ts";
import { hindi } from "./hi.ts";
import { hungarian } from "./hu.ts";
import { japanese } from "./ja.ts";
import { korean } from "./ko.ts";
import { malay } from "./malay.ts";
import { dutch } from "./nl.ts";
import { nordic } from "./nordic.ts";
import { polish } from "./pl.ts";
import { romanian } from "./ro.ts";
import { russian } from "./ru.ts";
import { thai } from "./th.ts";
import { tagalog } from "./tl.ts";
import { turkish } from "./tr.ts";
import type { WorldTable } from "./types.ts";
import { ukrainian } from "./uk.ts";
import { vietnamese } from "./vi.ts";
import { chinese } from "./zh.ts";

/** Every table is read at once: chats mix languages and scripts. */
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
  englishMix,
];

export type { AgePattern, WorldTable } from "./types.ts";
