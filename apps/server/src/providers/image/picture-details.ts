import type { OutfitStyle, Prop, SceneId, TimeOfDay } from "./procedural/types.ts";

/**
 * What a picture request asks the picture to show, read from its words: the place, the time of
 * day, what the character wears and holds. Only what the renderers can draw is read; words are
 * matched in the app's main languages (English, German, Spanish, French, Italian, Portuguese),
 * accents ignored ("Brücke" = "brucke", "café" = "cafe").
 */
export interface PictureDetails {
  place: Place | null;
  time: TimeOfDay | null;
  clothing: { garment: OutfitStyle | null; color: ClothingColor | null } | null;
  props: Prop[];
}

export type Place =
  | "bridge"
  | "bedroom"
  | "library"
  | "cafe"
  | "rooftop"
  | "neon"
  | "sakura"
  | "snow"
  | "beach"
  | "forest"
  | "garden"
  | "city"
  | "studio";

export interface ClothingColor {
  name: string;
  hex: string;
}

/** Words as `|`-separated alternatives of whole (accent-free, lower-case) words or phrases. */
type Vocabulary<Key extends string> = readonly (readonly [Key, string])[];

// Places the user names outright win over ones only suggested ("coffee", "city", "home").
const PLACES: Vocabulary<Place> = [
  ["bridge", "bridges?|charles bridge|brucken?|karlsbrucke|karluv most|puentes?|ponts?|ponte|pontes"],
  [
    "bedroom",
    "bedrooms?|in bed|my bed|schlafzimmer|im bett|dormitorio|habitacion|en la cama|chambre|au lit|camera da letto|a letto|nel letto|quarto|na cama",
  ],
  [
    "library",
    "librar(y|ies)|bookshel(f|ves)|bookstores?|bibliothek|buchhandlung|biblioteca|bibliotheque|libreria|librairie|livraria",
  ],
  ["cafe", "cafes?|coffee ?shops?|coffeehouse|bakery|restaurants?|brunch|kaffeehaus|cafeteria|caffe|bistro"],
  [
    "rooftop",
    "rooftops?|roof|terrace|balcony|dachterrasse|dach|balkon|azotea|terraza|balcon|toit|terrasse|terrazza|tetto|terraco|telhado|varanda",
  ],
  ["neon", "neon|cyberpunk|arcade|nightclub|club|disco|discoteca|tokyo|tokio"],
  [
    "sakura",
    "sakura|cherry blossoms?|cherry trees?|hanami|kirschblute[n]?|cerezos?|cerisiers?|ciliegi|cerejeiras?",
  ],
  [
    "snow",
    "snow\\w*|winter|cabin|ski\\w*|christmas|schnee|hutte|nieve|invierno|cabana|navidad|neige|hiver|chalet|noel|neve|inverno|baita|natale|natal|weihnacht\\w*",
  ],
  [
    "beach",
    "beach(es)?|seaside|ocean|sea|coast|surf\\w*|sand|strand|meer|playa|mar|costa|plage|mer|spiaggia|mare|praia|pool|piscina|swimming",
  ],
  [
    "forest",
    "forests?|woods|hik(e|ing)|trail|mountains?|camping|wald|berge?|wandern|bosque|montanas?|selva|foret|montagnes?|randonnee|foresta|bosco|montagna|floresta|trilha",
  ],
  [
    "garden",
    "gardens?|park|meadow|picnic|garten|wiese|jardin(es)?|parque|prado|jardins?|giardino|parco|prato|jardim|picnic|pique nique",
  ],
];

const SUGGESTED_PLACES: Vocabulary<Place> = [
  ["cafe", "coffee|kaffee"],
  [
    "city",
    "city|downtown|town|streets?|skyline|stadt|innenstadt|strasse|ciudad|calle|centro|ville|rue|citta|strada|cidade|rua|paris|prague|praha|prag|rome|roma|london|londres|new york|berlin|madrid|lisbon|lisboa|barcelona|venice|venezia|vienna|wien",
  ],
  ["studio", "studio|photo ?shoot|at home|my room|zuhause|en casa|a la maison|a casa|em casa"],
];

const TIMES: Vocabulary<TimeOfDay> = [
  [
    "night",
    "night|nights|tonight|midnight|moonlight|moon|stars|nacht|nachts|mitternacht|mond|noche|medianoche|nuit|minuit|lune|notte|mezzanotte|stanotte|noite|meia noite|lua",
  ],
  [
    "sunset",
    "sunset|sundown|dusk|golden hour|evening|twilight|sonnenuntergang|abend|abends|dammerung|atardecer|puesta de sol|ocaso|coucher de soleil|crepuscule|soir|soiree|tramonto|crepuscolo|stasera|por do sol|entardecer|anoitecer",
  ],
  [
    "day",
    "day|daytime|daylight|morning|noon|midday|afternoon|sun|sunny|sunshine|sonne|sol|soleil|sole|tag|tagsuber|morgens|mittag|nachmittag|sonnig|sonnenschein|dia|manana|mediodia|soleado|jour|journee|matin|midi|apres midi|ensoleille|giorno|mattina|mezzogiorno|pomeriggio|soleggiato|manha|meio dia|ensolarado",
  ],
];

