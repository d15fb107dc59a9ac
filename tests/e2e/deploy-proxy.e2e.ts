import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import pg from "pg";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { MAX_DOCUMENT_BYTES } from "~/shared/documents";
import { REQUEST_TOO_LARGE } from "~/utils/form-data.server";
import { bodyLimitFor, LARGEST_BODY_BYTES } from "../../server/body-limits";
import { pdfOfSize } from "../support/pdfs";
import { openEventStream } from "../support/sse";
import {
  type AppProcess,
  adminDatabase,
  freePort,
  POSTGRES_SERVER,
  postgresAnswers,
  seedAccounts,
  startApp,
  stopApp,
} from "./support/app-processes";
import { ACCOUNTS } from "./support/fixtures";
import { clientFetch } from "./support/https-client";
import { NGINX, type SiteNginx, startSiteNginx } from "./support/nginx-site";

// The site as docs/deploy.md installs it: Debian's nginx with the shipped deploy/nginx/rifq.conf
// (a certificate made here) in front of two processes on one PostgreSQL database, their uploads
// in S3 (s3rver). Each visitor is another 127.x address, as nginx sees a client on another
// machine. Needs the build, nginx (.ci/run installs it) and PostgreSQL on 127.0.0.1:5432.

const postgres = await postgresAnswers();
if (!postgres) console.warn("deploy-proxy: PostgreSQL does not answer on 127.0.0.1:5432: skipped");
if (!NGINX && process.env.CI) throw new Error("deploy-proxy: nginx is not installed (see .ci/run)");
if (!NGINX) console.warn("deploy-proxy: nginx is not installed (apt-get install nginx): skipped");

const BUCKET = "rifq-uploads";
const database = `rifq_proxy_${randomBytes(5).toString("hex")}`;
const databaseUrl = `${POSTGRES_SERVER}/${database}`;

