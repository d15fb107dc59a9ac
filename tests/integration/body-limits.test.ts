import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { createReadableStreamFromReadable } from "@react-router/node";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DomainError } from "~/shared/domain-errors";
import { FORM_CAPS } from "~/utils/body-caps.server";
import { getEnv } from "~/utils/env.server";
import { FORM_MAX_BYTES, REQUEST_TOO_LARGE, readFormData } from "~/utils/form-data.server";
import {
  API_MAX_BYTES,
  bodyLimitFor,
  createBodyLimits,
  NOT_SAVED,
  SESSION_ENDED_TOAST,
  SIGN_IN_MAX_BYTES,
  SIGN_IN_REQUIRED,
} from "../../server/body-limits";
import { createUser, type TestUser } from "../support/accounts";

// The middleware in front of a handler that reads the body the way React Router's Express
// adapter hands it to an action (a web stream over the Node request), then as actions do.
let server: http.Server;
let port: number;
/** The same, draining at most 1 MB for 1 s. */
let boundedServer: http.Server;
let boundedPort: number;
let editor: TestUser;
const parsedForms: string[] = [];

async function listen(app: express.Express): Promise<[http.Server, number]> {
  const listening = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => listening.once("listening", resolve));
  return [listening, (listening.address() as AddressInfo).port];
}

function appWith(limits: Parameters<typeof createBodyLimits>[0]) {
  const app = express();
  app.use(createBodyLimits(limits));
  app.use(async (req, res) => {
    if (req.method === "GET") {
      res.send("page");
      return;
    }
    const request = new Request(`http://localhost${req.originalUrl}`, {
      method: req.method,
      headers: { "content-type": req.headers["content-type"] ?? "" },
      body: createReadableStreamFromReadable(req),
      duplex: "half",
    } as RequestInit);
    try {
      const form = await readFormData(request, FORM_CAPS.post);
      parsedForms.push(req.originalUrl);
      res.json({ fields: [...form.keys()] });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      if (!res.headersSent) res.status(error.status).send(error.message);
    }
  });
  return app;
}

beforeAll(async () => {
  editor = await createUser("editor");
  const secret = getEnv().AUTH_SECRET;
  [server, port] = await listen(appWith({ secret }));
  [boundedServer, boundedPort] = await listen(
    appWith({ secret, drain: { maxBytes: 1024 * 1024, maxMs: 1000 } }),
  );
});

afterAll(async () => {
  for (const listening of [server, boundedServer]) {
    listening.closeAllConnections();
    await new Promise((resolve) => listening.close(resolve));
  }
});

interface Answer {
  status: number;
  text: string;
  /** Body bytes written before the answer came. */
  sent: number;
}

/**
 * Sends a request whose body is written in `chunkBytes` pieces (at most `maxChunks`) until the
 * server answers, as a slow or hostile client would.
 */
function send(
  path: string,
  {
    headers = {},
    chunkBytes = 1024,
    maxChunks = 0,
    body,
  }: {
    headers?: Record<string, string>;
    chunkBytes?: number;
    maxChunks?: number;
    body?: string | Buffer;
  } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const request = http.request(
      { host: "127.0.0.1", port, path, method: "POST", headers },
      (response) => {
        answered = true;
        const chunks: Buffer[] = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () => {
          request.destroy();
          resolve({
            status: response.statusCode ?? 0,
            text: Buffer.concat(chunks).toString(),
            sent,
          });
        });
      },
    );
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    if (body !== undefined) {
      request.end(body);
      return;
    }
    const chunk = Buffer.alloc(chunkBytes, "a");
    const writeNext = (count: number) => {
      if (answered || request.destroyed) return;
      if (count >= maxChunks) {
        request.end();
        return;
      }
      sent += chunk.length;
      request.write(chunk, () => setTimeout(() => writeNext(count + 1), 1));
    };
    writeNext(0);
  });
}

const FORM = { "content-type": "application/x-www-form-urlencoded" };

