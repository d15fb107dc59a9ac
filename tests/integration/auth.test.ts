import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { APIError } from "better-auth/api";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { clearBackoff, consumeBackoffAttempt, consumeRateLimit } from "~/models/rate-limits.server";
import { updateSetting } from "~/models/site-settings.server";
import { createFirstAdmin } from "~/models/users.server";
import { action as loginAction, loader as loginLoader } from "~/routes/auth/login";
import { action as logoutAction } from "~/routes/auth/logout";
import { action as profileAction, loader as profileLoader } from "~/routes/auth/profile";
import {
  action as authResourceAction,
  loader as authResourceLoader,
} from "~/routes/resources/auth";
import {
  ABUSE_LIMITS,
  getAuth,
  REGISTRATION_CLOSED,
  SIGN_IN_BACKOFF,
} from "~/services/auth.server";
import { getActor } from "~/services/permissions.server";
import type { ActionResult } from "~/shared/action-result";
import type { Actor } from "~/shared/roles";
import { TOO_MANY_ATTEMPTS } from "~/utils/auth-errors.server";
import { db } from "~/utils/db.server";
import { outboxDir } from "~/utils/mailer.server";
import { takeToast } from "~/utils/toast.server";
import { rateLimits, sessions, users, verifications } from "../../database/schema";
import { createUser, requestAs, signIn, TEST_PASSWORD, type TestUser } from "../support/accounts";
import { expectLog } from "../support/logs";
import { call, readOutbox } from "../support/route-calls";

const BASE = "http://localhost:3000";
let admin: Actor;

