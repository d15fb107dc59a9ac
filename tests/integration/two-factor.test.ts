import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { createFirstAdmin } from "~/models/users.server";
import { action as loginAction, loader as loginLoader } from "~/routes/auth/login";
import { action as pageAction, loader as pageLoader } from "~/routes/auth/two-factor";
import { getActor } from "~/services/permissions.server";
import { requireStaffTwoFactor } from "~/services/two-factor.server";
import { db } from "~/utils/db.server";
import { takeToast } from "~/utils/toast.server";
import { sessions, twoFactors, users } from "../../database/schema";
import { createUser, requestAs, type TestUser } from "../support/accounts";
import { call, dataOf, readOutbox, statusOf } from "../support/route-calls";
import { totpCode } from "../support/totp";

const BASE = "http://localhost:3000";

beforeAll(async () => {
  await createFirstAdmin({
    fullName: "مديرة الجمعية",
    email: "admin@rifq.test",
    password: "Admin-pass-2026",
  });
});

afterEach(() => {
  vi.unstubAllEnvs();
});

// ——— a browser: a cookie jar that follows Set-Cookie ———

type Browser = { cookie: string; ip?: string };

function keepCookies(browser: Browser, result: unknown) {
  const headers =
    result instanceof Response
      ? result.headers
      : new Headers((result as { init?: ResponseInit | null })?.init?.headers);
  const jar = new Map(
    browser.cookie
      .split("; ")
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
  );
  for (const line of headers.getSetCookie()) {
    const [pair] = line.split(";");
    const name = pair.slice(0, pair.indexOf("="));
    const value = pair.slice(pair.indexOf("=") + 1);
    if (/max-age=0/i.test(line) || value === "") jar.delete(name);
    else jar.set(name, value);
  }
  browser.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

async function send(
  browser: Browser,
  route: (args: never) => unknown,
  path: string,
  form?: Record<string, string>,
) {
  const request = requestAs(browser, path, form ? { form } : {});
  if (browser.ip) request.headers.set("x-forwarded-for", browser.ip);
  const result = await call(route, request);
  keepCookies(browser, result);
  return result;
}

const errorsOf = (result: unknown) =>
  Object.values(dataOf<{ reply: { error?: Record<string, string[]> } }>(result).reply.error ?? {})
    .flat()
    .filter(Boolean);

const locationOf = (result: unknown) => (result as Response).headers.get("location");

/** Turns two-factor sign-in on for `user` through the page, as a person would. */
async function enableTwoFactor(user: TestUser) {
  const browser: Browser = { cookie: user.cookie };
  const started = await send(browser, pageAction, "/account/two-factor", {
    intent: "two-factor-start",
    password: user.password,
  });
  expect(statusOf(started)).toBe(200);
  const page = (await send(browser, pageLoader, "/account/two-factor")) as {
    state: { status: string; setup: { qrCode: string; manualKey: string } };
  };
  expect(page.state.status).toBe("pending");
  const key = page.state.setup.manualKey;
  const confirmed = await send(browser, pageAction, "/account/two-factor", {
    intent: "two-factor-confirm",
    code: totpCode(key),
  });
  expect(locationOf(confirmed)).toBe("/account/two-factor");
  const { recoveryCodes } = (await send(browser, pageLoader, "/account/two-factor")) as {
    recoveryCodes: string[];
  };
  return { key, recoveryCodes, browser };
}

/** The password step of the sign-in screen from a fresh browser. */
async function signInWithPassword(user: TestUser, extra: Record<string, string> = {}) {
  const browser: Browser = { cookie: "" };
  const result = await send(browser, loginAction, "/auth", {
    intent: "sign-in",
    email: user.email,
    password: user.password,
    ...extra,
  });
  return { browser, result };
}

const secondStep = (browser: Browser, code: string, redirectTo = "") =>
  send(browser, loginAction, "/auth?step=two-factor", { intent: "two-factor", code, redirectTo });

describe("turning it on", () => {
  test("an editor scans the QR code, confirms a code and sees ten recovery codes once", async () => {
    const editor = await createUser("editor");
    const browser: Browser = { cookie: editor.cookie };
    const off = (await send(browser, pageLoader, "/account/two-factor")) as {
      state: { status: string };
      required: boolean;
    };
    expect(off).toMatchObject({ state: { status: "off" }, required: false });

    // The password comes first: a borrowed session is not enough.
    const wrongPassword = await send(browser, pageAction, "/account/two-factor", {
      intent: "two-factor-start",
      password: "Not-the-password-1",
    });
    expect(statusOf(wrongPassword)).toBe(400);
    expect(errorsOf(wrongPassword)).toEqual(["كلمة المرور الحالية غير صحيحة"]);

    await send(browser, pageAction, "/account/two-factor", {
      intent: "two-factor-start",
      password: editor.password,
    });
    const pending = (await send(browser, pageLoader, "/account/two-factor")) as {
      state: { status: string; setup: { qrCode: string; manualKey: string } };
    };
    expect(pending.state.status).toBe("pending");
    const svg = Buffer.from(pending.state.setup.qrCode.split(",")[1], "base64").toString();
    expect(pending.state.setup.qrCode.startsWith("data:image/svg+xml;base64,")).toBe(true);
    expect(svg).toContain("<svg");
    expect(pending.state.setup.manualKey).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
    // Not in force yet: signing in still needs only the password.
    const [row] = await db.select().from(users).where(eq(users.id, editor.id));
    expect(row.twoFactorEnabled).toBe(false);

    const key = pending.state.setup.manualKey;
    const wrong = await send(browser, pageAction, "/account/two-factor", {
      intent: "two-factor-confirm",
      code: totpCode(key, Date.now() + 10 * 60_000),
    });
    expect(errorsOf(wrong)).toEqual(["الرمز غير صحيح"]);
    const badFormat = await send(browser, pageAction, "/account/two-factor", {
      intent: "two-factor-confirm",
      code: "12ab",
    });
    expect(errorsOf(badFormat)).toEqual(["أدخل الرمز المكوّن من 6 أرقام كما يظهر في التطبيق"]);

    const confirmed = await send(browser, pageAction, "/account/two-factor", {
      intent: "two-factor-confirm",
      code: totpCode(key),
    });
    // A redirect, so the page loads with the renewed session cookie (also without JavaScript).
    expect(locationOf(confirmed)).toBe("/account/two-factor");
    const { toast } = await takeToast(new Request(BASE, { headers: { cookie: browser.cookie } }));
    expect(toast).toMatchObject({
      type: "success",
      title: "تم",
      description: "فُعّل التحقق بخطوتين لحسابك",
    });
    expect((await getActor(requestAs(browser, "/")))?.email).toBe(editor.email);

    const shown = (await send(browser, pageLoader, "/account/two-factor")) as {
      state: unknown;
      recoveryCodes: string[];
    };
    expect(shown.state).toEqual({ status: "on" });
    const { recoveryCodes } = shown;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);

    // Shown once: the next load has none.
    const again = (await send(browser, pageLoader, "/account/two-factor")) as Record<
      string,
      unknown
    >;
    expect(again).toMatchObject({ state: { status: "on" }, recoveryCodes: null });
    expect(JSON.stringify(again)).not.toContain(recoveryCodes[0]);
    const [stored] = await db.select().from(twoFactors).where(eq(twoFactors.userId, editor.id));
    expect(stored.secret).not.toContain(key.replaceAll(" ", ""));
    expect(stored.backupCodes).not.toContain(recoveryCodes[0]);
  });

  test("viewers have no two-factor page; signed-out visitors go to sign in", async () => {
    const viewer = await createUser("viewer");
    expect(statusOf(await send({ cookie: viewer.cookie }, pageLoader, "/account/two-factor"))).toBe(
      403,
    );
    const signedOut = await send({ cookie: "" }, pageLoader, "/account/two-factor");
    expect(locationOf(signedOut)).toBe("/login?redirectTo=%2Faccount%2Ftwo-factor");
  });

  test("a malformed request to the page gets an Arabic 415, not a 500", async () => {
    const editor = await createUser("editor");
    const request = new Request(`${BASE}/account/two-factor`, {
      method: "POST",
      headers: { origin: BASE, cookie: editor.cookie, "content-type": "application/json" },
      body: JSON.stringify({ intent: "two-factor-start", password: editor.password }),
    });
    const refused = (await call(pageAction, request)) as Response;
    expect(refused.status).toBe(415);
    expect(await refused.text()).toBe("صيغة البيانات المرسلة غير مدعومة");
  });
});

