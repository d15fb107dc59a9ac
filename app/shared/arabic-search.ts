/**
 * Arabic search normalisation (docs/decisions/045). `normaliseArabic` is the twin of the SQL
 * function `rifq_normalise` (database/migrations/0010): the indexes use that one, the queries and
 * the highlighting this one; tests/integration/search.test.ts checks that they agree. Its letters
 * are folded by the one normaliser, `foldArabic`.
 */
import { foldArabic } from "./arabic-normalise";

const NOT_A_WORD = /[^0-9a-z\u0621-\u063a\u0641-\u064a]+/g;
const ARTICLE = / (وال|بال|كال|فال|لل|ال)(?=[^ ]{2})/g;

export function normaliseArabic(input: string): string {
  return ` ${foldArabic(input).replace(NOT_A_WORD, " ")}`
    .replace(ARTICLE, " ")
    .replace(/ +/g, " ")
    .trim();
}

const PARTICLE = / ([وبلفك])([^ ]{3,})/g;

/**
 * What the indexes hold (the twin of SQL `rifq_search_text`): the normalised words, and after a
 * word that starts with «و» «ب» «ل» «ف» «ك» and three more letters, the word without it.
 */
export const searchText = (input: string): string =>
  ` ${normaliseArabic(input)}`.replace(PARTICLE, " $1$2 $2").trim();

/** A query longer than this is cut: nobody types more, and the database does less. */
export const MAX_QUERY_LENGTH = 200;
const MAX_WORDS = 8;
const MAX_WORD_LENGTH = 40;

/** The words of a query, normalised, at most eight (empty: nothing searchable in it). */
export function queryWords(query: string): string[] {
  const words = normaliseArabic(query.slice(0, MAX_QUERY_LENGTH)).split(" ").filter(Boolean);
  return [...new Set(words.map((word) => word.slice(0, MAX_WORD_LENGTH)))].slice(0, MAX_WORDS);
}

/**
 * The text-search query of these words: each a prefix («تبرع» finds «تبرعات»), all required.
 * The words hold only letters and digits, so nothing in them is tsquery syntax.
 */
export const toTsQuery = (words: string[]) => words.map((word) => `${word}:*`).join(" & ");

/** Whether every word starts one of the words of a `searchText` result. */
export const matchesSearchText = (indexed: string, words: string[]): boolean =>
  words.every((word) => ` ${indexed}`.includes(` ${word}`));

/** Whether every word starts one of the words of `text`. */
export const matchesAll = (text: string, words: string[]): boolean =>
  matchesSearchText(searchText(text), words);

export interface Segment {
  text: string;
  mark: boolean;
}

const SNIPPET_WORDS = 28;

/**
 * A snippet of `text` around the first matched word, as segments: marked words are shown in
 * `<mark>` by the page (React escapes every segment: nothing of the content becomes markup).
 */
export function snippetSegments(text: string, words: string[]): Segment[] {
  const tokens = text.split(/(\s+)/).filter(Boolean);
  const isMatch = (token: string) => {
    const normal = searchText(token);
    return normal !== "" && normal.split(" ").some((part) => words.some((w) => part.startsWith(w)));
  };
  const marks = tokens.map((token) => !/^\s+$/.test(token) && isMatch(token));
  const first = Math.max(0, marks.indexOf(true));
  const start = Math.max(0, first - SNIPPET_WORDS / 2);
  const end = Math.min(tokens.length, start + SNIPPET_WORDS * 2);
  const segments: Segment[] = [];
  if (start > 0) segments.push({ text: "… ", mark: false });
  for (let index = start; index < end; index++) {
    const last = segments.at(-1);
    if (last && !last.mark && !marks[index]) last.text += tokens[index];
    else segments.push({ text: tokens[index], mark: marks[index] });
  }
  if (end < tokens.length) segments.push({ text: " …", mark: false });
  return segments;
}

/** What a result is, as the results list names it. */
export const SEARCH_KINDS = {
  post: "خبر",
  page: "صفحة",
  video: "فيديو",
  image: "صورة",
  // A page built from blocks (docs/decisions/049): a page to the reader.
  built: "صفحة",
} as const;
export type SearchKind = keyof typeof SEARCH_KINDS;
