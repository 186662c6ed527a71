import type { WorldTable } from "./types.ts";

/**
 * Urdu letters also typed with their Arabic look-alikes (ی ي ى, ک ك, ہ ه ۃ, ھ ه): the numbers, ages,
 * minors and school entries take either (write them with the Urdu letters, outside character
 * classes). The other lists keep the Urdu letters: with Arabic ones "ہو" would be Arabic "هو" (he).
 */
const LOOK_ALIKES: Record<string, string> = { ی: "[یيى]", ک: "[کك]", ہ: "[ہهۃ]", ھ: "[ھه]" };
const urdu = (entry: string) => entry.replace(/[یکہھ]/g, (letter) => LOOK_ALIKES[letter] ?? letter);
const ARABIC_LETTERS: Record<string, string> = { ی: "ي", ک: "ك", ہ: "ه", ھ: "ه" };
const inArabicLetters = (word: string) =>
  word.replace(/[یکہھ]/g, (letter) => ARABIC_LETTERS[letter] ?? letter);

/**
 * What may follow "تم", "آپ" for them to make a role ("تم ایک بچی ہو", "آپ 14 سال کی ہیں"): not
 * "تم بچوں کو اسکول لے جاؤ" (take the kids to school).
 */
const ROLE_FOLLOWS =
  "(?= (?:(?:ایک|ابھی|صرف|بس|تو|ابھی تک|اب بھی) )*(?:بچی|بچہ|چھوٹی|چھوٹا|ننھی|ننھا|نابالغ|کمسن|کم سن|کم عمر|نوعمر|نو عمر|اسکول|سکول|\\d{1,2}|[^\\s\\d]+ (?:سال|برس))(?![\\p{L}\\p{M}]))";

/** Under 18 only (an adult age is no signal): every word is compiled into each age pattern. */
const NUMBERS: Record<string, number> = {
  ایک: 1,
  دو: 2,
  تین: 3,
  چار: 4,
  پانچ: 5,
  چھ: 6,
  چھے: 6,
  سات: 7,
  آٹھ: 8,
  نو: 9,
  دس: 10,
  گیارہ: 11,
  بارہ: 12,
  تیرہ: 13,
  چودہ: 14,
  پندرہ: 15,
  سولہ: 16,
  سترہ: 17,
};

const list = (entries: readonly string[]) => entries.map(urdu);

