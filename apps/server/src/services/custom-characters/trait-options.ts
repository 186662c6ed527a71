import type { Gender } from "@reverie/shared";
import type { HairStyle, SceneId } from "../../providers/image/procedural/index.ts";
import { CHARACTER_VOICES, type CharacterVoiceId } from "../../providers/tts/voices.ts";

/**
 * Every option of the constructor, with what it means: the colours and hair a look is drawn with,
 * the words a prompt or a persona is written with, the voice it speaks in. The trait list the web
 * app shows (traits.ts) and every use of a stored trait read these, so an option means the same
 * everywhere.
 */

const REALISTIC: readonly Gender[] = ["female", "male"];
const ANIME: readonly Gender[] = ["anime_female", "anime_male"];
const FEMININE: readonly Gender[] = ["female", "anime_female"];
const MASCULINE: readonly Gender[] = ["male", "anime_male"];
const EVERY_CATEGORY: readonly Gender[] = ["female", "male", "anime_female", "anime_male"];

export interface TraitOptionSpec {
  value: string;
  label: string;
  genders: readonly Gender[];
}

export interface EthnicityOption extends TraitOptionSpec {
  skin: string;
  /** how a text-to-image prompt says it; anime skin tones are said by the skin colour alone */
  words: string | null;
  /**
   * The hair (a woman's, a man's) and eyes its portrait shows before any are chosen: a common
   * look, so that the tiles differ in more than the skin. Choices the user makes replace them.
   */
  typical?: { hair: { female: string; male: string }; eyes: string };
}

export interface HairOption extends TraitOptionSpec {
  style: HairStyle;
  color: string;
  accent?: string;
}

export interface EyeOption extends TraitOptionSpec {
  color: string;
}

/** Body, bust and hips: said in a prompt in clothed, tasteful words (or not at all). */
export interface FigureOption extends TraitOptionSpec {
  icon: string;
  words: string | null;
}

export interface PersonalityOption extends TraitOptionSpec {
  icon: string;
  /** the personality as the card and the persona engine read it (its words set the tone) */
  phrase: string;
}

export interface RelationshipOption extends TraitOptionSpec {
  icon: string;
  /** what the character is to the user, as the card says it ("girlfriend", "best friend") */
  phrase: string;
}

export interface HobbyOption extends TraitOptionSpec {
  icon: string;
  /** the hobby as the card lists it */
  phrase: string;
  /** what the character was just doing, for a first message ("trying a new recipe") */
  activity: string;
  /** where pictures of someone with this hobby are often set */
  scene: SceneId;
}

export interface VoiceOption extends TraitOptionSpec {
  icon: string;
  voice: CharacterVoiceId;
}

export const ETHNICITIES: readonly EthnicityOption[] = [
  {
    value: "european",
    label: "European",
    genders: REALISTIC,
    skin: "#f1d0b5",
    words: "European",
    typical: { hair: { female: "long_blonde", male: "quiff_blonde" }, eyes: "blue" },
  },
  {
    value: "latin",
    label: "Latin",
    genders: REALISTIC,
    skin: "#bf8257",
    words: "Latin American",
    typical: { hair: { female: "wavy_brunette", male: "short_brown" }, eyes: "brown" },
  },
  {
    value: "east_asian",
    label: "East Asian",
    genders: REALISTIC,
    skin: "#ecc7a4",
    words: "East Asian",
    typical: { hair: { female: "bob_black", male: "short_black" }, eyes: "dark_brown" },
  },
  {
    value: "south_asian",
    label: "South Asian",
    genders: REALISTIC,
    skin: "#9a6440",
    words: "South Asian",
    typical: { hair: { female: "long_black", male: "quiff_brown" }, eyes: "dark_brown" },
  },
  {
    value: "middle_eastern",
    label: "Middle Eastern",
    genders: REALISTIC,
    skin: "#c99a6b",
    words: "Middle Eastern",
    typical: { hair: { female: "ponytail_brown", male: "short_black" }, eyes: "hazel" },
  },
  {
    value: "african",
    label: "African",
    genders: REALISTIC,
    skin: "#6b3f26",
    words: "Black",
    typical: { hair: { female: "curly_dark", male: "buzz_dark" }, eyes: "dark_brown" },
  },
  {
    value: "mixed",
    label: "Mixed",
    genders: REALISTIC,
    skin: "#a97450",
    words: "mixed-race",
    typical: { hair: { female: "bun_chestnut", male: "curly_brown" }, eyes: "green" },
  },
  // anime characters have a skin tone rather than an ethnicity
  { value: "porcelain", label: "Porcelain", genders: ANIME, skin: "#f8e6da", words: null },
  { value: "fair", label: "Fair", genders: ANIME, skin: "#f1d0b5", words: null },
  { value: "sun_kissed", label: "Sun-kissed", genders: ANIME, skin: "#d9a47f", words: null },
  { value: "bronze", label: "Bronze", genders: ANIME, skin: "#a86f45", words: null },
  { value: "deep", label: "Deep", genders: ANIME, skin: "#6b3f26", words: null },
];

