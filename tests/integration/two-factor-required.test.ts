import { beforeAll, expect, test, vi } from "vitest";
import { createFirstAdmin } from "~/models/users.server";
import { loader as overviewLoader } from "~/routes/admin/overview";
import { action as loginAction } from "~/routes/auth/login";
import { action as pageAction, loader as pageLoader } from "~/routes/auth/two-factor";
import { action as pageTextAction } from "~/routes/resources/page-content";
import { requireStaffTwoFactor } from "~/services/two-factor.server";
import { createUser, requestAs, type TestUser } from "../support/accounts";
import { call, dataOf, statusOf } from "../support/route-calls";
import { totpCode } from "../support/totp";

// Read once by getEnv(), before anything in this file asks for it.
vi.hoisted(() => {
  process.env.ADMIN_TWO_FACTOR = "required";
});

beforeAll(async () => {
  await createFirstAdmin({
    fullName: "مديرة",
    email: "admin@rifq.test",
    password: "Admin-pass-2026",
  });
});

const signIn = (user: TestUser) =>
  call(
    loginAction,
    requestAs(null, "/auth", {
      form: { intent: "sign-in", email: user.email, password: user.password },
    }),
  ) as Promise<Response>;

async function gate(user: TestUser) {
  try {
    return await requireStaffTwoFactor(user);
  } catch (thrown) {
    return thrown as Response;
  }
}

test("an admin without two-factor is sent to set it up, by sign-in and by the staff gate", async () => {
  const admin = await createUser("admin");
  const signedIn = await signIn(admin);
  expect(signedIn.headers.get("location")).toBe("/account/two-factor");
  // That sign-in's session is the one that carries on (it ended the others).
  admin.cookie = signedIn.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .filter((pair) => pair.includes("session_token"))
    .join("; ");
  const refused = (await gate(admin)) as Response;
  expect(refused.status).toBe(302);
  expect(refused.headers.get("location")).toBe("/account/two-factor");

  const page = (await call(pageLoader, requestAs(admin, "/account/two-factor"))) as {
    required: boolean;
    state: { status: string };
  };
  expect(page).toMatchObject({ required: true, state: { status: "off" } });

  // Set it up, as the page guides.
  const browser = { cookie: admin.cookie };
  await call(
    pageAction,
    requestAs(browser, "/account/two-factor", {
      form: { intent: "two-factor-start", password: admin.password },
    }),
  );
  const pending = (await call(pageLoader, requestAs(browser, "/account/two-factor"))) as {
    state: { setup: { manualKey: string } };
  };
  const confirmed = (await call(
    pageAction,
    requestAs(browser, "/account/two-factor", {
      form: { intent: "two-factor-confirm", code: totpCode(pending.state.setup.manualKey) },
    }),
  )) as Response;
  expect(confirmed.headers.get("location")).toBe("/account/two-factor");

  expect(await gate(admin)).toBe(admin);
  expect((await signIn(admin)).headers.get("location")).toBe("/auth?step=two-factor");
});

test("a required admin cannot turn it off; editors still choose for themselves", async () => {
  const editor = await createUser("editor");
  expect(await gate(editor)).toBe(editor);
  expect((await signIn(editor)).headers.get("location")).toBe("/admin/dashboard");

  const admin = await createUser("admin");
  const refused = await call(
    pageAction,
    requestAs(admin, "/account/two-factor", {
      form: { intent: "two-factor-disable", password: admin.password },
    }),
  );
  expect(statusOf(refused)).toBe(400);
  expect(
    Object.values(
      dataOf<{ reply: { error: Record<string, string[]> } }>(refused).reply.error,
    ).flat(),
  ).toEqual(["التحقق بخطوتين إلزامي لحسابات المديرين في هذا الموقع"]);
});

test("the staff screens and actions send such an admin to set it up first", async () => {
  const admin = await createUser("admin");
  const overview = await call(overviewLoader, requestAs(admin, "/admin/dashboard"));
  expect(statusOf(overview)).toBe(302);
  expect((overview as Response).headers.get("location")).toBe("/account/two-factor");
  const save = await call(
    pageTextAction,
    requestAs(admin, "/api/page-content", {
      form: {
        intent: "save",
        pagePath: "/",
        contentKey: "hero-title",
        value: "عنوان",
        contentType: "text",
      },
    }),
  );
  expect(statusOf(save)).toBe(302);
  expect((save as Response).headers.get("location")).toBe("/account/two-factor");
  // An editor is not bound by the admins' rule.
  const editor = await createUser("editor");
  expect(statusOf(await call(overviewLoader, requestAs(editor, "/admin/dashboard")))).toBe(200);
});