describe("body limits over HTTP", () => {
  test("a 100 MB body declared on sign-in is answered 413 at once, before it is sent", async () => {
    const answer = await send("/login", {
      headers: { ...FORM, "content-length": String(100 * 1024 * 1024) },
      maxChunks: 4,
    });
    expect(answer).toMatchObject({ status: 413, text: REQUEST_TOO_LARGE });
    expect(answer.sent).toBeLessThanOrEqual(4 * 1024);
  });

  test("a chunked body is counted as it streams and cut off with 413 past the cap", async () => {
    const before = parsedForms.length;
    const answer = await send("/login.data", {
      headers: { ...FORM, "transfer-encoding": "chunked" },
      maxChunks: 1000,
    });
    expect(answer).toMatchObject({ status: 413, text: REQUEST_TOO_LARGE });
    // Cut off soon after 16 KB, long before the 1 MB the client meant to send.
    expect(answer.sent).toBeLessThan(SIGN_IN_MAX_BYTES + 64 * 1024);
    expect(parsedForms.length).toBe(before);
  });

  test("staff writes without a signed session are 401 before the body is read", async () => {
    const forged = { cookie: "better-auth.session_token=abc.Zm9yZ2Vk" };
    for (const [path, headers] of [
      ["/admin/dashboard/posts/new", {}],
      ["/admin/dashboard/posts/new.data", forged],
      ["/ADMIN/dashboard/settings", {}],
      ["/%61dmin/dashboard/users.data", {}],
      ["/admin/dashboard.data?index", {}],
      ["/api/page-content", forged],
    ] as const) {
      // Declared 5 MB and never sent: only an answer that does not wait for it can arrive.
      const answer = await send(path, {
        headers: { ...FORM, ...headers, "content-length": String(5 * 1024 * 1024) },
      });
      expect(answer, path).toMatchObject({ status: 401, text: SIGN_IN_REQUIRED, sent: 0 });
    }
  });

  test("a normal form passes through; a signed-in editor's image form may be large", async () => {
    const signIn = await send("/login.data", {
      headers: FORM,
      body: "intent=sign-in&email=a%40b.test&password=x",
    });
    expect(signIn).toMatchObject({ status: 200 });
    expect(JSON.parse(signIn.text)).toEqual({ fields: ["intent", "email", "password"] });

    const image = `image=${"a".repeat(1024 * 1024)}`;
    const headers = { ...FORM, cookie: editor.cookie };
    const upload = await send("/admin/dashboard/images/new", { headers, body: image });
    expect(upload.status).toBe(200);
    // The same megabyte on a form without an image is over that form's cap.
    const video = await send("/admin/dashboard/videos/new", { headers, body: image });
    expect(video).toMatchObject({ status: 413, text: REQUEST_TOO_LARGE });
  });
});

interface RawAnswer {
  /** Everything the server sent, as text. */
  text: string;
  /** Body bytes written before the connection ended. */
  sent: number;
  /** How the connection ended on our side: "close" or an error code such as ECONNRESET. */
  ended: string;
}

/**
 * A raw HTTP/1.1 request as a browser sends an upload: the head, then `bodyBytes` of body in
 * 64 KB writes (chunked when `chunked`, every `pauseMs`), reading the answer only once the body
 * is sent or the server stopped taking it. A connection reset before then loses the answer.
 */
function rawPost(
  path: string,
  {
    headers = {},
    bodyBytes,
    chunked = false,
    pauseMs = 0,
    targetPort = port,
  }: {
    headers?: Record<string, string>;
    bodyBytes: number;
    chunked?: boolean;
    pauseMs?: number;
    targetPort?: number;
  },
): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = net.connect(targetPort, "127.0.0.1");
    const received: Buffer[] = [];
    let sent = 0;
    let ended = "";
    socket.pause();
    socket.on("data", (chunk) => received.push(chunk));
    const finish = (how: string) => {
      ended ||= how;
      resolve({ text: Buffer.concat(received).toString(), sent, ended });
    };
    socket.on("error", (error: NodeJS.ErrnoException) => {
      ended ||= error.code ?? "error";
    });
    socket.on("close", () => finish("close"));
    const lines = [
      `POST ${path} HTTP/1.1`,
      "Host: 127.0.0.1",
      ...Object.entries({
        "Content-Type": "application/x-www-form-urlencoded",
        ...(chunked ? { "Transfer-Encoding": "chunked" } : { "Content-Length": String(bodyBytes) }),
        ...headers,
      }).map(([name, value]) => `${name}: ${value}`),
    ];
    socket.write(`${lines.join("\r\n")}\r\n\r\n`);
    const piece = Buffer.alloc(64 * 1024, "a");
    const writeNext = () => {
      if (socket.destroyed || socket.writableEnded) return;
      if (sent >= bodyBytes) {
        if (chunked) socket.write("0\r\n\r\n");
        socket.resume();
        return;
      }
      const part = piece.subarray(0, Math.min(piece.length, bodyBytes - sent));
      sent += part.length;
      const framed = chunked
        ? Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from("\r\n")])
        : part;
      socket.write(framed, (error) => {
        if (error) socket.resume();
        else setTimeout(writeNext, pauseMs);
      });
    };
    writeNext();
  });
}

const MB = 1024 * 1024;
const BROWSER_FORM = { Accept: "text/html", "Sec-Fetch-Mode": "navigate" };