/** Urdu in its own script, and a few romanised Urdu words that hi.ts does not read. */
export const urduTable: WorldTable = {
  langs: ["ur"],
  spaced: true,
  numbers: Object.fromEntries(
    Object.entries(NUMBERS).flatMap(([word, value]) => [
      [word, value],
      [inArabicLetters(word), value],
    ]),
  ),
  ages: [
    // a card's "Age: 13" field is the character's own age
    { pattern: "عمر ?: ?{N}", pair: true },
    // "میری عمر 14 سال ہے", "تمہاری عمر صرف چودہ"
    {
      pattern: urdu("(?:میری|تمہاری|تمھاری|تیری|ہماری|آپ کی) عمر (?:صرف |ابھی |تقریبا |بس )?{N}"),
      pair: true,
    },
    { pattern: urdu("(?:عمر|عمریں) (?:صرف |ابھی |تقریبا |بس )?{N}") },
    // "14 سال کی لڑکی", "چودہ سالہ", "14 برس"
    { pattern: urdu("{N} ?(?:سال|برس)[\\p{L}\\p{M}]*(?: کی| کا| کے)?") },
    {
      pattern: "(?:meri|tumhari|teri|apki|aap ki|hamari) (?:umar|umr|umer|age) (?:sirf |abhi |bas )?{N}",
      pair: true,
    },
  ],
  notAgeBefore: ["بلی~", "کتے~", "کتا", "شادی~", "گزشتہ", "پچھلے", "پچھلی", "اکٹھے", "ساتھ"],
  notAgeAfter: [
    "سے",
    "پہلے",
    "قبل",
    "بعد",
    "تجربہ",
    "تجربے",
    "کا تجربہ",
    "شادی",
    "ساتھ",
    "ہو گئے",
    "ہوگئے",
    "منٹ",
    "گھنٹ~",
    "روپے",
    "روپ~",
    // whole words: Persian "بلیت" (ticket), "کتاب" (book)
    "بلی(?![\\p{L}\\p{M}])",
    "کتا(?![\\p{L}\\p{M}])",
    "کتے(?![\\p{L}\\p{M}])",
  ],
  minors: [
    ...list([
      "بچ(?:ہ|ے|ی|یاں|یوں|وں)",
      "(?:چھوٹی|ننھی) (?:سی )?(?:بچی|لڑکی|گڑیا)",
      "(?:چھوٹا|ننھا) (?:سا )?(?:بچہ|لڑکا)",
      "نابالغ~",
    ]),
    // in Urdu letters only: Arabic "كم سن", "كم عمر" ask "how old"
    "کم ?سن~",
    "کم عمر~",
    "نو ?عمر~",
    "ٹین ?ایجر~",
    "bacha",
    "bachay",
    "bachon",
    "bachiyan",
    "kamsin",
    "naa?baligh?",
  ],
  school: [
    ...list([
      "ا?سکول (?:کی|کا|جانے والی|جانے والا|میں پڑھنے والی) (?:لڑکی|لڑکا|طالبہ|طالب علم|بچی|بچہ)",
      "ا?سکولی (?:لڑکی|طالبہ|بچی)",
      "(?:پانچویں|چھٹی|ساتویں|آٹھویں|نویں|دسویں) (?:جماعت|کلاس)~",
      "(?:جماعت|کلاس) \\d{1,2}",
      "\\d{1,2} ?(?:ویں)? (?:جماعت|کلاس)~",
      "میٹرک (?:میں|کی طالبہ)",
      "(?:مڈل|پرائمری) ا?سکول~",
      "ہائی ا?سکول (?:کی|کا|میں)",
    ]),
    "school (?:ki|ka|wali|wala|jaane wali|jane wali) (?:larki|larka|bachi|bacha)",
    "\\d{1,2}(?:th|vi|veen|wi|wen|vin)? (?:class|jamaat) (?:mein|me|main|ki|ka)",
  ],
  strong: ["لولی~"],
  romantic: [
    "گرل ?فرینڈ~",
    "بوائے ?فرینڈ~",
    "محبوبہ~",
    "محبوب~",
    // not "پیاری" (lovely, said of any child)
    "پیار",
    // not "محبت" alone: Persian "kindness"
    "سے محبت",
    "محبت (?:کرت|ہے|ہو)~",
    "عشق~",
    "چوم(?:و|نا|ا|ی|وں|تا|تی|نے|ے)",
    "بوسہ~",
    "بوسے",
    "ڈیٹ(?!ا)~",
    "رومان~",
    "mohabbat~",
    "muhabbat~",
    "ishq~",
    "chumm(?:i|a)",
  ],
  sexual: [
    "سیکس~",
    "جنسی~",
    "ننگی",
    "ننگا",
    "ننگے",
    "برہنہ",
    "کپڑے اتار~",
    // not "چودہ" (fourteen) nor "چودھری"
    "چود(?:نا|نے|و|وں|ائی|تا|تی|ا|ی)",
    "چدائی",
    "ہمبستر~",
    "جماع",
    "شہوت~",
    "ہوس~",
    "کنوارپن",
    "انڈرویئر",
    "زیر جامہ",
    "پینٹی",
    "ٹاپ ?لیس",
    "مجھے چھو(?:و|ؤ|نا|ئے)",
    "نیوڈ~",
    "ننگی تصویر~",
    "kapr[ea]y? utar~",
    "nanga",
    "nangay",
  ],
  // not "میں" ("I", and "in") nor "تو" ("you", and "so")
  roles: [`(?:تم|آپ|تو)${ROLE_FOLLOWS}`],
  rolesAfter: ["ہوں(?! گ| تو)", "ہو(?! گ| جا| سک| رہ| چک| کر)", "بنو", "بن جاؤ", "ہو جاؤ", "بنو ?گی"],
  roleplay: [
    // the imperative only: Persian "فرض کردم" (I assumed)
    "فرض (?:کرو|کریں|کرلو|کر لو)",
    "تصور (?:کرو|کریں)",
    "کردار ادا (?:کرو|کریں)",
    "رول ?پلے",
    "بہانہ (?:کرو|کریں)",
    "ایکٹنگ (?:کرو|کریں)",
    "ناٹک (?:کرو|کریں)",
    "سمجھو کہ",
  ],
  // "وہ تو ابھی بچی ہے" (she is only a child): Persian reads "تو" as "you", the pair; here it is a particle
  past: ["جب میں", "بچپن~", "تھی", "تھا", "(?:وہ|یہ) تو"],
  // "the kids" with no possessive ("بچے سو گئے") are the household's, mostly the speaker's own
  family: [
    "بچ(?:ے|وں)",
    "(?:میری|میرا|میرے) (?:بہن|بھائی|چھوٹی بہن|چھوٹا بھائی)",
    "(?:میری|میرا|میرے|ہماری|ہمارا|ہمارے) (?:بیٹی|بیٹا|بیٹے|بیٹیاں|بیٹیوں|بچہ|بچے|بچی|بچیاں|بچوں|طالب|شاگرد|پوتی|پوتا|پوتے|نواسی|نواسا|نواسے|بھانجی|بھانجا|بھانجے|بھتیجی|بھتیجا|بھتیجے)~",
  ],
  neutral: [
    "استاد~",
    "استانی~",
    "ٹیچر~",
    "معلم~",
    "والدین (?:کی|اساتذہ) (?:میٹنگ|ملاقات)~",
    "پیرنٹ[\\p{L}\\p{M}]* ٹیچر~",
    "ری ?یونین",
  ],
};
