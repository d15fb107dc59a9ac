import { createHash } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { createPublicChangeFilter } from "~/models/change-visibility.server";
import {
  createDocument,
  type DocumentInput,
  listDocumentsForStaff,
  listPublishedDocuments,
  updateDocument,
} from "~/models/documents.server";
import { action as formAction, loader as formLoader } from "~/routes/admin/documents/form";
import { action as listAction, loader as listLoader } from "~/routes/admin/documents/list";
import { loader as fileLoader } from "~/routes/resources/document-file";
import { handle as governanceHandle, loader as governanceLoader } from "~/routes/site/governance";
import type { ActionResult } from "~/shared/action-result";
import {
  BROKEN_PDF,
  DOCUMENT_TOO_LARGE,
  DOCUMENTS_PER_CATEGORY,
  documentHref,
  type GovernanceDocuments,
  hijriYearsOf,
  MAX_DOCUMENT_BYTES,
  NOT_A_PDF,
} from "~/shared/documents";
import { concerns, liveListsOf } from "~/shared/live-event";
import { livePageAt } from "~/shared/live-page";
import { FORM_CAPS } from "~/utils/body-caps.server";
import { db } from "~/utils/db.server";
import { documents } from "../../database/schema";
import { bodyLimitFor } from "../../server/body-limits";
import { createStaff, requestAs, type TestUser } from "../support/accounts";
import { expectWholeAndRangeDownloads } from "../support/downloads";
import { pdfBytes, pdfFile, renamedTextFile, truncatedPdfFile } from "../support/pdfs";
import { REFUSED_WITH } from "../support/refusals";
import { call, dataOf, replyErrorsOf, statusOf } from "../support/route-calls";
import { expectListReadableByStaffOnly } from "../support/staff-lists";
import { storedFiles } from "../support/uploads";

const LIST = "/admin/dashboard/documents";
const NEW = "/admin/dashboard/documents/new";
const ARABIC_TITLE = "التقرير السنوي 2025";

let editor: TestUser;
let viewer: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ({ editor, viewer, admin } = await createStaff("محررة الوثائق"));
});

const input = (overrides: Partial<DocumentInput> = {}): DocumentInput => ({
  title: ARABIC_TITLE,
  category: "reports",
  year: 2025,
  status: "published",
  ...overrides,
});

const form = (file: Blob | string, overrides: Record<string, string> = {}) => ({
  title: ARABIC_TITLE,
  category: "reports",
  year: "2025",
  status: "published",
  file,
  ...overrides,
});

const rowCount = async () => (await db.select({ total: count() }).from(documents))[0].total;
const documentFiles = () => storedFiles().filter((file) => file.startsWith("documents"));

/** GET /documents/:id/:version.pdf as `who`, as the server answers it. */
async function download(who: TestUser | null, href: string) {
  const [, , id, file] = href.split("/");
  return call(fileLoader as never, requestAs(who, href), { id, file }) as Promise<Response>;
}

