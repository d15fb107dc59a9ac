import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, test, vi } from "vitest";
import { announceSetupLink, getSetupCode } from "~/models/setup-code.server";
import { isSetupComplete } from "~/models/users.server";
import { action as setupAction, loader as setupLoader } from "~/routes/auth/setup";
import type { ActionResult } from "~/shared/action-result";
import { db } from "~/utils/db.server";
import {
  REQUEST_INVALID_CHARACTERS,
  REQUEST_TOO_LARGE,
  REQUEST_TYPE_UNSUPPORTED,
} from "~/utils/form-data.server";
import { logger } from "~/utils/logger.server";
import { users, verifications } from "../../database/schema";
import { requestAs, signIn } from "../support/accounts";
import { expectLog } from "../support/logs";
import { call, dataOf, headersOf, replyErrorsOf, statusOf } from "../support/route-calls";

const BASE = "http://localhost:3000";

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

function postSetup(form: Record<string, string>, ip = "10.5.0.1") {
  const request = requestAs(null, "/setup", { form });
  request.headers.set("x-forwarded-for", ip);
  return call(setupAction, request);
}

const account = (email: string) => ({
  fullName: "مديرة الجمعية",
  email,
  password: "First-admin-1",
});

function errorsOf(result: unknown): Record<string, string[]> {
  return replyErrorsOf(result);
}

async function admins() {
  return db.select().from(users).where(eq(users.role, "admin"));
}