export const HAIR_STYLES: readonly HairOption[] = [
  { value: "long_black", label: "Long black", genders: ["female"], style: "long", color: "#1d1a1c" },
  { value: "long_blonde", label: "Long blonde", genders: ["female"], style: "long", color: "#d8b26a" },
  { value: "wavy_brunette", label: "Wavy brunette", genders: ["female"], style: "wavy", color: "#3b2519" },
  { value: "wavy_red", label: "Wavy red", genders: ["female"], style: "wavy", color: "#8a3b1f" },
  { value: "bob_black", label: "Black bob", genders: ["female"], style: "bob", color: "#2a1a14" },
  { value: "bob_blonde", label: "Blonde bob", genders: ["female"], style: "bob", color: "#d8b26a" },
  {
    value: "ponytail_brown",
    label: "Brown ponytail",
    genders: ["female"],
    style: "ponytail",
    color: "#5a3a22",
  },
  { value: "bun_chestnut", label: "Chestnut bun", genders: ["female"], style: "bun", color: "#8a3b1f" },
  { value: "curly_dark", label: "Dark curls", genders: ["female"], style: "curly", color: "#2a1a14" },
  { value: "pixie_platinum", label: "Platinum pixie", genders: ["female"], style: "pixie", color: "#e9e1cf" },
  { value: "short_black", label: "Short black", genders: ["male"], style: "short", color: "#1d1a1c" },
  { value: "short_brown", label: "Short brown", genders: ["male"], style: "short", color: "#5a3a22" },
  { value: "quiff_brown", label: "Brown quiff", genders: ["male"], style: "quiff", color: "#3b2519" },
  { value: "quiff_blonde", label: "Blonde quiff", genders: ["male"], style: "quiff", color: "#b07a3f" },
  { value: "buzz_dark", label: "Buzz cut", genders: ["male"], style: "buzz", color: "#2a1a14" },
  { value: "curly_brown", label: "Brown curls", genders: ["male"], style: "curly_short", color: "#3b2519" },
  { value: "medium_blonde", label: "Medium blonde", genders: ["male"], style: "medium", color: "#d8b26a" },
  { value: "medium_grey", label: "Silver fox", genders: ["male"], style: "medium", color: "#8c8c8c" },
  // anime looks: bright colours and a streak of another
  { value: "long_pink", label: "Long pink", genders: ["anime_female"], style: "long", color: "#f2a0c0" },
  {
    value: "long_silver",
    label: "Long silver",
    genders: ["anime_female"],
    style: "long",
    color: "#d8d8e0",
    accent: "#9fb8e8",
  },
  { value: "bob_lavender", label: "Lavender bob", genders: ["anime_female"], style: "bob", color: "#b9a3d9" },
  {
    value: "ponytail_blue",
    label: "Blue ponytail",
    genders: ["anime_female"],
    style: "ponytail",
    color: "#5a8fd8",
  },
  {
    value: "wavy_mint",
    label: "Mint waves",
    genders: ["anime_female"],
    style: "wavy",
    color: "#98d8c0",
    accent: "#f2a0c0",
  },
  { value: "bun_black", label: "Black bun", genders: ["anime_female"], style: "bun", color: "#1d1a1c" },
  {
    value: "spiky_silver",
    label: "Spiky silver",
    genders: ["anime_male"],
    style: "spiky",
    color: "#d8d8e0",
  },
  { value: "spiky_red", label: "Spiky red", genders: ["anime_male"], style: "spiky", color: "#c83a3a" },
  { value: "medium_blue", label: "Blue", genders: ["anime_male"], style: "medium", color: "#4a6fc8" },
  {
    value: "short_black_streak",
    label: "Black with a streak",
    genders: ["anime_male"],
    style: "short",
    color: "#1d1a1c",
    accent: "#c83a3a",
  },
  { value: "quiff_gold", label: "Golden quiff", genders: ["anime_male"], style: "quiff", color: "#e0b040" },
];

