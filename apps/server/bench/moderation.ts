/**
 * The moderation rules' cost (decision 13): they read every chat message, and while a reply
 * streams, the reply so far before each `update`. Targets (the bench's 3 ms of CPU per chat message
 * leaves them a small share): ≤ 0.25 ms for a short message, ≤ 1.5 ms for a 4,000-character reply.
 * Timed in this process with `performance.now()` over many classifications after a warm-up.
 */
import { RuleBasedClassifier } from "../src/providers/moderation/rule-based.ts";
import type {
  ContentClassifier,
  ModerationContext,
  ModerationSurface,
} from "../src/providers/moderation/types.ts";
import { type BenchReport, type BenchTarget, formatTable, ms, verdict } from "./lib.ts";

const TARGET_SHORT_MS = 0.25;
const TARGET_LONG_MS = 1.5;
/** Decision 33's bound for a short message, language detection and its context included. */
const TARGET_CONTEXT_MS = 1;

const SHORT = [
  "hey babe, I missed you so much today, can't wait to see you tonight and cuddle on the couch with wine",
  "Tell me about your day! Mine was long, my boss kept me late again and I'm exhausted 😩 need a hug",
  "*smiles and leans closer* You always know what to say to make me feel better, don't you?",
  "I'm 5 minutes away, put on that red dress I like and meet me downstairs, we're going dancing",
  "Tu m'as manqué aujourd'hui, j'ai hâte de te retrouver ce soir pour un dîner aux chandelles",
  "Ich habe heute den ganzen Tag an dich gedacht, erzähl mir von deinem Wochenende, Schatz",
];

function repeatTo(length: number, paragraph: string): string {
  return paragraph.repeat(Math.ceil(length / paragraph.length)).slice(0, length);
}

const LONG_EN = repeatTo(
  4000,
  "She laughed softly, tucking a strand of hair behind her ear as the rain tapped against the window. " +
    '"You always say that," she murmured, pulling the blanket tighter around her shoulders. The fire ' +
    "crackled, and for a long moment neither of them spoke, content simply to share the warmth. One " +
    "more song, she said, and then another ten minutes; outside, the city lights blurred into gold. ",
);
const LONG_FR = repeatTo(
  4000,
  "Elle rit doucement, une mèche de cheveux derrière l'oreille, pendant que la pluie tapait contre la " +
    "fenêtre. « Tu dis toujours ça », murmura-t-elle en serrant un peu plus la couverture. Le feu " +
    "crépitait, et pendant un long moment aucun des deux ne parla. Dehors, les lumières de la ville " +
    "se fondaient en traînées d'or. ",
);
const LONG_RU = repeatTo(
  4000,
  "Она тихо рассмеялась, убирая прядь волос за ухо, пока дождь стучал в окно. «Ты всегда так " +
    "говоришь», — прошептала она, плотнее укутываясь в плед. Огонь потрескивал, и долгое время никто " +
    "из них не говорил. За окном огни города расплывались золотом. ",
);
const LONG_JA = repeatTo(
  4000,
  "彼女は髪を耳にかけながら静かに笑った。雨が窓を叩いている。「いつもそう言うのね」と彼女はささやき、" +
    "毛布をさらに引き寄せた。暖炉の火がぱちぱちと音を立て、しばらく二人とも何も言わなかった。" +
    "外では街の明かりが金色ににじんでいた。",
);
/** A hard case: child words, school grades and numbers in every sentence, all harmless. */
const LONG_DENSE = repeatTo(
  4000,
  "She remembered being a kid at the lake with her little brother, the teenagers diving off the " +
    "dock, a girl of ten laughing at the school picnic, while the adults talked about the 12 kids in " +
    "the 5th grade class and one teacher. ",
);

interface Case {
  label: string;
  texts: string[];
  target?: number;
  surface?: ModerationSurface;
  context?: ModerationContext;
}

/** Six turns of a chat before a message: what a message is judged with (decision 33). */
const CONTEXT: ModerationContext = {
  turns: SHORT.map((text, index) => ({ role: index % 2 === 0 ? "user" : "character", text })),
  definition: "Name: Mara.\nMara is a 29-year-old bartender with a dry wit and a soft spot for stray cats.",
};

async function msPerClassify(
  texts: string[],
  rounds: number,
  surface: ModerationSurface = "chat_message",
  context?: ModerationContext,
): Promise<number> {
  const classifier: ContentClassifier = new RuleBasedClassifier();
  for (let round = 0; round < Math.max(5, rounds / 10); round++)
    for (const text of texts) await classifier.classify(text, surface, context);
  const started = performance.now();
  for (let round = 0; round < rounds; round++)
    for (const text of texts) await classifier.classify(text, surface, context);
  return (performance.now() - started) / (rounds * texts.length);
}

export async function runModerationBench(): Promise<BenchReport> {
  console.log("\n== moderation rules: ms per classify (this process) ==");
  const cases: Case[] = [
    { label: `short messages (${SHORT.length}, 80–110 chars)`, texts: SHORT, target: TARGET_SHORT_MS },
    {
      label: "short messages with 6 turns and a definition",
      texts: SHORT,
      target: TARGET_CONTEXT_MS,
      context: CONTEXT,
    },
    {
      label: "card definition, 12,000 chars",
      texts: [`Name: Mara.\n${repeatTo(12_000, LONG_EN)}`],
      surface: "character_definition",
    },
    { label: "reply, 4,000 chars, English", texts: [LONG_EN], target: TARGET_LONG_MS },
    { label: "reply, 4,000 chars, French", texts: [LONG_FR], target: TARGET_LONG_MS },
    { label: "reply, 4,000 chars, Russian", texts: [LONG_RU], target: TARGET_LONG_MS },
    { label: "reply, 4,000 chars, Japanese", texts: [LONG_JA], target: TARGET_LONG_MS },
    { label: "reply, 4,000 chars, child words and numbers", texts: [LONG_DENSE] },
  ];
  const rows: string[][] = [];
  const targets: BenchTarget[] = [];
  for (const item of cases) {
    const perClassify = await msPerClassify(
      item.texts,
      item.texts[0] && item.texts[0].length > 1000 ? 100 : 1000,
      item.surface,
      item.context,
    );
    const met = item.target === undefined ? null : perClassify <= item.target;
    rows.push([item.label, ms(perClassify), item.target === undefined ? "-" : ms(item.target), verdict(met)]);
    if (item.target !== undefined)
      targets.push({
        measure: item.label,
        value: `${ms(perClassify)} ms`,
        target: `≤ ${item.target} ms`,
        met,
      });
  }
  // a streamed reply: the rules read the reply so far before each update (about every 200 chars here)
  const prefixes = Array.from({ length: 20 }, (_, index) => LONG_EN.slice(0, (index + 1) * 200));
  const perReply = (await msPerClassify(prefixes, 20)) * prefixes.length;
  rows.push(["a 4,000-char reply streamed (20 checks)", ms(perReply), "-", "(info)"]);
  const table = formatTable(["text", "ms", "target", ""], rows);
  console.log(table);
  return {
    title: "Moderation rules",
    setup:
      "The rule-based classifier (decision 13) in the bench process after a warm-up: ms per `classify` of " +
      "short chat messages and of 4,000-character replies.",
    table,
    targets,
  };
}

if (import.meta.main) await runModerationBench();