describe("before the first admin exists", () => {
  test("the start-up link carries a generated code that every process shares", async () => {
    expectLog("logger.warn", /First run: open/);
    const warn = vi.spyOn(logger, "warn");
    const link = await announceSetupLink();
    expect(link).toMatch(/^http:\/\/localhost:3000\/setup\?code=[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toContain(link);
    // Processes starting together agree on one code, kept in the database.
    const codes = await Promise.all(Array.from({ length: 10 }, () => getSetupCode()));
    expect(new Set(codes)).toEqual(new Set([new URL(link ?? "").searchParams.get("code")]));
    expect(await announceSetupLink()).toBe(link);
  });

  test("opening the link fills the code in", async () => {
    const code = await getSetupCode();
    expect(await call(setupLoader, requestAs(null, `/setup?code=${code}`))).toEqual({ code });
    expect(await call(setupLoader, requestAs(null, "/setup"))).toEqual({ code: "" });
  });

  test("without the code, or with a wrong one, no admin: an Arabic message on the field", async () => {
    const missing = await postSetup(account("a@rifq.test"));
    expect(statusOf(missing)).toBe(400);
    expect(errorsOf(missing)).toEqual({ code: ["رمز الإعداد مطلوب"] });

    const wrong = await postSetup({ ...account("a@rifq.test"), code: "AAAA-BBBB-CCCC-DDDD" });
    expect(statusOf(wrong)).toBe(400);
    expect(errorsOf(wrong)).toEqual({ code: ["رمز الإعداد غير صحيح"] });
    // The typed code stays in the form; the password does not come back.
    expect(dataOf<ActionResult>(wrong).reply?.initialValue).toMatchObject({
      code: "AAAA-BBBB-CCCC-DDDD",
      email: "a@rifq.test",
    });
    expect(JSON.stringify(dataOf(wrong))).not.toContain("First-admin-1");

    const almost = (await getSetupCode()).slice(0, -1);
    expect(errorsOf(await postSetup({ ...account("a@rifq.test"), code: almost }))).toEqual({
      code: ["رمز الإعداد غير صحيح"],
    });
    expect(await admins()).toEqual([]);
  });

  test("wrong codes are limited per client, with the wait in Arabic", async () => {
    vi.stubEnv("RIFQ_RATE_LIMIT", "on");
    const guesser = "10.5.1.1";
    for (let guess = 0; guess < 10; guess++) {
      const result = await postSetup(
        { ...account("g@rifq.test"), code: `WRONG-${guess}` },
        guesser,
      );
      expect(errorsOf(result)).toEqual({ code: ["رمز الإعداد غير صحيح"] });
    }
    const limited = await postSetup(
      { ...account("g@rifq.test"), code: await getSetupCode() },
      guesser,
    );
    expect(statusOf(limited)).toBe(429);
    expect(headersOf(limited).get("retry-after")).toMatch(/^\d+$/);
    expect(errorsOf(limited)).toEqual({
      code: ["محاولات كثيرة خلال وقت قصير، يرجى الانتظار 15 دقيقة ثم المحاولة مرة أخرى"],
    });
    expect(await admins()).toEqual([]);
  });

  test("malformed requests get 400/413/415 in Arabic and create nothing", async () => {
    const code = await getSetupCode();
    const form = new URLSearchParams({ ...account("m@rifq.test"), code }).toString();
    const raw = (body: string, type: string) =>
      call(
        setupAction,
        new Request(`${BASE}/setup`, {
          method: "POST",
          headers: { origin: BASE, "content-type": type },
          body,
        }),
      ) as Promise<Response>;
    const json = await raw(JSON.stringify({ code }), "application/json");
    expect([json.status, await json.text()]).toEqual([415, REQUEST_TYPE_UNSUPPORTED]);
    const huge = await raw(`${form}&x=${"a".repeat(300_000)}`, "application/x-www-form-urlencoded");
    expect([huge.status, await huge.text()]).toEqual([413, REQUEST_TOO_LARGE]);
    const nul = await raw(`${form}&fullName=a%00b`, "application/x-www-form-urlencoded");
    expect([nul.status, await nul.text()]).toEqual([400, REQUEST_INVALID_CHARACTERS]);

    const long = await postSetup({
      code: "x".repeat(500),
      fullName: "ا".repeat(500),
      email: `${"a".repeat(300)}@rifq.test`,
      password: `Aa1${"b".repeat(500)}`,
    });
    expect(statusOf(long)).toBe(400);
    expect(errorsOf(long)).toEqual({
      code: ["رمز الإعداد غير صحيح"],
      fullName: ["الاسم يجب أن يكون أقل من 100 حرف"],
      email: ["البريد الإلكتروني طويل جداً"],
      password: ["كلمة المرور طويلة جداً (128 حرفاً كحد أقصى)"],
    });
    expect(await admins()).toEqual([]);
  });
});

describe("the first admin", () => {
  test("ten simultaneous submissions with the right code create exactly one admin", async () => {
    const code = await getSetupCode();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        postSetup({ ...account(`first-${index}@rifq.test`), code }, `10.6.0.${index}`),
      ),
    );
    const created = results.filter((result) => statusOf(result) === 302);
    expect(created).toHaveLength(1);
    expect((created[0] as Response).headers.get("location")).toBe("/login");
    const refused = results.filter((result) => statusOf(result) === 403);
    expect(refused).toHaveLength(9);
    for (const response of refused) {
      expect(await (response as Response).text()).toBe("تم إعداد الموقع مسبقاً");
    }
    const [admin, ...others] = await admins();
    expect(others).toEqual([]);
    expect(await signIn(admin.email, "First-admin-1")).toContain("session_token");
    // The code is spent.
    const [row] = await db
      .execute<{ count: number }>(
        sql`select count(*)::int as count from ${verifications} where id = 'first-run-setup-code'`,
      )
      .then((result) => ("rows" in result ? result.rows : result) as { count: number }[]);
    expect(row.count).toBe(0);
  });

  test("afterwards /setup is closed for good and nothing is announced", async () => {
    expect(await isSetupComplete()).toBe(true);
    const opened = (await call(setupLoader, requestAs(null, "/setup?code=x"))) as Response;
    expect(opened.headers.get("location")).toBe("/login");
    const posted = (await postSetup({ ...account("late@rifq.test"), code: "x" })) as Response;
    expect(posted.status).toBe(403);
    expect(await announceSetupLink()).toBeNull();
  });
});
