import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import {
  changeUserRole,
  createFirstAdmin,
  listUsers,
  PRIMARY_ADMIN_ROLE_LOCKED,
  RoleChangeRefusedError,
} from "~/models/users.server";
import { action as postsAction, loader as postsLoader } from "~/routes/admin/posts/form";
import { action, loader } from "~/routes/admin/users";
import { requireRole } from "~/services/permissions.server";
import type { ActionResult } from "~/shared/action-result";
import { db } from "~/utils/db.server";
import { users } from "../../database/schema";
import { createUser, requestAs, signIn, type TestUser } from "../support/accounts";
import { expectLog } from "../support/logs";
import { call, dataOf, headersOf, statusOf } from "../support/route-calls";

const PATH = "/admin/dashboard/users";

type MutationAnswer = ActionResult;

const setRole = (who: TestUser | null, userId: string, role: string) =>
  call(action, requestAs(who, PATH, { form: { userId, role } }));

const roleOf = async (id: string) =>
  (await db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role;

let primary: TestUser;
let admin: TestUser;
let editor: TestUser;
let viewer: TestUser;

beforeAll(async () => {
  // The primary admin is the one the first-run setup created.
  const { id } = await createFirstAdmin({
    fullName: "المدير الأساسي",
    email: "primary@rifq.test",
    password: "Primary-2026",
  });
  primary = {
    id,
    email: "primary@rifq.test",
    fullName: "المدير الأساسي",
    role: "admin",
    password: "Primary-2026",
    cookie: await signIn("primary@rifq.test", "Primary-2026"),
  };
  [admin, editor, viewer] = await Promise.all([
    createUser("admin", "مديرة ثانية"),
    createUser("editor"),
    createUser("viewer", ""),
  ]);
});

describe("the user list", () => {
  test("admins see every account, oldest first, with the primary admin's e-mail", async () => {
    const answer = dataOf<{
      users: { email: string; fullName: string; role: string; createdAt: Date }[];
      primaryAdminEmail: string;
      currentUserId: string;
      loadError: null;
    }>(await call(loader, requestAs(admin, PATH)));
    expect(answer.loadError).toBeNull();
    expect(answer.primaryAdminEmail).toBe("primary@rifq.test");
    expect(answer.currentUserId).toBe(admin.id);
    expect(answer.users[0]).toMatchObject({ email: "primary@rifq.test", role: "admin" });
    expect(answer.users.map((u) => u.email).sort()).toEqual(
      [primary, admin, editor, viewer].map((u) => u.email).sort(),
    );
    expect(answer.users.find((u) => u.email === viewer.email)).toMatchObject({
      fullName: "",
      role: "viewer",
      createdAt: expect.any(Date),
    });
  });

  test("editors and viewers get 403, visitors go to /login, the model refuses too", async () => {
    for (const who of [editor, viewer]) {
      expect(statusOf(await call(loader, requestAs(who, PATH)))).toBe(403);
    }
    const signedOut = await call(loader, requestAs(null, PATH));
    expect(statusOf(signedOut)).toBe(302);
    expect(headersOf(signedOut).get("location")).toBe(
      "/login?redirectTo=%2Fadmin%2Fdashboard%2Fusers",
    );
    await expect(listUsers(editor)).rejects.toMatchObject({ status: 403 });
    await expect(listUsers(null)).rejects.toMatchObject({ status: 401 });
  });

  test("a failed read answers 'فشل في جلب المستخدمين'", async () => {
    expectLog("logger.error", /failed to list the users/);
    // The primary admin's e-mail lives in site_settings: without it the list cannot be shown.
    await db.execute(sql`alter table site_settings rename to site_settings_away`);
    try {
      const answer = dataOf<{ users: unknown[]; loadError: string }>(
        await call(loader, requestAs(admin, PATH)),
      );
      expect(answer).toMatchObject({ users: [], loadError: "فشل في جلب المستخدمين" });
    } finally {
      await db.execute(sql`alter table site_settings_away rename to site_settings`);
    }
  });
});

describe("changing a role", () => {
  test("an admin makes a viewer an editor; it applies at the viewer's next request", async () => {
    const someone = await createUser("viewer", "متطوعة");
    // As a viewer: the post form refuses.
    expect(
      statusOf(await call(postsLoader, requestAs(someone, "/admin/dashboard/posts/new"))),
    ).toBe(403);

    const result = await setRole(admin, someone.id, "editor");
    expect(dataOf<MutationAnswer>(result)).toEqual({ ok: true });
    expect(headersOf(result).get("set-cookie")).toContain("rifq_toast");
    expect(await roleOf(someone.id)).toBe("editor");

    // Same session cookie, next request: the role is read afresh.
    expect((await requireRole(requestAs(someone, "/x"), "editor")).role).toBe("editor");
    const form = await call(postsLoader, requestAs(someone, "/admin/dashboard/posts/new"));
    expect(statusOf(form)).toBe(200);

    await setRole(admin, someone.id, "viewer");
    expect(
      statusOf(
        await call(postsAction, requestAs(someone, "/admin/dashboard/posts/new", { form: {} })),
      ),
    ).toBe(403);
  });

  test("nobody else may change the primary admin's role", async () => {
    const result = await setRole(admin, primary.id, "viewer");
    expect(statusOf(result)).toBe(403);
    expect(dataOf<MutationAnswer>(result)).toEqual({
      ok: false,
      message: PRIMARY_ADMIN_ROLE_LOCKED,
    });
    expect(PRIMARY_ADMIN_ROLE_LOCKED).toBe("لا يمكن تغيير دور المشرف الأساسي");
    expect(await roleOf(primary.id)).toBe("admin");
    await expect(changeUserRole(admin, primary.id, "editor")).rejects.toBeInstanceOf(
      RoleChangeRefusedError,
    );
  });

  test("an admin may not lower their own role, primary or not", async () => {
    for (const self of [admin, primary]) {
      for (const role of ["editor", "viewer"]) {
        const result = await setRole(self, self.id, role);
        expect(dataOf<MutationAnswer>(result)).toEqual({
          ok: false,
          message: "لا يمكن تغيير دور المشرف الأساسي",
        });
      }
      expect(await roleOf(self.id)).toBe("admin");
      // Choosing the role they already have is harmless.
      expect(dataOf<MutationAnswer>(await setRole(self, self.id, "admin"))).toEqual({ ok: true });
    }
  });

  test("the primary admin may change other admins' roles", async () => {
    const other = await createUser("admin", "مدير مؤقت");
    expect(dataOf<MutationAnswer>(await setRole(primary, other.id, "editor"))).toEqual({
      ok: true,
    });
    expect(await roleOf(other.id)).toBe("editor");
  });

  test("editors, viewers and visitors are refused; so is the model", async () => {
    for (const who of [editor, viewer]) {
      expect(statusOf(await setRole(who, who.id, "admin"))).toBe(403);
    }
    expect(statusOf(await setRole(null, viewer.id, "admin"))).toBe(302);
    expect(await roleOf(viewer.id)).toBe("viewer");
    expect(await roleOf(editor.id)).toBe("editor");
    await expect(changeUserRole(editor, viewer.id, "admin")).rejects.toMatchObject({ status: 403 });
    await expect(changeUserRole(null, viewer.id, "admin")).rejects.toMatchObject({ status: 401 });
  });

  test("an unknown role or user answers 'فشل في تحديث دور المستخدم'", async () => {
    const badRole = await setRole(admin, viewer.id, "owner");
    expect(statusOf(badRole)).toBe(400);
    expect(dataOf<MutationAnswer>(badRole)).toEqual({
      ok: false,
      message: "فشل في تحديث دور المستخدم",
    });
    const noUser = await setRole(admin, "no-such-user", "editor");
    expect(statusOf(noUser)).toBe(404);
    expect(dataOf<MutationAnswer>(noUser)).toEqual({
      ok: false,
      message: "فشل في تحديث دور المستخدم",
    });
  });

  test("a write the database refuses answers 'فشل في تحديث دور المستخدم', not success", async () => {
    expectLog("logger.error", /failed to change a user's role/);
    await db.execute(sql`
      create function refuse_role_change() returns trigger language plpgsql as $$
      begin raise exception 'disk full'; end $$`);
    await db.execute(sql`
      create trigger refuse_role_change before update of role on users
      for each row execute function refuse_role_change()`);
    try {
      const result = await setRole(admin, viewer.id, "editor");
      expect(statusOf(result)).toBe(500);
      expect(dataOf<MutationAnswer>(result)).toEqual({
        ok: false,
        message: "فشل في تحديث دور المستخدم",
      });
      expect(headersOf(result).get("set-cookie")).toBeNull();
    } finally {
      await db.execute(sql`drop trigger refuse_role_change on users`);
      await db.execute(sql`drop function refuse_role_change`);
    }
    expect(await roleOf(viewer.id)).toBe("viewer");
  });
});
