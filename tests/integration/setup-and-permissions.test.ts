import { expect, test } from "vitest";
import {
  createFirstAdmin,
  getPrimaryAdminEmail,
  isSetupComplete,
  SetupClosedError,
} from "~/models/users.server";
import { requireRole, requireUser } from "~/services/permissions.server";
import { ForbiddenError } from "~/shared/domain-errors";
import { createUser, requestAs, signIn } from "../support/accounts";

test("the first-run setup creates one primary admin and then refuses for good", async () => {
  expect(await isSetupComplete()).toBe(false);
  await createFirstAdmin({
    fullName: "مدير الجمعية",
    email: "Admin@Rifq.test",
    password: "Secret-2026",
  });
  expect(await isSetupComplete()).toBe(true);
  expect(await getPrimaryAdminEmail()).toBe("admin@rifq.test");
  await expect(
    createFirstAdmin({ fullName: "آخر", email: "other@rifq.test", password: "Secret-2026" }),
  ).rejects.toBeInstanceOf(SetupClosedError);
  // The admin can sign in with the chosen password; no default password exists.
  expect(await signIn("admin@rifq.test", "Secret-2026")).toContain("session_token");
});

test("guards: signed-out visitors go to /login, lower roles get 403", async () => {
  const viewer = await createUser("viewer");
  const editor = await createUser("editor");
  const admin = await createUser("admin");

  const signedOut = await requireUser(requestAs(null, "/admin")).catch((error) => error);
  expect(signedOut).toBeInstanceOf(Response);
  expect(signedOut.status).toBe(302);
  expect(signedOut.headers.get("location")).toBe("/login?redirectTo=%2Fadmin");

  const refused = await requireRole(requestAs(viewer, "/admin"), "admin").catch((error) => error);
  expect(refused).toBeInstanceOf(ForbiddenError);
  expect(refused.status).toBe(403);
  expect(refused.message).toBe("ليست لديك صلاحية للقيام بهذا الإجراء");
  expect((await requireRole(requestAs(editor, "/x"), "editor").catch((e) => e)).role).toBe(
    "editor",
  );
  expect((await requireRole(requestAs(editor, "/admin"), "admin").catch((e) => e)).status).toBe(
    403,
  );
  expect((await requireRole(requestAs(admin, "/admin"), "admin")).email).toBe(admin.email);
});
