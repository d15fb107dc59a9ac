import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { appendFile, mkdir, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import S3rver from "s3rver";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { createCampaign, listCampaignsForStaff, scheduleCampaign } from "~/models/campaigns.server";
import { createCategory } from "~/models/categories.server";
import { addCard, getCardLists } from "~/models/content-lists.server";
import { createDocument, listPublishedDocuments } from "~/models/documents.server";
import { registerForEvent } from "~/models/event-registrations.server";
import { createEvent } from "~/models/events.server";
import { createImage } from "~/models/images.server";
import { changeMenu, getLayoutMenus, getMenuForAdmin } from "~/models/menus.server";
import {
  createPage,
  findPageRedirect,
  getPublishedPage,
  listPageRevisions,
  updatePage,
} from "~/models/pages.server";
import { createPost, listPublishedPosts } from "~/models/posts.server";
import { createCountBuffer } from "~/models/reading-counts.server";
import { assignRequest } from "~/models/requests.server";
import { updateSetting } from "~/models/site-settings.server";
import { CONTENT_TYPE_LIST } from "~/shared/content-types";
import { addEntry } from "~/shared/menus";
import { createBackup } from "~/utils/backup/create-backup.server";
import { holdDataDir } from "~/utils/backup/data-dir-lock.server";
import { sha256 } from "~/utils/backup/manifest.server";
import { restoreBackup } from "~/utils/backup/restore.server";
import { backupFileName, listBackups } from "~/utils/backup/retention.server";
import { listTables, type RunQuery } from "~/utils/backup/row-counts.server";
import {
  nextNightlyRun,
  runNightlyBackup,
  startServerBackups,
} from "~/utils/backup/schedule.server";
import {
  backupsDir,
  embeddedDatabaseDir,
  openSourceForCommand,
  openSourceInServer,
} from "~/utils/backup/site-env.server";
import {
  createPgliteHandle,
  type DatabaseHandle,
  db,
  getDatabaseHandle,
  installDatabase,
} from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import {
  createLocalStorage,
  createS3Storage,
  getStorage,
  type Storage,
} from "~/utils/storage.server";
import { newsletterSubscribers } from "../../database/schema";
import { createUser } from "../support/accounts";
import { pngFile } from "../support/images";
import { expectLog } from "../support/logs";
import { pdfBytes } from "../support/pdfs";
import { createRequest, createRequestForm } from "../support/requests";

// Backups and restores with the real parts: PGlite data folders in temp dirs, databases created
// and dropped on the PostgreSQL server when TEST_DATABASE_URL is set, pg_dump, tar files, and an
// S3-compatible server. A round trip must give back every row of every table and every file.

const SERVER_URL = process.env.TEST_DATABASE_URL;
const HEAVY = 120_000;
const workDir = mkdtempSync(path.join(os.tmpdir(), "rifq-backup-test-"));
const cleanups: (() => Promise<unknown>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(workDir, { recursive: true, force: true });
});

const newFolder = (name: string) => mkdtempSync(path.join(workDir, `${name}-`));
/** Who may read and write a file or folder (its permission bits). */
const modeOf = (file: string) => statSync(file).mode & 0o777;

// ─── what a site holds ──────────────────────────────────────────────────────────────────────

interface SiteContents {
  /** Every row of every table as JSON text, sorted, per "schema.table". */
  rows: Record<string, string[]>;
  /** SHA-256 of every stored file, per key. */
  files: Record<string, string>;
}

async function rowsOf(query: RunQuery): Promise<SiteContents["rows"]> {
  await query("set timezone to 'UTC'");
  const rows: SiteContents["rows"] = {};
  for (const table of await listTables(query)) {
    const result = await query(`select row_to_json(t)::text as json from ${table} t`);
    rows[table] = result.map((row) => String(row.json)).sort();
  }
  return rows;
}

async function filesOf(storage: Storage): Promise<SiteContents["files"]> {
  const files: SiteContents["files"] = {};
  for (const key of await storage.list()) {
    const file = await storage.get(key);
    if (file) files[key] = sha256(file.body);
  }
  return files;
}

/** The contents of the database this test file runs on (one transaction: one session). */
const installedRows = () =>
  db.transaction((tx) =>
    rowsOf(async (text) => (await tx.execute(sql.raw(text))).rows as Record<string, unknown>[]),
  );

async function pgliteRows(dataDir: string) {
  const client = new PGlite(dataDir);
  try {
    return await rowsOf(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
  } finally {
    await client.close();
  }
}

async function withPostgres<T>(url: string, work: (query: RunQuery) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(async (text) => (await client.query(text)).rows);
  } finally {
    await client.end();
  }
}