describe("early answers are read, not reset (raw sockets)", () => {
  test("a 6 MB image sent continuously to an upload form: the 413 in Arabic", async () => {
    const answer = await rawPost("/admin/dashboard/images/new", {
      headers: { Cookie: editor.cookie },
      bodyBytes: 6 * MB,
    });
    expect(answer.text).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.text).toContain("Connection: close");
    expect(answer.text.endsWith(REQUEST_TOO_LARGE)).toBe(true);
  });

  test("a chunked upload past the cap, sent slowly: the 413 in Arabic", async () => {
    const answer = await rawPost("/admin/dashboard/posts/new", {
      headers: { Cookie: editor.cookie },
      bodyBytes: FORM_CAPS.post.formBytes + 2 * MB,
      chunked: true,
      pauseMs: 1,
    });
    expect(answer.text).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.text).toContain(REQUEST_TOO_LARGE);
  });

  test("a 20 MB body sent to /login: the 413 in Arabic", async () => {
    const answer = await rawPost("/login", { bodyBytes: 20 * MB });
    expect(answer.text).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.text.endsWith(REQUEST_TOO_LARGE)).toBe(true);
    expect(answer.sent).toBe(20 * MB);
  });

  test("a signed-out editor's 2 MB post form goes to sign-in, told it was not saved", async () => {
    const answer = await rawPost("/admin/dashboard/posts/new?index", {
      headers: BROWSER_FORM,
      bodyBytes: 2 * MB,
    });
    expect(answer.text).toMatch(/^HTTP\/1\.1 303 /);
    expect(answer.text).toContain(
      `Location: /login?redirectTo=${encodeURIComponent("/admin/dashboard/posts/new")}\r\n`,
    );
    expect(answer.text).toMatch(/Set-Cookie: rifq_toast=/);
    expect(answer.text).toContain(NOT_SAVED);
  });

  test("the sign-in page after it shows the notice (the toast cookie)", async () => {
    const answer = await rawPost("/admin/dashboard/settings", {
      headers: { ...BROWSER_FORM, Referer: "http://127.0.0.1/admin/dashboard/settings?tab=2" },
      bodyBytes: 1024,
    });
    expect(answer.text).toContain(
      `Location: /login?redirectTo=${encodeURIComponent("/admin/dashboard/settings?tab=2")}`,
    );
    const cookie = answer.text.match(/Set-Cookie: (rifq_toast=[^;]+)/)?.[1];
    const { takeToast } = await import("~/utils/toast.server");
    const { toast } = await takeToast(
      new Request("http://x/login", { headers: { cookie: `${cookie}` } }),
    );
    expect(toast).toMatchObject(SESSION_ENDED_TOAST);
  });

  test("a signed-out write from the app's fetch: the 401 in Arabic", async () => {
    const answer = await rawPost("/admin/dashboard/posts/new.data", { bodyBytes: 2 * MB });
    expect(answer.text).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer.text.endsWith(SIGN_IN_REQUIRED)).toBe(true);
  });

  test("draining is bounded: past its bytes or its time the connection is cut", async () => {
    const started = Date.now();
    const flood = await rawPost("/login", { bodyBytes: 50 * MB, targetPort: boundedPort });
    expect(flood.sent).toBeLessThan(50 * MB);
    expect(Date.now() - started).toBeLessThan(5000);

    const trickle = rawPost("/login", {
      bodyBytes: 2 * MB,
      pauseMs: 200,
      targetPort: boundedPort,
    });
    const slow = await trickle;
    // 64 KB every 200 ms: cut after about a second, long before the 6 s the body needs.
    expect(slow.sent).toBeLessThan(2 * MB);
  });
});

describe("bodyLimitFor", () => {
  test("caps each route, whatever URL React Router's client posts it to", () => {
    const cases: [string, number, boolean][] = [
      ["/login", SIGN_IN_MAX_BYTES, false],
      ["/login.data", SIGN_IN_MAX_BYTES, false],
      ["/auth/", SIGN_IN_MAX_BYTES, false],
      ["/setup.data", SIGN_IN_MAX_BYTES, false],
      ["/api/auth/sign-in/email", API_MAX_BYTES, false],
      ["/api/page-content", FORM_MAX_BYTES, true],
      ["/api/card-lists", FORM_CAPS.cardList.formBytes, true],
      ["/admin/dashboard/posts/new.data", FORM_CAPS.post.formBytes, true],
      ["/admin/dashboard/images/0b7c/edit", FORM_CAPS.galleryImage.formBytes, true],
      ["/admin/dashboard/events/new", FORM_CAPS.event.formBytes, true],
      ["/admin/dashboard/campaigns/0b7c/edit", FORM_CAPS.campaign.formBytes, true],
      ["/admin/dashboard/documents/new", FORM_CAPS.document.formBytes, true],
      ["/admin/dashboard/documents/0b7c/edit", FORM_MAX_BYTES, true],
      ["/admin/dashboard/videos/new", FORM_MAX_BYTES, true],
      ["/admin/_.data", FORM_MAX_BYTES, true],
      ["/administrators", FORM_MAX_BYTES, false],
      ["/_root.data", FORM_MAX_BYTES, false],
      ["/profile", FORM_MAX_BYTES, false],
      ["/account/two-factor.data", FORM_MAX_BYTES, true],
    ];
    for (const [path, maxBytes, staffOnly] of cases) {
      expect(bodyLimitFor(path), path).toEqual({ maxBytes, staffOnly });
    }
  });
});