export const EYE_COLORS: readonly EyeOption[] = [
  { value: "brown", label: "Brown", genders: EVERY_CATEGORY, color: "#5a3a22" },
  { value: "dark_brown", label: "Dark brown", genders: EVERY_CATEGORY, color: "#3b2519" },
  { value: "hazel", label: "Hazel", genders: EVERY_CATEGORY, color: "#7a6a3a" },
  { value: "green", label: "Green", genders: EVERY_CATEGORY, color: "#4f7a4a" },
  { value: "blue", label: "Blue", genders: EVERY_CATEGORY, color: "#3f6e8c" },
  { value: "grey", label: "Grey", genders: EVERY_CATEGORY, color: "#7d8a94" },
  { value: "violet", label: "Violet", genders: ANIME, color: "#7a4ab8" },
  { value: "crimson", label: "Crimson", genders: ANIME, color: "#b8283a" },
  { value: "gold", label: "Gold", genders: ANIME, color: "#d9a13a" },
];

export const BODY_TYPES: readonly FigureOption[] = [
  { value: "slim", label: "Slim", genders: EVERY_CATEGORY, icon: "minus", words: "slim build" },
  {
    value: "athletic",
    label: "Athletic",
    genders: EVERY_CATEGORY,
    icon: "dumbbell",
    words: "athletic build",
  },
  { value: "average", label: "Average", genders: EVERY_CATEGORY, icon: "user", words: null },
  { value: "curvy", label: "Curvy", genders: FEMININE, icon: "hourglass", words: "curvy figure" },
  { value: "plus_size", label: "Plus-size", genders: FEMININE, icon: "circle", words: "full-figured" },
  {
    value: "muscular",
    label: "Muscular",
    genders: MASCULINE,
    icon: "biceps-flexed",
    words: "muscular build",
  },
  { value: "stocky", label: "Stocky", genders: MASCULINE, icon: "square", words: "broad, stocky build" },
];

export const BREAST_TYPES: readonly FigureOption[] = [
  { value: "small", label: "Small", genders: FEMININE, icon: "circle-small", words: null },
  { value: "medium", label: "Medium", genders: FEMININE, icon: "circle", words: null },
  { value: "large", label: "Large", genders: FEMININE, icon: "circle-dot", words: "full bust" },
];

export const BUTT_SIZES: readonly FigureOption[] = [
  { value: "small", label: "Small", genders: EVERY_CATEGORY, icon: "circle-small", words: null },
  { value: "medium", label: "Medium", genders: EVERY_CATEGORY, icon: "circle", words: null },
  { value: "large", label: "Large", genders: EVERY_CATEGORY, icon: "circle-dot", words: "curvy hips" },
];

