import { german } from "./de.ts";
import { english } from "./en.ts";
import { spanish } from "./es.ts";
import { french } from "./fr.ts";
import { italian } from "./it.ts";
import { portuguese } from "./pt.ts";
import type { Lexicon } from "./types.ts";

/** Every language the rules read; a text is read in all of them at once (chats mix languages). */
export const LEXICONS: readonly Lexicon[] = [english, spanish, french, german, portuguese, italian];

export type { AgePattern, Lexicon } from "./types.ts";
