// The one place where the figures of the public pages become text, so every page shows
// them alike and the server and the browser render the same characters.

/** Western digits, with a thousands separator only from five digits on: 1000, 50,000. */
const countFormat = new Intl.NumberFormat("en-US", { useGrouping: "min2" });

export function formatCount(value: number): string {
  return countFormat.format(value);
}

/** The forms an Arabic noun takes after a number written in digits. */
export interface CountedNoun {
  /** After 1, and after round hundreds and thousands: "100 مشارك". */
  singular: string;
  /** After 2 when the noun has a dual worth using: "شهران". */
  dual?: string;
  /** After 3 to 10: "6 أشهر". */
  plural: string;
  /** After 11 to 99 (tamyiz): "50 مشاركاً". */
  accusative: string;
}

/** A number with its noun in the grammatical form Arabic asks for: "6 أشهر", "75 مشاركاً". */
export function countOf(value: number, noun: CountedNoun): string {
  if (value === 2 && noun.dual) return noun.dual;
  const lastTwo = value % 100;
  const form =
    lastTwo >= 3 && lastTwo <= 10
      ? noun.plural
      : lastTwo >= 11 && lastTwo <= 99
        ? noun.accusative
        : noun.singular;
  return `${formatCount(value)} ${form}`;
}
