import http from "node:http";
import type { AddressInfo } from "node:net";
import { createReadableStreamFromReadable } from "@react-router/node";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { getEnv } from "~/utils/env.server";
import {
  FORM_MAX_BYTES,
  REQUEST_TOO_LARGE,
  readFormData,
  UPLOAD_MAX_BYTES,
} from "~/utils/form-data.server";
import {
  API_MAX_BYTES,
  bodyLimitFor,
  createBodyLimits,
  SIGN_IN_MAX_BYTES,
  SIGN_IN_REQUIRED,
} from "../../server/body-limits";
import { createUser, type TestUser } from "../support/accounts";

// The middleware in front of a handler that reads the body the way React Router's Express
// adapter hands it to an action (a web stream over the Node request), then as actions do.
let server: http.Server;
let port: number;
let editor: TestUser;
const parsedForms: string[] = [];

beforeAll(async () => {
  editor = await createUser("editor");
  const app = express();
  app.use(createBodyLimits({ secret: getEnv().AUTH_SECRET }));
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
      const form = await readFormData(request, { maxBytes: UPLOAD_MAX_BYTES });
      parsedForms.push(req.originalUrl);
      res.json({ fields: [...form.keys()] });
    } catch (error) {
      if (!(error instanceof Response)) throw error;
      if (!res.headersSent) res.status(error.status).send(await error.text());
    }
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

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

describe("bodyLimitFor", () => {
  test("caps each route, whatever URL React Router's client posts it to", () => {
    const cases: [string, number, boolean][] = [
      ["/login", SIGN_IN_MAX_BYTES, false],
      ["/login.data", SIGN_IN_MAX_BYTES, false],
      ["/auth/", SIGN_IN_MAX_BYTES, false],
      ["/setup.data", SIGN_IN_MAX_BYTES, false],
      ["/api/auth/sign-in/email", API_MAX_BYTES, false],
      ["/api/page-content", FORM_MAX_BYTES, true],
      ["/admin/dashboard/posts/new.data", UPLOAD_MAX_BYTES, true],
      ["/admin/dashboard/images/0b7c/edit", UPLOAD_MAX_BYTES, true],
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
