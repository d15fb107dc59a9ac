import { lookup } from "node:dns/promises";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { isIP } from "node:net";
import path from "node:path";
import { pendingMigrations, pingDatabase } from "~/models/database.server";
import type { Env } from "~/utils/env.server";
import { verifySmtp } from "~/utils/mailer.server";
import { getStorage } from "~/utils/storage.server";

/**
 * `npm run doctor` (docs/decisions/077): checks a server as `ghost doctor` does and says what to
 * fix, in Arabic and English. Each check is a function of the environment (and what it reaches);
 * none writes anything that stays or sends any e-mail.
 */

export interface CheckResult {
  ok: boolean;
  /** What was checked, and what was found. */
  title: { ar: string; en: string };
  /** What to do when it failed. */
  fix?: { ar: string; en: string };
}

/** What the doctor reaches outside the process; tests give their own. */
export interface DoctorProbes {
  nodeVersion: string;
  pingDatabase(): Promise<boolean>;
  pendingMigrations(): Promise<number>;
  verifySmtp(url: string): Promise<void>;
  probeStorage(): Promise<void>;
  fetch: typeof fetch;
  /** Whether a host name is this machine (a loopback address). */
  isLoopbackHost(host: string): Promise<boolean>;
}

const MINIMUM_NODE = [20, 19];

const pass = (ar: string, en: string): CheckResult => ({ ok: true, title: { ar, en } });
const fail = (ar: string, en: string, fixAr: string, fixEn: string): CheckResult => ({
  ok: false,
  title: { ar, en },
  fix: { ar: fixAr, en: fixEn },
});
const messageOf = (error: unknown) => String((error as Error)?.message ?? error).slice(0, 200);

export function checkNode(version: string): CheckResult {
  const [major = 0, minor = 0] = version.split(".").map(Number);
  const enough =
    major > MINIMUM_NODE[0] || (major === MINIMUM_NODE[0] && minor >= (MINIMUM_NODE[1] ?? 0));
  return enough
    ? pass(`إصدار Node ‏${version}`, `Node ${version}`)
    : fail(
        `إصدار Node ‏${version} أقدم من المطلوب`,
        `Node ${version} is too old`,
        "ثبّت Node 20.19 أو أحدث (docs/deploy.md).",
        "Install Node 20.19 or newer (docs/deploy.md).",
      );
}

export async function checkDataDir(dataDir: string): Promise<CheckResult> {
  const probe = path.join(dataDir, `.doctor-${process.pid}`);
  try {
    await mkdir(dataDir, { recursive: true });
    await writeFile(probe, "");
    await rm(probe);
    return pass(`مجلد البيانات قابل للكتابة: ${dataDir}`, `DATA_DIR is writable: ${dataDir}`);
  } catch (error) {
    return fail(
      `لا يمكن الكتابة في مجلد البيانات ${dataDir}`,
      `DATA_DIR is not writable: ${dataDir} (${messageOf(error)})`,
      "امنح مستخدم الخدمة حق الكتابة فيه (chown) أو غيّر DATA_DIR.",
      "Give the service's user write access to it (chown) or change DATA_DIR.",
    );
  }
}

export async function checkDatabase(env: Env, probes: DoctorProbes): Promise<CheckResult> {
  if (!env.DATABASE_URL) {
    return pass(
      "قاعدة البيانات المدمجة في DATA_DIR/db (تفحصها ‎/readyz في الخادم العامل)",
      "Embedded database in DATA_DIR/db (the running server's /readyz checks it)",
    );
  }
  if (!(await probes.pingDatabase())) {
    return fail(
      "قاعدة البيانات لا تجيب",
      "The database does not answer",
      "تحقق من DATABASE_URL ومن أن خادم PostgreSQL يعمل ويقبل الاتصال.",
      "Check DATABASE_URL and that the PostgreSQL server runs and accepts the connection.",
    );
  }
  const pending = await probes.pendingMigrations().catch(() => -1);
  if (pending !== 0) {
    return fail(
      pending < 0 ? "قاعدة البيانات فارغة: لم تُطبَّق أي ترحيلات" : `${pending} ترحيلات لم تُطبَّق`,
      pending < 0
        ? "The database is empty: no migrations applied"
        : `${pending} migrations pending`,
      "شغّل الخادم مرة (npm start) فيطبّقها عند البدء.",
      "Start the server once (npm start): it applies them at start-up.",
    );
  }
  return pass(
    "قاعدة البيانات تجيب وترحيلاتها محدَّثة",
    "The database answers, migrations up to date",
  );
}

