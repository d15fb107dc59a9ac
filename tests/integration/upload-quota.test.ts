import { statSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { getDashboardStats } from "~/models/dashboard.server";
import { createDocument } from "~/models/documents.server";
import { action as imageForm } from "~/routes/admin/images/form";
import { loader as overviewLoader } from "~/routes/admin/overview";
import { action as mediaAction } from "~/routes/admin/posts/media";
import { STAFF_UPLOAD_LIMIT, tooManyUploads } from "~/services/staff-forms.server";
import { formatFileSize } from "~/shared/documents";
import { createUser, requestAs } from "../support/accounts";
import { pngFile } from "../support/images";
import { withRateLimits } from "../support/outreach";
import { pdfFile } from "../support/pdfs";
import { call, dataOf, headersOf, load, replyErrorsOf, statusOf } from "../support/route-calls";
import { storedFiles, uploadsDir } from "../support/uploads";

// Issue 35, item 9: one editor stored 12 × 1 MB in 0.2 s. Uploads now count against a rate per
// member of staff, refused in Arabic with 429 past it; the dashboard says what the site stores.

const NEW = "/admin/dashboard/images/new";

describe("the upload rate", () => {
  test("past its uploads in ten minutes an editor is refused in Arabic, nothing stored; another editor is not", async () => {
    const editor = await createUser("editor");
    const colleague = await createUser("editor");
    const upload = async (who = editor, title = "صورة") =>
      call(
        imageForm,
        requestAs(who, NEW, { form: { title, image: await pngFile("p.png", 8, 8) } }),
      );
    await withRateLimits(async () => {
      for (let i = 0; i < STAFF_UPLOAD_LIMIT.max; i++) {
        expect(statusOf(await upload(editor, `صورة ${i}`))).toBe(302);
      }
      const files = storedFiles().length;
      const refused = await upload(editor, "صورة زائدة");
      expect(statusOf(refused)).toBe(429);
      const wait = Number(headersOf(refused).get("retry-after"));
      expect(wait).toBeGreaterThan(0);
      expect(replyErrorsOf(refused).image).toEqual([tooManyUploads(wait)]);
      expect(replyErrorsOf(refused).image[0]).toMatch(/^رفعت ملفات كثيرة خلال وقت قصير/);
      expect(storedFiles().length).toBe(files);

      // The editor's article images count too, with the same message.
      const media = await call(
        mediaAction,
        requestAs(editor, "/admin/dashboard/posts/media", {
          form: { image: await pngFile("q.png", 8, 8) },
        }),
      );
      expect(statusOf(media)).toBe(429);
      expect(dataOf<{ message: string }>(media).message).toBe(tooManyUploads(wait));
      expect(storedFiles().length).toBe(files);

      expect(statusOf(await upload(colleague, "صورة الزميل"))).toBe(302);
    });
  });
});

describe("the storage figure", () => {
  test("the staff dashboard shows every uploaded file's bytes, and grows with a new document", async () => {
    const editor = await createUser("editor");
    const onDisk = () =>
      storedFiles().reduce((sum, key) => sum + statSync(path.join(uploadsDir(), key)).size, 0);
    const before = (await getDashboardStats(editor)).storage;
    expect(before.bytes).toBe(onDisk());
    const pdf = await pdfFile();
    await createDocument(
      editor,
      { title: "تقرير", category: "reports", year: 2025, status: "hidden" },
      pdf,
    );
    const after = (await getDashboardStats(editor)).storage;
    expect(after.bytes).toBe(before.bytes + pdf.size);
    expect(after.files).toBe(before.files + 1);

    const overview = await load(overviewLoader, requestAs(editor, "/admin/dashboard"));
    const stats = (overview as { stats: { storage: { bytes: number } } }).stats;
    expect(formatFileSize(stats.storage.bytes)).toMatch(/بايت$/);
  });
});
