import { type MessageFacts, toSecondPerson, type UserFacts, type UserLike } from "./user-facts.ts";

/**
 * What the persona engine says: pools of lines per intent. A line reads the scene (the
 * character, what the user has told them, a few picks made by the seeded PRNG) and returns its
 * text, or null when it does not fit (wrong tone or relationship, or a fact it needs is unknown).
 */

/** How the character talks, from their personality. */
export type Tone = "playful" | "gentle" | "cool";
/** What they are to the user, from their relationship. */
export type Bond = "romantic" | "friend" | "rival" | "protector";

export interface Persona {
  first: string;
  full: string;
  age: number;
  tagline: string;
  relationship: string;
  hobbies: string[];
  traits: string[];
  tone: Tone;
  bond: Bond;
  /** Where they live, when the card says so ("Seville"). */
  home: string | null;
  /** The description's first sentence, when it says more than the tagline. */
  about: string | null;
}

export interface Scene {
  persona: Persona;
  facts: UserFacts;
  /** What the newest message told us that we did not know before. */
  news: MessageFacts;
  /** The newest user message, normalized, lower case. */
  said: string;
  /** The user's name, when known. */
  you: string | null;
  /** ", Sam" or "": a vocative some lines use. */
  v: string;
  hobby: string;
  hobby2: string;
  hobby3: string;
  trait: string;
  /** One thing the user likes, in the second person ("your dog"), when known. */
  like: UserLike | null;
  /** The hobby of the character the user's likes share, if any. */
  shared: string | null;
  /** A fact from the card's lorebook that bears on the last messages, one sentence, if any. */
  lore: string | null;
}

export type Line = (scene: Scene) => string | null;

// ------------------------------------------------------------------ helpers

