import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import * as serverBuild from "virtual:react-router/server-build";
import express from "express";
import helmet from "helmet";
import { closeDatabase, databasePoolStats, prepareDatabase } from "~/models/database.server";
import { DOCUMENTS_FOLDER } from "~/models/documents.server";
import { FORM_ANSWER_FILES_FOLDER } from "~/models/form-answers.server";
import { mailQueueBacklog } from "~/models/mail-queue.server";
import { announceSetupLink } from "~/models/setup-code.server";
import { announceStoredFilesChanged } from "~/models/stored-files.server";
import { buildAnsweringRefusals } from "~/services/error-answers.server";
import { forgetSessionReads, isViewerSession } from "~/services/permissions.server";
import { startServerBackups } from "~/utils/backup/schedule.server";
import { setClockOffset } from "~/utils/clock.server";
import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { closeMailer } from "~/utils/mailer.server";
import { enableReadCache, forgetReads } from "~/utils/read-cache.server";
import {
  announceFileChanges,
  assertSafeKey,
  getStorage,
  STORED_FILES,
  UnsafeStorageKeyError,
} from "~/utils/storage.server";
import { forgetAfterWrites } from "./after-writes";
import { createBodyLimits } from "./body-limits";
import { createHealthCheck } from "./health";
import { startEventReminders } from "./jobs/event-reminders";
import { startFormRetention } from "./jobs/form-retention";
import { startMailQueue } from "./jobs/mail-queue";
import { startOutreachRetention } from "./jobs/outreach-retention";
import { startReadingStatistics } from "./jobs/reading-statistics";
import { startScheduledPublishing } from "./jobs/scheduled-publishing";
import { createMetrics, serveMetrics } from "./metrics";
import { createPageCache } from "./page-cache";
import { createPageViewCounter } from "./page-views";
import { createPostViewCounter, mayBePostView, viewOfNodeRequest } from "./post-views";
import { createRealtimeHub } from "./realtime";
import { createRenderLimit } from "./render-limit";
import { createRequestHandler } from "./request-handler";
import { routeListsOf } from "./route-lists";
import { trustProxySetting } from "./trust-proxy";

declare module "react-router" {
  interface AppLoadContext {
    cspNonce: string;
  }
}

const env = getEnv();
await prepareDatabase();
// Holds an embedded DATA_DIR against `npm run backup`; nightly backups (docs/decisions/017).
const backups = startServerBackups();
// Clears old volunteer and survey contact details daily (docs/decisions/022).
const retention = startOutreachRetention();
// Deletes expired form answers and their files daily (docs/decisions/073).
const formRetention = startFormRetention();
// Scheduled posts are announced when they come due (docs/decisions/031).
const scheduledPublishing = startScheduledPublishing();
// Events' day-before reminders (docs/decisions/052).
const eventReminders = startEventReminders();
// Newsletter campaigns and other queued e-mails go out in batches (docs/decisions/051).
const mailQueue = startMailQueue();
// Reading statistics are buffered per process and written in batches (docs/decisions/074).
const readingStatistics = startReadingStatistics();
// First run: log the /setup link with its one-time code (docs/decisions/018).
await announceSetupLink();
// A page is cleared by the changes to the lists its routes' handles declare (docs/decisions/040).
const pageCache = createPageCache({
  secret: env.AUTH_SECRET,
  // A viewer's public page is the one all viewers share (docs/decisions/096).
  isViewerSession,
  listsAt: routeListsOf(serverBuild.routes),
});
// Every change clears the cached pages and reads it concerns; a LISTEN reconnect (changes may
// have been missed) clears them all.
const realtime = createRealtimeHub({
  onChange: (event) => {
    forgetReads(event);
    pageCache.invalidate(event);
  },
  // A sign-out, a demotion or a deleted account on any process applies here at the next request.
  onSessionsChanged: forgetSessionReads,
  onFilesChanged: () => forgetReads({ table: STORED_FILES }),
});
enableReadCache();
announceFileChanges(announceStoredFilesChanged);
const health = createHealthCheck({
  isListening: () => realtime.listening,
  mailMaxAgeMs: env.READY_MAIL_MAX_AGE_MINUTES * 60_000,
});
// Prometheus metrics on a port of their own, only when METRICS_PORT is set (docs/decisions/077).
const metrics = env.METRICS_PORT
  ? createMetrics({
      liveStreams: () => realtime.size,
      cachedPages: () => pageCache.size,
      mailQueue: () => mailQueueBacklog(),
      databasePool: databasePoolStats,
    })
  : null;
