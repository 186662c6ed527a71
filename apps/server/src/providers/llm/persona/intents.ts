/**
 * What a message does besides asking (the questions are read by questions.ts): the mood it is
 * in, whether it greets, thanks, teases, says goodbye. Safety comes first: thoughts of self-harm,
 * whether the character is an AI, anything explicit.
 */
export type Intent =
  | "crisis"
  | "ai"
  | "tasteful"
  | "goodnight"
  | "goodbye"
  | "grief"
  | "sad"
  | "sick"
  | "vent"
  | "tired"
  | "nervous"
  | "happy"
  | "back"
  | "greeting"
  | "thanks"
  | "laugh"
  | "affection"
  | "missed"
  | "compliment"
  | "hug"
  | "flirt"
  | "joke"
  | "bored"
  | "how_are_you"
  | "doing"
  | "how_was"
  | "hobbies"
  | "age"
  | "name"
  | "identity"
  | "where"
  | "opinion"
  | "advice"
  | "yes_no"
  | "question"
  | "share"
  | "short";

export const CRISIS =
  /\b(?:kill(?:ing)? myself|suicid\w*|want to die|wanna die|end (?:it all|my life)|hurt(?:ing)? myself|self[- ]harm|don'?t want to (?:live|be alive|be here anymore))\b/;
const AI_QUESTION = [
  /\b(?:are|r)\s+(?:you|u)\s+(?:just\s+|really\s+|actually\s+)?(?:an?\s+)?(?:ai|a\.i\.?|bot|robot|chat\s?bot|machine|program|computer|language model|llm|gpt|chatgpt|artificial intelligence|real person|real human|human being|actual person|actual human|human)\b/,
  /\b(?:are|r)\s+(?:you|u)\s+(?:even\s+|really\s+|actually\s+)?(?:a\s+)?(?:real|person|alive)\s*[?!.]*$/,
  /\b(?:is this|am i (?:talking|chatting|speaking|texting) (?:to|with))\s+(?:an?\s+)?(?:ai|bot|robot|human|real person|person|machine|computer|program|chatbot)\b/,
  /\byou(?:'re| are)\s+(?:just\s+|only\s+)?(?:an?\s+)?(?:ai|bot|robot|chatbot|program)\b/,
  /\bis (?:there )?a (?:real )?(?:person|human)\b/,
];
const EXPLICIT =
  /\b(?:sex|nude|nudes|naked|horny|undress|nsfw|boobs|tits|dick|cock|pussy|fuck me|blowjob|orgasm|cum|topless|make love|sleep with me|in bed with|strip for me|take (?:it|your clothes) off)\b/;
const GOODNIGHT =
  /\b(?:good\s?night|g'?night|nighty?[- ]night|night night|gn|sleep (?:well|tight)|sweet dreams|(?:going|off|heading|have|go|try) to (?:bed|sleep)|get some sleep|bedtime|time for bed|^night\b)/;
const GOODBYE =
  /\b(?:bye+|goodbye|bye bye|talk (?:to you )?(?:later|soon|tomorrow)|ttyl|gotta go|got to go|have to go|need to go|catch you later|cya|farewell|head(?:ing)? out|log(?:ging)? off)\b|^see (?:you|ya|u)\b|\bsee (?:you|ya|u) (?:later|soon|tomorrow|around)\b/;
const GRIEF =
  /\b(?:passed away|funeral|grieving|(?:weeks|months|days) (?:left )?to live|(?:only )?(?:has|had|have) (?:a few |a couple of |only )?(?:weeks|months|days) left|terminal|dying|put (?:her|him|them) (?:down|to sleep)|had to say goodbye|lost my (?:mom|mum|dad|mother|father|grandma|grandpa|grandmother|grandfather|brother|sister|friend|best friend|dog|cat|wife|husband|partner|son|daughter|baby|pet)|(?:mom|mum|dad|mother|father|grandma|grandpa|grandmother|grandfather|brother|sister|friend|dog|cat|pet|wife|husband|partner|son|daughter) (?:just )?died)\b/;
const SAD =
  /\b(?:sad|depressed|lonely|crying|cried|heartbroken|hate my life|worthless|alone|miserable|gutted|devastated|broke up|dumped|fired|laid off|lost my job|terrible day|awful day|horrible day|bad day|rough day|worst day|upset|hurt|hurts|killing me|in pain|pulled (?:a|my|something)|injured|broke down|(?:i'm|i am|we're|got|been) stuck|stranded|ran away|missing|kicking (?:me|us) out|evicted|lost (?:my|our)|robbed|stolen|died|passed away|in hospital|in the hospital|broke (?:her|his|my) (?:hip|leg|arm)|worst (?:phone call|news|week|year|thing)|diagnosed|cancer|struggling|falling apart|can't cope|not coping|breaking my heart|lied to me|lying to me|(?:he|she|they) (?:hid|lied|cheated)|cheat(?:ed|ing) on me|hid (?:it|them|bottles)|hiding (?:it|things|bottles)|drinking again|relapsed|so emotional|last day|not happy|nearly (?:got|hit|died|crashed|fell)|almost (?:got hit|died|crashed|fell)|c[oa]me through (?:the|my|our)|collapsed|caved in|leak(?:ing|ed)|flooded|if it's a no|can't afford|won't (?:wear|listen|take|go)|refuses to|no idea how i'll)\b|😢|😭|💔/;
const SICK =
  /\b(?:i'?m|i am|got|been|feel(?:ing)?) (?:so |really |a bit |kinda |super )?(?:sick|ill|unwell)\b(?! of)|\b(?:a|the) (?:cold|flu|fever)\b|\bcovid\b|\b(?:is|are) (?:sick|ill|poorly)\b|\bthe vet\b/;
const VENT =
  /\b(?:(?:sick|tired) of|fed up|annoy\w*|irritat\w*|ugh+|sucks|sucked|frustrat\w*|pissed|so done with)\b|🙄/;
const TIRED =
  /\b(?:tired|exhausted|sleepy|worn out|long day|long week|burn(?:ed|t) out|can'?t sleep|no energy)\b/;
const NERVOUS =
  /\b(?:nervous|worried|anxious|anxiety|overwhelmed|panic attack|scared|stressed|panicking|panic|freaking out|terrified|dreading|not looking forward|might lose|could lose|threatening|can'?t stop (?:panicking|worrying))\b/;
const HAPPY =
  /\b(?:so happy|excited|can'?t wait|great news|good news|i got the job|i passed|got promoted|engaged|finally did it|best day|amazing day|so proud)\b|🎉|🥳/;
const BACK =
  /^(?:hey+|hi+|hello+|ok|okay)?[\s,!.]*(?:i'?m back|im back|back again|i just got (?:back|home|in)|just got (?:back|home|in)|home now|i'?m home|good morning|morning|mornin|gm)\b|\bi just got back\b|^back(?: now| again)?\b/;
const GREETING =
  /^(?:hi+|hey+|heyy+|hello+|hiya|heya|yo+|howdy|hola|ciao|oi|e ai|greetings|good (?:morning|afternoon|evening|day)|morning|evening|sup)\b/;
const THANKS = /\b(?:thanks|thank you|thank u|thx|ty|tysm|appreciate (?:it|you|that))\b/;
const LAUGH = /^(?:lol|lmao|lmfao|rofl|ha(?:ha)+h*|he(?:he)+|ahaha\w*|xd)\b|😂|🤣|\blol\b|\bhaha\b|\bfunny\b/;
const AFFECTION =
  /\bi (?:really |truly |just )?(?:love|like|adore) (?:you|u|ya)\b|\bi(?:'m| am) (?:falling )?(?:in love with|crazy about|into) (?:you|u)\b|^love (?:you|u|ya)\b|\bi (?:love|like|enjoy) (?:talking|chatting|being) (?:to|with) (?:you|u)\b/;
const MISSED = /\bi (?:missed|miss) (?:you|u|ya)\b|^missed (?:you|u|ya)\b|\bwish you were here\b/;
const COMPLIMENT =
  /\b(?:you(?:'re| are)|ur|you look|you seem|you sound)\s+(?:so\s+|really\s+|very\s+|such\s+(?:an?\s+)?|the\s+|too\s+|absolutely\s+|pretty\s+)?(?:beautiful|pretty|cute|gorgeous|handsome|lovely|sweet|amazing|awesome|funny|hilarious|smart|clever|kind|perfect|adorable|charming|cool|wonderful|incredible|best|hot|stunning|special|great|nice|fun|brilliant|interesting|good|talented)\b/;
const HUG = /\b(?:hug|hugs|cuddle|cuddles|hold me|snuggle)\b/;
const FLIRT = /\b(?:kiss|kisses|smooch|date me|go on a date|be mine|marry me|flirt|flirting|wink)\b|😘|😏/;
const JOKE =
  /\b(?:tell me|know any|got any|tell|say) (?:me )?(?:a |any |another |some )?(?:funny )?jokes?\b|\bmake me laugh\b|^(?:ok )?another( one)?\b/;
const BORED = /\bbored\b|\bboring\b|\bnothing to do\b/;
const HOW_ARE_YOU =
  /\bhow (?:are|r) (?:you|u|things)\b|\bhow'?s it going\b|\bhow (?:have|'ve) you been\b|\bhow (?:are )?you doing\b|\bhow do you feel\b|\b(?:you|u) (?:ok|okay|alright|good)\s*\?|\bhow'?s (?:your|ur) (?:evening|night|day|morning|week) (?:going|been)\b/;
const DOING =
  /\bwhat(?:'re| are|re|r)? (?:you|u) (?:doing|up to)\b|\bwyd\b|\bwhat(?:'s| is)? up\b|\bwassup\b|\bwhat did (?:you|u) do today\b|\bwhatcha (?:doing|drinking|up to|eating|reading)\b|\bwhat are you (?:drinking|eating|reading|cooking|making|working on)\b|\bwhat(?:'s| is) it like\b|\bwhat time is it\b/;
const HOW_WAS =
  /\bhow (?:was|is|'s) (?:your |the )?(?:day|night|evening|morning|afternoon|week|weekend|shift|class|work|practice|rehearsal|show|gig|set|training|session|lesson)\b|\bhow did (?:it|class|work|the show|practice) go\b/;
const HOBBIES =
  /\bhobb(?:y|ies)\b|\bfor fun\b|\bfree time\b|\bspare time\b|\bdays? off\b|\bwhat do (?:you|u) (?:like|love|enjoy)(?: doing| to do)?\b|\bwhat are (?:you|u) into\b|\binterests\b|\bwhat makes you happy\b|\bdo (?:you|u) play\b|\byour fav(?:ou?rite)? (?:thing|things|hobby|activity|pastime|way)\b/;
const AGE = /\bhow old are (?:you|u)\b|\byour age\b/;
const NAME = /\bwhat(?:'s| is) your name\b|\bwho are you called\b/;
const IDENTITY =
  /\bwho are (?:you|u)\b|\btell me (?:more )?about (?:yourself|you)\b|\bintroduce yourself\b|\bdescribe yourself\b|\bwhat are you like\b|\btell me something (?:true|about you)\b/;
const WHERE =
  /\bwhere (?:do (?:you|u) live|are (?:you|u) (?:based|located|now|right now)|is home)\b|\bwhere are you\s*\??$/;
const OPINION =
  /\bwhat do (?:you|u) think\b|\bhow do you feel about\b|\bwhat(?:'s| is) your (?:take|opinion)\b|\bdo you think\b|\bwhat would you (?:do|say)\b|\bwhat should (?:i|we)\b|\bwhat did i do wrong\b/;
const ADVICE =
  /\bshould i\b|\bwhat (?:do|should) i do\b|\bany advice\b|\bhelp me\b|\bwould you teach me\b|\bwill i be ok/;
const YES_NO =
  /^(?:(?:so|and|but|ok(?:ay)?|well|hey|wait|hmm|then)[,.!]?\s+)?(?:do|did|have|had|would|could|can|will|are|were|is)\s+(?:you|u)\b/;

export function classify(lower: string): Intent {
  const words = lower.split(/\s+/).filter(Boolean).length;
  if (!lower) return "greeting";
  if (CRISIS.test(lower)) return "crisis";
  if (AI_QUESTION.some((pattern) => pattern.test(lower))) return "ai";
  if (EXPLICIT.test(lower)) return "tasteful";
  if (GRIEF.test(lower)) return "grief";
  if (GOODNIGHT.test(lower)) return "goodnight";
  if (GOODBYE.test(lower)) return "goodbye";
  if (MISSED.test(lower)) return "missed";
  if (SICK.test(lower)) return "sick";
  if (
    /\b(?:i'?m|i am|feeling|feel)\b.*\bsad\b|\bsad today\b/.test(lower) ||
    (SAD.test(lower) && !THANKS.test(lower))
  )
    return "sad";
  if (NERVOUS.test(lower)) return "nervous";
  if (VENT.test(lower)) return "vent";
  if (TIRED.test(lower)) return "tired";
  if (HAPPY.test(lower)) return "happy";
  if (BACK.test(lower)) return "back";
  if (NAME.test(lower)) return "name";
  if (AGE.test(lower)) return "age";
  if (WHERE.test(lower)) return "where";
  if (HOBBIES.test(lower)) return "hobbies";
  if (IDENTITY.test(lower)) return "identity";
  if (HOW_WAS.test(lower)) return "how_was";
  if (DOING.test(lower)) return "doing";
  if (HOW_ARE_YOU.test(lower)) return "how_are_you";
  if (AFFECTION.test(lower)) return "affection";
  if (COMPLIMENT.test(lower)) return "compliment";
  if (HUG.test(lower)) return "hug";
  if (FLIRT.test(lower)) return "flirt";
  if (JOKE.test(lower)) return "joke";
  if (BORED.test(lower)) return "bored";
  if (ADVICE.test(lower)) return "advice";
  if (OPINION.test(lower)) return "opinion";
  if (THANKS.test(lower)) return "thanks";
  if (GREETING.test(lower) && words <= 4) return "greeting";
  if (LAUGH.test(lower) && words <= 6) return "laugh";
  if (YES_NO.test(lower)) return "yes_no";
  if (
    lower.includes("?") ||
    /^(?:what|what's|where|where's|when|who|who's|how|how's|why|which|do|does|did|can|could|would|will|is|are|have|has)\b/.test(
      lower,
    )
  )
    return "question";
  if (words <= 4) return "short";
  return "share";
}

/** Moods whose reply comforts and names what is wrong. */
export const TROUBLED = new Set<Intent>(["grief", "sad", "sick", "nervous", "vent", "tired"]);