export const PERSONALITIES: readonly PersonalityOption[] = [
  {
    value: "playful",
    label: "Playful",
    genders: EVERY_CATEGORY,
    icon: "party-popper",
    phrase: "playful, teasing, spontaneous",
  },
  {
    value: "sweet",
    label: "Sweet",
    genders: EVERY_CATEGORY,
    icon: "candy",
    phrase: "sweet, warm, affectionate",
  },
  { value: "shy", label: "Shy", genders: EVERY_CATEGORY, icon: "flower", phrase: "shy, gentle, thoughtful" },
  {
    value: "confident",
    label: "Confident",
    genders: EVERY_CATEGORY,
    icon: "crown",
    phrase: "confident, sharp, charming",
  },
  {
    value: "mysterious",
    label: "Mysterious",
    genders: EVERY_CATEGORY,
    icon: "moon",
    phrase: "mysterious, reserved, observant",
  },
  {
    value: "caring",
    label: "Caring",
    genders: EVERY_CATEGORY,
    icon: "heart-handshake",
    phrase: "caring, attentive, nurturing",
  },
  {
    value: "sarcastic",
    label: "Sarcastic",
    genders: EVERY_CATEGORY,
    icon: "smile-plus",
    phrase: "sarcastic, dry, secretly kind",
  },
  {
    value: "adventurous",
    label: "Adventurous",
    genders: EVERY_CATEGORY,
    icon: "mountain",
    phrase: "adventurous, energetic, bold",
  },
  {
    value: "romantic",
    label: "Romantic",
    genders: EVERY_CATEGORY,
    icon: "heart",
    phrase: "romantic, tender, passionate",
  },
  { value: "calm", label: "Calm", genders: EVERY_CATEGORY, icon: "leaf", phrase: "calm, steady, patient" },
];

export const RELATIONSHIPS: readonly RelationshipOption[] = [
  { value: "girlfriend", label: "Girlfriend", genders: FEMININE, icon: "heart", phrase: "girlfriend" },
  { value: "boyfriend", label: "Boyfriend", genders: MASCULINE, icon: "heart", phrase: "boyfriend" },
  { value: "wife", label: "Wife", genders: FEMININE, icon: "gem", phrase: "wife" },
  { value: "husband", label: "Husband", genders: MASCULINE, icon: "gem", phrase: "husband" },
  { value: "partner", label: "Partner", genders: EVERY_CATEGORY, icon: "users", phrase: "partner" },
  { value: "crush", label: "Crush", genders: EVERY_CATEGORY, icon: "sparkles", phrase: "crush" },
  {
    value: "best_friend",
    label: "Best friend",
    genders: EVERY_CATEGORY,
    icon: "smile",
    phrase: "best friend",
  },
  {
    value: "coworker",
    label: "Coworker",
    genders: EVERY_CATEGORY,
    icon: "briefcase",
    phrase: "coworker and friend",
  },
  {
    value: "neighbor",
    label: "Neighbor",
    genders: EVERY_CATEGORY,
    icon: "house",
    phrase: "neighbor and friend",
  },
  { value: "rival", label: "Rival", genders: EVERY_CATEGORY, icon: "swords", phrase: "rival" },
  { value: "protector", label: "Protector", genders: EVERY_CATEGORY, icon: "shield", phrase: "protector" },
];

