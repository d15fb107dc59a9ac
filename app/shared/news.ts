/**
 * The news page's rules (spec §2.2 /media/news, §9): card texts, tags, category chips and the
 * featured block. Pure functions, shared by the loaders and their tests.
 */
import { dropArabicMarks, foldArabic } from "./arabic-normalise";

/** The first chip: every published post, whatever its category. */
export const ALL_NEWS_CHIP = "جميع الأخبار";
/** Shown for a post without a category (spec: 'عام'). */
export const UNCATEGORISED = "عام";
/** Shown for a post without a named author (spec: 'مجهول'). */
export const UNKNOWN_AUTHOR = "مجهول";

export const FEATURED_LIMIT = 6;
export const FEATURED_EXCERPT_LENGTH = 150;
export const LIST_EXCERPT_LENGTH = 200;
export const MAX_TAGS = 3;

/** The fields of a published post these rules look at. */
export interface NewsPost {
  title: string;
  slug: string;
  excerpt: string | null;
  content: string;
  featuredImage: string | null;
  publishedAt: Date | null;
  categoryName: string | null;
  authorName: string | null;
}

const ELLIPSIS = "…";

/**
 * A card's text: the post's own excerpt, else the first `limit` characters of its content
 * followed by an ellipsis. The ellipsis only marks a cut: a short post is shown whole.
 */
export function excerptOf(post: Pick<NewsPost, "excerpt" | "content">, limit: number): string {
  const excerpt = post.excerpt?.trim();
  if (excerpt) return excerpt;
  // A long post's start decides the cut once it holds more than `limit` characters with its
  // spaces collapsed; only a start that is mostly spaces needs the whole post read.
  const start = collapsed(post.content.slice(0, 2 * limit + 64));
  const startCut = firstCharacters(start, limit);
  const text = startCut === null ? collapsed(post.content) : start;
  const cut = startCut ?? firstCharacters(text, limit);
  return cut === null ? text : `${cut.trimEnd()}${ELLIPSIS}`;
}

/** The text with its spaces collapsed. */
const collapsed = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * The first `limit` characters of a text that has more (counted as code points, so nothing is cut
 * in half), or null when it has no more. Counted in place: a card's excerpt used to make an array
 * of one string per character.
 */
function firstCharacters(text: string, limit: number): string | null {
  let count = 0;
  for (let i = 0; i < text.length; count++) {
    if (count === limit) return text.slice(0, i);
    i += (text.codePointAt(i) ?? 0) > 0xffff ? 2 : 1;
  }
  return null;
}

/**
 * Words that say nothing about a post. Most short particles (من، في، عن…) are already
 * excluded by the length rule; this list catches the longer function words.
 */
const STOP_WORDS = new Set(
  [
    // Relative and demonstrative pronouns
    "التي",
    "الذي",
    "الذين",
    "اللذين",
    "اللتين",
    "اللاتي",
    "اللواتي",
    "اللائي",
    "هذا",
    "هذه",
    "هذان",
    "هاتان",
    "هؤلاء",
    "ذلك",
    "تلك",
    "أولئك",
    "هناك",
    "هنالك",
    "هنا",
    // Pronouns and pronoun-suffixed particles
    "نحن",
    "أنتم",
    "أنتن",
    "هما",
    "عليه",
    "عليها",
    "عليهم",
    "عليهما",
    "فيها",
    "فيهم",
    "فيهما",
    "منها",
    "منهم",
    "منهما",
    "عنها",
    "عنهم",
    "إليه",
    "إليها",
    "إليهم",
    "لديه",
    "لديها",
    "لديهم",
    "لدينا",
    "بينهم",
    "بينها",
    "أنه",
    "أنها",
    "إنه",
    "إنها",
    "لأنه",
    "لأنها",
    "وهو",
    "وهي",
    "وهم",
    // Prepositions, adverbs and connectors
    "إلى",
    "على",
    "حتى",
    "خلال",
    "أثناء",
    "حول",
    "نحو",
    "ضمن",
    "بين",
    "بعد",
    "قبل",
    "عند",
    "لدى",
    "منذ",
    "تحت",
    "فوق",
    "أمام",
    "خلف",
    "دون",
    "بدون",
    "عبر",
    "وفق",
    "وفقا",
    "تجاه",
    "حيث",
    "بحيث",
    "حين",
    "حينما",
    "عندما",
    "بينما",
    "كلما",
    "فيما",
    "بما",
    "مما",
    "إلا",
    "سوى",
    "غير",
    "مثل",
    "كما",
    "أيضا",
    "لكن",
    "ولكن",
    "لذلك",
    "كذلك",
    "وذلك",
    "وهذا",
    "وهذه",
    "وتلك",
    "بالإضافة",
    "إضافة",
    "إذا",
    "لأن",
    "لقد",
    "وقد",
    "سوف",
    "أما",
    "إما",
    "ومن",
    "وفي",
    "وعلى",
    "وإلى",
    "وعن",
    "ومع",
    "وبين",
    "ثم",
    // Verbs of being and quantity words
    "كان",
    "كانت",
    "كانوا",
    "يكون",
    "تكون",
    "يكونوا",
    "وكان",
    "وكانت",
    "أصبح",
    "أصبحت",
    "ليس",
    "ليست",
    "يمكن",
    "جميع",
    "كافة",
    "بعض",
    "عدة",
    "أكثر",
    "أقل",
    "حوالي",
  ].map(foldArabic),
);

/** Letters, combining marks and digits make a word; everything else separates words. */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/**
 * Up to three tags for a card: the first distinct words longer than three letters that are
 * not stop words. Punctuation is dropped and diacritics are not counted as letters.
 */
export function tagsOf(text: string, max = MAX_TAGS): string[] {
  const tags: string[] = [];
  const seen = new Set<string>();
  // Words are read one by one from the start, so a long post is read only up to its last tag.
  for (const [token] of text.matchAll(WORD)) {
    const word = dropArabicMarks(token);
    if (Array.from(word).length <= 3 || !/\p{L}/u.test(word)) continue;
    const key = foldArabic(word);
    if (STOP_WORDS.has(key) || seen.has(key)) continue;
    seen.add(key);
    tags.push(word);
    if (tags.length === max) break;
  }
  return tags;
}

export const categoryOf = (post: Pick<NewsPost, "categoryName">) =>
  post.categoryName?.trim() || UNCATEGORISED;

export const authorOf = (post: Pick<NewsPost, "authorName">) =>
  post.authorName?.trim() || UNKNOWN_AUTHOR;

/** The filter chips: all news first, then each category of the loaded posts once, in order. */
export function categoryChips(posts: Pick<NewsPost, "categoryName">[]): string[] {
  return [ALL_NEWS_CHIP, ...new Set(posts.map(categoryOf))];
}

/** What a news card shows; only this reaches the browser, never the whole content. */
export interface NewsCard {
  slug: string;
  title: string;
  text: string;
  image: string | null;
  publishedAt: Date | null;
  author: string;
  category: string;
  tags: string[];
}

export function toNewsCard(post: NewsPost, excerptLength: number): NewsCard {
  return {
    slug: post.slug,
    title: post.title,
    text: excerptOf(post, excerptLength),
    image: post.featuredImage?.trim() || null,
    publishedAt: post.publishedAt,
    author: authorOf(post),
    category: categoryOf(post),
    tags: tagsOf(post.content),
  };
}
