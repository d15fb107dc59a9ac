import { readFile } from "node:fs/promises";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { BROKEN_PDF, NOT_A_PDF } from "~/shared/documents";
import { pdfBytes } from "../support/pdfs";
import {
  baseURL,
  DESKTOP,
  expectAccessible,
  launchBrowser,
  login,
  openPage,
} from "./support/browser";
import { DOCUMENTS, uploadDocument } from "./support/documents";

// The documents library (docs/decisions/048), as an admin and a signed-out reader see it.

const TITLE = "التقرير السنوي 2025 للجمعية";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

test("an admin uploads a PDF report; a signed-out reader downloads it byte-identical from /governance, without JavaScript", async () => {
  const report = Buffer.from(await pdfBytes("Rifq annual report 2025", 3));
  const { page, errors, context } = await openPage(browser, DESKTOP);
  await login(page, "admin");

  // The staff navigation leads to the library.
  await page.goto("/admin/dashboard");
  await page.getByRole("link", { name: "الوثائق والتقارير" }).first().click();
  await page.getByRole("heading", { name: "الوثائق والتقارير", level: 1 }).waitFor();
  await expectAccessible(page);

  // A renamed text file and a cut-off PDF are refused beside the file field, in Arabic.
  const asReport = { title: TITLE };
  await uploadDocument(
    page,
    {
      name: "report.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("هذا ملف نصي غُيّر اسمه إلى PDF\n"),
    },
    asReport,
  );
  await page.getByText(NOT_A_PDF).first().waitFor();
  await uploadDocument(
    page,
    {
      name: "report.pdf",
      mimeType: "application/pdf",
      buffer: report.subarray(0, Math.floor(report.length / 2)),
    },
    asReport,
  );
  await page.getByText(BROKEN_PDF).first().waitFor();
  // The browser logs each refused form's 400, and nothing else.
  expect(errors).toEqual(Array(2).fill(expect.stringContaining("status of 400")));
  errors.length = 0;

  // The real report goes through.
  await uploadDocument(
    page,
    { name: "annual-report.pdf", mimeType: "application/pdf", buffer: report },
    asReport,
  );
  await page.waitForURL(`**${DOCUMENTS}`);
  await page.getByRole("cell", { name: TITLE }).first().waitFor();
  expect(errors).toEqual([]);
  await context.close();

  // A signed-out reader, JavaScript off, finds it on /governance and downloads it.
  const reader = await browser.newContext({
    viewport: DESKTOP,
    baseURL: baseURL(),
    locale: "ar-SA",
    javaScriptEnabled: false,
    acceptDownloads: true,
  });
  const readerPage = await reader.newPage();
  await readerPage.goto("/governance");
  const section = readerPage.getByRole("region", { name: "التقارير", exact: true });
  await section.getByText("2025م (1446–1447هـ)").waitFor();
  const link = section.getByRole("link", { name: new RegExp(TITLE) });
  const href = await link.getAttribute("href");
  expect(href).toMatch(/^\/documents\/[0-9a-f-]{36}\/[0-9a-f]{16}\.pdf$/);
  const [download] = await Promise.all([readerPage.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe(`${TITLE}.pdf`);
  const saved = await download.path();
  expect(Buffer.compare(await readFile(saved), report)).toBe(0);
  await reader.close();

  // The headers, and no way around the published check through /uploads.
  const answer = await fetch(`${baseURL()}${href}`);
  expect(answer.headers.get("content-type")).toBe("application/pdf");
  expect(answer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  const id = href?.split("/")[2];
  const direct = await fetch(`${baseURL()}/uploads/documents/${id}.pdf`);
  expect(direct.status).toBe(404);
});
