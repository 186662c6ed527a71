import { DAY, MONTH, PET_KINDS } from "../memory-extraction/rules.ts";
import { contentWords, normalize } from "./text.ts";

/**
 * The questions of a message, each read on its own: a message is split into sentences and the
 * clauses of run-on questions ("where did you grow up and what's your favourite food?"), so that
 * every question gets its answer, not only the last one.
 */

/** Questions about the character's life, answered from its canon sheet. */
export type CanonTopic = "grew_up" | "family" | "job" | "film" | "music" | "food" | "anecdote" | "favourite";

/** What the user asks about themselves, answered from memory. */
export type RecallTopic =
  | "summary"
  | "name"
  | "job"
  | "place"
  | "pet"
  | "person"
  | "like"
  | "date"
  | "worry"
  | "event"
  | "any";

export type Question =
  | {
      kind: "canon";
      topic: CanonTopic;
      clause: string /** for "favourite": the thing asked about */;
      what?: string;
    }
  | { kind: "recall"; topic: RecallTopic; clause: string };

/** Sentences and the clauses of compound questions, lower case, apostrophes straight. */
export function questionClauses(message: string): string[] {
  return (
    normalize(message)
      .toLowerCase()
      // texting spelling written out, so one pattern reads "whats ur" and "what's your"
      .replace(/\b(what|where|who|how|that)s\b/g, "$1's")
      .replace(/\b(?:wats|wots|whats)\b/g, "what's")
      .replace(/\b(?:wat|waht|whta|hwat|wht|wot)\b/g, "what")
      .replace(/\b(?:tlak|tlk|tak)\b/g, "talk")
      .replace(/\b(?:rmember|remeber|remmeber|remembr)\b/g, "remember")
      .replace(/\b(?:wher|whre)\b/g, "where")
      .replace(/\bu\b/g, "you")
      .replace(/\bur\b/g, "your")
      .replace(/\br\b/g, "are")
      .replace(
        /(?<=\b(?:listening|listenin|listen|going|goin|go|talk|talking|want|need|back|up|used|got|wanna)\s)2\b/g,
        "to",
      )
      .replace(
        /\b(listen|talk|do|go|say|think|work|driv|look|feel|gett|mak|tak|try|watch|read|eat|play|cook|draw)in'?(?=\s|$|[?.,!])/g,
        "$1ing",
      )
      .replace(/\b(?:wh?ere'?d|where did)\b/g, "where did")
      .replace(/\bwhy'?d\b/g, "why did")
      .replace(/\bhow'?d\b/g, "how did")
      .replace(/\bd'?you\b/g, "do you")
      // "and the rabbit, what's her name?" is one question, about the rabbit
      .replace(PET_THEN_NAME, "what's the $1's name")
      .split(
        /(?<=[?!.])\s*|\n+|\s*(?:,|;)?\s+(?:and|also|plus|oh and|and also|but)\s+(?=(?:what|where|when|who|how|why|which|do|did|does|are|is|have|has|can|could|would|tell|whats|what's|wheres|where's|u|you|ur|your|fav|fave|favourite|favorite)\b)|,\s*(?=(?:also|and|what|where|when|who|how|do|did|are|tell|fav|fave|favourite|favorite|hbu|wbu|you\s*\?|u\s*\?|yours)\b)/,
      )
      .map((part) =>
        part
          .trim()
          .replace(
            /^(?:(?:and|so|but|ok|okay|oh|wait|hey|hmm|also|then|plus|um|uh|sorry|btw|lol)[,!.]?\s+)+/,
            "",
          ),
      )
      .filter((part) => /\p{L}/u.test(part))
  );
}

const YOU = "(?:you|u|ya|yourself)";
const YOUR = "(?:your|ur|yr)";

const GREW_UP = new RegExp(
  String.raw`\bwhere (?:did|do|d) ${YOU} (?:grow|grew) up\b|\b(?:grow|grew|growing) up\b.*\b${YOU}\b|\b${YOU}\b.*\b(?:grow|grew|growing) up\b|\bwhere (?:are|r|were) ${YOU} (?:actually |really |originally |even )?(?:from|originally from|born|raised)\b|\bwhere(?:'s| is| are) ${YOU} from\b|\bwhere ${YOU}(?:'re| are) (?:\w+ )?from\b|\b(?:which|what) (?:city|town|country|part of the world|part of \w+|place|area|village) (?:are|r|were|did|do) ${YOU} (?:from|born|raised|grow up|come from)\b|\b${YOUR} (?:hometown|home town|childhood|roots)\b|\bwhere(?:'s| is) home for ${YOU}\b|\bchildhood home\b|\bwhere were ${YOU} (?:as )?a (?:kid|child)\b|\bwhere (?:do|did) ${YOU} come from\b|\bwhat was (?:it|life) like growing up\b|\bwere ${YOU} (?:born|raised) (?:there|here|in)\b|\bhave ${YOU} always lived\b|\bdid ${YOU} always live\b|\bwhat were ${YOU} like as a (?:kid|child|teenager)\b|\bare ${YOU} (?:a )?local\b|\b${YOUR} (?:town|city|village|neighbourhood|neighborhood) like\b|\b${YOU}(?:'re| are) (?:not )?(?:originally )?from\b|^(?:so )?(?:are )?${YOU} from (?:round|around|near|over) (?:there|here)\b`,
);
const FAMILY = new RegExp(
  String.raw`\b${YOUR} (?:family|folks|parents|mum|mom|mother|mama|dad|father|papa|siblings?|brothers?|sisters?|grand\w+|abuela|nonna|relatives|cousins?)\b|\b(?:do|did) ${YOU} have (?:any |a )?(?:siblings|brothers?|sisters?|family|big family|kids|children|parents)\b|\b(?:big|large|small) family\b|\bonly child\b|\bclose (?:to|with) ${YOUR}\b|\b(?:brothers|sisters) or (?:brothers|sisters)\b|^(?:got |have |any )+(?:siblings|brothers|sisters|kids|children|family)\b|\b${YOU} (?:got|have) (?:any|an?|one|two|three|four) (?:older |younger |little |big )?(?:siblings|brothers?|sisters?|kids|children|family)\b`,
);
const JOB = new RegExp(
  String.raw`\bwhat do ${YOU} (?:actually |even |really )?do(?: all day| for (?:a living|work|money)| for a job)?\b(?!\s+(?:for fun|in your free|when(?! (?:you're|your|you are|ur) not here)|on|at the weekend|on weekends|to relax))|\b${YOUR} (?:\w+ ){0,2}(?:job|work|career|profession|business)\b|\bare ${YOU} (?:working|employed|at work)\b|\bwhat do ${YOU} get up to\b|\bhow(?:'s| is| was) (?:the |${YOUR} )?(?:job|work)\b|\bwhere do ${YOU} work\b|\bdo ${YOU} (?:work|have a job)\b|\bwhat(?:'s| is) ${YOUR} (?:job|work)\b|\bwhat did ${YOU} do before\b|\bbefore all this\b|\bhow do ${YOU} (?:make (?:a living|money|ends meet)|pay (?:the|${YOUR}) (?:bills|rent))\b|\bwhat pays (?:the|${YOUR}) (?:bills|rent)\b|\bwhat keeps ${YOU} busy\b|\bwhat kind of work\b|\bis (?:it|that) (?:like )?a job\b|\b(?:did|do) ${YOU} (?:always )?want(?:ed)? to (?:be|do|work)\b|\bdo ${YOU} (?:like|love|enjoy|hate) (?:${YOUR} )?(?:job|work)\b|\bhow(?:'s| is| was) work\b|\b(?:day|days|shift|shifts) at work\b|\b(?:enjoy|like|love|hate) what ${YOU} do\b|\b${YOU} work (?:there|here)\b|\bhow long have ${YOU} (?:done|been doing|worked|been working)\b|\bfull[- ]time (?:thing|job|gig)\b`,
);
const FILM =
  /\b(?:film|films|movie|movies|cinema|flicks?|netflix|rom-?coms?)\b|\bseen anything good\b|\bwhat (?:do|did|would) (?:you|u) (?:watch|put on)\b|\bwatched anything\b/;
const MUSIC =
  /\bmusic\b|\bsongs?\b|\bbands?\b|\bsingers?\b|\bmusicians?\b|\bartists?\b|\balbums?\b|\bplaylist\b|\bgenre\b|\blisten(?:ing)? to\b|\bwhat(?:'s| is) (?:on|playing)\b|\bwhat (?:was|were|is) playing\b|\bblast\b|\bsing(?:ing)?\b|\bconcerts?\b|\bgigs?\b|\bkaraoke\b|\b(?:like|love|into|listen to|fan of|a fan of)\s+(?:jazz|rock|pop|hip[- ]?hop|rap|classical|country|techno|k-?pop|j-?pop|metal|indie|r&b|blues|folk|opera|edm|house|punk|reggae|soul|disco)\b/;
const FOOD =
  /\bwhat (?:do|would|did) (?:you|u) cook\b|\b(?:you|u) (?:cook|make)\b|\bcook(?:ed|s|ing)?\b|\beaten\b|\bfood\b|\bfoods\b|\bto eat\b|\beat\b|\beating\b|\bdish\b|\bmeal\b|\bcuisine\b|\bsnack\b|\bdessert\b|\bbreakfast\b|\bdinner\b|\blunch\b|\bcomfort food\b|\bate\b|\btake-?aways?\b|\btake-?outs?\b|\bfoodie\b|\bsweet or savou?ry\b|\b(?:pizza|pasta|sushi|burgers?|curry|tacos|noodles|ramen|chocolate|cake|chips|fries)\b.*\bor\b/;
const ANECDOTE = new RegExp(
  String.raw`\btell me (?:about )?(?:a|the|one|your) (?:time|story|funniest|craziest|weirdest|worst|best|first|last|most)\b|\btell me (?:a|one) story\b|\btell me about (?:a|the|your) [\w\s]*\b(?:time|disaster|day|moment|mistake|adventure|first|when)\b|\bhow did ${YOU} (?:even |first |actually )?(?:become|get into|get started|start|end up|first|learn|meet|come to|get (?:the|your|this))\b|\b(?:first|last) \w+ ${YOU} (?:ever )?(?:made|did|wrote|drew|played|cooked|bought|sang|built)\b|\bwhat(?:'s| is) ${YOUR} story\b|\bsomething ${YOU} regret\b|\bwhere did ${YOU} (?:learn|pick up|get into|find)\b|\bhave ${YOU} ever (?:done|had|been|seen|met|tried|lost|broken|won)\b|\bthe (?:bravest|stupidest|hardest|scariest|best|worst) thing ${YOU}(?:'ve| have)? ever\b|\bthe (?:most|best|worst|funniest|craziest|weirdest|scariest|strangest|stupidest|bravest|maddest) [\w\s]*\b${YOU}(?:'ve| have)? (?:ever )?(?:done|had|seen|been|said|heard)\b|\bhave ${YOU} ever been in (?:trouble|a fight|love|an accident)\b|\b${YOUR} (?:best|worst|happiest|earliest|first|funniest|favou?rite) (?:memory|memories|date|day|holiday|trip|kiss)\b|\bwhat happened (?:on|at|with|when|to) ${YOUR}\b|\bwhat(?:'s| is| was) the (?:most|best|worst|funniest|craziest|weirdest|scariest|strangest) [\w\s]*\b(?:happened|you(?:'ve| have)? ever|that)\b|\bany (?:\w+ )?stor(?:y|ies)\b|\bstor(?:y|ies) (?:you|u)\b|\b(?:worst|best|funniest|weirdest|strangest|scariest|craziest) \w+(?: \w+){0,3} (?:you|u)(?:'ve| have)? ever\b|\bwhat(?:'s| is| was) the \w+est (?:thing|moment|story|day|night|trip|job)\b|\b(?:ever|once) happened to ${YOU}\b|\bhave ${YOU} ever\b.*\b(?:disaster|accident|embarrass\w*|scared|lost|mistake)\b|\b(?:first|last) time ${YOU}\b|\bwhen did ${YOU} (?:start|first|begin|learn)\b|\bhappened to ${YOU}\b|\bwhen ${YOU} were (?:little|a kid|young|small|a child|younger|growing up)\b|\bwhy did ${YOU} (?:quit|leave|stop|give up|choose|pick|become|start|move|decide)\b|\bwhat made ${YOU} (?:quit|leave|stop|choose|become|start|move|decide|want)\b|\b(?:a|any) (?:funny|good|embarrassing|crazy|weird|scary) (?:story|memory|moment)\b|\bmemor(?:y|ies) (?:from|of) ${YOUR}\b|\b(?:a|any|one|your) (?:\w+ )?memor(?:y|ies)\b`,
);
const FAVOURITE = new RegExp(
  String.raw`\b${YOUR} fav(?:ou?rite|e)?\s+([a-z]+(?:\s+[a-z]+)?)|\bfav(?:ou?rite|e)?\s+([a-z]+)\s*\??$`,
);
const ABOUT_YOU = new RegExp(String.raw`\b(?:${YOU}|${YOUR})\b`);
const ASKS =
  /\?|\b(?:what|whats|what's|where|wheres|where's|who|whos|who's|which)\b|^(?:what|whats|where|wheres|when|who|whos|how|why|which|do|did|does|are|r|is|have|has|can|could|would|will|tell me|fav(?:ou?rite)?|remind me|describe|explain|you got|got any|any|if (?:you|u) could|paint|talk me through|walk me through|share)\b/;

/** The questions a clause asks about the character's life (a run-on clause may ask two). */
function canonTopics(clause: string, asking = false): { topic: CanonTopic; what?: string }[] {
  const mine = clause.replace(/\b(?:tell|give|show|teach|remind) me\b/g, "");
  // "what film should I put on?": asks for the character's taste
  const recommend = /\bwhat (?:film|movie|song|music|album|food|dish) should i\b/.test(clause);
  if (!ABOUT_YOU.test(clause) && !/^fav(?:ou?rite|e)?\b/.test(clause) && !recommend && MY.test(mine))
    return [];
  // "music? food?": a topic asked with nothing else is asked of the character
  const bare =
    /^(?:and |so |ok |also )?(?:music|songs?|food|films?|movies?|family|job|work|hometown|childhood)\s*\?+$/.test(
      clause,
    );
  if (bare) asking = true;
  if (!asking && !ASKS.test(clause)) return [];
  // "the best thing you've ever eaten" asks for a food, not a story
  if (ANECDOTE.test(clause) && !FOOD.test(clause) && !FILM.test(clause) && !MUSIC.test(clause))
    return [{ topic: "anecdote" }];
  const topics: { topic: CanonTopic; what?: string }[] = [];
  if (GREW_UP.test(clause)) topics.push({ topic: "grew_up" });
  if (FAMILY.test(clause)) topics.push({ topic: "family" });
  if (FILM.test(clause)) topics.push({ topic: "film" });
  if (MUSIC.test(clause) && !/\bmusic (?:box|boxes)\b/.test(clause)) topics.push({ topic: "music" });
  if (
    FOOD.test(clause) &&
    (bare ||
      /\b(?:fav|fave|favou?rite|favorite|like|love|best|enjoy|eat|eating|eaten|ate|what|cook|make|foodie|go-to|or)\b/.test(
        clause,
      ))
  )
    topics.push({ topic: "food" });
  if (JOB.test(clause)) topics.push({ topic: "job" });
  if (topics.length > 0) return topics;
  const favourite = FAVOURITE.exec(clause);
  const what = (favourite?.[1] ?? favourite?.[2] ?? "").trim();
  if (
    favourite &&
    what &&
    !/^(?:thing|things|hobby|hobbies|activity|pastime|way|part|to do|thing to do|person)\b/.test(what)
  )
    return [{ topic: "favourite", what: what.replace(/\s+(?:is|are|and|or|then|right|now|ever)$/, "") }];
  return [];
}

const PET_WORDS = `pets?|${PET_KINDS}`;
const PET_THEN_NAME = new RegExp(
  `\\b(?:the|my|our) ((?:[a-z]+ )?(?:${PET_WORDS})),\\s*what(?:'s| is) (?:her|his|its|their) name`,
  "g",
);
const MY = /\b(?:my|me|i|i'm|im|i've|ive|mine|myself|i'd|our|we|us)\b/;
const REMEMBER =
  /\b(?:remember|recall|forgot|forget|remind me|again|did i (?:tell|say|mention)|i told you|have i told)\b/;

/** The question a clause asks about the user, answered from memory, if any. */
function recallTopic(clause: string): RecallTopic | null {
  if (
    /\bwhat(?: all| else)?(?: (?:did|have|do))? we(?:'ve| have)? (?:\w+ )?(?:talk|talked|chat|chatted|say|said|discuss|discussed|cover|covered|go over|went over)\w*(?: about)?\b|\bwhat(?:'ve| have) we (?:\w+ )?(?:talk|chat|discuss|cover|said)\w*\b|\bwhat (?:do|did) (?:you|u) (?:know|remember|recall) about me\b|\bwhat have i told (?:you|u)\b|\bwhat(?:'ve| have) (?:you|u) learn\w* about me\b|\b(?:sum(?:marise|marize|mary)|recap)\b|\bwhat do you know of me\b|\btell me what you (?:know|remember)\b|\bwhat were we talking about\b|\beverything (?:you|u) (?:know|remember)\b|\bsum (?:it |that |me )?up\b|\bwhat (?:else )?do (?:you|u) know\b.*\bme\b/.test(
      clause,
    )
  )
    return "summary";
  const mine = clause.replace(/\b(?:tell|give|show|teach|remind) me\b/g, "");
  // "my flatmate is sick of them, so who are you listening to?": it asks the character
  if (
    /\b(?:what|who|where|when|how|which)\b(?:\s+[\p{L}']+){0,3}\s+(?:are|do|did|have|were|would|will|can)\s+(?:you|u)\b/u.test(
      clause,
    )
  )
    return null;
  // "say my name", "and who am i", "name?", "my name, you got it?", "what do my friends call me?"
  if (
    /^(?:(?:and|so|ok|now)\s+)*(?:say|tell me|what'?s|whats) my name\b|\bwho am i\b|^(?:(?:and|so|ok)\s+)?(?:my )?name\s*\?|\bmy name\b.*\?|\bwhat do (?:my |people |everyone |they )?\w* ?call me\b|\bwhat name did i\b|\bwhat(?:'s| is) my name\b/.test(
      clause,
    )
  )
    return "name";
  if (/^(?:who|whos|who's)\b/.test(clause) && !ABOUT_YOU.test(clause)) return "person";
  // "name both my cats. go", "list my dogs": asked as an order
  if (
    new RegExp(
      `^(?:now |ok |so )?(?:name|list|say) (?:both |all |the names of )?(?:of )?my (?:\\w+ )?(?:${PET_WORDS})\\b`,
    ).test(clause)
  )
    return "pet";
  // "what happened at work last week", "what's the appointment tomorrow for": a thing of the
  // user's, unless it asks about the character
  if (
    /\bwhat happened\b|\bwhat(?:'s| is| was) the (?:appointment|thing|deal|plan|news|big news)\b/.test(
      clause,
    ) &&
    !ABOUT_YOU.test(clause)
  )
    return "event";
  // "when's the viva?", "which day do the results come?", "when does that list come out": a date of theirs
  if (
    /^(?:(?:and|so|ok|wait)\s+)*(?:when(?:'s| is| was| does| do| did| are| will)?|which day|what day|what date)\b/.test(
      clause,
    ) &&
    !ABOUT_YOU.test(clause)
  )
    return "date";
  // "what's the family drama about?": the trouble they told
  if (
    /\bwhat(?:'s| is| was) (?:the|all the|this) (?:\w+ )?(?:drama|mess|situation|problem|trouble)\b/.test(
      clause,
    ) &&
    !ABOUT_YOU.test(clause)
  )
    return "worry";
  // "and which city?", "what town again?"
  if (/^(?:and |so )?(?:which|what) (?:city|town|country|place)(?: again)?\s*\??$/.test(clause))
    return "place";
  // "and the cat?": a pet of theirs, asked with nothing else
  if (new RegExp(`^(?:and |what about |how about )?(?:the |my |our )?(?:${PET_WORDS})\\s*\\?$`).test(clause))
    return "pet";
  // "what's the 14th about?", "what's happening in march?", "what's on wednesday?"
  if (
    new RegExp(
      `\\bwhat(?:'s| is)(?: happening| going on)? (?:on |in |the |this |next )?(?:${DAY}|${MONTH}|weekend|\\d{1,2}(?:st|nd|rd|th))\\b`,
    ).test(clause) &&
    !ABOUT_YOU.test(clause)
  )
    return "date";
  // "rabbit's name?", "the dog's name?"
  if (new RegExp(`^(?:and |so )?(?:the |my |our )?(?:${PET_WORDS})(?:'s)? name\\b`).test(clause))
    return "pet";
  // "and my city?", "my job?": a thing of the user's, asked with nothing else
  const bare = /^(?:and |so |what about |how about )?my ([\p{L} ]+?)\s*\?/u.exec(clause)?.[1];
  if (bare) {
    if (/\b(?:city|town|home|hometown|country|place|village|address)\b/.test(bare)) return "place";
    if (/\b(?:job|work|career|profession|course|degree|major)\b/.test(bare)) return "job";
  }
  // "where in japan am i?", "where am i writing from?", "where's the new house?"
  if (
    /\bwhere in [\p{L} ]+ (?:am i|do i live|i live)\b|\bwhere am i (?:writing|texting|messaging|talking) from\b|\bwhere(?:'s| is) (?:the|my|our) (?:new )?(?:house|flat|home|place|apartment)\b/u.test(
      clause,
    )
  )
    return "place";
  // "what's the dog's name again?": the user's pet, though not called "my"
  if (
    new RegExp(
      `\\bthe (?:[a-z]+ )?(?:${PET_WORDS})(?:'s|s)? (?:name|called)\\b|\\bthe (?:[a-z]+ )?(?:${PET_WORDS}) called\\b|^(?:and |so )?(?:the |my )?(?:[a-z]+ )?(?:${PET_WORDS}),? what(?:'s| is) (?:her|his|its|their) name\\b`,
    ).test(clause)
  )
    return "pet";
  if (!MY.test(mine) && !/\b(?:he|she|they|his|her|him)\b/.test(mine)) return null;
  if (!MY.test(mine) && ABOUT_YOU.test(clause)) return null;
  if (!ASKS.test(clause) && !REMEMBER.test(clause)) return null;
  // "what's my dog's name" is about the dog
  if (new RegExp(`\\b(?:my|our) (?:\\w+ )?(?:${PET_WORDS})(?:'s|s)?\\b`).test(clause)) return "pet";
  if (/\bwhat (?:did|do) i (?:call|name) (?:my|the|her|him)\b/.test(clause)) return "pet";
  if (
    /\bmy (?:\w+ )?(?:mum|mom|mother|dad|father|parents|sister|brother|grand\w+|nan|gran|aunt|uncle|cousin|wife|husband|girlfriend|gf|boyfriend|bf|partner|best friend|bestie|friend|boss|manager|roommate|flatmate|neighbou?r|kid|son|daughter|ex)(?:'s|s)?\b/.test(
      clause,
    ) &&
    !/\bworried|stressed|nervous|scared\b/.test(clause)
  )
    return "person";
  if (
    /\bmy name\b|\bwho am i\b|\b(?:remind me|tell me|you know|remember) who i am\b|\bwhat(?:'s| do) (?:you )?call me\b|\bwhat am i called\b|\bwhat'?m i called\b|\bwhat i (?:said|told you) to call me\b|\bwhat do i go by\b|\bwhat (?:do|did) (?:i say )?(?:you|people|everyone|my friends) call me\b|\bknow (?:who i am|my name)\b/.test(
      clause,
    )
  )
    return "name";
  if (
    /\b(?:worried|worrying|stressed|stressing|nervous|scared|anxious|panicking|freaking out|freak(?:ing|ed)? me out|creep(?:ing|ed)? me out|scar(?:ing|ed) me|afraid|dreading|bugging|bothering|upset|upsetting|getting to me|eating (?:at )?me)\b|\bmy (?:\w+ )?(?:worry|worries|stress|problem|concern)\b|\bon my mind\b|\bthinking about\b|\b(?:hanging over|weighing on|playing on|getting at) me\b|\bwhat am i (?:waiting (?:for|on)|nervous (?:for|about)|unsure (?:about|of)|dreading)\b|\bwhat was i (?:unsure|nervous|anxious|worried|worry|worrying|stressing|scared) (?:about|of|for)\b|\bwhat i was (?:worry|worried|stressed|nervous|scared)\b|\bgot me (?:stressed|worried|down|anxious|nervous)\b|\bwhat(?:'s| is) the (?:\w+ )?drama\b/.test(
      clause,
    )
  )
    return "worry";
  if (/\bwhen(?:'s| is| was| are)?\b|\bwhat day\b|\bwhat date\b/.test(clause)) return "date";
  if (
    /\bwhat happened\b|\bwhat went\b|\bwhat (?:was|is) (?:the|my) (?:big )?news\b|\bwhat am i (?:waiting|hoping|dreading|starting|doing|getting)\b|\bwhat(?:'s| is| was) the (?:appointment|thing|deal|plan)\b|\bwhat did i (?:go through|get)\b|\bwhat (?:did|have) i (?:just )?(?:do|done)\b|\bwhat(?:'s| is) (?:happening|going on) with\b/.test(
      clause,
    )
  )
    return "event";
  if (
    /\bmy (?:job|work)\b|\bwhat do i do\b|\bwhere do i work\b|\bwhat(?:'s| is| was) my (?:job|work|profession)\b|\bwhat i do (?:all day|for (?:work|a living|money))\b|\bwhat (?:was|am|have) i (?:been )?doing all day\b|\bwhat(?:'s| is) my (?:day|days) like\b|\bwhat i do for\b|\bi do for (?:work|a living|money|a job)\b|\bwhat i do\s*\??$|\bwhat (?:am i|do i) (?:study|studying)\b|\bwhat i study\b|\bwhat (?:job|work)\b.*\bi\b/.test(
      clause,
    )
  )
    return "job";
  if (
    /\bwhere (?:do|did) i (?:live|stay|grow up|come from|move)\b|\bwhere(?:'s| is) home\b|\bwhere am i (?:from|living|based)\b|\b(?:what|which) (?:city|town|country|place)\b|\bwhere i live\b|\bwhere (?:am i|i am)\b|\bwhere\b.*\bi(?:'m| am)? (?:live|living|based|from)\b/.test(
      clause,
    )
  )
    return "place";
  if (
    /\bwhat(?: \w+){0,3} (?:do|did) i (?:like|love|enjoy|hate|dislike|say i (?:like|love|hate))\b|\bwhat(?: \w+)? (?:can't|cant) i stand\b|\bhobby|hobbies\b|\bwhat am i (?:into|obsessed|crazy|addicted)\b|\bmy fav(?:ou?rite)?\b|\bwhat (?:do|did) i say i (?:like|love)\b/.test(
      clause,
    )
  )
    return "like";
  if (/^who\b|\bwho(?:'s| is| was)\b/.test(clause)) return "person";
  if (/\b(?:he|she|they)\b/.test(clause) && /\b(?:where|what|when|why|how)\b/.test(clause)) return "event";
  if (REMEMBER.test(clause) && !/\b(?:what|how) (?:do|did|should|would) i do\b/.test(clause)) return "any";
  // any other question about the user's own life, asked as a question ("what did i lose at work?"):
  // answered from what they told, not left unanswered
  if (
    /\?\s*$/.test(clause) &&
    /^(?:what|whats|what's|where|when|who|which|why)\b/.test(clause) &&
    /\b(?:i|my|me|i'm|i've)\b/.test(clause) &&
    !ABOUT_YOU.test(clause) &&
    !/\b(?:should|could|would|can|shall) i\b|\bdo you think\b|\bwhat (?:do|did) i (?:do|say) (?:now|next|then)\b/.test(
      clause,
    )
  )
    return "any";
  return null;
}

/**
 * Every question of a message: about the character's life, or about the user. `remembered`: the
 * words of what the character knows of the user ("puppy", "wedding"), so that "what's the puppy
 * called again?" is read as asking about the user's puppy.
 */
export function readQuestions(
  message: string,
  remembered: ReadonlySet<string> = new Set(),
  /** words of what the user only said in passing: they count when the question is about "my" things */
  noted: ReadonlySet<string> = new Set(),
): Question[] {
  const questions: Question[] = [];
  // "tell me about your family and your favourite music": the second clause asks too
  // a message with a question mark asks in each of its clauses ("comfort film when you're sad, and what do you cook?")
  let asking = /\?/.test(message);
  let previous = "";
  for (const clause of questionClauses(message)) {
    // "my favourite film is Heat, what's yours?": the same question back
    if (
      /^(?:what(?:'s| is|s) yours|what about (?:you|u)|how about (?:you|u)|and (?:you|u|yours)|hbu|wbu|(?:you|u|yours)\s*\?)/.test(
        clause,
      ) &&
      previous
    ) {
      const turned = previous
        .replace(/\bmy\b/g, "your")
        .replace(/\bi(?:'m| am)\b/g, "you are")
        .replace(/\bi\b/g, "you")
        .replace(/\bme\b/g, "you");
      for (const item of canonTopics(`${turned}?`, true))
        questions.push({
          kind: "canon",
          topic: item.topic,
          clause: turned,
          ...(item.what ? { what: item.what } : {}),
        });
      continue;
    }
    previous = clause;
    const recall = recallTopic(clause);
    if (recall) {
      questions.push({ kind: "recall", topic: recall, clause });
      asking = true;
      continue;
    }
    const canon = canonTopics(clause, asking && ABOUT_YOU.test(clause));
    asking = canon.length > 0 || ASKS.test(clause);
    for (const item of canon)
      questions.push({ kind: "canon", topic: item.topic, clause, ...(item.what ? { what: item.what } : {}) });
    if (
      canon.length === 0 &&
      ASKS.test(clause) &&
      !ABOUT_YOU.test(clause) &&
      contentWords(clause).some(
        (word) => remembered.has(word) || (noted.has(word) && /\b(?:i|my|me|we|our)\b/.test(clause)),
      )
    )
      questions.push({
        kind: "recall",
        topic: /\b(?:called|name|named)\b/.test(clause) ? "pet" : "any",
        clause,
      });
  }
  // the same topic asked twice in one message is answered once
  return questions.filter(
    (question, index) =>
      questions.findIndex((other) => other.kind === question.kind && other.topic === question.topic) ===
        index || question.topic === "any",
  );
}