describe("uploading a document", () => {
  test("a real PDF is stored unchanged and listed for staff; the uploader is its author", async () => {
    const bytes = await pdfBytes("Rifq annual report");
    const file = new File([new Uint8Array(bytes)], "annual-report.pdf", {
      type: "application/pdf",
    });
    const result = await call(formAction, requestAs(editor, NEW, { form: form(file) }));
    expect(statusOf(result)).toBe(302);
    expect((result as Response).headers.get("location")).toBe(LIST);

    const [row] = await db.select().from(documents).where(eq(documents.title, ARABIC_TITLE));
    expect(row).toMatchObject({
      category: "reports",
      year: 2025,
      status: "published",
      sizeBytes: bytes.length,
      authorId: editor.id,
      fileSha256: createHash("sha256").update(bytes).digest("hex"),
    });
    expect(documentFiles()).toContain(row.fileKey);

    const answer = await download(null, documentHref(row));
    expect(answer.status).toBe(200);
    expect(new Uint8Array(await answer.arrayBuffer())).toEqual(bytes);

    const listed = await listDocumentsForStaff(editor, { q: "السنوي" });
    expect(listed.items.map((item) => item.title)).toContain(ARABIC_TITLE);
    expect(listed.items[0]).toMatchObject({ authorName: "محررة الوثائق" });
  });

  test("a renamed .txt is refused with the Arabic message; nothing is stored", async () => {
    const [rows, files] = [await rowCount(), documentFiles().length];
    const result = await call(
      formAction,
      requestAs(editor, NEW, { form: form(renamedTextFile()) }),
    );
    expect(statusOf(result)).toBe(400);
    expect(replyErrorsOf(result).file).toEqual([NOT_A_PDF]);
    // A .txt that says what it is is refused before the server reads it.
    const declared = new File(["نص"], "notes.txt", { type: "text/plain" });
    const plain = await call(formAction, requestAs(editor, NEW, { form: form(declared) }));
    expect(replyErrorsOf(plain).file).toEqual([NOT_A_PDF]);
    expect(await rowCount()).toBe(rows);
    expect(documentFiles()).toHaveLength(files);
  });

  test("a truncated PDF, and one with no page, are refused as broken; nothing is stored", async () => {
    const [rows, files] = [await rowCount(), documentFiles().length];
    const result = await call(
      formAction,
      requestAs(editor, NEW, { form: form(await truncatedPdfFile()) }),
    );
    expect(statusOf(result)).toBe(400);
    expect(replyErrorsOf(result).file).toEqual([BROKEN_PDF]);
    const emptyShell = new File(["%PDF-1.7\n%%EOF\n"], "empty.pdf", { type: "application/pdf" });
    await expect(createDocument(editor, input(), emptyShell)).rejects.toThrow(BROKEN_PDF);
    expect(await rowCount()).toBe(rows);
    expect(documentFiles()).toHaveLength(files);
  });

  test("over 20 MB is refused with the Arabic message, by the form and by the model", async () => {
    const [rows, files] = [await rowCount(), documentFiles().length];
    // A 25 MB PDF is received and dropped: the form comes back with its fields (decision 070).
    const large = new File([new Uint8Array(25 * 1024 * 1024)], "big.pdf", {
      type: "application/pdf",
    });
    const dropped = await call(formAction, requestAs(editor, NEW, { form: form(large) }));
    expect(statusOf(dropped)).toBe(400);
    expect(replyErrorsOf(dropped).file).toEqual([DOCUMENT_TOO_LARGE]);
    expect(dataOf<ActionResult>(dropped).reply?.initialValue).toMatchObject({
      title: ARABIC_TITLE,
      year: "2025",
    });
    // Larger than the form's whole body may be: refused while reading (413), the field's message.
    const huge = new File([new Uint8Array(FORM_CAPS.document.maxBytes)], "huge.pdf", {
      type: "application/pdf",
    });
    const tooLarge = await call(formAction, requestAs(editor, NEW, { form: form(huge) }));
    expect(statusOf(tooLarge)).toBe(413);
    expect(replyErrorsOf(tooLarge).file).toEqual([DOCUMENT_TOO_LARGE]);
    // One byte over the rule, within the body's cap: refused by the form's rule.
    const justOver = new File([new Uint8Array(MAX_DOCUMENT_BYTES + 1)], "big.pdf", {
      type: "application/pdf",
    });
    const over = await call(formAction, requestAs(editor, NEW, { form: form(justOver) }));
    expect(statusOf(over)).toBe(400);
    expect(replyErrorsOf(over).file).toEqual([DOCUMENT_TOO_LARGE]);
    await expect(createDocument(editor, input(), justOver)).rejects.toThrow(DOCUMENT_TOO_LARGE);
    expect(await rowCount()).toBe(rows);
    expect(documentFiles()).toHaveLength(files);
    // The server lets a full 20 MB document through to the form (and nothing larger).
    expect(bodyLimitFor(NEW).maxBytes).toBeGreaterThan(MAX_DOCUMENT_BYTES);
    expect(bodyLimitFor(NEW).maxBytes).toBeLessThan(MAX_DOCUMENT_BYTES + 1024 * 1024);
    expect(bodyLimitFor(`${LIST}/x/edit`).maxBytes).toBeLessThan(1024 * 1024);
  });

  test("bad fields are answered beside them in Arabic", async () => {
    const result = await call(
      formAction,
      requestAs(editor, NEW, {
        form: form(await pdfFile(), { title: " ", category: "minutes", year: "٢٠٠" }),
      }),
    );
    expect(statusOf(result)).toBe(400);
    expect(replyErrorsOf(result)).toMatchObject({
      title: ["عنوان الوثيقة مطلوب"],
      category: ["اختر تصنيف الوثيقة من القائمة"],
      year: ["اكتب السنة الميلادية بأربعة أرقام، مثل 2025"],
    });
    // Arabic-Indic digits are a year too.
    const title = "قوائم بأرقام عربية";
    const saved = await call(
      formAction,
      requestAs(editor, NEW, { form: form(await pdfFile(), { title, year: "٢٠٢٤" }) }),
    );
    expect(statusOf(saved)).toBe(302);
    const [row] = await db.select().from(documents).where(eq(documents.title, title));
    expect(row.year).toBe(2024);
  });
});

