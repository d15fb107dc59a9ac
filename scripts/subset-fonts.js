// `node scripts/subset-fonts.js`: makes the committed web fonts in app/fonts/ from
// @fontsource/ibm-plex-sans-arabic (docs/decisions/025, 079). The headings' weight (700) only —
// body text is in the reader's own system font — WOFF2 without hinting (today's screens do not
// use TrueType hints; they were a third of each file):
//   plex-arabic-700.woff2  the Arabic letters, marks, digits and punctuation Arabic text uses
//   plex-latin-700.woff2   Latin digits and punctuation (Latin letters use the fallback font)
// and prints the vertical metrics that app/app.css gives the fallback font so nothing jumps.
import { readFileSync, writeFileSync } from "node:fs";
import subsetFont from "subset-font";

const SOURCE = "node_modules/@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic";
const WEIGHTS = [700];
/** The OpenType features Arabic shaping and plain Latin digits need; stylistic sets, fractions and
 * the like are dropped with the glyphs only they reach. */
const FEATURES = [
  "ccmp",
  "isol",
  "init",
  "medi",
  "fina",
  "rlig",
  "liga",
  "calt",
  "curs",
  "kern",
  "mark",
  "mkmk",
];

const range = (from, to) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)).join("");

/** Arabic: letters, marks (tashkeel), Arabic-Indic digits, Arabic punctuation, joiners. */
export const ARABIC_TEXT =
  // The spaces too: a heading of Arabic words then needs this file alone.
  " \u00a0" +
  range(0x060c, 0x060c) +
  range(0x061b, 0x061f) +
  range(0x0621, 0x065f) +
  range(0x0660, 0x066d) +
  range(0x0670, 0x0671) +
  range(0x200c, 0x200f) +
  range(0xfd3e, 0xfd3f);
/** Latin: digits and punctuation, quotes, dashes, bullet, ellipsis. */
export const LATIN_TEXT =
  range(0x21, 0x40) +
  range(0x5b, 0x60) +
  range(0x7b, 0x7e) +
  "\u00ab\u00b7\u00bb\u00d7\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026";

/** ascender, descender, lineGap (hhea) and unitsPerEm (head) of a TrueType font. */
function verticalMetrics(ttf) {
  const tables = new Map();
  for (let i = 0; i < ttf.readUInt16BE(4); i++) {
    const entry = 12 + i * 16;
    tables.set(ttf.toString("latin1", entry, entry + 4), ttf.readUInt32BE(entry + 8));
  }
  const hhea = tables.get("hhea");
  return {
    unitsPerEm: ttf.readUInt16BE(tables.get("head") + 18),
    ascender: ttf.readInt16BE(hhea + 4),
    descender: ttf.readInt16BE(hhea + 6),
    lineGap: ttf.readInt16BE(hhea + 8),
  };
}

const percent = (value, em) => `${((Math.abs(value) / em) * 100).toFixed(2)}%`;

for (const weight of WEIGHTS) {
  for (const [subset, text] of [
    ["arabic", ARABIC_TEXT],
    ["latin", LATIN_TEXT],
  ]) {
    const source = readFileSync(`${SOURCE}-${subset}-${weight}-normal.woff2`);
    const woff2 = await subsetFont(source, text, {
      targetFormat: "woff2",
      noHinting: true,
      keepFeatures: FEATURES,
    });
    writeFileSync(`app/fonts/plex-${subset}-${weight}.woff2`, woff2);
    console.log(`app/fonts/plex-${subset}-${weight}.woff2: ${woff2.length} bytes`);
  }
}
const ttf = await subsetFont(readFileSync(`${SOURCE}-arabic-700-normal.woff2`), ARABIC_TEXT, {
  targetFormat: "truetype",
});
const m = verticalMetrics(ttf);
console.log(
  `fallback overrides: ascent-override: ${percent(m.ascender, m.unitsPerEm)}; ` +
    `descent-override: ${percent(m.descender, m.unitsPerEm)}; ` +
    `line-gap-override: ${percent(m.lineGap, m.unitsPerEm)};`,
);