beforeAll(async () => {
  const { id } = await createFirstAdmin({
    fullName: "مديرة الجمعية",
    email: "admin@rifq.test",
    password: "Admin-pass-2026",
  });
  admin = { id, email: "admin@rifq.test", fullName: "مديرة الجمعية", role: "admin" };
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

// ——— helpers: call the route modules as React Router would ———

type Answer = { data: ActionResult; init: ResponseInit | null };
type Browser = { cookie: string; ip?: string };

function request(who: Browser | null, pathname: string, form?: Record<string, string>) {
  const req = requestAs(who, pathname, form ? { form } : {});
  if (who?.ip) req.headers.set("x-forwarded-for", who.ip);
  return req;
}

/** A request to `/api/auth/<path>` through the resource route, as a browser or script sends it. */
async function authHttp(
  method: string,
  path: string,
  body?: unknown,
  cookie?: string,
): Promise<Response> {
  const headers = new Headers({ origin: BASE });
  if (body !== undefined) headers.set("content-type", "application/json");
  if (cookie) headers.set("cookie", cookie);
  const req = new Request(`${BASE}/api/auth${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await call(method === "GET" ? authResourceLoader : authResourceAction, req)) as Response;
}

/** Posts a form of the sign-in screen; returns the redirect Response or the data answer. */
async function postAuth(form: Record<string, string>, who: Browser | null = null, url = "/auth") {
  return (await call(loginAction, request(who, url, form))) as Response | Answer;
}

function asAnswer(result: Response | Answer): Answer {
  if (result instanceof Response) throw new Error(`expected data, got a ${result.status} response`);
  return result;
}

/** Every message of an answer: field errors and form errors. */
function messages(result: Response | Answer): string[] {
  return Object.values(asAnswer(result).data.reply?.error ?? {}).flatMap((errors) => errors ?? []);
}

function setCookies(result: Response | Answer): string[] {
  const headers =
    result instanceof Response ? result.headers : new Headers(result.init?.headers ?? undefined);
  return headers.getSetCookie();
}

/** The Cookie header a browser would send after `result` (expired cookies dropped). */
function cookieAfter(result: Response | Answer, before = ""): string {
  const jar = new Map(
    before
      .split("; ")
      .filter(Boolean)
      .map((pair) => pair.split("=") as [string, string]),
  );
  for (const line of setCookies(result)) {
    const [pair] = line.split(";");
    const [name, value] = pair.split("=");
    if (/max-age=0/i.test(line) || value === "") jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

async function toastOf(result: Response | Answer) {
  const { toast } = await takeToast(
    new Request(BASE, { headers: { cookie: cookieAfter(result) } }),
  );
  return toast;
}

async function loadAuth(who: Browser | null, url: string) {
  return call(loginLoader, request(who, url));
}

const mailsTo = (email: string) => readOutbox().filter((mail) => mail.to === email);

function linkIn(mail: { text: string } | undefined): string {
  const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error("no link in the e-mail");
  return link;
}

/** A real database failure for the length of `run`: the table is briefly renamed. */
async function withTableMissing<T>(table: string, run: () => Promise<T>): Promise<T> {
  await db.execute(sql.raw(`alter table ${table} rename to ${table}_away`));
  try {
    return await run();
  } finally {
    await db.execute(sql.raw(`alter table ${table}_away rename to ${table}`));
  }
}

let emailCounter = 0;
const newEmail = (name = "person") => `${name}-${++emailCounter}@example.test`;

async function signUp(fullName: string, email: string, password = "Strong-pass-1") {
  return postAuth({ intent: "sign-up", fullName, email, password });
}

// ——— registration control ———

describe("registration control", () => {
  test("when disabled, the sign-up tab is hidden and every way to sign up is refused", async () => {
    await updateSetting(admin, "registration_control", { allow_registration: false });
    try {
      const screen = (await loadAuth(null, "/auth?tab=signup")) as { registrationAllowed: boolean };
      expect(screen.registrationAllowed).toBe(false);

      const viaAction = await signUp("زائر", "closed@example.test");
      expect(messages(viaAction)).toEqual([REGISTRATION_CLOSED]);
      expect(asAnswer(viaAction).data.toast).toEqual({
        type: "error",
        title: "خطأ في إنشاء الحساب",
        description: REGISTRATION_CLOSED,
      });

      // better-auth's own sign-up is not reachable over HTTP, and refuses when called directly.
      const viaHttp = await authHttp("POST", "/sign-up/email", {
        name: "زائر",
        email: "closed2@example.test",
        password: "Strong-pass-1",
      });
      expect(viaHttp.status).toBe(404);
      const viaApi = await getAuth()
        .api.signUpEmail({
          body: { name: "زائر", email: "closed2@example.test", password: "Strong-pass-1" },
        })
        .catch((error) => error);
      expect(viaApi).toBeInstanceOf(APIError);
      expect(viaApi.statusCode).toBe(403);
      expect(viaApi.body.message).toBe(REGISTRATION_CLOSED);
      const created = await db
        .select()
        .from(users)
        .where(sql`${users.email} in ('closed@example.test', 'closed2@example.test')`);
      expect(created).toEqual([]);
    } finally {
      await updateSetting(admin, "registration_control", { allow_registration: true });
    }
    const open = (await loadAuth(null, "/auth?tab=signup")) as { registrationAllowed: boolean };
    expect(open.registrationAllowed).toBe(true);
  });

  test("a role cannot be chosen at sign-up: every new account is a viewer", async () => {
    const email = newEmail("climber");
    await getAuth().api.signUpEmail({
      body: { name: "س", email, password: "Strong-pass-1", role: "admin" } as never,
    });
    const [row] = await db.select().from(users).where(eq(users.email, email));
    expect(row.role).toBe("viewer");
  });

  test("the server refuses a weak password even when the form is bypassed", async () => {
    const refused = await getAuth()
      .api.signUpEmail({ body: { name: "س", email: newEmail(), password: "abcdefgh" } })
      .catch((error) => error);
    expect(refused.statusCode).toBe(400);
    expect(refused.body.message).toBe("كلمة المرور ضعيفة: استخدم حروفاً وأرقاماً معاً");
  });
});

// ——— spec §5, authentication: every message, verbatim ———

describe("validation messages (spec §5 authentication)", () => {
  test("sign-in: e-mail and password are required", async () => {
    expect(messages(await postAuth({ intent: "sign-in" }))).toEqual([
      "البريد الإلكتروني مطلوب",
      "كلمة المرور مطلوبة",
    ]);
  });

  test("sign-up: full name, e-mail and password required; password at least 6", async () => {
    expect(messages(await postAuth({ intent: "sign-up" }))).toEqual([
      "الاسم مطلوب",
      "البريد الإلكتروني مطلوب",
      "كلمة المرور مطلوبة",
    ]);
    expect(
      messages(
        await postAuth({ intent: "sign-up", fullName: "س", email: "x@y.test", password: "a1" }),
      ),
    ).toEqual(["كلمة المرور يجب أن تكون 6 أحرف على الأقل"]);
    expect(
      messages(await postAuth({ intent: "sign-up", fullName: "س".repeat(101), email: "bad" })),
    ).toEqual([
      "الاسم يجب أن يكون أقل من 100 حرف",
      "البريد الإلكتروني غير صحيح",
      "كلمة المرور مطلوبة",
    ]);
  });

  test("forgot password: 'البريد الإلكتروني مطلوب'", async () => {
    expect(messages(await postAuth({ intent: "forgot-password" }))).toEqual([
      "البريد الإلكتروني مطلوب",
    ]);
  });

  test("new password: all fields, matching, at least 6 characters", async () => {
    const reset = (password?: string, confirmPassword?: string) =>
      postAuth({
        intent: "reset-password",
        token: "some-token",
        ...(password === undefined ? {} : { password }),
        ...(confirmPassword === undefined ? {} : { confirmPassword }),
      });
    expect(messages(await reset())).toEqual(["جميع الحقول مطلوبة"]);
    expect(messages(await reset("Abcdef-1"))).toEqual(["جميع الحقول مطلوبة"]);
    expect(messages(await reset("Abcdef-1", "Abcdef-2"))).toEqual([
      "كلمة المرور وتأكيدها غير متطابقان",
    ]);
    expect(messages(await reset("ab1", "ab1"))).toEqual([
      "كلمة المرور يجب أن تكون 6 أحرف على الأقل",
    ]);
    // The reset token must be in the link.
    expect(
      messages(
        await postAuth({
          intent: "reset-password",
          password: "Abcdef-1",
          confirmPassword: "Abcdef-1",
        }),
      ),
    ).toEqual([
      "رابط إعادة تعيين كلمة المرور غير صالح أو منتهي الصلاحية. يرجى طلب إعادة تعيين جديدة.",
    ]);
  });
});

// ——— sign-in ———

describe("sign-in", () => {
  test("each role lands at home; a new sign-in ends the account's other sessions", async () => {
    const viewer = await createUser("viewer");
    const editor = await createUser("editor");
    const other = await createUser("admin");
    const homes: [TestUser, string][] = [
      [viewer, "/profile"],
      [editor, "/admin/dashboard"],
      [other, "/admin"],
    ];
    for (const [user, home] of homes) {
      const result = await postAuth({
        intent: "sign-in",
        email: user.email,
        password: user.password,
      });
      expect(result).toBeInstanceOf(Response);
      expect((result as Response).headers.get("location")).toBe(home);
      expect(await toastOf(result)).toMatchObject({
        type: "success",
        title: "تم تسجيل الدخول",
        description: "تم إنشاء جلسة جديدة بنجاح",
      });
      // The session from createUser() is gone; the new one works.
      expect(await getActor(requestAs(user, "/"))).toBeNull();
      const fresh = { cookie: cookieAfter(result) };
      expect((await getActor(requestAs(fresh, "/")))?.email).toBe(user.email);
      const rows = await db.select().from(sessions).where(eq(sessions.userId, user.id));
      expect(rows).toHaveLength(1);
    }
  });

  test("redirectTo is honoured, but only within the site", async () => {
    const viewer = await createUser("viewer");
    const form = { intent: "sign-in", email: viewer.email, password: viewer.password };
    const inside = (await postAuth({ ...form, redirectTo: "/media/news" })) as Response;
    expect(inside.headers.get("location")).toBe("/media/news");
    const outside = (await postAuth({ ...form, redirectTo: "//evil.example" })) as Response;
    expect(outside.headers.get("location")).toBe("/profile");
  });

  test("wrong password: the server message inline and the spec's toast", async () => {
    const viewer = await createUser("viewer");
    const result = await postAuth({ intent: "sign-in", email: viewer.email, password: "Wrong-1" });
    expect(messages(result)).toEqual(["البريد الإلكتروني أو كلمة المرور غير صحيحة"]);
    expect(asAnswer(result).data.toast).toEqual({
      type: "error",
      title: "خطأ في تسجيل الدخول",
      description: "البريد الإلكتروني أو كلمة المرور غير صحيحة",
    });
    expect(asAnswer(result).init?.status).toBe(400);
    // The password is never sent back.
    expect(JSON.stringify(asAnswer(result).data)).not.toContain("Wrong-1");
  });

  test("an unexpected failure says 'حدث خطأ غير متوقع'", async () => {
    expectLog("logger.error", /unexpected auth failure|better-auth: Failed to query/);
    const viewer = await createUser("viewer");
    const result = await withTableMissing("accounts", () =>
      postAuth({ intent: "sign-in", email: viewer.email, password: viewer.password }),
    );
    expect(messages(result)).toEqual(["حدث خطأ غير متوقع"]);
    expect(asAnswer(result).data.toast?.title).toBe("خطأ في تسجيل الدخول");
  });

  test("a signed-in user opening /login goes home, never back and forth", async () => {
    const viewer = await createUser("viewer");
    const editor = await createUser("editor");
    expect(((await loadAuth(viewer, "/login")) as Response).headers.get("location")).toBe(
      "/profile",
    );
    expect(((await loadAuth(editor, "/auth")) as Response).headers.get("location")).toBe(
      "/admin/dashboard",
    );
    // …and /profile accepts the viewer, so there is no loop.
    const profile = (await call(profileLoader, requestAs(viewer, "/profile"))) as {
      user: { email: string };
    };
    expect(profile.user.email).toBe(viewer.email);
  });
});

// ——— sign-up and e-mail confirmation ———

describe("sign-up", () => {
  test("creates a viewer who must confirm the e-mail; the link lands on the site root", async () => {
    const email = newEmail("new");
    const result = await signUp("نورة العتيبي", email);
    const answer = asAnswer(result);
    expect(answer.data.notice?.message).toContain("رابطاً لتفعيل حسابك");
    expect(answer.data.toast?.type).toBe("success");

    const [row] = await db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ fullName: "نورة العتيبي", role: "viewer", emailVerified: false });

    // Not confirmed yet: sign-in is refused with a clear message.
    const early = await postAuth({ intent: "sign-in", email, password: "Strong-pass-1" });
    expect(messages(early)).toEqual(["يرجى تأكيد بريدك الإلكتروني أولاً من الرابط المرسل إليك"]);

    const mails = mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("تأكيد البريد الإلكتروني — جمعية رفق");
    const link = new URL(linkIn(mails[0]));
    expect(link.searchParams.get("callbackURL")).toBe("/");
    // The one better-auth endpoint open over HTTP: the confirmation link.
    const confirmed = (await call(authResourceLoader, new Request(link))) as Response;
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe("/");

    const later = await postAuth({ intent: "sign-in", email, password: "Strong-pass-1" });
    expect((later as Response).headers.get("location")).toBe("/profile");
  });

  test("an address that already has an account gets the same answer (no enumeration)", async () => {
    const viewer = await createUser("viewer");
    const result = asAnswer(await signUp("آخر", viewer.email));
    expect(result.data.notice?.message).toContain("رابطاً لتفعيل حسابك");
    const [row] = await db.select().from(users).where(eq(users.email, viewer.email));
    expect(row.fullName).toBe(viewer.fullName);
  });
});

// ——— forgot password and the reset link ———

async function requestResetLink(email: string) {
  const result = asAnswer(await postAuth({ intent: "forgot-password", email }));
  expect(result.data.notice?.message).toContain("إن كان هذا البريد مسجلاً لدينا");
  const mail = mailsTo(email).at(-1);
  const link = new URL(linkIn(mail));
  expect(`${link.pathname}?reset=${link.searchParams.get("reset")}`).toBe("/auth?reset=true");
  return link;
}

describe("forgot password", () => {
  test("the answer is the same for an unknown address, and no e-mail is sent", async () => {
    const unknown = newEmail("nobody");
    const result = asAnswer(await postAuth({ intent: "forgot-password", email: unknown }));
    expect(result.data.notice?.message).toContain("إن كان هذا البريد مسجلاً لدينا");
    expect(mailsTo(unknown)).toEqual([]);
  });

  test("a reset link sets a new password, signs in, and works once", async () => {
    const viewer = await createUser("viewer");
    const link = await requestResetLink(viewer.email);
    const url = `${link.pathname}${link.search}`;

    // Checked on the server before the form shows; signed-in users stay in reset mode.
    const screen = (await loadAuth(viewer, url)) as { resetLink: { status: string } };
    expect(screen.resetLink.status).toBe("valid");

    const token = link.searchParams.get("token") ?? "";
    const result = asAnswer(
      await postAuth(
        {
          intent: "reset-password",
          token,
          password: "Brand-new-2",
          confirmPassword: "Brand-new-2",
        },
        null,
        url,
      ),
    );
    expect(result.data.redirect).toEqual({ to: "/profile", afterMs: 1500 });
    expect(result.data.notice).toEqual({
      tone: "success",
      message: "تم تحديث كلمة المرور بنجاح، جارٍ تحويلك…",
    });
    // The link set a session; the old sessions ended.
    const session = { cookie: cookieAfter(result) };
    expect((await getActor(requestAs(session, "/")))?.email).toBe(viewer.email);
    expect(await getActor(requestAs(viewer, "/"))).toBeNull();

    // The new password works, the old one no longer does.
    await expect(signIn(viewer.email, TEST_PASSWORD)).rejects.toThrow();
    expect(await signIn(viewer.email, "Brand-new-2")).toContain("session_token");

    // Used once: the link is now invalid, on opening and on submitting.
    const again = (await loadAuth(null, url)) as { resetLink: unknown };
    expect(again.resetLink).toEqual({
      status: "invalid",
      message:
        "رابط إعادة تعيين كلمة المرور غير صالح أو منتهي الصلاحية. يرجى طلب إعادة تعيين جديدة.",
      redirect: { to: "/auth", afterMs: 3000 },
    });
    const reused = await postAuth(
      {
        intent: "reset-password",
        token,
        password: "Other-pass-3",
        confirmPassword: "Other-pass-3",
      },
      null,
      url,
    );
    expect(messages(reused)).toEqual([
      "رابط إعادة تعيين كلمة المرور غير صالح أو منتهي الصلاحية. يرجى طلب إعادة تعيين جديدة.",
    ]);
    expect(asAnswer(reused).data.redirect).toEqual({ to: "/auth", afterMs: 3000 });
  });

  test("an expired link shows the expired-or-used message", async () => {
    const viewer = await createUser("viewer");
    const link = await requestResetLink(viewer.email);
    await db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(sql`${verifications.identifier} like 'reset-password:%'`);
    const screen = (await loadAuth(null, `${link.pathname}${link.search}`)) as {
      resetLink: { status: string; message: string };
    };
    expect(screen.resetLink.status).toBe("invalid");
    expect(screen.resetLink.message).toBe(
      "رابط إعادة تعيين كلمة المرور غير صالح أو منتهي الصلاحية. يرجى طلب إعادة تعيين جديدة.",
    );
  });

  test("an unverified account confirms its e-mail by resetting; staff go to their area", async () => {
    const email = newEmail("unverified");
    await signUp("سلمى", email);
    await db.update(users).set({ role: "editor" }).where(eq(users.email, email));
    const link = await requestResetLink(email);
    const result = asAnswer(
      await postAuth({
        intent: "reset-password",
        token: link.searchParams.get("token") ?? "",
        password: "Editor-new-1",
        confirmPassword: "Editor-new-1",
      }),
    );
    expect(result.data.redirect).toEqual({ to: "/admin/dashboard", afterMs: 1500 });
  });

  test("when the session cannot be set after a reset, the spec's message and /auth in 2 s", async () => {
    expectLog("logger.warn", /the new session could not be set/);
    const viewer = await createUser("viewer");
    const link = await requestResetLink(viewer.email);
    vi.stubEnv("RIFQ_RATE_LIMIT", "on");
    // Failed sign-ins from many places use up this address's sign-ins for a while.
    const ceiling = ABUSE_LIMITS["/sign-in/email"].perEmail?.max ?? 0;
    for (let attempt = 0; attempt < ceiling; attempt++) {
      await postAuth(
        { intent: "sign-in", email: viewer.email, password: "Wrong-1" },
        { cookie: "", ip: `10.9.0.${attempt}` },
      );
    }
    const result = asAnswer(
      await postAuth({
        intent: "reset-password",
        token: link.searchParams.get("token") ?? "",
        password: "Brand-new-2",
        confirmPassword: "Brand-new-2",
      }),
    );
    expect(result.data.notice).toEqual({
      tone: "error",
      message: "حدث خطأ في إعداد جلسة المصادقة. يرجى المحاولة مرة أخرى.",
    });
    expect(result.data.redirect).toEqual({ to: "/auth", afterMs: 2000 });
    // Fifty real password checks (scrypt) come first: ~8 s on a quiet 2-core machine.
  }, 60_000);

  test("when the link cannot be read, the session-retrieval message", async () => {
    expectLog("logger.error", /could not read a password-reset link/);
    const screen = await withTableMissing(
      "verifications",
      async () => (await loadAuth(null, "/auth?reset=true&token=abc")) as { resetLink: unknown },
    );
    expect(screen.resetLink).toEqual({
      status: "unavailable",
      message: "حدث خطأ في استرجاع جلسة المصادقة. يرجى المحاولة مرة أخرى.",
    });
  });

  test("a failing reset e-mail says 'حدث خطأ أثناء إرسال رابط إعادة تعيين كلمة المرور'", async () => {
    expectLog("logger.error", /unexpected auth failure|better-auth: Failed to run background task/);
    const viewer = await createUser("viewer");
    // A file where the outbox folder should be: the mailer genuinely cannot write.
    const outbox = outboxDir();
    mkdirSync(outbox, { recursive: true });
    renameSync(outbox, `${outbox}-kept`);
    writeFileSync(outbox, "");
    try {
      const result = await postAuth({ intent: "forgot-password", email: viewer.email });
      expect(messages(result)).toEqual(["حدث خطأ أثناء إرسال رابط إعادة تعيين كلمة المرور"]);
      expect(asAnswer(result).data.toast).toEqual({
        type: "error",
        title: "خطأ",
        description: "حدث خطأ أثناء إرسال رابط إعادة تعيين كلمة المرور",
      });
    } finally {
      rmSync(outbox, { force: true });
      renameSync(`${outbox}-kept`, outbox);
    }
  });
});

// ——— abuse limits ———

describe("rate limiting", () => {
  const wrongSignIn = (email: string, ip: string) =>
    postAuth({ intent: "sign-in", email, password: "Wrong-1" }, { cookie: "", ip });

  /** Moves the last attempt of a client's sign-ins for `email` back in time. */
  async function waitPassed(email: string, ip: string, seconds: number) {
    await db
      .update(rateLimits)
      .set({ lastRequest: sql`${rateLimits.lastRequest} - ${seconds * 1000}` })
      .where(eq(rateLimits.key, `rifq:sign-in|${ip}|${email}`));
  }

  test("five free guesses per client and account, then waits that double", async () => {
    const viewer = await createUser("viewer");
    vi.stubEnv("RIFQ_RATE_LIMIT", "on");
    // The clock stands still, so a slow machine's seconds between guesses do not shorten the
    // waits the messages name (the waits pass by moving the attempts back: waitPassed).
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const attacker = "10.1.0.1";
    for (let attempt = 1; attempt <= SIGN_IN_BACKOFF.free; attempt++) {
      expect(messages(await wrongSignIn(viewer.email, attacker))).toEqual([
        "البريد الإلكتروني أو كلمة المرور غير صحيحة",
      ]);
    }
    const sixth = await wrongSignIn(viewer.email, attacker);
    const wait15s = "محاولات كثيرة خلال وقت قصير، يرجى الانتظار 15 ثانية ثم المحاولة مرة أخرى";
    expect(messages(sixth)).toEqual([wait15s]);
    expect(asAnswer(sixth).data.toast?.description).toBe(wait15s);
    // Even the right password waits: the attacker cannot use the waiting time.
    const right = await postAuth(
      { intent: "sign-in", email: viewer.email, password: viewer.password },
      { cookie: "", ip: attacker },
    );
    expect(messages(right)).toEqual([wait15s]);

    // The owner, on another device, is not locked out.
    const owner = await postAuth(
      { intent: "sign-in", email: viewer.email, password: viewer.password },
      { cookie: "", ip: "10.1.0.2" },
    );
    expect((owner as Response).headers.get("location")).toBe("/profile");

    // After the wait, one more guess; the next wait is twice as long.
    await waitPassed(viewer.email, attacker, 15);
    expect(messages(await wrongSignIn(viewer.email, attacker))).toEqual([
      "البريد الإلكتروني أو كلمة المرور غير صحيحة",
    ]);
    expect(messages(await wrongSignIn(viewer.email, attacker))).toEqual([
      "محاولات كثيرة خلال وقت قصير، يرجى الانتظار 30 ثانية ثم المحاولة مرة أخرى",
    ]);
    await waitPassed(viewer.email, attacker, 30);
    await wrongSignIn(viewer.email, attacker);
    expect(messages(await wrongSignIn(viewer.email, attacker))).toEqual([
      "محاولات كثيرة خلال وقت قصير، يرجى الانتظار دقيقة ثم المحاولة مرة أخرى",
    ]);
  });

  test("a successful sign-in from that client starts its count afresh", async () => {
    const viewer = await createUser("viewer");
    vi.stubEnv("RIFQ_RATE_LIMIT", "on");
    const client = "10.1.1.1";
    for (let attempt = 1; attempt <= 4; attempt++) await wrongSignIn(viewer.email, client);
    const signedIn = await postAuth(
      { intent: "sign-in", email: viewer.email, password: viewer.password },
      { cookie: "", ip: client },
    );
    expect(signedIn).toBeInstanceOf(Response);
    for (let attempt = 1; attempt <= SIGN_IN_BACKOFF.free; attempt++) {
      expect(messages(await wrongSignIn(viewer.email, client))).toEqual([
        "البريد الإلكتروني أو كلمة المرور غير صحيحة",
      ]);
    }
  });

  test("guesses from many clients meet a looser ceiling per account", async () => {
    const viewer = await createUser("viewer");
    vi.stubEnv("RIFQ_RATE_LIMIT", "on");
    const ceiling = ABUSE_LIMITS["/sign-in/email"].perEmail?.max ?? 0;
    expect(ceiling).toBeGreaterThan(10);
    for (let attempt = 1; attempt <= ceiling; attempt++) {
      await wrongSignIn(viewer.email, `10.4.${Math.floor(attempt / 200)}.${attempt % 200}`);
    }
    const refused = await wrongSignIn(viewer.email, "10.4.9.9");
    expect(messages(refused)[0]).toMatch(
      /^محاولات كثيرة خلال وقت قصير، يرجى الانتظار (\d+ دقيقة|\d+ دقائق|دقيقتين|دقيقة) ثم المحاولة مرة أخرى$/,
    );
  }, 60_000);

  test("one client is limited across e-mails; sign-up and reset requests too", async () => {
    vi.stubEnv("RIFQ_RATE_LIMIT", "on");
    const refused = TOO_MANY_ATTEMPTS;
    const client = { cookie: "", ip: "10.2.0.1" };
    for (let attempt = 1; attempt <= 30; attempt++) {
      const result = await postAuth(
        { intent: "sign-in", email: newEmail("spray"), password: "Wrong-1" },
        client,
      );
      expect(messages(result)[0]).not.toMatch(/محاولات كثيرة/);
    }
    const sprayed = await postAuth({ intent: "sign-in", email: newEmail(), password: "x" }, client);
    expect(messages(sprayed)[0]).toMatch(/^محاولات كثيرة خلال وقت قصير، يرجى الانتظار/);

    const signer = { cookie: "", ip: "10.2.0.2" };
    for (let attempt = 1; attempt <= 10; attempt++) {
      await postAuth(
        { intent: "sign-up", fullName: "س", email: newEmail("signup"), password: "Strong-pass-1" },
        signer,
      );
    }
    const tooMany = await postAuth(
      { intent: "sign-up", fullName: "س", email: newEmail("signup"), password: "Strong-pass-1" },
      signer,
    );
    expect(messages(tooMany)[0]).toMatch(/^محاولات كثيرة خلال وقت قصير، يرجى الانتظار/);

    const viewer = await createUser("viewer");
    for (let attempt = 1; attempt <= 3; attempt++) {
      await postAuth(
        { intent: "forgot-password", email: viewer.email },
        { cookie: "", ip: `10.3.0.${attempt}` },
      );
    }
    const fourth = await postAuth(
      { intent: "forgot-password", email: viewer.email },
      { cookie: "", ip: "10.3.0.9" },
    );
    expect(messages(fourth)).toEqual([refused]);
    expect(mailsTo(viewer.email)).toHaveLength(3);
  }, 60_000);

  test("off under the test runner unless RIFQ_RATE_LIMIT=on", async () => {
    const viewer = await createUser("viewer");
    for (let attempt = 1; attempt <= 12; attempt++) {
      const result = await postAuth({
        intent: "sign-in",
        email: viewer.email,
        password: "Wrong-1",
      });
      expect(messages(result)).toEqual(["البريد الإلكتروني أو كلمة المرور غير صحيحة"]);
    }
  });

  test("the counter is one atomic row: concurrent attempts never exceed the limit", async () => {
    const rule = { max: 10, window: 60 };
    const results = await Promise.all(
      Array.from({ length: 25 }, () => consumeRateLimit("test|concurrent", rule)),
    );
    expect(results.filter((result) => result.allowed)).toHaveLength(10);
    // A new window starts afresh.
    const later = await consumeRateLimit("test|concurrent", rule, Date.now() + 61_000);
    expect(later.allowed).toBe(true);
  });

  test("the back-off is atomic too: concurrent guesses get only the free attempts", async () => {
    const rule = { free: 5, baseDelay: 15, maxDelay: 900 };
    const now = Date.now();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => consumeBackoffAttempt("test|backoff", rule, now)),
    );
    expect(results.filter((result) => result.allowed)).toHaveLength(5);
    expect(results.find((result) => !result.allowed)?.retryAfterSeconds).toBe(15);
    expect((await consumeBackoffAttempt("test|backoff", rule, now + 15_000)).allowed).toBe(true);
    expect(
      (await consumeBackoffAttempt("test|backoff", rule, now + 15_000)).retryAfterSeconds,
    ).toBe(30);
    // The wait stops growing at its ceiling, and an idle hour starts afresh.
    for (let step = 0; step < 10; step++) {
      await consumeBackoffAttempt("test|backoff", rule, now + 10_000_000 * (step + 1));
    }
    const capped = await consumeBackoffAttempt("test|backoff", rule, now + 10_000_000 * 10);
    expect(capped.retryAfterSeconds).toBeLessThanOrEqual(900);
    await clearBackoff("test|backoff");
    expect((await consumeBackoffAttempt("test|backoff", rule, now)).allowed).toBe(true);
  });
});

// ——— /profile ———

async function postProfile(who: Browser, form: Record<string, string>) {
  return (await call(profileAction, request(who, "/profile", form))) as Answer;
}

describe("profile", () => {
  test("needs a signed-in user", async () => {
    const thrown = (await call(profileLoader, requestAs(null, "/profile"))) as Response;
    expect(thrown.headers.get("location")).toBe("/login?redirectTo=%2Fprofile");
    const posted = (await call(
      profileAction,
      requestAs(null, "/profile", { form: { intent: "update-profile" } }),
    )) as Response;
    expect(posted.status).toBe(302);
  });

  test("shows name, e-mail and role; the name can be changed", async () => {
    const editor = await createUser("editor", "محرر قديم");
    const data = (await call(profileLoader, requestAs(editor, "/profile"))) as {
      user: { fullName: string; email: string; role: string };
    };
    expect(data.user).toEqual({ fullName: "محرر قديم", email: editor.email, role: "editor" });

    expect(messages(await postProfile(editor, { intent: "update-profile", fullName: "" }))).toEqual(
      ["الاسم مطلوب"],
    );
    expect(
      messages(await postProfile(editor, { intent: "update-profile", fullName: "ا".repeat(101) })),
    ).toEqual(["الاسم يجب أن يكون أقل من 100 حرف"]);

    const saved = await postProfile(editor, { intent: "update-profile", fullName: "  محرر جديد " });
    expect(saved.data.toast).toEqual({
      type: "success",
      title: "تم التحديث",
      description: "تم حفظ معلوماتك الشخصية",
    });
    const [row] = await db.select().from(users).where(eq(users.id, editor.id));
    expect(row.fullName).toBe("محرر جديد");
    expect(row.role).toBe("editor");
  });

  test("a failed name update says 'فشل في تحديث المعلومات'", async () => {
    expectLog("logger.error", /profile update failed/);
    const viewer = await createUser("viewer");
    // A real failure of the database while saving (not a value it refuses).
    await db.execute(
      sql.raw(`create function test_fail_x() returns trigger language plpgsql as
        $$ begin raise exception 'disk trouble'; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger test_fail_x before update on users for each row
        when (new.full_name = 'X') execute function test_fail_x()`),
    );
    try {
      const result = await postProfile(viewer, { intent: "update-profile", fullName: "X" });
      expect(result.data.toast).toEqual({
        type: "error",
        title: "خطأ",
        description: "فشل في تحديث المعلومات",
      });
      expect(messages(result)).toEqual(["فشل في تحديث المعلومات"]);
    } finally {
      await db.execute(sql.raw("drop trigger test_fail_x on users"));
      await db.execute(sql.raw("drop function test_fail_x()"));
    }
  });

  test("changing the password needs the current one and ends the other sessions", async () => {
    const viewer = await createUser("viewer");
    const otherDevice = { cookie: await signIn(viewer.email, viewer.password) };
    // signIn() above is a second session: both are valid until the change.
    const change = (form: Record<string, string>) =>
      postProfile(viewer, { intent: "change-password", ...form });

    expect(messages(await change({}))).toEqual([
      "كلمة المرور الحالية مطلوبة",
      "كلمة المرور الجديدة مطلوبة",
      "تأكيد كلمة المرور مطلوب",
    ]);
    expect(
      messages(await change({ currentPassword: "x", newPassword: "ab1", confirmPassword: "ab1" })),
    ).toEqual(["كلمة المرور يجب أن تكون 6 أحرف على الأقل"]);
    expect(
      messages(
        await change({
          currentPassword: "x",
          newPassword: "Abcdef-1",
          confirmPassword: "Abcdef-2",
        }),
      ),
    ).toEqual(["كلمة المرور الجديدة وتأكيدها غير متطابقتين"]);

    const wrong = await change({
      currentPassword: "Not-my-password-1",
      newPassword: "Changed-pass-1",
      confirmPassword: "Changed-pass-1",
    });
    expect(messages(wrong)).toEqual(["كلمة المرور الحالية غير صحيحة"]);
    expect(wrong.data.toast).toEqual({
      type: "error",
      title: "خطأ",
      description: "كلمة المرور الحالية غير صحيحة",
    });

    const done = await change({
      currentPassword: viewer.password,
      newPassword: "Changed-pass-1",
      confirmPassword: "Changed-pass-1",
    });
    expect(done.data.toast?.title).toBe("تم التحديث");
    // Conform empties the form after success.
    expect(done.data.reply?.initialValue).toBeNull();
    const renewed = { cookie: cookieAfter(done, viewer.cookie) };
    expect((await getActor(requestAs(renewed, "/")))?.email).toBe(viewer.email);
    expect(await getActor(requestAs(otherDevice, "/"))).toBeNull();
    expect(await signIn(viewer.email, "Changed-pass-1")).toContain("session_token");
  });

  test("better-auth's change-password enforces the same rules when called directly", async () => {
    const viewer = await createUser("viewer");
    const change = (newPassword: string) =>
      getAuth()
        .api.changePassword({
          body: { currentPassword: viewer.password, newPassword },
          headers: new Headers({ cookie: viewer.cookie }),
        })
        .catch((error) => error);
    const short = await change("a1");
    expect(short.statusCode).toBe(400);
    expect(short.body.message).toBe("كلمة المرور الجديدة يجب أن تكون 6 أحرف على الأقل");
    expect((await change("abcdefgh")).body.message).toBe(
      "كلمة المرور ضعيفة: استخدم حروفاً وأرقاماً معاً",
    );
  });

  test("an unexpected failure says 'فشل في تغيير كلمة المرور'", async () => {
    expectLog("logger.error", /unexpected auth failure/);
    const viewer = await createUser("viewer");
    const result = await withTableMissing("accounts", () =>
      postProfile(viewer, {
        intent: "change-password",
        currentPassword: viewer.password,
        newPassword: "Changed-pass-1",
        confirmPassword: "Changed-pass-1",
      }),
    );
    expect(result.data.toast).toEqual({
      type: "error",
      title: "خطأ",
      description: "فشل في تغيير كلمة المرور",
    });
  });
});

// ——— sign-out ———

async function signOut(who: Browser, from?: string) {
  return (await call(logoutAction, request(who, "/logout", from ? { from } : {}))) as Response;
}

describe("sign-out", () => {
  test("the public header ends this session only", async () => {
    const viewer = await createUser("viewer");
    const otherDevice = { cookie: await signIn(viewer.email, viewer.password) };
    const result = await signOut(viewer, "site");
    expect(result.headers.get("location")).toBe("/");
    expect(await toastOf(result)).toMatchObject({
      type: "success",
      title: "تم تسجيل الخروج",
      description: "تم تسجيل خروجك بنجاح",
    });
    expect(await getActor(requestAs(viewer, "/"))).toBeNull();
    expect((await getActor(requestAs(otherDevice, "/")))?.email).toBe(viewer.email);
    expect(cookieAfter(result, viewer.cookie)).not.toContain("session_token");
  });

  test("the staff area and the account pages end every session", async () => {
    for (const [from, toast] of [
      ["admin", { type: "success", title: "تم تسجيل الخروج" }],
      [
        undefined,
        {
          type: "success",
          title: "تم تسجيل الخروج",
          description: "تم تسجيل الخروج من جميع الجلسات",
        },
      ],
    ] as const) {
      const editor = await createUser("editor");
      const otherDevice = { cookie: await signIn(editor.email, editor.password) };
      const result = await signOut(editor, from);
      expect(await toastOf(result)).toMatchObject(toast);
      expect(await getActor(requestAs(editor, "/"))).toBeNull();
      expect(await getActor(requestAs(otherDevice, "/"))).toBeNull();
    }
  });

  test("a failure shows each place's message", async () => {
    expectLog("logger.error", /sign-out failed|better-auth: INTERNAL_SERVER_ERROR/);
    const editor = await createUser("editor");
    const failures = await withTableMissing("sessions", async () => [
      await toastOf(await signOut(editor, "admin")),
      await toastOf(await signOut(editor, "site")),
    ]);
    expect(failures).toMatchObject([
      { type: "error", title: "خطأ", description: "فشل في تسجيل الخروج" },
      { type: "error", title: "فشل تسجيل الخروج" },
    ]);
    // Nothing was lost: the session still works.
    expect((await getActor(requestAs(editor, "/")))?.email).toBe(editor.email);
  });
});