/** A new empty database on the PostgreSQL server, dropped after the file. */
async function newServerDatabase(): Promise<string> {
  if (!SERVER_URL) throw new Error("TEST_DATABASE_URL is not set");
  const name = `rifq_backup_${randomBytes(5).toString("hex")}`;
  await withPostgres(SERVER_URL, (query) => query(`create database ${name}`));
  cleanups.push(() =>
    withPostgres(SERVER_URL, (query) => query(`drop database if exists ${name} with (force)`)),
  );
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

const MENU_PAGE = { label: "حملة رمضان", parentId: "menu-services", href: "/p/حملة-رمضان" };

const CARD_LIST = { pagePath: "/services/programs", listKey: "programs" };
const ADDED_PROGRAM = "برنامج رمضان";

/** The URL of the server database this file runs on (TEST_DATABASE_URL mode). */
const installedUrl = () =>
  (getDatabaseHandle().db as unknown as { $client: pg.Pool }).$client.options
    .connectionString as string;

// ─── a realistic site ───────────────────────────────────────────────────────────────────────

const PUBLISHED_TITLE = "زيارة كبار السن في دار الرعاية بالدمام";
const CAMPAIGN_SUBJECT = "نشرة ديسمبر";
/** Reads the restored campaigns (the models check only the role). */
const RESTORED_READER = {
  id: "restored",
  email: "r@example.test",
  fullName: "r",
  role: "editor",
} as const;
let site: SiteContents;
const DOCUMENT_TITLE = "التقرير السنوي لجمعية رفق 2025";
let reportBytes: Promise<Uint8Array> | undefined;
/** The report's PDF: the same bytes each time it is asked for. */
const reportPdf = () => {
  reportBytes ??= pdfBytes("Rifq annual report 2025", 2);
  return reportBytes;
};
/** A backup of the database this file runs on (PGlite, or the server with TEST_DATABASE_URL). */
let siteArchive: string;

async function seedSite() {
  const admin = await createUser("admin", "نورة العتيبي");
  const editor = await createUser("editor", "عبدالله الشهري");
  await createUser("viewer", "متطوعة من الخبر");
  const category = await createCategory(editor, {
    name: "أخبار الجمعية",
    slug: "association-news",
  });
  await createPost(
    editor,
    {
      title: PUBLISHED_TITLE,
      slug: "زيارة-دار-الرعاية",
      excerpt: "قضى المتطوعون يوماً مع كبار السن",
      content: "بدأت الزيارة بالقهوة العربية والتمر.\n\nثم شارك الجميع في جلسة ذكريات عن الأحساء.",
      categoryId: category.id,
      status: "published",
    },
    await pngFile("زيارة.png"),
  );
  await createPost(editor, {
    title: "مسودة: برنامج رمضان",
    slug: "برنامج-رمضان",
    excerpt: null,
    // Quotes, a tab, and a line that looks like a dump header line: the data must come back as is.
    content:
      "إفطار صائم مع الأسر المستفيدة — 'علامات' و\"اقتباسات\" وسطر\tبجدولة.\nSET transaction_timeout = 0;",
    categoryId: null,
    status: "draft",
  });
  await createImage(
    editor,
    { title: "حديقة الدار", description: "جلسة صباحية في الحديقة", categoryId: category.id },
    await pngFile("حديقة.png", 800, 500),
  );
  // The documents library (docs/decisions/048): a published report, its PDF in storage.
  await createDocument(
    editor,
    { title: DOCUMENT_TITLE, category: "reports", year: 2025, status: "published" },
    new File([new Uint8Array(await reportPdf())], "report.pdf", { type: "application/pdf" }),
  );
  await updateSetting(admin, "contact_info", {
    phone: "+966 13 812 3456",
    email: "contact@rifq.org.sa",
    address: "حي الفيصلية، الدمام",
  });
  await updateSetting(admin, "registration_control", { allow_registration: false });
  // An event and a registration for it (docs/decisions/052).
  const event = await createEvent(editor, {
    title: "ملتقى الأجيال",
    slug: "ملتقى-الأجيال",
    description: "<p>لقاء يجمع كبارنا بالشباب، و'اقتباس' وسطر\tبجدولة.</p>",
    startsAt: new Date("2027-02-01T07:00:00Z"),
    endsAt: new Date("2027-02-01T10:00:00Z"),
    place: "مقر الجمعية، الدمام",
    mapUrl: "https://maps.example.com/?q=dammam",
    capacity: 30,
    registrationOpen: true,
    status: "published",
  });
  await registerForEvent(event.id, {
    fullName: "نورة القحطاني",
    phone: "+966501234567",
    email: "noura@example.test",
    attendees: 2,
  });
  // A newsletter campaign being sent: the campaign and its queue rows (docs/decisions/051).
  await db.insert(newsletterSubscribers).values({
    email: "reader@example.test",
    token: "backup-token-0123456789abcdefghijk",
    confirmedAt: new Date(),
  });
  const campaign = await createCampaign(editor, {
    subject: CAMPAIGN_SUBJECT,
    body: "<p>أخبار الشهر</p>",
    inArchive: true,
  });
  await scheduleCampaign(editor, campaign.id, null);
  // A card list an admin changed (docs/decisions/047): its row and its history travel too.
  await addCard(admin, {
    target: CARD_LIST,
    fields: { title: ADDED_PROGRAM, text: "إفطار جماعي ولقاءات مسائية طوال الشهر الكريم." },
  });
  // Issue 23, item 3: a stored menu (and its revision) with a page under «خدماتنا».
  await changeMenu(admin, "header", (entries) => addEntry(entries, "header", MENU_PAGE));
  // Issue 37: reading statistics (docs/decisions/074), two days of counts.
  const counts = createCountBuffer();
  counts.add("view", "/about", "", { by: 12, day: "2026-11-01" });
  counts.add("search-miss", "زكاة الفطر", "", { by: 3, day: "2026-11-02" });
  await counts.flush();
  // Issue 36: a request form, an answer and its request, given to the editor (docs/decisions/072).
  const requestForm = await createRequestForm();
  const request = await createRequest(requestForm.id, { name: "سعاد الحربي" });
  await assignRequest(admin, request.id, { assigneeId: editor.id });
}

/** A page built from blocks, renamed once (a redirect row) and saved twice (two revisions). */
async function seedPages() {
  // The site's editor writes it (seedSite made the users: the counts of users stay as they are).
  const { rows } = await db.execute(
    sql`select id, email, full_name from users where role = 'editor' limit 1`,
  );
  const [row] = rows as { id: string; email: string; full_name: string }[];
  const editor = { id: row.id, email: row.email, fullName: row.full_name, role: "editor" as const };
  const created = await createPage(editor, {
    title: PAGE_TITLE,
    slug: "حملة-رمضان-القديمة",
    blocks: [
      { type: "text", html: "<p>سلال رمضان لكبار السن في الأحساء.</p>" },
      { type: "cards", items: [{ title: "سلة غذائية", icon: "hand-heart" }] },
      { type: "cta", label: "تبرع الآن", href: "/donate" },
    ],
    status: "published",
  });
  await updatePage(editor, created.id, { ...created, slug: PAGE_SLUG });
}
const PAGE_TITLE = "حملة رمضان";
const PAGE_SLUG = "حملة-رمضان";

/** Backs up the database this file runs on, as the running server does (its open handle). */
async function backupOfInstalled(outFile: string, storage: Storage = getStorage()) {
  const handle = getDatabaseHandle();
  const env = {
    ...getEnv(),
    DATABASE_URL: handle.kind === "postgres" ? installedUrl() : undefined,
  };
  const opened = await openSourceInServer(handle, env);
  try {
    return await createBackup({ database: opened.source, storage, outFile, authSecret: null });
  } finally {
    await opened.close();
  }
}

beforeAll(async () => {
  await seedSite();
  await seedPages();
  site = { rows: await installedRows(), files: await filesOf(getStorage()) };
  siteArchive = (await backupOfInstalled(path.join(workDir, "site.tar.gz"))).file;
}, HEAVY);

/** Restores `archive` into a new data folder (a new PGlite in DATA_DIR/db, files in uploads). */
async function restoreIntoNewDataDir(archive: string) {
  const dataDir = newFolder("data");
  const storage = createLocalStorage(path.join(dataDir, "uploads"));
  const target = { kind: "pglite", dataDir: embeddedDatabaseDir(dataDir) } as const;
  const result = await restoreBackup({ archive, target, storage });
  return { dataDir, storage, result };
}

const restored = new Map<string, ReturnType<typeof restoreIntoNewDataDir>>();
/** `archive` restored into a new data folder once; the tests that share it only read it. */
function restoredOnce(archive: string) {
  if (!restored.has(archive)) restored.set(archive, restoreIntoNewDataDir(archive));
  return restored.get(archive) as ReturnType<typeof restoreIntoNewDataDir>;
}

let pgliteArchive: Promise<string> | undefined;
/**
 * A backup made from an embedded database. On PGlite runs it is the site's own backup; with
 * TEST_DATABASE_URL the server backup is first restored into a PGlite data folder (checking
 * PostgreSQL → PGlite on the way) and that folder is backed up as `npm run backup` does.
 */
function archiveFromPglite(): Promise<string> {
  pgliteArchive ??= (async () => {
    if (getDatabaseHandle().kind === "pglite") return siteArchive;
    const { dataDir, storage } = await restoredOnce(siteArchive);
    expect(await pgliteRows(embeddedDatabaseDir(dataDir))).toEqual(site.rows);
    expect(await filesOf(storage)).toEqual(site.files);
    const opened = await openSourceForCommand({ DATA_DIR: dataDir, AUTH_SECRET: "unused" });
    try {
      const out = path.join(workDir, "from-pglite.tar.gz");
      return (await createBackup({ database: opened.source, storage, outFile: out })).file;
    } finally {
      await opened.close();
    }
  })();
  return pgliteArchive;
}

// ─── round trips ────────────────────────────────────────────────────────────────────────────

describe("events and their registrations (docs/decisions/052)", () => {
  test(
    "are in the archive and come back in a restored data folder",
    async () => {
      const { manifest } = await backupOfInstalled(path.join(workDir, "events.tar.gz"));
      expect(manifest.tables["public.events"]).toBe(1);
      expect(manifest.tables["public.event_registrations"]).toBe(1);
      const { dataDir } = await restoredOnce(siteArchive);
      const rows = await pgliteRows(embeddedDatabaseDir(dataDir));
      expect(rows["public.events"]).toEqual(site.rows["public.events"]);
      expect(rows["public.event_registrations"]).toEqual(site.rows["public.event_registrations"]);
      expect(rows["public.event_registrations"].join()).toContain("نورة القحطاني");
      expect(rows["public.events"].join()).toContain('"seats_taken":2');
    },
    HEAVY,
  );
});

describe("reading statistics (docs/decisions/074)", () => {
  test(
    "are in the archive and come back in a restored data folder",
    async () => {
      const { manifest } = await backupOfInstalled(path.join(workDir, "statistics.tar.gz"));
      expect(manifest.tables["public.reading_counts"]).toBe(2);
      const { dataDir } = await restoredOnce(siteArchive);
      const rows = await pgliteRows(embeddedDatabaseDir(dataDir));
      expect(rows["public.reading_counts"]).toEqual(site.rows["public.reading_counts"]);
      expect(rows["public.reading_counts"].join()).toContain("زكاة الفطر");
    },
    HEAVY,
  );
});

describe("requests and their history (docs/decisions/072)", () => {
  test(
    "are in the archive and come back in a restored data folder",
    async () => {
      const { dataDir } = await restoredOnce(siteArchive);
      const rows = await pgliteRows(embeddedDatabaseDir(dataDir));
      for (const table of ["forms", "form_answers", "requests", "request_events"]) {
        expect(rows[`public.${table}`]).toEqual(site.rows[`public.${table}`]);
      }
      expect(rows["public.requests"]).toHaveLength(1);
      expect(rows["public.request_events"]).toHaveLength(2);
      expect(rows["public.form_answers"].join()).toContain("سعاد الحربي");
    },
    HEAVY,
  );
});

describe("the audit log of staff actions (docs/decisions/075)", () => {
  test(
    "its rows (the seeded settings' changes) are in the archive and come back as they were",
    async () => {
      const { manifest } = await backupOfInstalled(path.join(workDir, "audit.tar.gz"));
      expect(manifest.tables["public.audit_log"]).toBeGreaterThanOrEqual(2);
      const { dataDir } = await restoredOnce(siteArchive);
      const rows = await pgliteRows(embeddedDatabaseDir(dataDir));
      expect(rows["public.audit_log"]).toEqual(site.rows["public.audit_log"]);
      expect(rows["public.audit_log"].join()).toContain("contact_info");
      expect(rows["public.audit_log"].join()).toContain("registration_control");
    },
    HEAVY,
  );
});

describe("a backup restores with every row and every file", () => {
  test("the archive describes the site: row counts, file checksums, source kind", async () => {
    const { manifest } = await backupOfInstalled(path.join(workDir, "described.tar.gz"));
    expect(manifest.source.kind).toBe(getDatabaseHandle().kind);
    expect(manifest.tables["public.posts"]).toBe(2);
    expect(manifest.tables["public.users"]).toBe(3);
    expect(manifest.tables["drizzle.__drizzle_migrations"]).toBeGreaterThan(0);
    expect(Object.fromEntries(manifest.files.map((file) => [file.key, file.sha256]))).toEqual(
      site.files,
    );
    // The post's image and the gallery image, each with two smaller copies, and the report.
    expect(manifest.files).toHaveLength(7);
    expect(manifest.tables["public.documents"]).toBe(1);
    // Every content type's declared tables are in it (docs/decisions/063): a declaration naming
    // a table the database does not have (misspelt, or not migrated) fails here.
    const declared = CONTENT_TYPE_LIST.flatMap((type) =>
      type.tables.map((table) => `public.${table}`),
    );
    expect(declared.filter((table) => manifest.tables[table] === undefined)).toEqual([]);
  });

  test("the archive and the folders made for it are its owner's only, whatever the umask", async () => {
    // It holds the auth secret, password hashes and volunteers' data.
    const previous = process.umask(0o000);
    try {
      const made = path.join(newFolder("private"), "made", "for-it");
      const out = path.join(made, "site.tar.gz");
      await backupOfInstalled(out);
      expect(modeOf(out)).toBe(0o600);
      expect(modeOf(made)).toBe(0o700);
      expect(modeOf(path.dirname(made))).toBe(0o700);
      // A folder that was there already is the operator's: left as it is.
      const shared = newFolder("shared");
      chmodSync(shared, 0o755);
      await backupOfInstalled(path.join(shared, "site.tar.gz"));
      expect(modeOf(path.join(shared, "site.tar.gz"))).toBe(0o600);
      expect(modeOf(shared)).toBe(0o755);
    } finally {
      process.umask(previous);
    }
  });

  test(
    "PGlite → PGlite: a new data folder holds the same rows and files, and the site reads them",
    async () => {
      const { dataDir, storage, result } = await restoredOnce(await archiveFromPglite());
      expect(result.filesCopied).toBe(7);
      const restoredDb = embeddedDatabaseDir(dataDir);
      expect(await pgliteRows(restoredDb)).toEqual(site.rows);
      expect(await filesOf(storage)).toEqual(site.files);

      // Started on the restored folder: no migration runs again, and the news page shows the
      // post with its image.
      const original = getDatabaseHandle();
      const restored: DatabaseHandle = createPgliteHandle(new PGlite(restoredDb));
      installDatabase(restored);
      try {
        await restored.migrate();
        const [post] = await listPublishedPosts();
        expect(post.title).toBe(PUBLISHED_TITLE);
        const key = String(post.featuredImage).replace(/^\/uploads\//, "");
        expect(sha256((await storage.get(key))?.body ?? "")).toBe(site.files[key]);
        // The campaign comes back with its queue: one row for its one subscriber, still to send.
        const [campaign] = (await listCampaignsForStaff(RESTORED_READER)).items;
        expect(campaign).toMatchObject({
          subject: CAMPAIGN_SUBJECT,
          status: "sending",
          recipientCount: 1,
        });
      } finally {
        installDatabase(original);
        await restored.close();
      }
      expect(await pgliteRows(restoredDb)).toEqual(site.rows);
    },
    HEAVY,
  );

  test(
    "a card list an admin changed comes back with its cards and its history",
    async () => {
      const { dataDir } = await restoredOnce(await archiveFromPglite());
      const restoredDb = embeddedDatabaseDir(dataDir);
      const rows = await pgliteRows(restoredDb);
      expect(rows["public.content_lists"]).toHaveLength(1);
      expect(rows["public.content_list_revisions"]).toHaveLength(1);
      expect(rows["public.content_list_revisions"][0]).toContain(`أُضيفت بطاقة «${ADDED_PROGRAM}»`);
      const original = getDatabaseHandle();
      const restored: DatabaseHandle = createPgliteHandle(new PGlite(restoredDb));
      installDatabase(restored);
      try {
        const lists = await getCardLists([CARD_LIST.pagePath]);
        const titles = Object.values(lists)[0]?.items.map((card) => card.title);
        expect(titles).toHaveLength(7);
        expect(titles?.at(-1)).toBe(ADDED_PROGRAM);
      } finally {
        installDatabase(original);
        await restored.close();
      }
    },
    HEAVY,
  );

  test.runIf(SERVER_URL)(
    "PostgreSQL → PostgreSQL: a new server database holds the same rows and files",
    async () => {
      const url = await newServerDatabase();
      const storage = createLocalStorage(newFolder("uploads"));
      await restoreBackup({ archive: siteArchive, target: { kind: "postgres", url }, storage });
      expect(await withPostgres(url, rowsOf)).toEqual(site.rows);
      expect(await filesOf(storage)).toEqual(site.files);
    },
    HEAVY,
  );

  test.runIf(SERVER_URL)(
    "PGlite → PostgreSQL: the embedded site moves to a server with the same rows and files",
    async () => {
      const url = await newServerDatabase();
      const storage = createLocalStorage(newFolder("uploads"));
      const archive = await archiveFromPglite();
      await restoreBackup({ archive, target: { kind: "postgres", url }, storage });
      expect(await withPostgres(url, rowsOf)).toEqual(site.rows);
      expect(await filesOf(storage)).toEqual(site.files);
    },
    HEAVY,
  );

  test(
    "uploads kept in S3 are listed, archived and restored through the same storage interface",
    async () => {
      const directory = newFolder("s3rver");
      const s3rver = new S3rver({
        address: "127.0.0.1",
        port: 0,
        silent: true,
        directory,
        configureBuckets: [{ name: "site-uploads" }, { name: "restored-uploads" }],
      });
      const { port } = await s3rver.run();
      cleanups.push(() => s3rver.close());
      const bucket = (name: string) =>
        createS3Storage({
          bucket: name,
          region: "us-east-1",
          endpoint: `http://127.0.0.1:${port}`,
          accessKeyId: "S3RVER",
          secretAccessKey: "S3RVER",
        });
      const siteBucket = bucket("site-uploads");
      const local = getStorage();
      for (const key of await local.list()) {
        const file = await local.get(key);
        if (file) await siteBucket.put(key, file.body, file.contentType);
      }

      const { file, manifest } = await backupOfInstalled(
        path.join(workDir, "s3.tar.gz"),
        siteBucket,
      );
      expect(
        manifest.files.every(
          (stored) =>
            stored.contentType ===
            (stored.key.startsWith("documents/") ? "application/pdf" : "image/webp"),
        ),
      ).toBe(true);
      const restoredBucket = bucket("restored-uploads");
      const dataDir = newFolder("data-s3");
      const target = { kind: "pglite", dataDir: embeddedDatabaseDir(dataDir) } as const;
      await restoreBackup({ archive: file, target, storage: restoredBucket });
      expect(await filesOf(restoredBucket)).toEqual(site.files);
      expect(await pgliteRows(target.dataDir)).toEqual(site.rows);
    },
    HEAVY,
  );
});

describe("the documents library comes back whole (docs/decisions/048)", () => {
  test(
    "the restored site lists the report and its PDF is byte-identical",
    async () => {
      const { dataDir, storage } = await restoredOnce(await archiveFromPglite());
      const original = getDatabaseHandle();
      const restored: DatabaseHandle = createPgliteHandle(new PGlite(embeddedDatabaseDir(dataDir)));
      installDatabase(restored);
      try {
        const [document] = await listPublishedDocuments();
        expect(document.title).toBe(DOCUMENT_TITLE);
        const file = await storage.get(`documents/${document.id}.pdf`);
        expect(new Uint8Array(file?.body ?? [])).toEqual(await reportPdf());
        expect(sha256(file?.body ?? "")).toBe(document.fileSha256);
      } finally {
        installDatabase(original);
        await restored.close();
      }
    },
    HEAVY,
  );
});

// ─── refusals ───────────────────────────────────────────────────────────────────────────────

/** Unpacks an archive, lets `change` edit the folder, packs it again. */
async function tamperedCopy(archive: string, change: (folder: string) => Promise<void>) {
  const folder = newFolder("tamper");
  await tar.extract({ file: archive, cwd: folder });
  await change(folder);
  const out = path.join(workDir, `tampered-${randomBytes(4).toString("hex")}.tar.gz`);
  await tar.create({ gzip: true, file: out, cwd: folder }, readdirSync(folder));
  return out;
}

describe("pages built from blocks in a backup", () => {
  test(
    "a restored site serves the page, its old address's redirect and its revisions",
    async () => {
      const { dataDir } = await restoredOnce(await archiveFromPglite());
      const original = getDatabaseHandle();
      const restoredHandle: DatabaseHandle = createPgliteHandle(
        new PGlite(embeddedDatabaseDir(dataDir)),
      );
      installDatabase(restoredHandle);
      try {
        await restoredHandle.migrate();
        const page = await getPublishedPage(PAGE_SLUG);
        expect(page?.title).toBe(PAGE_TITLE);
        expect(page?.blocks.map((block) => block.type)).toEqual(["text", "cards", "cta"]);
        expect(await findPageRedirect("حملة-رمضان-القديمة")).toBe(
          `/p/${encodeURIComponent(PAGE_SLUG)}`,
        );
        const admin = { id: "x", email: "x@x", fullName: "x", role: "admin" as const };
        expect(await listPageRevisions(admin, page?.id ?? "")).toHaveLength(2);
      } finally {
        installDatabase(original);
        await restoredHandle.close();
      }
    },
    HEAVY,
  );
});

describe("a restore refuses", () => {
  test(
    "a target that already holds a database, and changes nothing there",
    async () => {
      const { dataDir, storage } = await restoredOnce(siteArchive);
      const target = { kind: "pglite", dataDir: embeddedDatabaseDir(dataDir) } as const;
      await expect(restoreBackup({ archive: siteArchive, target, storage })).rejects.toThrow(
        `توجد قاعدة بيانات في ${target.dataDir}؛ الاستعادة تكون إلى مجلد بيانات فارغ فقط`,
      );
      expect(await pgliteRows(target.dataDir)).toEqual(site.rows);
    },
    HEAVY,
  );

  test.runIf(SERVER_URL)("a server database that has tables", async () => {
    const url = await newServerDatabase();
    await withPostgres(url, (query) =>
      query("create table notes (id int); insert into notes values (1)"),
    );
    const storage = createLocalStorage(newFolder("uploads"));
    await expect(
      restoreBackup({ archive: siteArchive, target: { kind: "postgres", url }, storage }),
    ).rejects.toThrow("قاعدة البيانات الهدف ليست فارغة (عدد جداولها 1، منها public.notes)");
    expect(await filesOf(storage)).toEqual({});
    expect(
      await withPostgres(url, (query) => query("select count(*)::int as n from notes")),
    ).toEqual([{ n: 1 }]);
  });

  test("a storage holding a different file under an archived name", async () => {
    const dataDir = newFolder("data");
    const storage = createLocalStorage(path.join(dataDir, "uploads"));
    const [key] = Object.keys(site.files);
    await storage.put(key, Buffer.from("another picture"), "image/webp");
    const target = { kind: "pglite", dataDir: embeddedDatabaseDir(dataDir) } as const;
    await expect(restoreBackup({ archive: siteArchive, target, storage })).rejects.toThrow(
      "في مخزن الملفات الهدف ملفات بالأسماء نفسها ومحتوى مختلف (عددها 1، منها",
    );
    expect(await storage.list()).toEqual([key]);
    expect(existsSync(target.dataDir)).toBe(false);
  });

  test.each([
    ["the dump", "dump"],
    ["an uploaded image", "image"],
  ])("an archive whose %s was changed after the backup (checksum mismatch)", async (_, part) => {
    const archive = await tamperedCopy(siteArchive, async (folder) => {
      if (part === "image") {
        const [key] = Object.keys(site.files);
        await appendFile(path.join(folder, "uploads", key), "x");
      } else {
        const dump = path.join(folder, "database.sql");
        const text = await readFile(dump, "utf8");
        expect(text).toContain(PUBLISHED_TITLE);
        await writeFile(dump, text.replace(PUBLISHED_TITLE, "عنوان مزوَّر"));
      }
    });
    const dataDir = newFolder("data");
    const storage = createLocalStorage(path.join(dataDir, "uploads"));
    const target = { kind: "pglite", dataDir: embeddedDatabaseDir(dataDir) } as const;
    await expect(restoreBackup({ archive, target, storage })).rejects.toThrow(
      "النسخة الاحتياطية تالفة أو معدَّلة، لن تُستعاد",
    );
    expect(await storage.list()).toEqual([]);
    expect(existsSync(target.dataDir)).toBe(false);
  });

  test("an archive with a file its manifest does not list", async () => {
    const archive = await tamperedCopy(siteArchive, async (folder) => {
      await mkdir(path.join(folder, "uploads", "posts"), { recursive: true });
      await writeFile(path.join(folder, "uploads", "posts", "extra.webp"), "RIFF");
    });
    const dataDir = newFolder("data");
    const storage = createLocalStorage(path.join(dataDir, "uploads"));
    const target = { kind: "pglite", dataDir: embeddedDatabaseDir(dataDir) } as const;
    await expect(restoreBackup({ archive, target, storage })).rejects.toThrow(
      "uploads/posts/extra.webp (ملف لا يذكره manifest.json)",
    );
  });

  test("a file that is not a backup", async () => {
    const notAnArchive = path.join(workDir, "notes.tar.gz");
    writeFileSync(notAnArchive, "ليست نسخة احتياطية");
    const target = { kind: "pglite", dataDir: embeddedDatabaseDir(newFolder("data")) } as const;
    const storage = createLocalStorage(newFolder("uploads"));
    await expect(restoreBackup({ archive: notAnArchive, target, storage })).rejects.toThrow(
      "الملف ليس نسخة احتياطية سليمة من رفق",
    );
  });

  test(
    "to keep a load whose row counts differ from the manifest: the folder is left empty",
    async () => {
      const archive = await tamperedCopy(siteArchive, async (folder) => {
        const file = path.join(folder, "manifest.json");
        const manifest = JSON.parse(await readFile(file, "utf8"));
        manifest.tables["public.posts"] = 3;
        await writeFile(file, JSON.stringify(manifest));
      });
      const dataDir = newFolder("data");
      const storage = createLocalStorage(path.join(dataDir, "uploads"));
      const target = { kind: "pglite", dataDir: embeddedDatabaseDir(dataDir) } as const;
      await expect(restoreBackup({ archive, target, storage })).rejects.toThrow(
        "عدد الصفوف بعد التحميل لا يطابق النسخة، أُلغيت الاستعادة:\npublic.posts: 3 في النسخة، 2 بعد الاستعادة",
      );
      expect(existsSync(target.dataDir)).toBe(false);
      // The files were copied first; a second attempt finds them in place and goes through.
      const retry = await tamperedCopy(archive, async (folder) => {
        const file = path.join(folder, "manifest.json");
        const manifest = JSON.parse(await readFile(file, "utf8"));
        manifest.tables["public.posts"] = 2;
        await writeFile(file, JSON.stringify(manifest));
      });
      const result = await restoreBackup({ archive: retry, target, storage });
      expect(result.filesAlreadyThere).toBe(7);
      expect(await pgliteRows(target.dataDir)).toEqual(site.rows);
    },
    HEAVY,
  );
});

// ─── nightly backups ────────────────────────────────────────────────────────────────────────

describe("nightly backups", () => {
  const nightlyEnv = (dataDir: string, keep: number) => ({
    DATA_DIR: dataDir,
    DATABASE_URL: getDatabaseHandle().kind === "postgres" ? installedUrl() : undefined,
    AUTH_SECRET: getEnv().AUTH_SECRET,
    BACKUP_KEEP: keep,
    BACKUP_NIGHTLY: true,
  });
  const context = (dataDir: string, keep: number) => ({
    env: nightlyEnv(dataDir, keep),
    handle: getDatabaseHandle(),
    storage: getStorage(),
  });

  test("run at 02:00 Riyadh time (23:00 UTC), the next night once tonight's time has passed", () => {
    expect(nextNightlyRun(new Date("2026-03-10T12:00:00Z")).toISOString()).toBe(
      "2026-03-10T23:00:00.000Z",
    );
    expect(nextNightlyRun(new Date("2026-03-10T23:00:00Z")).toISOString()).toBe(
      "2026-03-11T23:00:00.000Z",
    );
  });

  test(
    "keep exactly BACKUP_KEEP archives, newest first, and leave other files alone",
    async () => {
      const dataDir = newFolder("nightly");
      const folder = backupsDir(dataDir);
      await mkdir(folder, { recursive: true });
      writeFileSync(path.join(folder, "before-the-move.tar.gz"), "kept by hand");
      const nights = [1, 2, 3, 4, 5].map((day) => new Date(Date.UTC(2026, 2, day, 23)));
      for (const now of nights) {
        expect(await runNightlyBackup(context(dataDir, 3), { now })).toBe(
          path.join(folder, backupFileName(now)),
        );
      }
      expect(await listBackups(folder)).toEqual(nights.slice(2).reverse().map(backupFileName));
      expect(readdirSync(folder)).toContain("before-the-move.tar.gz");
      // Half an hour later another process (or a restart) finds tonight's backup done.
      const soon = new Date(nights[4].getTime() + 30 * 60 * 1000);
      expect(await runNightlyBackup(context(dataDir, 3), { now: soon })).toBeNull();
      expect(await listBackups(folder)).toHaveLength(3);
    },
    HEAVY,
  );

  test(
    "write archives only their owner can read, into a folder only their owner can open",
    async () => {
      const dataDir = newFolder("nightly-private");
      const folder = backupsDir(dataDir);
      // As an older version left it: open to everyone on the machine.
      await mkdir(folder);
      chmodSync(folder, 0o755);
      const file = await runNightlyBackup(context(dataDir, 3));
      expect(file).toBeTruthy();
      expect(modeOf(file as string)).toBe(0o600);
      expect(modeOf(folder)).toBe(0o700);
    },
    HEAVY,
  );

  test.runIf(SERVER_URL)("skip the run while another process holds the lock", async () => {
    const dataDir = newFolder("nightly-locked");
    const holder = new pg.Client({ connectionString: installedUrl() });
    await holder.connect();
    try {
      await holder.query("select pg_advisory_lock(725001)");
      expect(await runNightlyBackup(context(dataDir, 3))).toBeNull();
      expect(await listBackups(backupsDir(dataDir))).toEqual([]);
    } finally {
      await holder.end();
    }
  });

  test(
    "catch up soon after the server starts when the newest backup is over a day old",
    async () => {
      const dataDir = newFolder("catch-up");
      const folder = backupsDir(dataDir);
      await mkdir(folder, { recursive: true });
      const old = backupFileName(new Date(Date.now() - 26 * 60 * 60 * 1000));
      writeFileSync(path.join(folder, old), "an old archive");
      const backups = startServerBackups({ ...context(dataDir, 7), catchUpDelayMs: 0 });
      await vi.waitFor(async () => expect(await listBackups(folder)).toHaveLength(2), {
        timeout: 30_000,
        interval: 200,
      });
      await backups.stop();
      expect((await listBackups(folder))[1]).toBe(old);
    },
    HEAVY,
  );

  test("log a failure and keep the server running", async () => {
    expectLog("logger.error", /nightly backup failed/);
    const dataDir = newFolder("failing");
    writeFileSync(backupsDir(dataDir), "a file where the backups folder should be");
    const logged = vi.spyOn(logger, "error");
    const backups = startServerBackups({ ...context(dataDir, 7), catchUpDelayMs: 0 });
    await vi.waitFor(() => expect(logged).toHaveBeenCalled(), { timeout: 30_000, interval: 100 });
    await expect(backups.stop()).resolves.toBeUndefined();
    expect(logged.mock.calls[0][1]).toBe("nightly backup failed");
  });
});

// ─── the commands ───────────────────────────────────────────────────────────────────────────

const run = promisify(execFile);

/** Runs `npm run backup` / `npm run restore` as an operator would (tsx, a fresh process). */
async function command(script: "backup" | "restore", args: string[], env: Record<string, string>) {
  const childEnv: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, ...env };
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ["--import", "tsx", `scripts/${script}.ts`, ...args],
      { env: childEnv, cwd: process.cwd() },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe("npm run backup and npm run restore", () => {
  test(
    "back up an embedded site, refuse while a server holds it, restore it into a new folder",
    async () => {
      const { dataDir: siteDir } = await restoredOnce(siteArchive);
      writeFileSync(path.join(siteDir, "auth-secret"), "generated-secret-of-this-site-0123456789");
      const env = { DATA_DIR: siteDir, LOG_LEVEL: "silent" };

      const release = holdDataDir(siteDir);
      const refused = await command("backup", [], env);
      release();
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`الخادم يعمل الآن على ${siteDir} (العملية ${process.pid})`);
      expect(existsSync(backupsDir(siteDir))).toBe(false);

      const backup = await command("backup", [], env);
      expect(backup.stderr).toBe("");
      expect(backup.code).toBe(0);
      const [archiveName] = await listBackups(backupsDir(siteDir));
      const archive = path.join(backupsDir(siteDir), archiveName);
      expect(backup.stdout).toContain(`تم حفظ النسخة الاحتياطية: ${archive}`);
      expect(backup.stdout).toContain("الملفات المرفوعة: 7");
      expect(modeOf(archive)).toBe(0o600);
      expect(modeOf(backupsDir(siteDir))).toBe(0o700);
      const chosen = path.join(newFolder("chosen"), "rifq.tar.gz");
      const toChosen = await command("backup", ["--out", chosen], env);
      expect(toChosen.stderr).toBe("");
      expect(modeOf(chosen)).toBe(0o600);

      const newDir = newFolder("restored-by-command");
      const restore = await command("restore", [archive], {
        DATA_DIR: newDir,
        LOG_LEVEL: "silent",
      });
      expect(restore.stderr).toBe("");
      expect(restore.stdout).toContain("عدد الصفوف مطابق في كل جدول");
      expect(restore.stdout).toContain("مفتاح الجلسات (auth-secret) نُقل من النسخة");
      expect(await readFile(path.join(newDir, "auth-secret"), "utf8")).toBe(
        "generated-secret-of-this-site-0123456789",
      );
      expect(await pgliteRows(embeddedDatabaseDir(newDir))).toEqual(site.rows);

      const again = await command("restore", [archive], { DATA_DIR: newDir, LOG_LEVEL: "silent" });
      expect(again.code).toBe(1);
      expect(again.stderr).toContain("الاستعادة تكون إلى مجلد بيانات فارغ فقط");

      if (SERVER_URL) {
        // The move to a server: same DATA_DIR, DATABASE_URL set; the uploads are already there.
        const url = await newServerDatabase();
        const secret = "generated-secret-of-this-site-0123456789";
        const moved = await command("restore", [archive], {
          ...env,
          DATABASE_URL: url,
          AUTH_SECRET: secret,
        });
        expect(moved.stderr).toBe("");
        expect(moved.stdout).toContain("الملفات: نُسخ 0، وكان 7 منها موجوداً بالمحتوى نفسه.");
        expect(await withPostgres(url, rowsOf)).toEqual(site.rows);
      }
    },
    HEAVY * 2,
  );

  test("restore without a file explains how to use it", async () => {
    const result = await command("restore", [], {
      DATA_DIR: newFolder("usage"),
      LOG_LEVEL: "silent",
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      "الاستعمال: npm run restore -- <ملف النسخة الاحتياطية | s3:latest | s3:<الاسم> | --list-s3>",
    );
  });
});

// ─── issue 23, item 3: menus ────────────────────────────────────────────────────────────────

describe("a backup carries the menus", () => {
  test(
    "restored, the site draws the stored header menu and keeps its revision",
    async () => {
      const { dataDir } = await restoredOnce(await archiveFromPglite());
      const original = getDatabaseHandle();
      const restoredHandle = createPgliteHandle(new PGlite(embeddedDatabaseDir(dataDir)));
      installDatabase(restoredHandle);
      try {
        const { header, footer } = await getLayoutMenus();
        expect(footer).toBeNull();
        const services = header?.find((item) => item.path === "/services");
        expect(services?.subItems?.at(-1)).toEqual({
          title: MENU_PAGE.label,
          path: MENU_PAGE.href,
        });
        const admin = { id: "any", role: "admin" as const, email: "", fullName: "" };
        expect((await getMenuForAdmin(admin, "header")).revisions).toHaveLength(1);
      } finally {
        installDatabase(original);
        await restoredHandle.close();
      }
    },
    HEAVY,
  );
});
