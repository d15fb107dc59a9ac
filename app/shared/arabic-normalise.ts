/**
 * The one Arabic normaliser (docs/decisions/045, 064): how two spellings of a word become one.
 * Search (`arabic-search.ts`) and the news cards' tags (`news.ts`) compare words through
 * `foldArabic`; it is the JavaScript twin of the letter step of SQL `rifq_normalise`
 * (database/migrations/0010), so a change here is a migration there.
 */

const LETTERS_FROM = "أإآٱةىئؤکی٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹";
const LETTERS_TO = "ااااهييوكي01234567890123456789";
const LETTER_MAP = new Map([...LETTERS_FROM].map((char, index) => [char, LETTERS_TO[index]]));

/** Tatweel, the tashkeel marks (U+064B–U+0652) and the superscript alef: what folding drops. */
const FOLDED_MARKS = /[\u0640\u064b-\u0652\u0670]/g;

/**
 * Every mark a reader does not see as a letter: the folded ones and the rarer Quranic marks and
 * combining hamzas (U+0653–U+065F). The SQL twin reads the rarer ones as word breaks, so folding
 * keeps them (search splits there, as the indexes do); text shown as a word drops them all.
 */
const ALL_MARKS = /[\u0640\u064b-\u065f\u0670]/g;

/**
 * One spelling for comparing: lower case, no tatweel or tashkeel, one alef (أ إ آ ٱ → ا), ta
 * marbuta as ha (ة → ه), one ya (ى ئ ی → ي), و for ؤ, ك for the Persian ک, Latin digits.
 */
export const foldArabic = (text: string): string =>
  [...text.toLowerCase().replace(FOLDED_MARKS, "")]
    .map((char) => LETTER_MAP.get(char) ?? char)
    .join("");

/** The text without any Arabic mark, its letters as written (a word shown, e.g. a tag). */
export const dropArabicMarks = (text: string): string => text.replace(ALL_MARKS, "");
