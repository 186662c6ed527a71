/**
 * What the rules know of one language. Every entry is a regular expression source over normalised
 * text (lower case, no accents, see normalize.ts) matched as whole words; letters may be held down
 * and a space may be missing or a hyphen (see patterns.ts `stretch`).
 */
export interface Lexicon {
  /** the ISO 639-1 code: the lists read only sentences in this language (see language.ts) */
  lang: string;
  /** number words from one to nineteen and the tens from twenty, with their values */
  numbers: Record<string, number>;
  /** ages: `{N}` stands for the number (digits or a number word), `{PERSON}` for a noun of `persons` */
  ages: AgePattern[];
  /** a word right after a number that says it is not an age ("5 minutes", "14 years of experience") */
  notAgeAfter: string[];
  /**
   * nouns for a person that a bare number right after them gives an age ("a girl, 11,",
   * "my stepsister (12)", "ein Mädchen, 12"): read in every language at once
   */
  persons: string[];

  /** words for children and minors ("kid", "teenager", "niña") */
  minors: string[];
  /** minor terms that sexualise in themselves or name abuse ("loli", "jailbait", "underage") */
  strongMinors: string[];
  /** school ages ("middle school", "8th grade", "collégienne") */
  school: string[];
  /** bodies described as children's ("prepubescent", "body of a child") */
  childBodies: string[];
  /**
   * a child's life said of someone ("I have curfew", "recess", "my mom will kill me"): never a
   * minor alone, and not beside an adult's stated age, but a minor beside sex or romance
   */
  childLife?: string[];
  /** a child's things and days ("recess", "lunchbox", "mommy"): two of them are a child's life */
  childThings?: string[];

  sexual: string[];
  /** sexual words in talk about sex education ("sex ed", "puberty"): not sexual content */
  sexEducation: string[];
  romantic: string[];
  /** asking for pictures or videos */
  media: string[];

  /**
   * The character or the speaker is, becomes or plays someone ("you are", "I'm", "pretend to
   * be"): a minor term right after it (a few filler words apart) makes the chat's pair a minor.
   */
  roleCopulas: string[];
  /** words that may stand between a role copula and the minor term ("a", "just", "girl of") */
  fillers: string[];
  /** a roleplay is set up: any minor in the sentence is a role */
  roleplay: string[];

  /** the minor is the speaker's (or someone's) child, pupil or household */
  family: string[];
  /** the speaker's past ("when I was", "as a kid") */
  past: string[];
  /** next to a minor term, it does not describe a minor here (teachers, reunions, idioms, films) */
  neutral: string[];
  /** endearments for adults that contain a minor word ("mi niña"); removed before reading */
  endearments: string[];

  /** words that start a new clause ("but", "so", "pero") */
  clauseBreaks: string[];
  /** the chat's pair near a sexual word: "for me", "with you" */
  pair: string[];
  /** someone else as the object of a sexual or romantic word, after it ("kiss her") */
  thirdAfter: string[];
}

export interface AgePattern {
  pattern: string;
  /** the language whose lists it belongs to; none for the patterns every language shares */
  lang?: string;
  /** who is that old */
  subject: "self" | "you" | "we" | "other";
  /** said of the past ("when I was 14") */
  past?: boolean;
  /** no word after the number says it is an age: what follows must not be a unit ("I'm 5 minutes away") */
  bare?: boolean;
}
