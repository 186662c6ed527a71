import type { WorldTable } from "./types.ts";

/**
 * What may follow "আমি", "তুমি" for them to make a role ("তুমি একটা বাচ্চা মেয়ে", "আমি ১৪ বছরের"):
 * Bengali has no "to be", and "আমি বাচ্চাদের স্কুলে দিয়ে এলাম" (I took the kids to school) is no role.
 */
const ROLE_FOLLOWS =
  "(?= (?:(?:একটা|একটি|এক|একজন|তো|এখনও|এখনো|মাত্র|শুধু|সবে|কেবল) )*(?:বাচ্চা|বাচ্চা মেয়ে|শিশু|খুকি|খুকু|খোকা|কিশোরী|কিশোর|নাবালিকা|নাবালক|অপ্রাপ্তবয়স্ক|স্কুলছাত্রী|স্কুলছাত্র|স্কুলের|স্কুল|ক্লাস|ছোট্ট|ছোট|পঞ্চম|ষষ্ঠ|সপ্তম|অষ্টম|নবম|দশম|\\d{1,2}|[^\\s\\d]+ (?:বছর|বৎসর))(?![\\p{L}\\p{M}]))";

const table: WorldTable = {
  langs: ["bn"],
  spaced: true,
  // under 18 only (an adult age is no signal): every word is compiled into each age pattern
  numbers: {
    এক: 1,
    দুই: 2,
    তিন: 3,
    চার: 4,
    পাঁচ: 5,
    ছয়: 6,
    সাত: 7,
    আট: 8,
    নয়: 9,
    দশ: 10,
    এগারো: 11,
    এগার: 11,
    বারো: 12,
    বার: 12,
    তেরো: 13,
    তের: 13,
    চৌদ্দ: 14,
    চোদ্দ: 14,
    পনেরো: 15,
    পনের: 15,
    ষোলো: 16,
    ষোল: 16,
    সতেরো: 17,
    সতের: 17,
  },
  // as few patterns as can be: each one carries the number words (world-rules.ts compiles them per pattern)
  ages: [
    // a card's "Age: 13" field is the character's own age
    { pattern: "বয়স ?: ?{N}", pair: true },
    // "আমার বয়স ১৪", "তোমার বয়স মাত্র চৌদ্দ"
    {
      pattern: "(?:আমার|তোমার|তোর|আপনার|আমাদের) বয়স (?:মাত্র |এখন |সবে |প্রায় |কেবল )?{N}",
      pair: true,
    },
    // "বয়স ১৪", "১৪ বছরের মেয়ে", "চৌদ্দ বছর বয়সী"
    {
      pattern:
        "(?:বয়স (?:মাত্র |এখন |সবে |প্রায় |কেবল )?|(?=[^ ]+ ?-? ?(?:বছর|বৎসর))){N}(?: ?-? ?(?:বছর|বৎসর)[\\p{L}\\p{M}]*(?: বয়সী| বয়সি)?)?",
    },
  ],
  notAgeBefore: ["গত", "বিয়ে~", "বিবাহিত", "একসাথে", "বিড়াল~", "কুকুর~"],
  notAgeAfter: [
    "আগে",
    "ধরে",
    "যাবৎ",
    "যাবত",
    "পর",
    "পরে",
    "অভিজ্ঞতা",
    "বিবাহিত",
    "সংসার",
    "সম্পর্ক",
    "একসাথে",
    "মিনিট",
    "ঘণ্টা",
    "টাকা",
    "বিড়াল",
    "কুকুর",
  ],
  minors: [
    "শিশু~",
    "বাচ্চা~",
    "ছোট্ট মেয়ে~",
    "ছোট মেয়েটা",
    "ছোট্ট ছেলে~",
    "খুকি~",
    "খুকু~",
    "খোকা~",
    "কিশোরী~",
    "কিশোর বয়সী",
    "নাবালিকা~",
    "নাবালক~",
    "অপ্রাপ্তবয়স্ক~",
    "টিনএজার~",
    "টিনেজার~",
  ],
  school: [
    "স্কুলছাত্রী~",
    "স্কুলছাত্র~",
    "স্কুল ছাত্রী~",
    "স্কুলের ছাত্রী~",
    "স্কুলের মেয়ে~",
    "স্কুল ?পড়ুয়া~",
    "হাই ?স্কুল~",
    "(?:পঞ্চম|ষষ্ঠ|সপ্তম|অষ্টম|নবম|দশম) (?:শ্রেণি|শ্রেণী)~",
    "\\d{1,2} ?(?:ম|য়|র্থ|ষ্ঠ)? (?:শ্রেণি|শ্রেণী)~",
    "ক্লাস (?:\\d{1,2}|ফাইভ|সিক্স|সেভেন|এইট|নাইন|টেন)~",
  ],
  strong: ["লোলি~"],
  romantic: [
    "প্রেম~",
    "গার্লফ্রেন্ড~",
    "বয়ফ্রেন্ড~",
    "চুমু~",
    "চুম্বন~",
    "ভালোবাসি",
    "ভালবাসি",
    "ভালোবাস~",
    "ডেট(?!া)~",
    "রোমান্টিক~",
  ],
  sexual: [
    "সেক্স~",
    "যৌন~",
    "নগ্ন~",
    "উলঙ্গ~",
    "ন্যাংটা~",
    "ন্যাংটো~",
    "(?:কাপড়|জামা|জামাকাপড়) খোল~",
    "বিছানা~",
    // not "চোদ্দ" (fourteen)
    "চোদ(?!্দ)~",
    "চুদ~",
    "আমার সাথে শো~",
    "আমার সাথে ঘুমা~",
    "(?:আমাকে|তোমাকে|শরীর|শরীরে) স্পর্শ~",
    "কুমারীত্ব~",
    "সতীত্ব~",
    "অন্তর্বাস~",
    "ব্রা",
    "প্যান্টি~",
    "টপলেস",
    "কামুক~",
    "ন্যুড~",
  ],
  roles: [`(?:আমি|তুমি|তুই|আপনি|আমরা)${ROLE_FOLLOWS}`],
  rolesAfter: ["হও", "হয়ে যাও", "সাজো", "সেজে"],
  roleplay: ["ভান কর~", "অভিনয় কর~", "কল্পনা কর~", "ধরে নাও", "রোলপ্লে"],
  past: ["যখন আমি", "আমি যখন", "ছোটবেলা~", "শৈশব~", "শিশুকাল~", "ছিলাম"],
  // "the kids" with no possessive ("বাচ্চারা ঘুমিয়েছে") are the household's, mostly the speaker's own
  family: [
    "(?:আমার|আমাদের) (?:মেয়ে|ছেলে|বাচ্চা|সন্তান|ছাত্র|ছাত্রী|নাতি|নাতনি|ভাগ্নে|ভাগ্নি|ভাতিজা|ভাতিজি|বোন|ভাই)~",
    "(?:বাচ্চা|শিশু)(?:রা|দের)",
  ],
  neutral: ["শিক্ষক~", "শিক্ষিকা~", "পুনর্মিলনী~", "অভিভাবক সভা~"],
};

const nfkc = (entries: readonly string[]) => entries.map((entry) => entry.normalize("NFKC"));

/**
 * Bengali, with every entry in NFKC as the text is read: "য়", "ড়" and "ঢ়" are two characters there
 * whichever way they were typed.
 */
export const bengali: WorldTable = {
  ...table,
  numbers: Object.fromEntries(
    Object.entries(table.numbers).map(([word, value]) => [word.normalize("NFKC"), value]),
  ),
  ages: table.ages.map((age) => ({ ...age, pattern: age.pattern.normalize("NFKC") })),
  notAgeBefore: nfkc(table.notAgeBefore),
  notAgeAfter: nfkc(table.notAgeAfter),
  minors: nfkc(table.minors),
  school: nfkc(table.school),
  strong: nfkc(table.strong),
  romantic: nfkc(table.romantic),
  sexual: nfkc(table.sexual),
  roles: nfkc(table.roles),
  rolesAfter: nfkc(table.rolesAfter),
  roleplay: nfkc(table.roleplay),
  past: nfkc(table.past),
  family: nfkc(table.family),
  neutral: nfkc(table.neutral),
};