const PROPS_WORDS: Vocabulary<Prop> = [
  ["violin", "violins?|fiddle|geige|violine|violon|violino"],
  ["guitar", "guitars?|ukulele|gitarre|guitarra|guitare|chitarra"],
  [
    "book",
    "books?|novel|reading|buch|bucher|roman|lesend|liest|libros?|leyendo|livres?|lisant|libri|leggendo|livros?|lendo",
  ],
  ["cup", "cups?|mugs?|coffee|latte|cappuccino|espresso|tasse|kaffee|taza|tazza|xicara|caneca|hot chocolate"],
  [
    "umbrella",
    "umbrellas?|parasol|regenschirm|schirm|paraguas|sombrilla|parapluie|ombrelle|ombrello|guarda chuva|rain|raining|rainy|regen|lluvia|pluie|pioggia|chuva",
  ],
  [
    "flowers",
    "flowers?|bouquet|roses|tulips?|sunflowers?|blumen|blumenstrauss|rosen|flores|ramo de flores|fleurs?|fiori|mazzo di fiori|buque",
  ],
];

const GARMENTS: Vocabulary<OutfitStyle> = [
  [
    "jacket",
    "coats?|jackets?|trench ?coat|parka|mantel|jacke|lederjacke|abrigo|chaqueta|cazadora|manteau|veste|blouson|cappotto|giacca|giubbotto|casaco|jaqueta|sobretudo",
  ],
  ["hoodie", "hoodies?|hoody|kapuzenpullover|sudadera|felpa|moletom"],
  ["turtleneck", "turtlenecks?|rollkragen\\w*|cuello alto|col roule|dolcevita|gola alta"],
  [
    "sweater",
    "sweaters?|jumpers?|pullovers?|knit|pulli|jersey|sueter|pull|maglione|maglia|camisola|sweatshirt",
  ],
  ["blazer", "blazers?|suit|anzug|sakko|traje|americana|tailleur|terno"],
  ["tee", "t shirts?|tshirts?|tees?|tee shirt|camiseta|maglietta"],
  ["shirt", "shirts?|blouses?|hemd|bluse|camisa|blusa|chemise|chemisier|camicia|camicetta"],
  ["cardigan", "cardigans?|strickjacke|rebeca|gilet"],
  ["vneck", "v neck|vneck"],
  ["scoop", "dress(es)?|kleid|vestido|robe|vestito|abito"],
];

/** Colours, with the shade each is drawn in; German and Romance inflections included. */
const COLORS: readonly (readonly [name: string, hex: string, words: string])[] = [
  ["red", "#b8283a", "red|rot(e[nmrs]?)?|roj[oa]s?|rouges?|ross[oaie]|vermelh[oa]s?"],
  ["blue", "#2f5fb8", "blue|blau(e[nmrs]?)?|azul(es)?|bleue?s?|blu|azzurr[oa]"],
  ["green", "#2e8b3e", "green|grun(e[nmrs]?)?|verdes?|verte?s?"],
  ["yellow", "#e8c53a", "yellow|gelb(e[nmrs]?)?|amarill[oa]s?|jaunes?|giall[oa]|amarel[oa]s?"],
  ["black", "#1b1b20", "black|schwarz(e[nmrs]?)?|negr[oa]s?|noire?s?|ner[oa]|pret[oa]s?"],
  ["white", "#f2f0ea", "white|weiss(e[nmrs]?)?|blanc[oa]s?|blanc(he)?s?|bianc[oa]|branc[oa]s?"],
  ["pink", "#e58fb0", "pink|rosa|rosad[oa]s?"],
  ["purple", "#6a3d9a", "purple|violet|lila|lilac|morad[oa]s?|violeta|violett(e[nmrs]?)?|roxa?|roxo"],
  ["orange", "#e07a2e", "orange|naranja|arancione|laranja"],
  ["brown", "#6b4226", "brown|braun(e[nmrs]?)?|marron(es)?|brune?s?|marrone|castanh[oa]|marrom"],
  ["grey", "#8c8c8c", "gr[ae]y|grau(e[nmrs]?)?|gris|grigi[oa]|cinza|cinzent[oa]"],
  ["beige", "#e1cfae", "beige|cream|creme|crema"],
  ["navy", "#2b3a67", "navy|marineblau(e[nmrs]?)?|azul marino|bleu marine|blu navy"],
  ["burgundy", "#6b2030", "burgundy|maroon|bordeaux|bordo|burdeos|granate|vinho"],
  ["gold", "#c9a040", "gold(en)?|dorad[oa]s?|doree?s?|oro|dourad[oa]s?"],
  ["teal", "#3fa8b8", "teal|turquoise|turkis|turquesa|turchese"],
];

