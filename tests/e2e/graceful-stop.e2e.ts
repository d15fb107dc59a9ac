import { randomBytes } from "node:crypto";
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { SETUP_CODE_WRONG } from "~/shared/auth-schemas";
import { STOPPING_MESSAGE } from "../../server/shutdown-guard.js";
import { type AppProcess, startApp, stopApp } from "./support/app-processes";

// server/index.js's graceful stop (docs/decisions/077), as nginx meets it during a rolling
// restart (bench/rolling-restart.js): after SIGTERM a request already under way is answered in
// full, with the database still open; a live stream ends (its page reconnects elsewhere); a GET
// arriving now, on a kept-alive or a new connection, gets 503 with Retry-After (nginx passes it to
// the other process); and once the connections are gone the process exits.

/** A raw HTTP/1.1 connection: what it sends is written as is, what arrives is kept. */
class Connection {
  received = "";
  closed = false;
  private waiters: (() => void)[] = [];
  constructor(readonly socket: Socket) {
    socket.setEncoding("utf8");
    socket.on("data", (text: string) => {
      this.received += text;
      this.wake();
    });
    socket.on("close", () => {
      this.closed = true;
      this.wake();
    });
    socket.on("error", () => {});
  }
  private wake() {
    for (const waiter of this.waiters.splice(0)) waiter();
  }
  static open(port: number) {
    return new Promise<Connection>((resolve, reject) => {
      const socket = connect(port, "127.0.0.1", () => resolve(new Connection(socket)));
      socket.once("error", reject);
    });
  }
  send(text: string) {
    this.socket.write(text);
  }
  /** Waits until what arrived (from `from` on) satisfies `done`; answers that part. */
  async until(done: (text: string) => boolean, from = 0, timeoutMs = 10_000) {
    const deadline = Date.now() + timeoutMs;
    while (!done(this.received.slice(from))) {
      if (this.closed || Date.now() > deadline) {
        throw new Error(`not received (closed: ${this.closed}): ${this.received.slice(from)}`);
      }
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
    return this.received.slice(from);
  }
}

/** A whole response with a Content-Length body has arrived. */
const complete = (text: string) => {
  const head = text.indexOf("\r\n\r\n");
  if (head < 0) return false;
  const length = Number(text.slice(0, head).match(/content-length: (\d+)/i)?.[1] ?? 0);
  return Buffer.byteLength(text.slice(head + 4)) >= length;
};

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.destroy();
      resolve(false);
    }).on("error", () => resolve(true));
  });

describe("a process stopped with SIGTERM", () => {
  let app: AppProcess;

  beforeAll(async () => {
    app = await startApp({
      NODE_ENV: "production",
      DATABASE_URL: "",
      AUTH_SECRET: randomBytes(32).toString("base64url"),
      LOG_LEVEL: "error",
    });
  }, 90_000);

  afterAll(() => stopApp(app));

  test("answers what it was sent, sends new reads elsewhere, ends live streams and exits", async () => {
    // A visitor's kept-alive connection, after one answer.
    const kept = await Connection.open(app.port);
    kept.send("GET /healthz HTTP/1.1\r\nHost: rifq.test\r\n\r\n");
    const first = await kept.until(complete);
    expect(first).toMatch(/^HTTP\/1.1 200/);
    expect(first).toMatch(/connection: keep-alive/i);
    // The first administrator's set-up, with a wrong code, whose body is not all sent yet.
    const body = new URLSearchParams({
      code: "not-the-setup-code-0",
      fullName: "مدير الموقع",
      email: "admin@rifq.test",
      password: "Setup-pass-2026!x",
    }).toString();
    const underWay = await Connection.open(app.port);
    underWay.send(
      `POST /setup HTTP/1.1\r\nHost: 127.0.0.1:${app.port}\r\nOrigin: ${app.url}\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n` +
        body.slice(0, 10),
    );
    // A reader's live stream.
    const stream = await Connection.open(app.port);
    stream.send("GET /realtime HTTP/1.1\r\nHost: rifq.test\r\nAccept: text/event-stream\r\n\r\n");
    await stream.until((text) => text.includes(": connected"));

    const exited = new Promise<number | null>((resolve) => app.child.once("exit", resolve));
    app.child.kill("SIGTERM");
    // The stream ends at once (the chunked body's last chunk): the page reconnects elsewhere.
    await stream.until((text) => text.includes("\r\n0\r\n\r\n"), 0, 5_000);
    stream.socket.destroy();

    // The set-up under way is answered as usual: the code's attempts are counted in the
    // database, still open.
    expect(underWay.received).toBe("");
    underWay.send(body.slice(10));
    const setUp = await underWay.until(complete);
    expect(setUp).toMatch(/^HTTP\/1.1 400/);
    expect(setUp).toContain(SETUP_CODE_WRONG);
    expect(setUp).toMatch(/connection: close/i);

    // A read on the kept-alive connection goes elsewhere: 503, Retry-After, and the connection closes.
    const from = kept.received.length;
    kept.send("GET / HTTP/1.1\r\nHost: rifq.test\r\nAccept: text/html\r\n\r\n");
    const second = await kept.until(complete, from);
    expect(second).toMatch(/^HTTP\/1.1 503/);
    expect(second).toMatch(/retry-after: 5/i);
    expect(second).toMatch(/connection: close/i);
    expect(second).toContain(STOPPING_MESSAGE);
    await kept.until(() => kept.closed, from);
    // So does one on a new connection (the socket still listens: see server/index.js).
    const late = await Connection.open(app.port);
    late.send("GET /news HTTP/1.1\r\nHost: rifq.test\r\n\r\n");
    expect(await late.until(complete)).toMatch(/^HTTP\/1.1 503/);
    await late.until(() => late.closed);

    // With nothing left open the process stops listening and exits.
    expect(await exited).toBe(0);
    expect(await refused(app.port)).toBe(true);
  });
});