describe("signing in", () => {
  test("the password leads to a second step; the app's code completes the sign-in", async () => {
    const editor = await createUser("editor");
    const { key } = await enableTwoFactor(editor);
    const otherDevice = { cookie: editor.cookie };

    const { browser, result } = await signInWithPassword(editor, {
      redirectTo: "/admin/dashboard/posts",
    });
    expect(locationOf(result)).toBe(
      "/auth?step=two-factor&redirectTo=%2Fadmin%2Fdashboard%2Fposts",
    );
    // No session yet: only the short-lived challenge.
    expect(await getActor(requestAs(browser, "/"))).toBeNull();
    const step = (await send(browser, loginLoader, "/auth?step=two-factor")) as {
      twoFactorStep?: boolean;
    };
    expect(step.twoFactorStep).toBe(true);
    // Without the challenge the step is not shown.
    const stray = await send({ cookie: "" }, loginLoader, "/auth?step=two-factor");
    expect(locationOf(stray)).toBe("/auth");

    const wrong = await secondStep(browser, totpCode(key, Date.now() + 10 * 60_000));
    expect(statusOf(wrong)).toBe(400);
    expect(errorsOf(wrong)).toEqual(["الرمز غير صحيح"]);
    expect(dataOf<{ toast: unknown }>(wrong).toast).toEqual({
      type: "error",
      title: "خطأ في تسجيل الدخول",
      description: "الرمز غير صحيح",
    });

    const spaced = totpCode(key).replace(/^(\d{3})/, "$1 ");
    const done = await secondStep(browser, spaced, "/admin/dashboard/posts");
    expect(locationOf(done)).toBe("/admin/dashboard/posts");
    const { toast } = await takeToast(new Request(BASE, { headers: { cookie: browser.cookie } }));
    expect(toast).toMatchObject({ type: "success", title: "تم تسجيل الدخول" });
    expect((await getActor(requestAs(browser, "/")))?.email).toBe(editor.email);
    // As with every sign-in, the account's other sessions end.
    expect(await getActor(requestAs(otherDevice, "/"))).toBeNull();
    expect(await db.select().from(sessions).where(eq(sessions.userId, editor.id))).toHaveLength(1);
  });

  test("a recovery code works once, in place of the app", async () => {
    const editor = await createUser("editor");
    const { recoveryCodes } = await enableTwoFactor(editor);

    const first = await signInWithPassword(editor);
    const done = await secondStep(first.browser, recoveryCodes[3]);
    expect(locationOf(done)).toBe("/admin/dashboard");
    expect((await getActor(requestAs(first.browser, "/")))?.email).toBe(editor.email);

    const second = await signInWithPassword(editor);
    const reused = await secondStep(second.browser, recoveryCodes[3]);
    expect(errorsOf(reused)).toEqual(["الرمز غير صحيح"]);
    expect(await getActor(requestAs(second.browser, "/"))).toBeNull();
    // Another unused code still works.
    expect(locationOf(await secondStep(second.browser, recoveryCodes[4]))).toBe("/admin/dashboard");
  });

  test("five wrong codes end the attempt; the password must be typed again", async () => {
    const editor = await createUser("editor");
    const { key } = await enableTwoFactor(editor);
    const { browser } = await signInWithPassword(editor);
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(errorsOf(await secondStep(browser, "000000"))).toEqual(["الرمز غير صحيح"]);
    }
    expect(errorsOf(await secondStep(browser, totpCode(key)))).toEqual([
      "محاولات خاطئة كثيرة لهذا الدخول، سجّل الدخول من جديد",
    ]);
    expect(errorsOf(await secondStep(browser, totpCode(key)))).toEqual([
      "انتهت مهلة التحقق، سجّل الدخول من جديد",
    ]);
    expect(await getActor(requestAs(browser, "/"))).toBeNull();
    const again = await signInWithPassword(editor);
    expect(locationOf(await secondStep(again.browser, totpCode(key)))).toBe("/admin/dashboard");
  });

  test("one client is limited across attempts, with the wait in Arabic", async () => {
    const editor = await createUser("editor");
    await enableTwoFactor(editor);
    vi.stubEnv("RIFQ_RATE_LIMIT", "on");
    const ip = "10.7.0.1";
    const answers: string[] = [];
    for (let round = 0; round < 3; round++) {
      const { browser } = await signInWithPassword(editor, {});
      browser.ip = ip;
      for (let attempt = 0; attempt < 4; attempt++) {
        answers.push(...errorsOf(await secondStep(browser, "000000")));
      }
    }
    expect(answers.slice(0, 10)).toEqual(Array(10).fill("الرمز غير صحيح"));
    expect(answers[10]).toMatch(/^محاولات كثيرة خلال وقت قصير، يرجى الانتظار/);
  });

  test("ten wrong codes in a row lock the second step for 15 minutes", async () => {
    const editor = await createUser("editor");
    const { key } = await enableTwoFactor(editor);
    for (let round = 0; round < 2; round++) {
      const { browser } = await signInWithPassword(editor);
      for (let attempt = 0; attempt < 5; attempt++) await secondStep(browser, "000000");
    }
    const { browser } = await signInWithPassword(editor);
    expect(errorsOf(await secondStep(browser, totpCode(key)))).toEqual([
      "أُوقف الدخول إلى هذا الحساب مؤقتاً بعد رموز خاطئة كثيرة، حاول مرة أخرى بعد 15 دقيقة",
    ]);
  });
});