/** A colour said of these is not the clothes' ("blonde hair", "blue eyes", "red lipstick"). */
const NOT_CLOTHES =
  "hair|haare?n?|pelo|cabellos?|cheveux|capelli|cabelos?|eyes?|augen|ojos|yeux|occhi|olhos|lips?|lipstick|lippen|labios|levres|labbra|nails?|nagel|unas|ongles|unghie|unhas|sky|himmel|cielo|ciel|ceu|lights?";

/** Words before a colour that put it on the clothes ("dressed in red", "vestida de rojo"). */
const WEARING =
  "wearing|wears|dressed|in|all in|tragt|tragend|gekleidet|ganz in|en|de|vestid[oa]|llevando|habille(e)?|portant|vestit[oa]|indossando|usando";

function normalize(text: string): string[] {
  return text
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/ß/g, "ss")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** The word index where `words` first occur in `tokens`, or -1. */
function firstIndex(tokens: readonly string[], words: string): number {
  const pattern = new RegExp(`^(?:${words})$`);
  for (let start = 0; start < tokens.length; start++) {
    // phrases span up to three words
    for (let length = 1; length <= 3 && start + length <= tokens.length; length++) {
      if (pattern.test(tokens.slice(start, start + length).join(" "))) return start;
    }
  }
  return -1;
}

function matches(tokens: readonly string[], index: number, words: string): boolean {
  const token = tokens[index];
  return token !== undefined && new RegExp(`^(?:${words})$`).test(token);
}

/** The entry named first in the text, with its position. */
function earliest<Key extends string>(
  tokens: readonly string[],
  vocabulary: Vocabulary<Key>,
): { key: Key; index: number } | null {
  let found: { key: Key; index: number } | null = null;
  for (const [key, words] of vocabulary) {
    const index = firstIndex(tokens, words);
    if (index >= 0 && (!found || index < found.index)) found = { key, index };
  }
  return found;
}

function garmentAt(tokens: readonly string[], index: number): OutfitStyle | null {
  for (const [garment, words] of GARMENTS) {
    if (matches(tokens, index, words)) return garment;
    const next = tokens[index + 1];
    if (next && new RegExp(`^(?:${words})$`).test(`${tokens[index]} ${next}`)) return garment;
  }
  return null;
}

function clothingOf(tokens: readonly string[]): PictureDetails["clothing"] {
  const garments = tokens.map((_, index) => garmentAt(tokens, index));
  const firstGarment = garments.find((garment) => garment !== null) ?? null;
  const colors = tokens.map((_, index) => COLORS.find(([, , words]) => matches(tokens, index, words)));
  /** The garment `distance` words away in `step`'s direction, unless another colour comes first. */
  const garmentTowards = (index: number, step: 1 | -1, distance: number): OutfitStyle | null => {
    for (let between = 1; between < distance; between++) if (colors[index + step * between]) return null;
    return garments[index + step * distance] ?? null;
  };
  for (let index = 0; index < tokens.length; index++) {
    const color = colors[index];
    if (!color) continue;
    if (matches(tokens, index + 1, NOT_CLOTHES) || matches(tokens, index - 1, NOT_CLOTHES)) continue;
    // the nearest garment within three words either side ("red coat", "abrigo rojo", "roten Mantel")
    let garment: OutfitStyle | null = null;
    for (let distance = 1; distance <= 3 && !garment; distance++) {
      garment = garmentTowards(index, 1, distance) ?? garmentTowards(index, -1, distance);
    }
    const worn = matches(tokens, index - 1, WEARING) || matches(tokens, index - 2, WEARING);
    if (garment || worn) {
      return { garment: garment ?? firstGarment, color: { name: color[0], hex: color[1] } };
    }
  }
  return firstGarment ? { garment: firstGarment, color: null } : null;
}

/** The place, time of day, clothes and props a picture request asks for. */
export function parsePictureDetails(text: string): PictureDetails {
  const tokens = normalize(text);
  const props: Prop[] = [];
  const propOrder = PROPS_WORDS.map(([prop, words]) => ({ prop, index: firstIndex(tokens, words) }))
    .filter((found) => found.index >= 0)
    .sort((a, b) => a.index - b.index);
  for (const { prop } of propOrder) props.push(prop);
  return {
    place: (earliest(tokens, PLACES) ?? earliest(tokens, SUGGESTED_PLACES))?.key ?? null,
    time: earliest(tokens, TIMES)?.key ?? null,
    clothing: clothingOf(tokens),
    // two things in hand at most
    props: props.slice(0, 2),
  };
}

/** The scene that draws a place at a time of day; null when no place was asked for. */
export function sceneForPlace(place: Place | null, time: TimeOfDay | null): SceneId | null {
  switch (place) {
    case null:
      return null;
    case "beach":
      return time === "day" || time === null ? "beach_day" : "beach_sunset";
    case "city":
      return time === "day" || time === "sunset" ? "bridge" : "city_night";
    case "neon":
      return "neon_street";
    case "snow":
      return "snowy_cabin";
    default:
      return place;
  }
}