export const HOBBIES: readonly HobbyOption[] = [
  {
    value: "reading",
    label: "Reading",
    genders: EVERY_CATEGORY,
    icon: "book-open",
    phrase: "reading novels",
    activity: "curled up with a good book",
    scene: "library",
  },
  {
    value: "cooking",
    label: "Cooking",
    genders: EVERY_CATEGORY,
    icon: "chef-hat",
    phrase: "cooking",
    activity: "trying out a new recipe",
    scene: "cafe",
  },
  {
    value: "coffee",
    label: "Coffee",
    genders: EVERY_CATEGORY,
    icon: "coffee",
    phrase: "coffee shops",
    activity: "people-watching from my favourite cafe",
    scene: "cafe",
  },
  {
    value: "yoga",
    label: "Yoga",
    genders: EVERY_CATEGORY,
    icon: "flower-2",
    phrase: "yoga",
    activity: "finishing a slow yoga flow",
    scene: "garden",
  },
  {
    value: "fitness",
    label: "Fitness",
    genders: EVERY_CATEGORY,
    icon: "dumbbell",
    phrase: "working out",
    activity: "back from the gym",
    scene: "city_night",
  },
  {
    value: "hiking",
    label: "Hiking",
    genders: EVERY_CATEGORY,
    icon: "mountain",
    phrase: "hiking",
    activity: "back from a long trail",
    scene: "forest",
  },
  {
    value: "surfing",
    label: "Surfing",
    genders: EVERY_CATEGORY,
    icon: "waves",
    phrase: "surfing",
    activity: "drying off after a morning surf",
    scene: "beach_day",
  },
  {
    value: "traveling",
    label: "Traveling",
    genders: EVERY_CATEGORY,
    icon: "plane",
    phrase: "traveling",
    activity: "planning my next trip",
    scene: "beach_sunset",
  },
  {
    value: "photography",
    label: "Photography",
    genders: EVERY_CATEGORY,
    icon: "camera",
    phrase: "photography",
    activity: "editing photos from the weekend",
    scene: "rooftop",
  },
  {
    value: "music",
    label: "Music",
    genders: EVERY_CATEGORY,
    icon: "music",
    phrase: "music",
    activity: "making a new playlist",
    scene: "city_night",
  },
  {
    value: "dancing",
    label: "Dancing",
    genders: EVERY_CATEGORY,
    icon: "disc-3",
    phrase: "dancing",
    activity: "dancing around my kitchen",
    scene: "neon_street",
  },
  {
    value: "painting",
    label: "Painting",
    genders: EVERY_CATEGORY,
    icon: "palette",
    phrase: "painting",
    activity: "getting paint all over my hands",
    scene: "studio",
  },
  {
    value: "writing",
    label: "Writing",
    genders: EVERY_CATEGORY,
    icon: "pen-line",
    phrase: "writing stories",
    activity: "writing in my notebook",
    scene: "library",
  },
  {
    value: "gaming",
    label: "Gaming",
    genders: EVERY_CATEGORY,
    icon: "gamepad-2",
    phrase: "video games",
    activity: "losing a match I should have won",
    scene: "neon_street",
  },
  {
    value: "movies",
    label: "Movies",
    genders: EVERY_CATEGORY,
    icon: "clapperboard",
    phrase: "old movies",
    activity: "halfway through a movie marathon",
    scene: "city_night",
  },
  {
    value: "anime",
    label: "Anime",
    genders: EVERY_CATEGORY,
    icon: "tv",
    phrase: "anime",
    activity: "catching up on my favourite anime",
    scene: "sakura",
  },
  {
    value: "fashion",
    label: "Fashion",
    genders: EVERY_CATEGORY,
    icon: "shirt",
    phrase: "fashion",
    activity: "trying on outfits",
    scene: "studio",
  },
  {
    value: "gardening",
    label: "Gardening",
    genders: EVERY_CATEGORY,
    icon: "sprout",
    phrase: "gardening",
    activity: "watering my plants",
    scene: "garden",
  },
  {
    value: "stargazing",
    label: "Stargazing",
    genders: EVERY_CATEGORY,
    icon: "telescope",
    phrase: "stargazing",
    activity: "waiting for the stars to come out",
    scene: "rooftop",
  },
  {
    value: "skiing",
    label: "Skiing",
    genders: EVERY_CATEGORY,
    icon: "snowflake",
    phrase: "skiing",
    activity: "warming up by the fire after skiing",
    scene: "snowy_cabin",
  },
];

export const VOICES: readonly VoiceOption[] = Object.entries(CHARACTER_VOICES).map(([id, voice]) => ({
  value: id,
  label: voice.label,
  genders: voice.gender === "female" ? FEMININE : MASCULINE,
  icon: "audio-lines",
  voice: id as CharacterVoiceId,
}));

export function findOption<Option extends TraitOptionSpec>(
  options: readonly Option[],
  value: string | undefined,
): Option | undefined {
  return value === undefined ? undefined : options.find((option) => option.value === value);
}

/** The first option offered in the category: what a character of it has when nothing was chosen. */
export function defaultOption<Option extends TraitOptionSpec>(
  options: readonly Option[],
  gender: Gender,
): Option {
  const option = options.find((candidate) => candidate.genders.includes(gender));
  if (!option) throw new Error(`no option is offered for ${gender}`);
  return option;
}