test("a password reset of a two-factor account still asks for the code", async () => {
  const editor = await createUser("editor");
  const { key } = await enableTwoFactor(editor);
  const browser: Browser = { cookie: "" };
  await send(browser, loginAction, "/auth", { intent: "forgot-password", email: editor.email });
  const mail = readOutbox()
    .filter((message) => message.to === editor.email)
    .at(-1);
  const token = new URL(mail?.text.match(/https?:\/\/\S+/)?.[0] ?? "").searchParams.get("token");
  const reset = await send(browser, loginAction, "/auth", {
    intent: "reset-password",
    token: token ?? "",
    password: "Brand-new-2",
    confirmPassword: "Brand-new-2",
  });
  expect(dataOf<{ redirect: unknown; notice: unknown }>(reset)).toMatchObject({
    notice: { tone: "success", message: "تم تحديث كلمة المرور بنجاح، أدخل رمز التحقق للمتابعة…" },
    redirect: { to: "/auth?step=two-factor", afterMs: 1500 },
  });
  expect(await getActor(requestAs(browser, "/"))).toBeNull();
  expect(locationOf(await secondStep(browser, totpCode(key)))).toBe("/admin/dashboard");
});

describe("managing it", () => {
  test("new recovery codes replace the old ones", async () => {
    const editor = await createUser("editor");
    const { recoveryCodes, browser } = await enableTwoFactor(editor);
    const renewed = await send(browser, pageAction, "/account/two-factor", {
      intent: "two-factor-new-codes",
      password: editor.password,
    });
    expect(locationOf(renewed)).toBe("/account/two-factor");
    const { recoveryCodes: fresh } = (await send(browser, pageLoader, "/account/two-factor")) as {
      recoveryCodes: string[];
    };
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[0]);

    const old = await signInWithPassword(editor);
    expect(errorsOf(await secondStep(old.browser, recoveryCodes[0]))).toEqual(["الرمز غير صحيح"]);
    expect(locationOf(await secondStep(old.browser, fresh[0]))).toBe("/admin/dashboard");
  });

  test("turning it off needs the password; then the password alone signs in", async () => {
    const editor = await createUser("editor");
    const { browser } = await enableTwoFactor(editor);
    const wrong = await send(browser, pageAction, "/account/two-factor", {
      intent: "two-factor-disable",
      password: "Wrong-password-9",
    });
    expect(errorsOf(wrong)).toEqual(["كلمة المرور الحالية غير صحيحة"]);

    const off = await send(browser, pageAction, "/account/two-factor", {
      intent: "two-factor-disable",
      password: editor.password,
    });
    expect(locationOf(off)).toBe("/account/two-factor");
    const { toast } = await takeToast(new Request(BASE, { headers: { cookie: browser.cookie } }));
    expect(toast?.description).toBe("أُوقف التحقق بخطوتين لحسابك");
    expect((await getActor(requestAs(browser, "/")))?.email).toBe(editor.email);
    expect(await db.select().from(twoFactors).where(eq(twoFactors.userId, editor.id))).toEqual([]);
    const { result } = await signInWithPassword(editor);
    expect(locationOf(result)).toBe("/admin/dashboard");
  });

  test("optional by default: the staff gate lets everyone through", async () => {
    const admin = await createUser("admin");
    expect(await requireStaffTwoFactor(admin)).toBe(admin);
  });
});