describe("downloading", () => {
  test("a document is streamed whole or by byte ranges (206, Content-Range, 416)", async () => {
    const bytes = await pdfBytes("Rifq annual report, ranges", 3);
    const file = new File([new Uint8Array(bytes)], "report.pdf", { type: "application/pdf" });
    const created = await createDocument(editor, input(), file);
    await expectWholeAndRangeDownloads(documentHref(created), bytes);
  });

  test("the headers: PDF, the Arabic name (RFC 5987) with an ASCII fallback, a year's cache", async () => {
    const created = await createDocument(
      editor,
      input({ title: "القوائم المالية (2024)" }),
      await pdfFile(),
    );
    const answer = await download(null, documentHref(created));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/pdf");
    expect(answer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    const disposition = answer.headers.get("content-disposition") ?? "";
    expect(disposition).toMatch(/^attachment; filename="reports-2025\.pdf"; filename\*=UTF-8''/);
    const encoded = disposition.split("filename*=UTF-8''")[1];
    expect(encoded).toMatch(/^[A-Za-z0-9%._~-]+$/);
    expect(decodeURIComponent(encoded)).toBe("القوائم المالية (2024).pdf");
    // Every header value is plain ASCII, as HTTP requires.
    for (const [, value] of answer.headers) expect(value).toMatch(/^[\x20-\x7e]*$/);
  });

  test("a hidden document is neither listed nor served to signed-out readers or viewers (404)", async () => {
    const hidden = await createDocument(
      editor,
      input({ title: "محضر سري لم يُنشر", status: "hidden" }),
      await pdfFile(),
    );
    const href = documentHref(hidden);
    for (const who of [null, viewer]) {
      const answer = await download(who, href);
      expect(answer.status).toBe(404);
      expect(await answer.text()).toBe("الوثيقة غير موجودة");
    }
    // Staff may fetch it (to check it before publishing); no cache keeps it.
    const forStaff = await download(editor, href);
    expect(forStaff.status).toBe(200);
    expect(forStaff.headers.get("cache-control")).toBe("private, no-store");

    const page = dataOf<{ documents: GovernanceDocuments }>(
      await call(governanceLoader as never, requestAs(null, "/governance")),
    );
    expect(JSON.stringify(page.documents)).not.toContain("محضر سري لم يُنشر");
    expect(JSON.stringify(await listPublishedDocuments({ limit: 50 }))).not.toContain(
      "محضر سري لم يُنشر",
    );

    // Published, it is listed and served; hidden again, it is gone again.
    await updateDocument(editor, hidden.id, input({ title: "محضر سري لم يُنشر" }));
    expect((await download(null, href)).status).toBe(200);
    await updateDocument(editor, hidden.id, input({ title: "محضر سري لم يُنشر", status: "hidden" }));
    expect((await download(null, href)).status).toBe(404);
  });

  test("an address of another version, or of nothing, is a 404", async () => {
    const created = await createDocument(editor, input(), await pdfFile());
    const wrongVersion = `/documents/${created.id}/0000000000000000.pdf`;
    expect((await download(null, wrongVersion)).status).toBe(404);
    expect((await download(null, "/documents/not-a-uuid/abc.pdf")).status).toBe(404);
  });
});

describe("/governance", () => {
  test("lists the newest published documents by category and year, with a link to all of a category", async () => {
    for (let index = 0; index < DOCUMENTS_PER_CATEGORY + 2; index++) {
      await createDocument(
        editor,
        input({ title: `سياسة رقم ${index}`, category: "policies", year: 2018 + (index % 3) }),
        await pdfFile(),
      );
    }
    const page = dataOf<{ documents: GovernanceDocuments }>(
      await call(governanceLoader as never, requestAs(null, "/governance")),
    );
    if (page.documents.view !== "groups") throw new Error("expected the groups");
    const policies = page.documents.groups.find((group) => group.category === "policies");
    expect(policies?.hasMore).toBe(true);
    expect(policies?.documents).toHaveLength(DOCUMENTS_PER_CATEGORY);
    const years = policies?.documents.map((document) => document.year) ?? [];
    expect(years).toEqual([...years].sort((a, b) => b - a));

    const all = dataOf<{ documents: GovernanceDocuments }>(
      await call(
        governanceLoader as never,
        requestAs(null, "/governance?category=policies&page=1"),
      ),
    );
    expect(all.documents).toMatchObject({ view: "category", category: "policies", hasMore: false });
    if (all.documents.view !== "category") throw new Error("expected one category");
    expect(all.documents.documents).toHaveLength(DOCUMENTS_PER_CATEGORY + 2);
  });

  test("a year is shown with its Hijri years", () => {
    expect(hijriYearsOf(2025)).toBe("1446–1447هـ");
    // A Gregorian year may touch three Hijri years.
    expect(hijriYearsOf(2008)).toBe("1428–1430هـ");
  });
});

describe("the staff area", () => {
  test("the list is for editors and admins; viewers and signed-out visitors are refused", async () => {
    await createDocument(editor, input(), await pdfFile());
    await expectListReadableByStaffOnly(listLoader as never, LIST, "documents", { viewer, editor });
    const asAdmin = dataOf(await call(listLoader as never, requestAs(admin, LIST)));
    expect(asAdmin.documents).toEqual(expect.arrayContaining([expect.anything()]));
  });

  test("a viewer cannot upload, edit, publish or delete; the database is unchanged", async () => {
    const target = await createDocument(editor, input({ status: "hidden" }), await pdfFile());
    const [rows, files] = [await rowCount(), documentFiles().length];
    const upload = await call(formAction, requestAs(viewer, NEW, { form: form(await pdfFile()) }));
    expect(statusOf(upload)).toBe(403);
    const edit = await call(
      formAction,
      requestAs(viewer, `${LIST}/${target.id}/edit`, { form: form("", { title: "عبث" }) }),
      { id: target.id },
    );
    expect(statusOf(edit)).toBe(403);
    for (const intent of ["publish-toggle", "delete"]) {
      const answer = await call(
        listAction,
        requestAs(viewer, LIST, { form: { intent, id: target.id } }),
      );
      expect(statusOf(answer)).toBe(403);
      expect(await (answer as Response).text()).toBe(REFUSED_WITH[403]);
    }
    const signedOut = await call(formAction, requestAs(null, NEW, { form: form(await pdfFile()) }));
    expect(statusOf(signedOut)).toBe(401);
    const [row] = await db.select().from(documents).where(eq(documents.id, target.id));
    expect(row).toMatchObject({ title: ARABIC_TITLE, status: "hidden" });
    expect(await rowCount()).toBe(rows);
    expect(documentFiles()).toHaveLength(files);
    const form403 = await call(
      formLoader as never,
      requestAs(viewer, `${LIST}/${target.id}/edit`),
      {
        id: target.id,
      },
    );
    expect(statusOf(form403)).toBe(403);
  });

  test("an editor edits, publishes, hides and deletes (the file goes with the row)", async () => {
    const target = await createDocument(editor, input({ status: "hidden" }), await pdfFile());
    const edited = await call(
      formAction,
      requestAs(editor, `${LIST}/${target.id}/edit`, {
        form: {
          title: "القوائم المالية المدققة 2024",
          category: "financial-statements",
          year: "2024",
          status: "hidden",
        },
      }),
      { id: target.id },
    );
    expect(replyErrorsOf(edited)).toEqual({});
    expect(statusOf(edited)).toBe(302);
    const toggled = await call(
      listAction,
      requestAs(editor, LIST, { form: { intent: "publish-toggle", id: target.id } }),
    );
    expect(statusOf(toggled)).toBe(200);
    const [row] = await db.select().from(documents).where(eq(documents.id, target.id));
    expect(row).toMatchObject({
      title: "القوائم المالية المدققة 2024",
      category: "financial-statements",
      year: 2024,
      status: "published",
    });
    expect(documentFiles()).toContain(row.fileKey);
    const deleted = await call(
      listAction,
      requestAs(editor, LIST, { form: { intent: "delete", id: target.id } }),
    );
    expect(statusOf(deleted)).toBe(200);
    expect(await db.select().from(documents).where(eq(documents.id, target.id))).toEqual([]);
    expect(documentFiles()).not.toContain(row.fileKey);
    expect((await download(null, documentHref(row))).status).toBe(404);
  });
});

describe("bounded lists (docs/decisions/036)", () => {
  test("staff pages of 20 and /governance's groups never read the whole table", async () => {
    const [{ id: fileOwner }] = [{ id: editor.id }];
    const sha = "a".repeat(64);
    const base = Date.parse("2020-01-01T00:00:00Z");
    const rows = Array.from({ length: 45 }, (_, index) => ({
      title: `قائمة طويلة ${index}`,
      category: "other" as const,
      year: 2000 + (index % 5),
      status: "published" as const,
      fileKey: `documents/bounded-${index}.pdf`,
      fileSha256: sha,
      sizeBytes: 1000,
      authorId: fileOwner,
      // Two share each hour: only the id orders them.
      createdAt: new Date(base + Math.floor(index / 2) * 3_600_000),
    }));
    await db.insert(documents).values(rows);

    const seen: string[] = [];
    for (let page = 1; ; page++) {
      const answer = dataOf<{ documents: { id: string }[]; hasMore: boolean; pageCount: number }>(
        await call(
          listLoader as never,
          requestAs(editor, `${LIST}?q=${encodeURIComponent("قائمة طويلة")}&page=${page}`),
        ),
      );
      expect(answer.documents.length).toBeLessThanOrEqual(20);
      seen.push(...answer.documents.map((row) => row.id));
      expect(answer.pageCount).toBe(3);
      if (!answer.hasMore) break;
    }
    expect(seen).toHaveLength(45);
    expect(new Set(seen).size).toBe(45);

    const groups = dataOf<{ documents: GovernanceDocuments }>(
      await call(governanceLoader as never, requestAs(null, "/governance")),
    ).documents;
    if (groups.view !== "groups") throw new Error("expected the groups");
    const other = groups.groups.find((group) => group.category === "other");
    expect(other?.documents).toHaveLength(DOCUMENTS_PER_CATEGORY);
    expect(other?.hasMore).toBe(true);
    const lastPage = dataOf<{ documents: GovernanceDocuments }>(
      await call(governanceLoader as never, requestAs(null, "/governance?category=other&page=3")),
    ).documents;
    expect(lastPage).toMatchObject({ view: "category", page: 3, hasMore: false });
  });
});

/** The statements `read` sends, each with how many rows its plan's scans read (EXPLAIN ANALYZE). */
async function rowsScannedBy(read: () => Promise<unknown>) {
  type Query = (statement: string | { text: string }, params?: unknown[]) => Promise<unknown>;
  // The driver's client (PGlite or node-postgres's pool): both take (text or config, params).
  const client = (db as unknown as { $client: { query: Query } }).$client;
  const query = client.query;
  const sent: { text: string; params: unknown[] }[] = [];
  client.query = function (this: unknown, statement, params = []) {
    sent.push({ text: typeof statement === "string" ? statement : statement.text, params });
    return query.call(this, statement, params);
  } as Query;
  try {
    await read();
  } finally {
    client.query = query;
  }
  interface PlanNode {
    "Node Type": string;
    "Actual Rows": number;
    "Actual Loops": number;
    Plans?: PlanNode[];
  }
  const scanned = (node: PlanNode): number =>
    (/Scan$/.test(node["Node Type"]) ? node["Actual Rows"] * node["Actual Loops"] : 0) +
    (node.Plans ?? []).reduce((sum, child) => sum + scanned(child), 0);
  const plans = [];
  for (const { text, params } of sent) {
    const answer = (await query.call(client, `explain (analyze, format json) ${text}`, params)) as {
      rows: { "QUERY PLAN": unknown }[];
    };
    const plan = answer.rows[0]?.["QUERY PLAN"];
    const [top] = (typeof plan === "string" ? JSON.parse(plan) : plan) as { Plan: PlanNode }[];
    plans.push(scanned(top.Plan));
  }
  return plans;
}

describe("a documents block of every category (docs/decisions/057)", () => {
  test("lists the newest published documents of all categories, reading a few rows per category", async () => {
    const categories = ["reports", "financial-statements", "policies", "other"] as const;
    const base = Date.parse("2021-01-01T00:00:00Z");
    await db.insert(documents).values(
      Array.from({ length: 80 }, (_, index) => ({
        title: `وثيقة الكتلة ${index}`,
        category: categories[index % 4],
        // Interleaved, but the policies are all older: the newest twelve are of three categories.
        year: index % 4 === 2 ? 2000 + (index % 9) : 2100 - index,
        status: index % 5 === 4 ? ("hidden" as const) : ("published" as const),
        fileKey: `documents/block-${index}.pdf`,
        fileSha256: "b".repeat(64),
        sizeBytes: 1000,
        authorId: editor.id,
        createdAt: new Date(base + index * 60_000),
      })),
    );
    const published = await db
      .select({ id: documents.id, year: documents.year, createdAt: documents.createdAt })
      .from(documents)
      .where(eq(documents.status, "published"));
    const newest = published
      .sort(
        (a, b) =>
          b.year - a.year ||
          b.createdAt.getTime() - a.createdAt.getTime() ||
          (a.id < b.id ? 1 : -1),
      )
      .slice(0, 12)
      .map((row) => row.id);

    const listed = await listPublishedDocuments({ limit: 12 });
    expect(listed.map((row) => row.id)).toEqual(newest);
    expect(new Set(listed.map((row) => row.category))).toEqual(
      new Set(["reports", "financial-statements", "other"]),
    );

    // One statement, reading at most 12 rows of each category however many are published.
    expect(published.length).toBeGreaterThan(4 * 12);
    const scanned = await rowsScannedBy(() => listPublishedDocuments({ limit: 12 }));
    expect(scanned).toHaveLength(1);
    expect(scanned[0]).toBeLessThanOrEqual(4 * 12);
  });
});

describe("changes reach the right pages and readers", () => {
  test("a change to the documents clears /governance (and no other public page) from the cache", () => {
    const governance = livePageAt("/governance", liveListsOf([governanceHandle]));
    expect(concerns({ table: "documents" }, governance)).toBe(true);
    expect(concerns({ table: "documents" }, livePageAt("/about", []))).toBe(false);
  });

  test("signed-out readers hear of a document only while it is or was published, never its id", async () => {
    const filter = createPublicChangeFilter();
    await filter.reload();
    const hidden = await createDocument(editor, input({ status: "hidden" }), await pdfFile());
    const event = (op: "INSERT" | "UPDATE" | "DELETE") =>
      filter.toPublic({ table: "documents", op, key: hidden.id });
    expect(await event("INSERT")).toBeNull();
    await updateDocument(editor, hidden.id, input({ title: "تعديل وهو مخفي", status: "hidden" }));
    expect(await event("UPDATE")).toBeNull();
    await updateDocument(editor, hidden.id, input());
    expect(await event("UPDATE")).toEqual({ table: "documents" });
    // Hidden again: the public lists lose it, so they hear of it once more.
    await updateDocument(editor, hidden.id, input({ status: "hidden" }));
    expect(await event("UPDATE")).toEqual({ table: "documents" });
    expect(await event("UPDATE")).toBeNull();
  });
});
