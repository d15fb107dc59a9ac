import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
import type { FormField } from "~/shared/form-builder";
import { AnswerValues } from "./answer-values";

const FIELDS: FormField[] = [
  { key: "f1", kind: "section", label: "بيانات كبير السن", required: false },
  { key: "f2", kind: "mobile", label: "رقم الجوال", required: true },
  { key: "f3", kind: "yes_no", label: "هل يسكن وحده؟", required: true },
  { key: "f4", kind: "multi_choice", label: "الخدمات", required: false, options: ["أ", "ب"] },
  { key: "f5", kind: "short_text", label: "ملاحظة", required: false, maxLength: 100 },
  { key: "f6", kind: "file", label: "صورة", required: false, accept: "image", maxMb: 5 },
];

test("staff read a yes/no in words, a mobile locally, choices joined, «—» for nothing", () => {
  const html = renderToStaticMarkup(
    <AnswerValues
      fields={FIELDS}
      values={{ f2: "+966501234567", f3: "yes", f4: ["أ", "ب"], f5: "" }}
      files={[]}
    />,
  );
  const pairs = [...html.matchAll(/<dt[^>]*>(.*?)<\/dt><dd[^>]*>(.*?)<\/dd>/g)].map(
    ([, label, value]) => [label, (value ?? "").replace(/<[^>]+>/g, "")],
  );
  expect(pairs).toEqual([
    ["رقم الجوال", "0501234567"],
    ["هل يسكن وحده؟", "نعم"],
    ["الخدمات", "أ، ب"],
    ["ملاحظة", "—"],
    ["صورة", "—"],
  ]);
});

test("a file field lists its own files only, each by the staff download address", () => {
  const html = renderToStaticMarkup(
    <AnswerValues
      fields={FIELDS}
      values={{}}
      files={[
        { id: "a1", fieldKey: "f6", fileName: "photo.png", size: 2048 },
        { id: "a2", fieldKey: "other", fileName: "not-here.pdf", size: 10 },
      ]}
    />,
  );
  expect(html).toContain("photo.png");
  expect(html).toContain('href="/admin/dashboard/forms/files/a1"');
  expect(html).not.toContain("not-here.pdf");
});