export async function checkSmtp(env: Env, probes: DoctorProbes): Promise<CheckResult> {
  if (!env.SMTP_URL) {
    return fail(
      "SMTP_URL غير مضبوط: الرسائل تُكتب في DATA_DIR/outbox ولا تُرسل",
      "SMTP_URL is not set: e-mails are written to DATA_DIR/outbox, not sent",
      "اضبط SMTP_URL بعنوان مزوّد البريد (smtps://user:password@host:465).",
      "Set SMTP_URL to your mail provider (smtps://user:password@host:465).",
    );
  }
  try {
    await probes.verifySmtp(env.SMTP_URL);
    return pass(
      "خادم البريد يجيب (اتصال وEHLO، دون إرسال)",
      "SMTP answers (connection and EHLO, nothing sent)",
    );
  } catch (error) {
    return fail(
      "خادم البريد لا يجيب أو رفض الدخول",
      `SMTP does not answer or refused the login (${messageOf(error)})`,
      "تحقق من SMTP_URL (المضيف والمنفذ واسم المستخدم وكلمة المرور) ومن أن الجدار الناري يسمح بالاتصال.",
      "Check SMTP_URL (host, port, user, password) and that the firewall lets the connection out.",
    );
  }
}

export async function checkStorage(env: Env, probes: DoctorProbes): Promise<CheckResult> {
  const where = env.S3_BUCKET ? `S3 ‏${env.S3_BUCKET}` : "DATA_DIR/uploads";
  try {
    await probes.probeStorage();
    return pass(`التخزين يعمل: ${where}`, `Storage is reachable: ${where}`);
  } catch (error) {
    return fail(
      `التخزين لا يعمل: ${where}`,
      `Storage is not reachable: ${where} (${messageOf(error)})`,
      env.S3_BUCKET
        ? "تحقق من S3_ENDPOINT وS3_BUCKET والمفاتيح، ومن وجود الحاوية."
        : "امنح مستخدم الخدمة حق الكتابة في DATA_DIR/uploads.",
      env.S3_BUCKET
        ? "Check S3_ENDPOINT, S3_BUCKET and the keys, and that the bucket exists."
        : "Give the service's user write access to DATA_DIR/uploads.",
    );
  }
}

export function checkSiteUrl(env: Env): CheckResult {
  if (!env.SITE_URL) {
    return fail(
      "SITE_URL غير مضبوط",
      "SITE_URL is not set",
      "اضبط SITE_URL بعنوان الموقع العام، مثل https://rifq.org.sa",
      "Set SITE_URL to the site's public address, e.g. https://rifq.org.sa",
    );
  }
  if (!env.SITE_URL.startsWith("https://")) {
    return fail(
      `SITE_URL ليس https: ${env.SITE_URL}`,
      `SITE_URL is not https: ${env.SITE_URL}`,
      "استعمل https (شهادة من Let's Encrypt في nginx: docs/deploy.md)؛ ملفات تعريف الدخول تحتاجه.",
      "Use https (a Let's Encrypt certificate in nginx: docs/deploy.md); sign-in cookies need it.",
    );
  }
  return pass(`SITE_URL ‏${env.SITE_URL}`, `SITE_URL ${env.SITE_URL}`);
}

/**
 * Asks the site through its public address, as a visitor does (through the proxy): it must
 * answer /healthz, see the request as https, and read the client's real address (TRUST_PROXY
 * matching the proxy), not the proxy's.
 */
