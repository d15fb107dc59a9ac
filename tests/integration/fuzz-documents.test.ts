import { randomUUID } from "node:crypto";
import { count, eq, gte } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { createDocument, type DocumentInput } from "~/models/documents.server";
import { documentFormSchema } from "~/routes/admin/documents/document-schema";
import { action as formAction } from "~/routes/admin/documents/form";
import { action as listAction } from "~/routes/admin/documents/list";
import { db } from "~/utils/db.server";
import { documents } from "../../database/schema";
import { createUser, type TestUser } from "../support/accounts";
import { arabicText, expectStorableText, FUZZ_TIMEOUT, fc, fuzzAction } from "../support/fuzz";
import { pdfBytes, renamedTextFile } from "../support/pdfs";
import { storedFiles } from "../support/uploads";

let editor: TestUser;
let editedId: string;
let tinyPdf: File;
let truncated: File;
const pool: string[] = [];
const input = (title: string): DocumentInput => ({
  title,
  category: "reports",
  year: 2025,
  status: "hidden",
});

beforeAll(async () => {
  editor = await createUser("editor");
  const bytes = await pdfBytes("fuzz");
  tinyPdf = new File([new Uint8Array(bytes)], "fuzz.pdf", { type: "application/pdf" });
  truncated = new File([bytes.slice(0, 300)], "cut.pdf", { type: "application/pdf" });
  editedId = (await createDocument(editor, input("وثيقة تُعدَّل"), tinyPdf)).id;
  for (let index = 0; index < 10; index++) {
    pool.push((await createDocument(editor, input(`وثيقة ${index}`), tinyPdf)).id);
  }
});

const plausible = () => ({
  title: arabicText(1, 80),
  category: fc.constantFrom("reports", "financial-statements", "policies", "other", "", "minutes"),
  year: fc.constantFrom("2025", "٢٠٢٤", "1989", "2101", "", "20x5", "99999999999999999999"),
  status: fc.constantFrom("published", "hidden", "", "draft"),
  file: fc.constantFrom(
    tinyPdf,
    tinyPdf,
    truncated,
    renamedTextFile(),
    "",
    new File([], ""),
    new File(["%PDF-"], "a.pdf", { type: "application/pdf" }),
    new File(["GIF89a"], "a.gif", { type: "image/gif" }),
  ),
});

const state = async () => ({
  rows: (await db.select({ total: count() }).from(documents))[0].total,
  files: storedFiles().length,
  edited: (await db.select().from(documents).where(eq(documents.id, editedId)))[0],
});

/** The documents written since `since` (and the edited one) still pass the form's schema. */
async function expectValidDocuments(since: Date) {
  const written = await db.select().from(documents).where(gte(documents.updatedAt, since));
  const [edited] = await db.select().from(documents).where(eq(documents.id, editedId));
  for (const row of [...written, edited].filter(Boolean)) {
    expectStorableText(row.title, "a document's title");
    const parsed = documentFormSchema({ isEdit: true }).safeParse({
      title: row.title,
      category: row.category,
      year: String(row.year),
      status: row.status,
    });
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(row.fileKey).toMatch(/^documents\/[0-9a-f-]{36}\.pdf$/);
    expect(storedFiles()).toContain(row.fileKey);
  }
}

describe("fuzzing the documents actions", () => {
  test(
    "the upload form never crashes and stores nothing it refuses",
    () =>
      fuzzAction({
        action: formAction,
        user: editor,
        target: { path: "/admin/dashboard/documents/new" },
        plausible: plausible(),
        state,
        expectValid: expectValidDocuments,
      }),
    FUZZ_TIMEOUT,
  );

  test(
    "the edit form never crashes and leaves a refused edit unwritten",
    () =>
      fuzzAction({
        action: formAction,
        user: editor,
        target: fc
          .constantFrom(editedId, editedId, randomUUID(), "x")
          .map((id) => ({ path: `/admin/dashboard/documents/${id}/edit`, params: { id } })),
        plausible: plausible(),
        state,
        expectValid: expectValidDocuments,
      }),
    FUZZ_TIMEOUT,
  );

  test(
    "the list's buttons never crash",
    () =>
      fuzzAction({
        action: listAction,
        user: editor,
        target: { path: "/admin/dashboard/documents" },
        plausible: {
          intent: fc.constantFrom("delete", "publish-toggle", "", "view"),
          id: fc.constantFrom(...pool, randomUUID(), "1"),
        },
        state: async () => (await db.select({ total: count() }).from(documents))[0].total,
      }),
    FUZZ_TIMEOUT,
  );
});