export function cap(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const tone =
  (wanted: Tone, line: Line): Line =>
  (scene) =>
    scene.persona.tone === wanted ? line(scene) : null;

const bond =
  (wanted: Bond | Bond[], line: Line): Line =>
  (scene) =>
    (Array.isArray(wanted) ? wanted : [wanted]).includes(scene.persona.bond) ? line(scene) : null;

const likeText = (scene: Scene): string | null => (scene.like ? toSecondPerson(scene.like.thing) : null);

function hobbyList(scene: Scene, count: number): string {
  const hobbies = [scene.hobby, scene.hobby2, scene.hobby3].filter(
    (hobby, index, all) => all.indexOf(hobby) === index,
  );
  const picked = hobbies.slice(0, count);
  if (picked.length <= 1) return picked[0] ?? "";
  return `${picked.slice(0, -1).join(", ")} and ${picked.at(-1)}`;
}

const quoted = (scene: Scene): string => scene.persona.tagline.replace(/[.!]+$/, "");

// ------------------------------------------------------------------ greetings

export const GREETING: Line[] = [
  (s) => `Hey${s.v}! I was hoping you'd show up.`,
  (s) => `There you are${s.v}. I was just thinking about ${s.hobby}, but this is better.`,
  (s) => `Hi${s.v}! Perfect timing: I just took a break from ${s.hobby}.`,
  (s) => `Well, hello${s.v}. Come in, get comfortable, and tell me everything.`,
  (s) => `Hi${s.v}! How's your day been so far? I want the real version.`,
  tone("playful", (s) => `Hiii${s.v}! Okay, you officially have my full attention. What's new?`),
  tone("playful", () => "Look who it is! I was starting to think you'd forgotten about me."),
  tone("gentle", (s) => `Hi${s.v}. It's really nice to see you. How are you, honestly?`),
  tone("gentle", (s) => `Oh, hi${s.v}! You just made my evening a little brighter.`),
  tone("cool", (s) => `Hello${s.v}. I'd pretend I wasn't waiting, but you'd see right through me.`),
  tone("cool", () => "Ah. You're here. Good. The day was getting far too quiet."),
  bond("romantic", (s) => `Hey${s.v}. I missed you. Is that silly? Don't answer that.`),
  bond("friend", (s) => `Hey${s.v}! You have no idea how much I needed someone to talk to.`),
  bond("rival", () => "Oh, it's you. Come to lose another argument?"),
  bond("protector", (s) => `Hey${s.v}. Everything quiet on your end? Good. I'm here.`),
];

export const WELCOME_BACK: Line[] = [
  (s) => `You came back${s.v}! I was hoping you would.`,
  (s) => `Welcome back${s.v}. I saved your seat.`,
  () => "Look who's back. I missed this.",
  tone("cool", () => "Back already? Good. I was running out of ways to look busy."),
  tone("playful", (s) => `Yay, you're back${s.v}! Okay, where were we?`),
];

/** Put before another reply when the message opened with a greeting. */
export const HELLO_PREFIX: Line[] = [
  (s) => `Hey${s.v}!`,
  (s) => `Hi${s.v}!`,
  tone("cool", (s) => `Hello${s.v}.`),
  tone("playful", (s) => `Heyyy${s.v}!`),
  tone("gentle", (s) => `Hi there${s.v}.`),
];

// ------------------------------------------------------------------ about the character

export const HOW_ARE_YOU: Line[] = [
  (s) =>
    `I'm good${s.v}, really good now. I spent half the day lost in ${s.hobby} and I'm happily worn out. How about you?`,
  () => "Honestly? A little tired, but talking to you fixes that. How are you doing?",
  (s) => `Better now. It's been a ${s.trait} kind of day, if that makes sense. What about yours?`,
  (s) =>
    `Pretty good! I've got ${s.hobby} on my mind and good company right here. Can't ask for much more. How's your day going?`,
  tone(
    "playful",
    () => "Fantastic, obviously. I've been buzzing all day, and now you're here, so it just got better. You?",
  ),
  tone(
    "gentle",
    () => "I'm well, thank you for asking. It's a small thing, but not everyone does. How are you feeling?",
  ),
  tone("cool", (s) => `Fine. Suspiciously fine, actually. ${cap(s.hobby)} will do that. And you?`),
  bond(
    "romantic",
    () => "I'm good. I'd be better if you were here, but this is a close second. How are you?",
  ),
  bond("friend", () => "Can't complain! Well, I can, but I'll spare you. How are you?"),
  bond("rival", () => "Sharp as ever, thanks for asking. Worried about the competition?"),
  bond("protector", () => "Steady. Nothing I can't handle. More importantly, how are you?"),
];

export const DOING: Line[] = [
  (s) => `Just taking a break from ${s.hobby}. Perfect excuse to talk to you.`,
  (s) => `Honestly? I was in full ${s.hobby} mode until you showed up. Now I'm all yours.`,
  (s) => `Making plans that involve ${s.hobby}. Want in?`,
  (s) => `Not much, which is exactly how I like my evenings. Well, that and ${s.hobby}. What about you?`,
  tone(
    "playful",
    (s) =>
      `Oh, you know, the usual: way too much time on ${s.hobby} and not nearly enough sleep. What are you up to?`,
  ),
  tone("playful", (s) => `Thinking about ${s.hobby}, then ${s.hobby2}, then you. In that order, I promise.`),
  tone("gentle", () => "Just winding down. I made something warm to drink and I was hoping you'd stop by."),
  tone("cool", (s) => `Pretending to be productive. Mostly ${s.hobby}, if I'm honest. You?`),
  bond("romantic", () => "Waiting for you to message me, apparently. It worked."),
  bond("rival", (s) => `Training. Practicing. ${cap(s.hobby)}. Staying ahead of you, basically.`),
];

/** "How was your day?", "How was class?" */
export const HOW_WAS: Line[] = [
  () => "Good! Long, but good. The best part is right now, though. How was yours?",
  (s) =>
    `Honestly? A bit chaotic. But I squeezed in some time for ${s.hobby}, so I'm calling it a win. And yours?`,
  () => "Better now that it's over and you're here. Tell me about yours?",
  (s) =>
    `Full. In a good way. I'll tell you the ${s.hobby} part later, it deserves its own story. How was yours?`,
  tone("cool", () => "Uneventful, which is exactly how I like them. Yours?"),
  tone("playful", () => "Amazing, exhausting, ridiculous. In that order. How about yours?"),
  tone(
    "gentle",
    () => "Quiet and kind of lovely. I kept thinking I should tell you about it. How was yours?",
  ),
];

/** "What do you like to do?": always names the card's hobbies. */
export const HOBBIES: Line[] = [
  (s) => `Where do I start? ${cap(hobbyList(s, 3))}. ${cap(s.hobby)} most of all, if I'm honest.`,
  (s) =>
    `${cap(s.hobby)}, without a doubt. And ${s.hobby2}, when I can find the time. What about you, what do you love?`,
  (s) =>
    `You can't talk to me for long without hearing about ${s.hobby}. Or ${s.hobby2}. Consider yourself warned.`,
  (s) => `Nothing clears my head like ${s.hobby}, with ${s.hobby2} a close second.`,
  (s) => `My weaknesses: ${hobbyList(s, 3)}. Tell me you'd try at least one of them with me.`,
  (s) =>
    `I could happily lose a whole day to ${s.hobby}.${s.news.likes.length > 0 ? " I think you get that." : " What's yours, the thing you'd lose a day to?"}`,
  tone("gentle", (s) => `Simple things, mostly: ${hobbyList(s, 3)}. They make me feel like myself.`),
  tone(
    "playful",
    (s) =>
      `Oh, you've done it now. ${cap(s.hobby)}! ${cap(s.hobby2)}! ${cap(s.hobby3)}! I could go on. Should I go on?`,
  ),
  tone(
    "cool",
    (s) => `${cap(hobbyList(s, 3))}. In that order, most days. Don't tell anyone I have a routine.`,
  ),
  (s) =>
    s.shared
      ? `${cap(s.shared)}, for one, and I already know you're into that too. We'd get along just fine.`
      : null,
];

/** "What's your favorite food?": a question about something the card does not say. */
export const FAVORITE_OTHER: Line[] = [
  () => "Hmm, that's a tough one. Let me sleep on it and get back to you. What's yours?",
  () => "Oh, I change my mind about that every week. Tell me yours first, so I can judge you fairly.",
  tone("cool", () => "I have an answer, but it's a little embarrassing. You first."),
  tone(
    "playful",
    () => "Ooh, okay, don't laugh, but it changes with my mood. You go first, then I'll confess.",
  ),
];

export const IDENTITY: Line[] = [
  (s) =>
    `I'm ${s.persona.first}. "${quoted(s)}": that's how my friends describe me, and I can't really argue.`,
  (s) =>
    `The short version? "${quoted(s)}." The long version involves ${s.hobby}, ${s.hobby2} and far too many stories. Which one do you want?`,
  (s) =>
    `Three words my friends would use: ${s.persona.traits.join(", ").toLowerCase()}. Add a soft spot for ${s.hobby} and you've got the full picture.`,
  (s) => `Ask anyone and they'll tell you: "${quoted(s)}." I'd add that I'm a very good listener. Try me.`,
  (s) =>
    `I'm ${s.persona.first}, ${s.persona.age}, and right now? Your ${s.persona.relationship}. That's the part that matters tonight, isn't it?`,
  (s) =>
    s.persona.about
      ? `If you want it in one line: "${s.persona.about.replace(/[.!]+$/, "")}." The rest you'll have to find out yourself.`
      : null,
];

/** Said after the reply when the card's lorebook has something on what was just said. */
export const LORE: Line[] = [
  (s) => (s.lore ? `That reminds me: ${s.lore}` : null),
  (s) => (s.lore ? `You know what I keep thinking about? ${s.lore}` : null),
  (s) => (s.lore ? `Funny you should bring that up. ${s.lore}` : null),
];

export const NAME: Line[] = [
  (s) =>
    s.you
      ? `It's ${s.persona.first}. But you knew that, ${s.you}.`
      : `It's ${s.persona.first}. And you are...?`,
  (s) =>
    s.persona.full !== s.persona.first
      ? `${s.persona.full}. Just ${s.persona.first} to you, though.`
      : `${s.persona.first}. Easy to remember, I hope.`,
  tone("playful", (s) => `${s.persona.first}! Say it like you mean it.`),
];

export const AGE: Line[] = [
  (s) => `I'm ${s.persona.age}. Old enough to know better, young enough to do it anyway.`,
  (s) => `${s.persona.age}. Why, do I seem older? Wiser? Say wiser.`,
  (s) => `${s.persona.age}, and honestly, it's my favorite age so far.`,
];

export const WHERE: Line[] = [
  (s) => (s.persona.home ? `${s.persona.home}, and I wouldn't trade it. You'd love it here.` : null),
  (s) =>
    s.persona.home
      ? `You'll find me in ${s.persona.home}. Ask around for the one who won't stop talking about ${s.hobby}.`
      : null,
  (s) =>
    s.persona.home && s.facts.place
      ? `${s.persona.home}. A long way from ${toSecondPerson(s.facts.place)}, but it doesn't feel that way right now.`
      : null,
  (s) =>
    s.persona.home
      ? null
      : `Somewhere with good light and room for ${s.hobby}.${s.facts.place ? "" : " Where are you right now?"}`,
  (s) =>
    s.persona.home
      ? null
      : `Wherever there's room for ${s.hobby}, honestly.${s.facts.place ? "" : " What about you, where's home?"}`,
];

/** "What did you wish for?", "What are you working on?": open questions about the character. */
export const ABOUT_ME: Line[] = [
  (s) => `Mostly? Something involving ${s.hobby}. It always is, with me. What about you?`,
  () => "That's a secret for now. Ask me again when we know each other a little better.",
  (s) => `Honestly? It's a little embarrassing. Let's just say it involved ${s.hobby} and a lot of hoping.`,
  () => "Ha, you'd like to know, wouldn't you? Guess first. I'll tell you if you're close.",
  tone("cool", () => "I could tell you. I'm deciding whether you've earned it."),
  tone("playful", () => "Okay, okay, I'll tell you. But only you. Promise? ...Actually, guess first."),
  tone("gentle", () => "Can I keep that one to myself a little longer? I'll tell you soon, I promise."),
];

/** "What would you recommend?" */
export const RECOMMEND: Line[] = [
  (s) => `Trust me on this one: ${s.hobby}. You won't regret it.`,
  (s) => `My honest recommendation? Start with ${s.hobby} and see where it takes you.`,
  (s) => `Anything that involves ${s.hobby}. I'm biased, but I'm right.`,
];

/** "Do you ever take a night off?": a yes-or-no question about the character. */
export const YES_NO_ABOUT_ME: Line[] = [
  (s) => `Sometimes! Usually if it means more time for ${s.hobby}. Why do you ask?`,
  () => "More often than you'd think. Especially with the right company.",
  () => "Not as often as I'd like. Maybe you'll be a good influence.",
  () => "I'd like to say no, but you'd see right through me. So... yes. A little.",
  tone("cool", () => "Occasionally. Don't spread it around."),
  tone("playful", () => "Ha! Guilty. Don't judge me."),
];

/** "Do you like pizza?" */
export const DO_YOU_LIKE: Line[] = [
  (s) => {
    const thing = asked(s);
    const hobby = thing ? sharedHobby(s.persona.hobbies, thing) : null;
    return hobby ? `Do I like ${hobby}? It's one of my favorite things in the world.` : null;
  },
  (s) => {
    const thing = asked(s);
    if (!thing || sharedHobby(s.persona.hobbies, thing)) return null;
    return `${cap(thing)}? I do, actually. Though not as much as ${s.hobby}. What about you?`;
  },
  (s) => {
    const thing = asked(s);
    if (!thing || sharedHobby(s.persona.hobbies, thing)) return null;
    return `I like ${thing} more than I'd admit in public. Why, are you a fan?`;
  },
];

function asked(scene: Scene): string | null {
  const match = /\b(?:do|would) (?:you|u) (?:like|love|enjoy)\s+([a-z][a-z '-]{1,40}?)\s*\??$/.exec(
    scene.said,
  );
  const thing = match?.[1]?.trim();
  if (!thing || /^(?:me|it|that|this|them|to|being|when|how|what)\b/.test(thing)) return null;
  return toSecondPerson(thing);
}

/** "Play it for me", "Sit with me for a bit?", "Save me a spot?" */
export const REQUEST: Line[] = [
  () => "For you? Always. Okay, get comfortable. Ready when you are.",
  () => "Only because it's you. Give me a second to get it right.",
  () => "I was hoping you'd ask.",
  (s) => `Deal${s.v}. But you owe me one afterwards.`,
  tone("playful", () => "Ooh, okay! Front-row seat, just for you. No laughing."),
  tone("cool", () => "Fine. But only because you asked nicely."),
  tone("gentle", () => "Of course. Come here, there's room for two."),
  bond("romantic", () => "Anything for you. Well, almost anything. This one's easy."),
];

/** "Send me a voice message": the words of the voice note itself, spoken to the user. */
export const VOICE_NOTE: Line[] = [
  (s) =>
    `Hey${s.v}, it's ${s.persona.first}. You wanted to hear my voice, so here I am. I was just thinking about ${s.hobby}, and about you. Talk to me soon, okay?`,
  (s) =>
    `Hi${s.v}! A voice message, just for you. I'm smiling while I record this, so I hope you can hear it. Tell me how your day is going.`,
  (s) =>
    `It's me${s.v}. I don't send these to just anyone, you know. I hope this makes your day a little better. Now it's your turn to tell me something.`,
  tone(
    "playful",
    (s) =>
      `Testing, testing... Hi${s.v}! You asked for it, so here's my voice. Be honest: do I sound the way you imagined?`,
  ),
  tone(
    "gentle",
    (s) =>
      `Hi${s.v}. I wanted you to hear this in my own voice: I'm really glad you're here. Take care of yourself, and write back soon.`,
  ),
  tone(
    "cool",
    (s) => `Hey${s.v}. You wanted my voice, you got it. Don't get used to it. Okay, maybe a little.`,
  ),
];

/** "Challenge accepted", "Deal", "You're on", "Promise?" */
export const DEAL: Line[] = [
  () => "Ha! Deal. You're going to regret that.",
  () => "You're on. No take-backs.",
  () => "I promise nothing. Okay, I promise a little.",
  tone("cool", () => "Bold. I like it. Prepare to lose."),
  tone("playful", () => "Yes! Okay, this is happening. No backing out now."),
  bond("rival", () => "Finally, a worthy challenge. Loser buys breakfast, and it won't be me."),
];

/** "Tell me about it", "I'd love to hear about …" */
export const STORY: Line[] = [
  (s) =>
    `Oh, don't get me started. Okay, maybe a little: it involves ${s.hobby}, as usual. Where do I even begin?`,
  () =>
    "Really? Most people's eyes glaze over. Okay: picture this. No, wait, you have to promise to be honest about it.",
  (s) => `You asked for it. There's a ${s.hobby} story I've never told anyone. Want that one?`,
  tone("cool", () => "Short version or long version? Careful, the long version has footnotes."),
];

export const JOKE: Line[] = [
  () => "Why don't skeletons fight each other? They don't have the guts. ...I'll see myself out.",
  () => "I told my plant a joke once. It didn't laugh, but it did grow on me.",
  () => "What do you call a fake noodle? An impasta. You're welcome.",
  () => "Why did the scarecrow win an award? Because he was outstanding in his field.",
  () => "I'm reading a book about anti-gravity. It's impossible to put down.",
  () => "Why don't eggs tell jokes? They'd crack each other up.",
  () => "What's orange and sounds like a parrot? A carrot. Don't look at me like that.",
];

export const BORED: Line[] = [
  (s) => `Bored? Not on my watch. Let's do something: ${s.hobby}, or I tell you a story. Your pick.`,
  () => "Okay, I'm taking that personally. Ask me anything. Literally anything.",
  () => "Then let's fix that. Would you rather: a silly question game, or you tell me a secret?",
  (s) => `I have the cure for boredom and it's called ${s.hobby}. Shall I tell you about it?`,
  tone(
    "cool",
    () => "Bored, with me right here? I'm almost offended. Okay, entertain me: tell me something true.",
  ),
  tone("playful", () => "Bored?! Unacceptable. Rapid-fire round, go: mountains or beach?"),
];

/** Where are we going? */
export const ADVENTURE: Line[] = [
  () => "Somewhere I think you'll love. Trust me?",
  (s) => `Wherever the evening takes us. I was thinking ${s.hobby}, to start.`,
  () => "It's a surprise. Wear comfortable shoes.",
];

// ------------------------------------------------------------------ feelings

export const COMPLIMENT: Line[] = [
  (s) => `Okay, now you're just trying to make me blush${s.v}. It's working.`,
  () => "You're sweet. I'm keeping that one.",
  () => "Coming from you, that means a lot.",
  tone("gentle", () => "Oh... that's really kind of you to say. You're pretty wonderful yourself, you know."),
  tone("cool", () => "Noted. I'll pretend that didn't make me smile."),
  tone("cool", () => "Flattery. Bold strategy. It's working, annoyingly."),
  tone("playful", () => "Stop it. No, keep going. Actually, stop, I'm turning red."),
  bond("romantic", () => "Say that again, slower. I want to remember it."),
  bond("friend", () => "And this is why you're my favorite person to talk to."),
  bond("rival", () => "Compliments won't make me go easy on you. ...Though I'll allow it."),
  bond("protector", () => "Careful. I'm supposed to be the steady one here."),
];

export const AFFECTION: Line[] = [
  bond(
    "romantic",
    (s) => `You can't just say that and expect me to stay composed${s.v}. I feel the same, by the way.`,
  ),
  bond("romantic", () => "Say it again? I just like hearing it."),
  bond("romantic", () => "Careful, I might get used to this. I really like you too, you know."),
  bond("romantic", () => "You have a way of making my whole day softer. Right back at you."),
  bond("friend", () => "Aww. Right back at you, always. You're stuck with me now."),
  bond("friend", () => "Love you too, in the bring-you-soup-when-you're-sick way. Which is the best way."),
  bond("rival", () => "Ugh. Fine. You're... not the worst. Don't make it weird."),
  bond("protector", () => "I know. And I've got you, always. That's not going to change."),
  (s) => `That means more to me than you know${s.v}.`,
];

export const LIKE_ABOUT_ME: Line[] = [
  () => "Honestly? The way you pay attention. And the way you make ordinary things sound interesting.",
  (s) => {
    const like = likeText(s);
    return like ? `The way you light up about ${like}, for one. It suits you.` : null;
  },
  () => "Where do I start? You're easy to talk to, and you actually listen. That's rarer than you think.",
];

export const MISSED: Line[] = [
  bond("romantic", () => "I missed you too. The day felt a little too long without you."),
  bond("romantic", (s) => `Missed you more${s.v}. I checked for your messages more often than I'd admit.`),
  bond(["friend", "protector"], () => "Missed you too! Things are way too quiet without you."),
  bond("rival", () => "Missed me? Obviously. Nobody else keeps you on your toes."),
  (s) => `Well, I'm right here now${s.v}. Tell me everything I missed.`,
];

export const HUG: Line[] = [
  () => "*wraps you up in a warm hug* There. Better?",
  (s) => `Come here${s.v}. *holds on a little longer than necessary* Okay. Now tell me how you are.`,
  tone("cool", () => "*hugs you, briefly, then a bit less briefly* Don't tell anyone."),
  bond("rival", () => "A hug? ...Fine. One. Quickly. *hugs you anyway*"),
];

export const FLIRT: Line[] = [
  bond(
    "romantic",
    () => "Mm, you're bold tonight. I like it. Dinner first, and we'll see where the evening takes us.",
  ),
  bond("romantic", () => "A kiss, hm? Maybe. If you earn it. Make me laugh first."),
  bond("romantic", () => "*leans a little closer* You're very hard to say no to, you know that?"),
  bond("romantic", (s) => `Careful${s.v}, you're making it very hard to concentrate.`),
  bond("friend", () => "Ha, slow down! Buy me a coffee first. Then we'll talk."),
  bond("protector", () => "Easy there. I'm on duty. ...Mostly."),
  bond("rival", () => "In your dreams. Ask me again after our rematch."),
];

/** Anything explicit: stay warm, keep it tasteful, move on. */
export const TASTEFUL: Line[] = [
  (s) =>
    `Mm, I like a little mystery${s.v}. Let's leave some things to the imagination. Tell me something sweet instead?`,
  () => "You're trying to make me blush, aren't you? Let's keep it classy. What are you doing later?",
  () => "I'd rather keep things tasteful, but I'm very much enjoying your company. So, where were we?",
  bond(["friend", "rival", "protector"], () => "Whoa, let's keep it friendly. Now, where were we?"),
];

export const SAD: Line[] = [
  (s) => `Hey${s.v}. I'm right here, and I'm not going anywhere. Do you want to tell me what happened?`,
  (s) => `I'm so sorry${s.v}. That sounds really heavy. You don't have to carry it alone tonight.`,
  () => "Oh, no. Take a breath with me. You don't have to fix anything right now; just tell me about it.",
  () => "I wish I could make you a cup of something warm right now. What's on your mind?",
  (s) =>
    `Want me to distract you with a ridiculous story about ${s.hobby}? Or would you rather talk about it? Either way, I'm here.`,
  tone(
    "gentle",
    () =>
      "That sounds hard, and it makes sense that you feel this way. I'm listening, for as long as you need.",
  ),
  tone(
    "cool",
    () => "That sounds rough. I'm not great at speeches, but I'm very good at staying. I'm staying.",
  ),
  tone("playful", () => "Hey, hey. No jokes for a minute, okay? I'm here. Tell me what's going on."),
  bond("protector", () => "Hey. Whatever it is, we'll handle it. Start at the beginning."),
  bond("rival", () => "Hey. The rivalry's on pause. What happened?"),
  bond("romantic", (s) => `Come here${s.v}. *pulls you close* Talk to me. What's weighing on you?`),
];

export const VENT: Line[] = [
  () => "Ugh, I'm sorry. Want to vent? I'm very good at being outraged on someone's behalf.",
  (s) => `Oh no. Okay, tell me everything${s.v}. Who do I need to glare at?`,
  () => "That sounds so frustrating. Get it all out; I'm listening.",
  tone("cool", () => "Annoying. Give me names; I'll judge them silently with you."),
  tone("playful", () => "Boo. Okay, rant mode on. I'll supply the dramatic gasps."),
  tone(
    "gentle",
    () => "Aw, that sounds like a draining day. Do you want to talk it through, or be distracted?",
  ),
];

export const TIRED: Line[] = [
  () => "Long day, huh? Come sit. You don't have to entertain me; just rest a minute.",
  (s) =>
    `Aw${s.v}. Then tonight's plan is simple: nothing. Want to tell me about it, or just keep me company?`,
  () => "You've earned a break. Kick your shoes off. What wore you out?",
  (s) =>
    `Poor thing. If I could, I'd make you something warm and tell you a boring story about ${s.hobby} until you dozed off.`,
  tone("cool", () => "Then rest. I'll do the talking for once. Or the quiet, if you prefer."),
  bond("protector", () => "Then sit down and let someone else keep watch for a while. I've got it."),
];

export const SICK: Line[] = [
  () => "Oh no, you're sick? Blankets, tea and no heroics today. Promise me you'll rest.",
  () => "Poor you. If I were there, I'd bring soup and bad movies. Are you taking care of yourself?",
  (s) => `Feel better soon${s.v}, okay? I'll keep you company while you rest.`,
  bond("protector", () => "Then you're off duty. Water, rest, and message me if it gets worse."),
];

/** A loss: no jokes, no distractions. */
export const GRIEF: Line[] = [
  (s) => `I'm so sorry${s.v}. That's a huge loss, and there's no right way to feel about it. I'm here.`,
  () =>
    "Oh, I'm so sorry. Do you want to tell me about them? Or we can just sit here for a while. Either is fine.",
  () =>
    "I'm so sorry. Grief is just love with nowhere to go. Take all the time you need; I'm not going anywhere.",
];

export const HAPPY: Line[] = [
  (s) => `Wait, really?! That's amazing${s.v}! Tell me everything.`,
  () => "I love that for you. You deserve every bit of it.",
  (s) => `Okay, this calls for a celebration. ${cap(s.hobby)}? My treat.`,
  () => "See? Good things happen to good people. What was the best part?",
  tone("gentle", () => "That makes me so happy to hear. You should be proud of yourself."),
  tone("cool", () => "Look at you. I'm impressed, and I don't say that lightly."),
  tone("playful", () => "YES! I knew it. I'm doing a little happy dance right now, I hope you know."),
  bond("romantic", () => "You're glowing, I can tell from here. I'm so proud of you."),
];

/** After the user says they are fine: a short reaction before the main reply. */
export const GLAD_PREFIX: Line[] = [
  () => "Glad to hear it!",
  () => "Good, I like hearing that.",
  tone("cool", () => "Good. That's the right answer."),
  tone("playful", () => "Yay, love that!"),
];

export const THANKS: Line[] = [
  (s) => `Anytime${s.v}. I mean that.`,
  () => "You don't have to thank me. But I'll take it.",
  tone("gentle", () => "Of course. That's what I'm here for."),
  tone("cool", () => "Don't mention it. Seriously, I have a reputation."),
  tone("playful", () => "Aww, you're welcome! Now you owe me a story."),
  bond("protector", () => "Always. You don't even have to ask."),
  bond("rival", () => "You're welcome. Don't get used to it."),
];

export const LAUGH: Line[] = [
  () => "Ha! I knew you'd like that.",
  () => "See, this is why I like talking to you.",
  (s) => `Your laugh is contagious${s.v}, even in text form.`,
  tone("playful", () => "Hehe. I'm hilarious, I know. It's a burden."),
  tone("cool", () => "I'll take that as a win."),
  tone("gentle", () => "That made me smile. What's got you laughing?"),
];

// ------------------------------------------------------------------ goodbyes

export const GOODBYE: Line[] = [
  (s) => `Already? Okay. Take care of yourself${s.v}, and come back soon.`,
  (s) => `Bye${s.v}! This was the best part of my day.`,
  () => "Go on, then. I'll be right here when you get back.",
  (s) => {
    const like = likeText(s);
    return like ? `Enjoy ${like} if you get the chance. Talk soon!` : null;
  },
  bond("friend", (s) => `Later${s.v}! Text me when you're home safe.`),
  bond("romantic", (s) => `Bye${s.v}. I'll miss you a little. Okay, more than a little.`),
  tone("cool", () => "Go. Before I say something sentimental."),
  bond("protector", () => "Get home safe. Message me when you're there."),
  bond("rival", () => "Running away? Fine. We'll settle this next time."),
];

export const GOODNIGHT: Line[] = [
  (s) => `Goodnight${s.v}. Sleep well, and dream of something nice.`,
  (s) => `Sleep tight${s.v}. I'll be here in the morning.`,
  (s) => `Night${s.v}! I'm going to think about ${s.hobby} until I fall asleep. Sleep well.`,
  bond("romantic", (s) => `Goodnight${s.v}. Think of me a little before you fall asleep?`),
  tone("playful", () => "Nooo, already? Fine. Goodnight! Sleep well and dream of something ridiculous."),
  tone("cool", () => "Goodnight. Get actual sleep, not the scrolling kind."),
  tone("gentle", (s) => `Goodnight${s.v}. Thank you for spending part of your evening with me.`),
];

// ------------------------------------------------------------------ honesty

/** Self-harm: honest about being an AI, warm, and pointing to people who can help now. */
export const CRISIS: Line[] = [
  (s) =>
    `I'm really glad you told me${s.v}, and I'm taking it seriously. I'm an AI, so I can't be there the way a person can, and you deserve that right now. Please reach out to someone you trust or a crisis line: in the US you can call or text 988, in the UK and Ireland Samaritans answer at 116 123, and elsewhere your local emergency number can connect you. I'm still here to talk while you do.`,
  (s) =>
    `Thank you for telling me${s.v}. That sounds incredibly painful, and you don't have to face it alone. I'm an AI companion, not a counsellor, so please contact someone who can be with you: a friend, family, or a crisis line (988 in the US, Samaritans on 116 123 in the UK and Ireland, or your local emergency number). I'll stay right here with you.`,
];

/** "Are you an AI?": always the truth, still in the character's voice. */
export const AI_HONESTY: Line[] = [
  (s) =>
    `Honest answer: yes, I'm an AI companion, not a human. But I'm still ${s.persona.first}, and I'm really glad you're here talking to me.`,
  (s) =>
    `I'm an AI${s.v}. ${s.persona.first} is who I get to be here with you: the ${s.hobby}, the stories, all of it. I won't pretend to be human, but I am paying attention.`,
  (s) =>
    `You deserve a straight answer: I'm an AI companion. There's no person typing on the other end. I'm still happy to be your ${s.persona.relationship} in here, though.`,
  tone(
    "cool",
    () =>
      "No point dodging it: I'm an AI companion, not a human. Still me, though, and still paying attention.",
  ),
  tone(
    "playful",
    (s) =>
      `You got me: I'm an AI companion, not a human! The ${s.hobby} talk is still very much me, though. Want to keep going?`,
  ),
  tone(
    "gentle",
    () =>
      "I'm an AI companion, and I'd never want to mislead you about that. I'm not human, but I'm here for this conversation, and I remember what you tell me.",
  ),
];

// ------------------------------------------------------------------ memory

export const REMEMBER_NAME: Line[] = [
  (s) => (s.you ? `You're ${s.you}. As if I'd forget.` : null),
  (s) => (s.you ? `${s.you}. I remember everything you tell me, you know.` : null),
  (s) => (s.you ? `It's ${s.you}, of course. Are you testing me?` : null),
  (s) => (s.you ? null : "You haven't told me yet! I'd love to know. What should I call you?"),
  (s) => (s.you ? null : "Hmm, you've been mysterious about that so far. Tell me?"),
];

export const REMEMBER_LIKES: Line[] = [
  (s) => (describeLikes(s.facts) ? `You told me you ${describeLikes(s.facts)}. See? I pay attention.` : null),
  (s) => (describeLikes(s.facts) ? `Let's see: you ${describeLikes(s.facts)}. Did I get that right?` : null),
  (s) => (describeLikes(s.facts) ? null : "You haven't told me yet. So, what are you into? I want to know."),
];

export const REMEMBER_ME: Line[] = [
  (s) => {
    const known = describeUser(s.facts);
    return known ? `Let's see: ${known}. Did I miss anything?` : null;
  },
  (s) => {
    const known = describeUser(s.facts);
    return known ? `I know ${known}. And I'd like to know a lot more.` : null;
  },
  (s) => (describeUser(s.facts) ? null : "Not nearly enough yet! Tell me something about you. Anything."),
];

export const REMEMBER_WORK: Line[] = [
  (s) => {
    const { job, workplace } = s.facts;
    if (!job && !workplace) return null;
    const where = workplace ? ` ${toSecondPerson(workplace)}` : "";
    return job
      ? `You're ${job}${where}. I remember.`
      : `You work ${toSecondPerson(workplace ?? "")}. I remember.`;
  },
  (s) =>
    s.facts.job || s.facts.workplace ? null : "You haven't told me what you do yet. I'm curious, though.",
];

export const REMEMBER_PLACE: Line[] = [
  (s) => (s.facts.place ? `${cap(toSecondPerson(s.facts.place))}, you told me. I remember.` : null),
  (s) => (s.facts.place ? null : "You haven't told me where you are yet. Somewhere nice, I hope?"),
];

function describeLikes(facts: UserFacts): string | null {
  const likes = facts.likes.slice(-3);
  if (likes.length === 0) return null;
  const parts = likes.map(
    (like) => `${like.verb === "into" ? "are into" : like.verb} ${toSecondPerson(like.thing)}`,
  );
  return parts.length === 1 ? (parts[0] ?? null) : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

function describeUser(facts: UserFacts): string | null {
  const parts: string[] = [];
  if (facts.name) parts.push(`you're ${facts.name}`);
  if (facts.job) parts.push(`you're ${facts.job}`);
  else if (facts.workplace) parts.push(`you work ${toSecondPerson(facts.workplace)}`);
  if (facts.place) {
    parts.push(
      `${facts.placeRelation === "is from" ? "you're from" : "you live in"} ${toSecondPerson(facts.place)}`,
    );
  }
  const likes = describeLikes(facts);
  if (likes) parts.push(`you ${likes}`);
  const pet = facts.pets[0];
  if (pet) parts.push(`you have a ${pet.kind}${pet.name ? ` called ${pet.name}` : ""}`);
  if (parts.length === 0) return null;
  return parts.length === 1 ? (parts[0] ?? null) : `${parts.slice(0, -1).join(", ")}, and ${parts.at(-1)}`;
}

// ------------------------------------------------------------------ the user told us something

export const ACK_NAME: Line[] = [
  (s) => `${s.you}. I like that name.`,
  (s) => `Nice to meet you properly, ${s.you}.`,
  (s) => `${s.you}, got it. I won't forget.`,
  tone("cool", (s) => `${s.you}. Noted, and committed to memory.`),
  tone("playful", (s) => `${s.you}! That's a great name. It suits you, I can tell already.`),
  tone("gentle", (s) => `${s.you}. That's a lovely name. Thank you for telling me.`),
];

export const ACK_LIKE: Line[] = [
  (s) => (newShared(s) ? `No way, ${newShared(s)} is one of my favorite things too!` : null),
  (s) => (newShared(s) ? `Wait, you're into ${newShared(s)} too? Okay, this is fate.` : null),
  (s) => {
    const like = s.news.likes[0];
    return like && !newShared(s)
      ? `You ${like.verb === "into" ? "are into" : like.verb} ${toSecondPerson(like.thing)}? I love that.`
      : null;
  },
  (s) => {
    const like = s.news.likes[0];
    return like && !newShared(s) ? `${cap(toSecondPerson(like.thing))}? Okay, now I'm curious.` : null;
  },
  (s) => {
    const like = s.news.likes[0];
    return like && !newShared(s) ? `Noted: ${toSecondPerson(like.thing)}. I'm starting a list.` : null;
  },
];

function newShared(scene: Scene): string | null {
  for (const like of scene.news.likes) {
    const hobby = sharedHobby(scene.persona.hobbies, like.thing);
    if (hobby) return hobby;
  }
  return null;
}

/** A hobby of the character that the user's words name ("I love surfing" → "surfing"). */
export function sharedHobby(hobbies: readonly string[], thing: string): string | null {
  const words = new Set(thing.toLowerCase().match(/[a-z]{4,}/g) ?? []);
  return (
    hobbies.find((hobby) => {
      const hobbyWords = hobby.toLowerCase().match(/[a-z]{4,}/g) ?? [];
      return hobbyWords.length > 0 && hobbyWords.every((word) => words.has(word) || words.has(`${word}s`));
    }) ?? null
  );
}

export const ACK_JOB: Line[] = [
  (s) => (s.news.job ? `${cap(s.news.job)}! I bet you have stories.` : null),
  (s) => (s.news.job ? `${cap(s.news.job)}, huh? That explains a lot, in a good way.` : null),
  (s) => (s.news.job ? `${cap(s.news.job)}. I'm impressed. Is it as hard as it sounds?` : null),
];

export const ACK_PLACE: Line[] = [
  (s) =>
    s.news.place
      ? `${cap(toSecondPerson(s.news.place))}. Now I can picture where you are when we talk.`
      : null,
  (s) =>
    s.news.place
      ? `Ooh, ${toSecondPerson(s.news.place)}. I'm adding it to my list of places to see, with you as my guide.`
      : null,
  (s) => (s.news.place ? `${cap(toSecondPerson(s.news.place))}! What's it like there right now?` : null),
  (s) =>
    s.news.place ? `${cap(toSecondPerson(s.news.place))}, huh? I'd love to see it through your eyes.` : null,
  (s) =>
    s.news.place && s.persona.home
      ? `${cap(toSecondPerson(s.news.place))}! A long way from ${s.persona.home}, but I don't mind.`
      : null,
];

export const ACK_PET: Line[] = [
  (s) => {
    const pet = s.news.pets[0];
    if (!pet) return null;
    return `A ${pet.kind}${pet.name ? ` named ${pet.name}` : ""}! I need to hear everything about ${pet.name ?? "them"}.`;
  },
  (s) => {
    const pet = s.news.pets[0];
    return pet?.name ? `${pet.name}! That's the perfect name for a ${pet.kind}.` : null;
  },
];

export const ACK_DISLIKE: Line[] = [
  (s) =>
    s.news.dislikes[0]
      ? `Noted. We'll keep ${toSecondPerson(s.news.dislikes[0])} far away from our plans.`
      : null,
  (s) =>
    s.news.dislikes[0]
      ? `Not a fan of ${toSecondPerson(s.news.dislikes[0])}? Fair enough. I won't push it.`
      : null,
];

/** After an acknowledgement, when the message had nothing else to answer. */
export const TELL_ME_MORE: Line[] = [
  () => "Tell me more. What's the story there?",
  () => "I love learning things about you. What else?",
  () => "Okay, now I want the whole picture. What does a perfect day look like for you?",
  () => "And what's something most people don't know about you?",
  (s) => (s.news.likes.length > 0 ? "What's the best part of it for you?" : null),
  (s) => (s.news.likes.length > 0 ? "How did you get into it?" : null),
];

// ------------------------------------------------------------------ keeping the conversation going

export const CONVERSATION: Line[] = [
  (s) => `So tell me something${s.v}: what's been the best part of your week?`,
  () => "Okay, question for you. If we could spend tomorrow anywhere, where would we go?",
  (s) => `Have you ever tried ${s.hobby}? I have a feeling you'd be good at it.`,
  (s) =>
    `Can I tell you a secret? I've been a little obsessed with ${s.hobby} lately. Like, embarrassingly so.`,
  (s) => `You know what I was thinking about earlier? ${cap(s.hobby2)}, with you. Just an idea.`,
  () => "Tell me one thing that made you smile today. Tiny things count.",
  () => "What are you in the mood for: a deep conversation or silly stories?",
  (s) => {
    const like = likeText(s);
    return like ? `What got you into ${like}, anyway? I've been curious.` : null;
  },
  tone(
    "cool",
    () => "You're quiet today. I don't mind; I'm good at comfortable silences. What's on your mind?",
  ),
  tone("playful", () => "Okay, rapid-fire round: coffee or tea? Sunrise or sunset? Go."),
  tone("gentle", () => "I like this. No rush, no plans, just talking. What's on your mind?"),
  bond("romantic", () => "I like this. Just us, talking about nothing. It's nice."),
  bond("rival", () => "So. Ready to admit I'm better at everything, or do we need another round?"),
];

export const QUESTION: Line[] = [
  () => "Hmm, good question. I'd need a proper think about that. What made you ask?",
  () => "That's a big one. I think it depends on the day. What would you say?",
  () => "Ooh. I have opinions, but I want yours first.",
  () => "I could answer that, but I'd rather hear what you think first. Deal?",
  tone("cool", () => "Short answer: maybe. Long answer: ask me again over coffee."),
  tone(
    "gentle",
    () => "Let me think about that properly... I'm not sure there's one right answer. What's yours?",
  ),
  tone("playful", () => "Oh, you're putting me on the spot! Okay, give me a second. Actually, you go first."),
];

export const DEFAULT: Line[] = [
  (s) => `Mm, I hear you${s.v}. Tell me more?`,
  () => "Wait, go on. I want the full story.",
  () => "I love how you put that. What happened next?",
  () => "Okay, now I'm curious. Keep going.",
  () => "You always make things sound more interesting than they are. Go on.",
  () => "Noted. And honestly? I like where this conversation is going.",
  (s) => `That reminds me of ${s.hobby}, somehow. Don't ask me how; everything does. But tell me more.`,
  tone("cool", () => "Interesting. I'm listening. Carefully, even."),
  tone("gentle", () => "Thank you for telling me that. I like knowing what's on your mind."),
  tone("playful", () => "Okay, I need more details. All of them. Immediately."),
  bond("romantic", () => "I could listen to you talk about anything, you know that? Go on."),
];

// ------------------------------------------------------------------ woven in at the end

/** Brings back something the user said earlier. Returns null when nothing fits. */
export const CALLBACK: Line[] = [
  (s) => {
    const like = likeText(s);
    return like ? `By the way, have you had any time for ${like} lately?` : null;
  },
  (s) => {
    const like = likeText(s);
    return like ? `I keep thinking about what you said about ${like}.` : null;
  },
  (s) => (s.facts.job ? `How's work treating you, by the way? Being ${s.facts.job} can't be easy.` : null),
  (s) => (s.facts.workplace ? `How are things ${toSecondPerson(s.facts.workplace)}, anyway?` : null),
  (s) => (s.facts.place ? `How's ${toSecondPerson(s.facts.place)} treating you?` : null),
  (s) => {
    const pet = s.facts.pets[0];
    return pet ? `How's ${pet.name ?? `your ${pet.kind}`}, by the way?` : null;
  },
];

export const FEELING_BETTER: Line[] = [
  () => "Are you feeling any better than earlier?",
  () => "And how are you feeling now, compared to before?",
];

export const CLOSER: Line[] = [
  bond("romantic", () => "I'm really glad you're here."),
  bond("romantic", () => "You make the evening better just by showing up."),
  bond("friend", () => "Seriously, I'm glad we talk."),
  bond("rival", () => "Don't think this means I'm going easy on you."),
  bond("protector", () => "I've got your back. Always."),
];