const metricsServer =
  metrics && env.METRICS_PORT
    ? serveMetrics(metrics, { port: env.METRICS_PORT, host: env.METRICS_HOST })
    : null;
/** server/index.js mounts it first (before the built files) when metrics are on. */
export const observeRequests = metrics?.observe ?? null;
const isDevelopment = env.NODE_ENV === "development";
/**
 * Renders at once. On 2 cores with PGlite, 1 to 8 gave the same throughput
 * (docs/performance.md); 4 leaves room to overlap the network waits of a PostgreSQL server.
 */
const RENDER_CONCURRENCY = 4;

export const listenOn = { port: env.PORT, host: env.HOST };

export const app = express();
app.disable("x-powered-by");
// Behind the proxies TRUST_PROXY names, the client's address comes from X-Forwarded-For; otherwise
// it is the socket's. Either way the rate limiter reads one trustworthy value (a client cannot forge it).
app.set("trust proxy", trustProxySetting(env.TRUST_PROXY));
app.use((req, _res, next) => {
  req.headers["x-forwarded-for"] = req.ip ?? "";
  next();
});

// Sessions are read once in a few seconds (getActor); a request that may write (a sign-in or
// sign-out, a role change, a deleted account) forgets them when it ends, whatever it did.
app.use(forgetAfterWrites(forgetSessionReads));

// A signed-out or viewer's page already stored is answered here, with the headers of its render
// (views count first: docs/decisions/023, 026, 074, 096).
const postViews = createPostViewCounter();
const pageViews = createPageViewCounter({ enabled: env.STATISTICS_COUNTING === "on" });
app.use(postViews);
app.use(pageViews.middleware);
app.use(pageCache.serveStored);

/**
 * The fast path (docs/decisions/053): server/index.js asks it before Express for every request. A
 * fresh stored page is answered here from Node's request, with the head made when it was stored
 * (the same bytes and headers as `serveStored` above); anything else returns false for the app.
 */
export function answerStored(req: IncomingMessage, res: ServerResponse): boolean {
  if (!pageCache.answerFirst(req, res, countViewFirst)) return false;
  metrics?.countCached();
  return true;
}

/** Express's compiled `trust proxy`: the fast path reads the client's address as `req.ip` does. */
const trustProxy = app.get("trust proxy fn");

/**
 * A page's and a post's view count as on the slow path. Node's request is read as it is: giving it Express's
 * request as its prototype (for `req.ip`) made every request slower in V8 afterwards.
 */
function countViewFirst(req: IncomingMessage) {
  pageViews.countStored(req);
  if (mayBePostView(req.url ?? "")) postViews.count(viewOfNodeRequest(req, trustProxy));
}

app.use((_req, res, next) => {
  res.locals.cspNonce = randomBytes(16).toString("base64");
  next();
});

