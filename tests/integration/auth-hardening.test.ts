import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { createFirstAdmin } from "~/models/users.server";
import { action as loginAction } from "~/routes/auth/login";
import {
  action as authResourceAction,
  loader as authResourceLoader,
} from "~/routes/resources/auth";
import { getActor } from "~/services/permissions.server";
import { db } from "~/utils/db.server";
import {
  REQUEST_INVALID_CHARACTERS,
  REQUEST_TOO_LARGE,
  REQUEST_TYPE_UNSUPPORTED,
  REQUEST_UNREADABLE,
} from "~/utils/form-data.server";
import { sessions, users, verifications } from "../../database/schema";
import { createUser, requestAs, signIn } from "../support/accounts";
import { call, dataOf, readOutbox, statusOf } from "../support/route-calls";

const BASE = "http://localhost:3000";

beforeAll(async () => {
  await createFirstAdmin({
    fullName: "مديرة الجمعية",
    email: "admin@rifq.test",
    password: "Admin-pass-2026",
  });
});

/** `/api/auth/<path>` through the resource route, as a script would call it. */
async function authHttp(method: string, path: string, body?: unknown, cookie?: string) {
  const headers = new Headers({ origin: BASE });
  if (body !== undefined) headers.set("content-type", "application/json");
  if (cookie) headers.set("cookie", cookie);
  const request = new Request(`${BASE}/api/auth${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const route = method === "GET" ? authResourceLoader : authResourceAction;
  return (await call(route, request)) as Response;
}

async function userRow(id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

describe("/api/auth exposes only what the pages use", () => {
  test("update-user is gone: no huge, non-text or script values reach the account", async () => {
    const viewer = await createUser("viewer", "اسم أصلي");
    for (const body of [
      { name: "ا".repeat(200_000) },
      { name: { toString: "x" } },
      { image: "javascript:alert(document.cookie)" },
      { name: null },
    ]) {
      const response = await authHttp("POST", "/update-user", body, viewer.cookie);
      expect(response.status).toBe(404);
      expect(await response.text()).toBe("الصفحة غير موجودة");
    }
    const row = await userRow(viewer.id);
    expect(row.fullName).toBe("اسم أصلي");
    expect(row.avatarUrl).toBeNull();
  });

  test("better-auth's own sign-in cannot leave the account's other sessions alive", async () => {
    const viewer = await createUser("viewer");
    const response = await authHttp("POST", "/sign-in/email", {
      email: viewer.email,
      password: viewer.password,
    });
    expect(response.status).toBe(404);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, viewer.id))).toHaveLength(1);
  });

  test("verify-password cannot be used to guess a stolen session's password", async () => {
    const viewer = await createUser("viewer");
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, guess) =>
        authHttp("POST", "/verify-password", { password: `Guess-${guess}` }, viewer.cookie),
      ),
    );
    expect(new Set(answers.map((response) => response.status))).toEqual(new Set([404]));
    const right = await authHttp("POST", "/verify-password", { password: viewer.password });
    expect(right.status).toBe(404);
  });

  test("list-sessions shows no session tokens, nor does get-session", async () => {
    const viewer = await createUser("viewer");
    await signIn(viewer.email, viewer.password);
    const tokens = (await db.select().from(sessions).where(eq(sessions.userId, viewer.id))).map(
      (session) => session.token,
    );
    expect(tokens).toHaveLength(2);
    for (const path of ["/list-sessions", "/get-session", "/list-accounts"]) {
      const response = await authHttp("GET", path, undefined, viewer.cookie);
      expect(response.status).toBe(404);
      const text = await response.text();
      for (const token of tokens) expect(text).not.toContain(token);
    }
  });

  test("no way around the list: other methods, spellings and paths answer 404", async () => {
    const viewer = await createUser("viewer");
    const attempts: [string, string][] = [
      ["POST", "/verify-email"],
      ["GET", "/verify-email/"],
      ["GET", "/Verify-Email"],
      ["GET", "/verify-email/../update-user"],
      ["GET", "/verify-email%2F..%2Fupdate-user"],
      ["POST", "/sign-up/email"],
      ["POST", "/request-password-reset"],
      ["POST", "/reset-password"],
      ["POST", "/change-password"],
      ["POST", "/change-email"],
      ["POST", "/delete-user"],
      ["POST", "/revoke-sessions"],
      ["POST", "/sign-out"],
      ["GET", "/ok"],
      ["GET", ""],
    ];
    for (const [method, path] of attempts) {
      const body = method === "POST" ? { email: viewer.email } : undefined;
      expect((await authHttp(method, path, body, viewer.cookie)).status, `${method} ${path}`).toBe(
        404,
      );
    }
    expect((await getActor(requestAs(viewer, "/")))?.email).toBe(viewer.email);
  });
});

// ——— the sign-in screen's actions ———

function post(form: Record<string, string>, ip?: string) {
  const request = requestAs(null, "/auth", { form });
  if (ip) request.headers.set("x-forwarded-for", ip);
  return call(loginAction, request);
}

describe("password reset links", () => {
  const tokenOf = (text: string) =>
    new URL(text.match(/https?:\/\/\S+/)?.[0] ?? "").searchParams.get("token") ?? "";

  async function requestLink(email: string) {
    await post({ intent: "forgot-password", email });
    return tokenOf(
      readOutbox()
        .filter((mail) => mail.to === email)
        .at(-1)?.text ?? "",
    );
  }

  const reset = (token: string, password: string) =>
    post({ intent: "reset-password", token, password, confirmPassword: password });

  test("a newer link replaces the older one; a used link leaves none behind", async () => {
    const viewer = await createUser("viewer");
    const first = await requestLink(viewer.email);
    const second = await requestLink(viewer.email);
    expect(first).not.toBe(second);

    const stale = dataOf<{ reply: { error: Record<string, string[]> } }>(
      await reset(first, "Stale-pass-1"),
    );
    expect(Object.values(stale.reply.error).flat()).toEqual([
      "رابط إعادة تعيين كلمة المرور غير صالح أو منتهي الصلاحية. يرجى طلب إعادة تعيين جديدة.",
    ]);
    expect(await signIn(viewer.email, viewer.password)).toContain("session_token");

    expect(statusOf(await reset(second, "Fresh-pass-2"))).toBe(200);
    expect(await signIn(viewer.email, "Fresh-pass-2")).toContain("session_token");
    const left = await db
      .select()
      .from(verifications)
      .where(
        and(like(verifications.identifier, "reset-password:%"), eq(verifications.value, viewer.id)),
      );
    expect(left).toEqual([]);
  });
});

describe("sign-in redirect targets", () => {
  test.each([
    "/\t/evil.example",
    "/\\evil.example",
    "//evil.example",
    "/admin\r\nSet-Cookie: owned=1",
    "/profile\nLocation: https://evil.example",
    "https://evil.example",
  ])("%j after a good sign-in goes home, never off the site and never a 500", async (target) => {
    const viewer = await createUser("viewer");
    const result = await post({
      intent: "sign-in",
      email: viewer.email,
      password: viewer.password,
      redirectTo: target,
    });
    expect(result).toBeInstanceOf(Response);
    const response = result as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/profile");
    expect(response.headers.getSetCookie().join("\n")).not.toContain("owned");
  });
});

describe("e-mails to addresses nobody confirmed", () => {
  test("the confirmation e-mail does not repeat the name the sign-up typed", async () => {
    const email = "victim@example.test";
    const name = "تنبيه أمني: افتح https://evil.example فوراً";
    await post({ intent: "sign-up", fullName: name, email, password: "Strong-pass-1" });
    const [mail] = readOutbox().filter((message) => message.to === email);
    expect(mail.subject).toBe("تأكيد البريد الإلكتروني — جمعية رفق");
    expect(mail.text).not.toContain("evil.example");
    expect(mail.text).not.toContain("تنبيه");
    expect(mail.text.startsWith("مرحباً،")).toBe(true);

    // Nor does a reset e-mail to that unconfirmed account.
    await post({ intent: "forgot-password", email });
    const resetMail = readOutbox().filter((message) => message.to === email)[1];
    expect(resetMail.text).not.toContain("evil.example");
  });
});

// ——— malformed requests ———

const FORMS: Record<string, Record<string, string>> = {
  "sign-in": { intent: "sign-in", email: "x@example.test", password: "Some-pass-1" },
  "sign-up": {
    intent: "sign-up",
    fullName: "زائر",
    email: "malformed@example.test",
    password: "Strong-pass-1",
  },
  "forgot-password": { intent: "forgot-password", email: "x@example.test" },
  "reset-password": {
    intent: "reset-password",
    token: "abc",
    password: "Strong-pass-1",
    confirmPassword: "Strong-pass-1",
  },
};

function rawRequest(body: BodyInit, contentType: string) {
  return new Request(`${BASE}/auth`, {
    method: "POST",
    headers: { origin: BASE, "content-type": contentType },
    body,
  });
}

const urlencoded = "application/x-www-form-urlencoded";

describe.each(Object.keys(FORMS))("a malformed %s request", (intent) => {
  const form = FORMS[intent];
  const encoded = new URLSearchParams(form).toString();

  async function refusal(request: Request) {
    const result = await call(loginAction, request);
    expect(result).toBeInstanceOf(Response);
    const response = result as Response;
    return { status: response.status, text: await response.text() };
  }

  test("answers 415 to JSON, 413 to a huge body, 400 to broken bytes, in Arabic", async () => {
    expect(await refusal(rawRequest(JSON.stringify(form), "application/json"))).toEqual({
      status: 415,
      text: REQUEST_TYPE_UNSUPPORTED,
    });
    expect(await refusal(rawRequest(`${encoded}&pad=${"a".repeat(300_000)}`, urlencoded))).toEqual({
      status: 413,
      text: REQUEST_TOO_LARGE,
    });
    const badUtf8 = new Uint8Array([...new TextEncoder().encode(`${encoded}&x=`), 0xff, 0xfe]);
    expect(await refusal(rawRequest(badUtf8, urlencoded))).toEqual({
      status: 400,
      text: REQUEST_UNREADABLE,
    });
    expect(await refusal(rawRequest(`${encoded}&x=a%00b`, urlencoded))).toEqual({
      status: 400,
      text: REQUEST_INVALID_CHARACTERS,
    });
    expect(
      await refusal(rawRequest("--x\r\nContent-Disposition: form-data", "multipart/form-data")),
    ).toEqual({ status: 400, text: REQUEST_UNREADABLE });
  });

  test("answers 400 with Arabic messages to fields too long or sent twice", async () => {
    const longFields: Record<string, string> = {};
    for (const name of Object.keys(form)) {
      if (name !== "intent") longFields[name] = "a".repeat(5000);
    }
    const long = await call(
      loginAction,
      requestAs(null, "/auth", { form: { intent, ...longFields } }),
    );
    expect(statusOf(long)).toBe(400);
    const longErrors = Object.values(
      dataOf<{ reply: { error: Record<string, string[]> } }>(long).reply.error,
    ).flat();
    expect(longErrors.length).toBeGreaterThan(0);
    for (const message of longErrors) expect(message).toMatch(/[\u0600-\u06FF]/);

    const twice = new URLSearchParams(form);
    for (const name of Object.keys(form)) if (name !== "intent") twice.append(name, form[name]);
    const doubled = await call(loginAction, rawRequest(twice.toString(), urlencoded));
    expect(statusOf(doubled)).toBe(400);
    const doubledErrors = Object.values(
      dataOf<{ reply: { error: Record<string, string[]> } }>(doubled).reply.error,
    ).flat();
    for (const message of doubledErrors) expect(message).toMatch(/[\u0600-\u06FF]/);
  });

  test("never creates an account", async () => {
    const rows = await db.select().from(users).where(eq(users.email, "malformed@example.test"));
    expect(rows).toEqual([]);
  });
});