describe.skipIf(!postgres || !NGINX)("behind nginx, as deployed", () => {
  let apps: AppProcess[] = [];
  let nginx: SiteNginx;
  let s3rver: S3rver;
  const s3Directory = mkdtempSync(path.join(os.tmpdir(), "rifq-proxy-s3-"));
  /** Visitors on three machines. */
  let visitor: ReturnType<typeof clientFetch>;
  let neighbour: ReturnType<typeof clientFetch>;
  let staff: ReturnType<typeof clientFetch>;
  let site: string;

  beforeAll(async () => {
    s3rver = new S3rver({
      address: "127.0.0.1",
      port: 0,
      silent: true,
      directory: s3Directory,
      configureBuckets: [{ name: BUCKET }],
    });
    const s3 = `http://127.0.0.1:${(await s3rver.run()).port}`;
    const [httpPort, httpsPort] = [await freePort(), await freePort()];
    site = `https://127.0.0.1:${httpsPort}`;
    // /etc/rifq/rifq.env of path (b) in docs/deploy.md, TRUST_PROXY left unset.
    const env = {
      NODE_ENV: "production",
      SITE_URL: site,
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: randomBytes(32).toString("base64url"),
      S3_ENDPOINT: s3,
      S3_BUCKET: BUCKET,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      LOG_LEVEL: "error",
    };
    await adminDatabase((client) => client.query(`create database ${database}`));
    seedAccounts(env);
    apps = await Promise.all([startApp(env), startApp(env)]);
    nginx = await startSiteNginx({
      httpPort,
      httpsPort,
      appPorts: [apps[0].port, apps[1].port],
    });
    visitor = clientFetch({ ca: nginx.ca, localAddress: "127.0.0.2" });
    neighbour = clientFetch({ ca: nginx.ca, localAddress: "127.0.0.3" });
    staff = clientFetch({ ca: nginx.ca, localAddress: "127.0.0.4" });
  }, 120_000);

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all(apps.map(stopApp));
    await s3rver?.close();
    rmSync(s3Directory, { recursive: true, force: true });
    await adminDatabase((client) =>
      client.query(`drop database if exists ${database} with (force)`),
    );
  });

  /** Signs the admin in through nginx; answers the Set-Cookie lines and the cookie to send. */
  async function signIn() {
    const response = await staff(`${site}/login`, {
      method: "POST",
      headers: { origin: site },
      body: new URLSearchParams({
        intent: "sign-in",
        email: ACCOUNTS.admin.email,
        password: ACCOUNTS.admin.password,
      }),
    });
    await response.arrayBuffer();
    expect(response.status).toBe(302);
    const lines = response.headers.getSetCookie();
    return { lines, cookie: lines.map((line) => line.split(";")[0]).join("; ") };
  }

  test("pages come over HTTPS, compressed once, with the app's headers once; HTTP moves to HTTPS", async () => {
    const page = await visitor(`${site}/`, {
      headers: { accept: "text/html", "accept-encoding": "br, gzip" },
    });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-encoding")).toBe("br");
    const html = brotliDecompressSync(Buffer.from(await page.arrayBuffer())).toString("utf8");
    expect(html).toMatch(/^<!DOCTYPE html>/i);
    expect(html).toContain("رفق");
    // helmet's headers, not nginx's as well (a second copy would be joined with a comma).
    expect(page.headers.get("strict-transport-security")).toBe(
      "max-age=31536000; includeSubDomains",
    );
    expect(page.headers.get("content-security-policy")).not.toContain(", ");
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");

    const asset = html.match(/\/assets\/[\w.-]+\.js/)?.[0];
    expect(asset).toBeDefined();
    const file = await visitor(`${site}${asset}`, { headers: { "accept-encoding": "br" } });
    await file.arrayBuffer();
    expect(file.status).toBe(200);
    expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(file.headers.get("content-encoding")).toBe("br");

    const plain = await visitor(`${nginx.httpUrl}/news?page=2`);
    await plain.arrayBuffer();
    expect(plain.status).toBe(301);
    expect(plain.headers.get("location")).toBe(`${site}/news?page=2`);
  });

  test("the session cookie is Secure and HttpOnly", async () => {
    const { lines } = await signIn();
    const session = lines.find((line) => line.includes("session_token="));
    expect(session).toBeDefined();
    for (const line of lines) expect(line).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/;\s*HttpOnly/i);
  });

  test("a change by staff reaches a reader's live stream through nginx within a second", async () => {
    const { cookie } = await signIn();
    const stream = await openEventStream(`${site}/realtime`, { fetch: visitor });
    try {
      const sent = performance.now();
      const saved = await staff(`${site}/api/page-content`, {
        method: "POST",
        headers: { cookie, origin: site },
        body: new URLSearchParams({
          intent: "save",
          pagePath: "/",
          contentKey: "hero-title",
          value: "رفق خلف الوكيل",
          contentType: "text",
        }),
      });
      expect(saved.status).toBe(200);
      await saved.arrayBuffer();
      const event = await stream.waitFor((one) => one.event === "message");
      // From sending the save to the reader's event: nginx must not hold the stream back.
      const elapsed = performance.now() - sent;
      console.log(`deploy-proxy: the change reached the reader in ${elapsed.toFixed(0)} ms`);
      expect(event.data).toMatchObject({ table: "page_content", key: "hero-title" });
      expect(elapsed).toBeLessThan(1000);
    } finally {
      await stream.close();
    }
  });

  test("the rate limit counts each visitor, and a forged X-Forwarded-For changes nothing", async () => {
    const search = (who: typeof visitor, headers: Record<string, string> = {}) =>
      who(`${site}/search?q=${encodeURIComponent("رعاية")}`, { headers }).then(async (answer) => {
        await answer.arrayBuffer();
        return answer.status;
      });
    // 60 searches a minute per client (app/routes/site/search.tsx).
    for (let index = 0; index < 60; index++) expect(await search(visitor)).toBe(200);
    expect(await search(visitor)).toBe(429);
    expect(await search(visitor, { "x-forwarded-for": "203.0.113.7" })).toBe(429);
    expect(await search(visitor, { "x-real-ip": "203.0.113.8" })).toBe(429);
    expect(await search(neighbour)).toBe(200);
  });

  test("an upload under the largest limit passes; one over it gets nginx's Arabic 413", async () => {
    const { cookie } = await signIn();
    const documentForm = (file: Blob) => {
      const form = new FormData();
      for (const [name, value] of Object.entries({
        title: "التقرير السنوي الكبير",
        category: "reports",
        year: "2025",
        status: "published",
      })) {
        form.set(name, value);
      }
      form.set("file", file, "report.pdf");
      return form;
    };
    const post = (body: FormData | Uint8Array, headers: Record<string, string> = {}) =>
      staff(`${site}/admin/dashboard/documents/new`, {
        method: "POST",
        headers: { cookie, origin: site, accept: "text/html", ...headers },
        body,
      });

    // A PDF just under the document's 20 MB: stored in S3, listed.
    const bytes = await pdfOfSize(MAX_DOCUMENT_BYTES - 100 * 1024);
    const stored = await post(
      documentForm(new Blob([new Uint8Array(bytes)], { type: "application/pdf" })),
    );
    await stored.arrayBuffer();
    expect(stored.status).toBe(302);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query("select size_bytes from documents where title = $1", [
      "التقرير السنوي الكبير",
    ]);
    await client.end();
    expect(rows).toEqual([{ size_bytes: bytes.length }]);

    // A body just under the document form's limit (nginx lets it through: it is under the
    // largest) reaches the app, which answers beside the file field.
    const documentCap = bodyLimitFor("/admin/dashboard/documents/new", "multipart/form-data");
    const tooBigFile = new Uint8Array(documentCap.maxBytes - 200 * 1024);
    tooBigFile.set(bytes.subarray(0, 1024));
    const answered = await post(documentForm(new Blob([tooBigFile], { type: "application/pdf" })));
    expect(answered.status).toBe(400);
    expect(await answered.text()).toContain("حجم الملف يجب ألا يزيد على 20 ميجابايت");

    // One byte over: nginx answers, in the app's words.
    const over = await post(new Uint8Array(LARGEST_BODY_BYTES + 1), {
      "content-type": "multipart/form-data; boundary=x",
    });
    expect(over.status).toBe(413);
    expect(over.headers.get("server")).toMatch(/^nginx/);
    expect(await over.text()).toBe(REQUEST_TOO_LARGE);
  });
});