app.use(
  helmet({
    contentSecurityPolicy: isDevelopment
      ? false
      : {
          useDefaults: true,
          directives: {
            "script-src": [
              "'self'",
              (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`,
            ],
            "img-src": [
              "'self'",
              "data:",
              "blob:",
              "https://i.ytimg.com",
              env.S3_PUBLIC_URL ?? "'self'",
            ],
            "frame-src": ["https://www.youtube-nocookie.com", "https://www.youtube.com"],
            "connect-src": ["'self'"],
            "upgrade-insecure-requests": env.SITE_URL?.startsWith("https://") ? [] : null,
          },
        },
    crossOriginEmbedderPolicy: false,
    // "no-referrer" makes Chromium send `Origin: null` on plain form posts, which React Router's
    // CSRF check refuses; same-origin still keeps reset tokens out of other sites' Referer.
    referrerPolicy: { policy: "same-origin" },
    strictTransportSecurity: env.SITE_URL?.startsWith("https://") ? undefined : false,
  }),
);

// Alive (no database) and ready (database, storage, realtime, mail queue): docs/decisions/077.
app.get("/healthz", health.alive);
app.get("/readyz", health.ready);

app.get("/realtime", realtime.handle);

// End-to-end tests move this process's clock to see scheduled posts appear (docs/decisions/031).
// Only with TEST_CLOCK=true, which the environment refuses unless SITE_URL is a loopback address.
if (env.TEST_CLOCK) {
  app.post("/__test/clock", express.json(), (req, res) => {
    const offsetMs = Number(req.body?.offsetMs);
    if (!Number.isFinite(offsetMs)) {
      res.status(400).json({ error: "offsetMs must be a number" });
      return;
    }
    setClockOffset(offsetMs);
    res.json({ offsetMs });
  });
}

app.get("/uploads/{*key}", async (req, res) => {
  const key = ([] as string[]).concat(req.params.key ?? []).join("/");
  try {
    // Documents are served by /documents/…, which checks that they are published (decision 048);
    // the files of forms' answers by a staff-only route, never here (decision 071).
    const safe = assertSafeKey(key);
    const isPrivate = [DOCUMENTS_FOLDER, FORM_ANSWER_FILES_FOLDER].some((folder) =>
      safe.startsWith(`${folder}/`),
    );
    const file = isPrivate ? null : await getStorage().get(key);
    if (!file) {
      res.status(404).type("text/plain").send("الملف غير موجود");
      return;
    }
    res.set("Cache-Control", "public, max-age=31536000, immutable");
    res.set("X-Content-Type-Options", "nosniff");
    res.type(file.contentType).send(file.body);
  } catch (error) {
    if (error instanceof UnsafeStorageKeyError) {
      res.status(400).type("text/plain").send("مسار غير صالح");
      return;
    }
    // Storage is unreachable (an S3 outage): say so, not "bad path" and not "missing".
    logger.error({ err: error, key }, "could not read an upload");
    res.status(503).type("text/plain").send("تعذّر تحميل الملف الآن، حاول لاحقاً");
  }
});

app.use(createBodyLimits({ secret: env.AUTH_SECRET }));

app.use(pageCache.middleware);

// Renders (not stored pages, streams or files) take turns, a few at a time (docs/decisions/027),
// reads and sends each in a line of their own (docs/decisions/088).
app.use(createRenderLimit({ concurrency: RENDER_CONCURRENCY }));

app.use(
  createRequestHandler({
    // The build itself, not a function returning it: React Router then derives its routes once
    // instead of on every request (docs/decisions/027). A model's refusal that no route caught is
    // answered with its status and message (docs/decisions/041).
    build: buildAnsweringRefusals(serverBuild),
    getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce as string }),
  }),
);

/** A graceful stop's first step (server/index.js): live streams end and new ones are refused. */
export function drainLiveStreams() {
  realtime.drain();
}

/** Stops realtime streams and closes the database (graceful shutdown). */
export async function shutdown() {
  await backups.stop();
  await retention.stop();
  await formRetention.stop();
  await scheduledPublishing.stop();
  await eventReminders.stop();
  await mailQueue.stop();
  await metricsServer?.close();
  await readingStatistics.stop();
  closeMailer();
  await realtime.close();
  await closeDatabase();
  logger.info("server stopped");
}
