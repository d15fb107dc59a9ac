import { expect, test } from "vitest";
import { csvCell, toCsv } from "./csv";

test("a CSV starts with the byte-order mark and keeps Arabic, quotes and line breaks", () => {
  const csv = toCsv(["الاسم", "ملاحظة"], [["سارة", 'قالت "نعم"\nثم ذهبت']]);
  expect(csv.startsWith("\uFEFF")).toBe(true);
  expect(csv).toBe('\uFEFF"الاسم","ملاحظة"\r\n"سارة","قالت ""نعم""\nثم ذهبت"\r\n');
});

test("a typed formula is shown, not run; a phone number stays as it is", () => {
  expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
  expect(csvCell("@SUM(A1)")).toBe('"\'@SUM(A1)"');
  expect(csvCell("+966500000000")).toBe('"+966500000000"');
  expect(csvCell(null)).toBe('""');
});