export async function checkThroughProxy(env: Env, probes: DoctorProbes): Promise<CheckResult[]> {
  if (!env.SITE_URL) return [];
  const target = new URL("/healthz?seen", env.SITE_URL);
  let seen: { protocol?: string; ip?: string } | undefined;
  try {
    const response = await probes.fetch(target, { signal: AbortSignal.timeout(10_000) });
    const body = (await response.json()) as { status?: string; seen?: typeof seen };
    if (!response.ok || body.status !== "ok") throw new Error(`HTTP ${response.status}`);
    seen = body.seen;
  } catch (error) {
    return [
      fail(
        `الموقع لا يجيب على ${target.origin}/healthz`,
        `The site does not answer ${target.origin}/healthz (${messageOf(error)})`,
        "تحقق من أن nginx يعمل ويمرّر إلى منفذ الخادم، ومن أن اسم النطاق يشير إلى هذا الخادم.",
        "Check that nginx runs and passes to the server's port, and that the domain points here.",
      ),
    ];
  }
  const results: CheckResult[] = [
    pass(`الموقع يجيب عبر ${target.origin}`, `The site answers through ${target.origin}`),
  ];
  const expected = target.protocol.replace(":", "");
  results.push(
    seen?.protocol === expected
      ? pass(`الخادم يرى الطلب ${expected}`, `The server sees the request as ${expected}`)
      : fail(
          `الخادم يرى الطلب ${seen?.protocol ?? "?"} لا ${expected}`,
          `The server sees the request as ${seen?.protocol ?? "?"}, not ${expected}`,
          "أرسل X-Forwarded-Proto من nginx، واضبط TRUST_PROXY بعنوان nginx إن لم يكن على هذا الخادم.",
          "Send X-Forwarded-Proto from nginx, and set TRUST_PROXY to nginx's address if it is not on this machine.",
        ),
  );
  const ip = seen?.ip?.replace(/^::ffff:/, "") ?? "";
  const loopbackSeen = ip === "::1" || ip.startsWith("127.");
  const askedLocally = await probes.isLoopbackHost(target.hostname).catch(() => false);
  results.push(
    !loopbackSeen || askedLocally
      ? pass(
          `الخادم يرى عنوان الزائر الحقيقي (${ip})`,
          `The server sees the client's real address (${ip})`,
        )
      : fail(
          `الخادم يرى عنوان الوكيل (${ip}) لا عنوان الزائر`,
          `The server sees the proxy's address (${ip}), not the client's`,
          "أرسل X-Forwarded-For من nginx ($proxy_add_x_forwarded_for) واضبط TRUST_PROXY بما يطابق الوكلاء أمامه.",
          "Send X-Forwarded-For from nginx ($proxy_add_x_forwarded_for) and set TRUST_PROXY to match the proxies in front.",
        ),
  );
  return results;
}

export async function runDoctor(env: Env, probes: DoctorProbes): Promise<CheckResult[]> {
  return [
    checkNode(probes.nodeVersion),
    await checkDataDir(env.DATA_DIR),
    await checkDatabase(env, probes),
    await checkSmtp(env, probes),
    await checkStorage(env, probes),
    checkSiteUrl(env),
    ...(await checkThroughProxy(env, probes)),
  ];
}

/** The real machine's probes. */
export function serverProbes(): DoctorProbes {
  return {
    nodeVersion: process.versions.node,
    pingDatabase: () => pingDatabase(5_000),
    pendingMigrations,
    verifySmtp,
    probeStorage: () => getStorage().probe(),
    fetch,
    async isLoopbackHost(host) {
      const address = isIP(host) ? host : (await lookup(host)).address;
      return address === "::1" || address.startsWith("127.");
    },
  };
}

/** The report, one line per check (✓/✗, Arabic then English) and what to fix under a failure. */
export function formatDoctorReport(results: CheckResult[]): string {
  const lines: string[] = [];
  for (const result of results) {
    lines.push(`${result.ok ? "✓" : "✗"} ${result.title.ar} — ${result.title.en}`);
    if (result.fix) lines.push(`    ← ${result.fix.ar}`, `    → ${result.fix.en}`);
  }
  const failed = results.filter((result) => !result.ok).length;
  lines.push(
    failed
      ? `${failed} فحوص فشلت — ${failed} checks failed`
      : "كل الفحوص سليمة — every check passed",
  );
  return lines.join("\n");
}
