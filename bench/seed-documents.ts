// Adds `MANY_DOCUMENTS` (default 2,000) documents to DATA_DIR for bench/many-documents.js: the
// four categories over 25 years, every tenth hidden, each with a real PDF in the Storage (the
// same small report under each document's own key), as the upload form would store them.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { documentCategories } from "../app/shared/documents";
import { db, ensureDatabaseReady, getDatabaseHandle } from "../app/utils/db.server";
import { getStorage } from "../app/utils/storage.server";
import { documents, users } from "../database/schema";

const COUNT = Number(process.env.MANY_DOCUMENTS ?? 2_000);
/** BENCH_PDF_MB: each PDF carries an annex of this many MB (bench/slow-downloads.js: 19). */
const ANNEX_MB = Number(process.env.BENCH_PDF_MB ?? 0);
const BATCH = 500;
const HOUR = 60 * 60 * 1000;
const TITLES = {
  reports: "التقرير السنوي",
  "financial-statements": "القوائم المالية المدققة",
  policies: "سياسة تعارض المصالح",
  other: "محضر اجتماع الجمعية العمومية",
} as const;

async function reportPdf() {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([595, 842]).drawText("Rifq bench document", { x: 50, y: 780, font });
  if (ANNEX_MB > 0) {
    await pdf.attach(randomBytes(ANNEX_MB * 1024 * 1024), "annex.bin", {
      mimeType: "application/octet-stream",
    });
  }
  return Buffer.from(await pdf.save());
}

await ensureDatabaseReady();
const [author] = await db
  .insert(users)
  .values({
    id: randomBytes(12).toString("hex"),
    fullName: "فريق الحوكمة",
    email: `many-documents-${randomBytes(4).toString("hex")}@rifq.local`,
    role: "editor",
  })
  .returning({ id: users.id });
const bytes = await reportPdf();
const fileSha256 = createHash("sha256").update(bytes).digest("hex");
const storage = getStorage();
const now = Date.now();
for (let start = 0; start < COUNT; start += BATCH) {
  const rows = Array.from({ length: Math.min(BATCH, COUNT - start) }, (_, j) => {
    const i = start + j;
    const category = documentCategories[i % documentCategories.length];
    const id = randomUUID();
    return {
      id,
      title: `${TITLES[category]} رقم ${i + 1}`,
      category,
      year: 2025 - (i % 25),
      status: i % 10 === 0 ? ("hidden" as const) : ("published" as const),
      fileKey: `documents/${id}.pdf`,
      fileSha256,
      sizeBytes: bytes.length,
      authorId: author?.id ?? null,
      createdAt: new Date(now - (i + 1) * HOUR),
    };
  });
  for (const row of rows) await storage.put(row.fileKey, bytes, "application/pdf");
  await db.insert(documents).values(rows);
}
await getDatabaseHandle().close();
console.log(`seeded ${COUNT} documents`);
