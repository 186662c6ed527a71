import { Rng } from "../lib/seeded-random.ts";
import type { SceneId } from "../providers/image/procedural/index.ts";
import type { ImageIntent } from "../services/image-intents.ts";

/** What a character says when sending a picture; chosen from the seed, so a retry says the same. */

const PHOTO: readonly string[] = [
  "Here you go 📸 What do you think?",
  "Took this one just for you.",
  "Okay, don't laugh… how do I look?",
  "Fresh from my camera roll. Your turn to smile!",
  "You asked so nicely, so here I am 😊",
  "Caught myself in good light and thought of you.",
  "Here's a little something to brighten your day.",
  "Not my best angle, but it's all yours.",
];

const SCENE: Record<SceneId, readonly string[]> = {
  studio: ["Playing model for you today. Did I nail the pose?", "Studio lights, just for you ✨"],
  city_night: ["The city's all lit up tonight. Wish you were here with me.", "Out in town tonight. Miss me?"],
  beach_sunset: ["Sunset at the beach. The sky was showing off, so I joined in 🌅"],
  beach_day: ["Sun, sand and me. Coming to join?", "Beach day! I saved you a spot on my towel."],
  cafe: ["Coffee date for one… unless you're joining me? ☕", "My favourite corner of the café."],
  forest: ["Took a walk among the trees. It's so peaceful out here 🌲"],
  neon_street: ["Neon lights and a little rain. Very cinematic, right?"],
  library: ["Caught between the bookshelves. Guess what I'm reading 📚"],
  rooftop: ["Up on the rooftop with the string lights on. Perfect evening."],
  snowy_cabin: ["It's freezing out here, but look at all this snow ❄️"],
  garden: ["The flowers are blooming, and so am I 🌸"],
  sakura: ["Cherry blossoms everywhere. I saved you a petal 🌸"],
  bridge: ["On the old bridge, watching the river go by. Come find me?"],
  bedroom: ["Lazy moment in my room. Wish you were here 🛏️"],
};

/**
 * Stored with the message, so read after the photo is unlocked too: never about unlocking it (the
 * lock and its price are the interface's, while it is locked). Decision 37.
 */
export const PRIVATE_PHOTO: readonly string[] = [
  "This one is just for you… take a good long look 😉",
  "A little private something. Only for your eyes.",
  "I don't share this kind with just anyone 💋",
  "Made this one special, just for you.",
];

const PRIVATE_VIDEO: readonly string[] = [
  "I made you a little video… it's just for you 🎥",
  "A short clip, only for you. Press play when you're ready.",
  "Here's a video I don't show anyone else 😉",
];

export function imageCaption(intent: ImageIntent, scene: SceneId, seed: string): string {
  const rng = new Rng(`caption:${seed}`);
  if (intent.media === "video") return rng.pick(PRIVATE_VIDEO);
  if (intent.private) return rng.pick(PRIVATE_PHOTO);
  return rng.chance(0.5) ? rng.pick(SCENE[scene]) : rng.pick(PHOTO);
}
