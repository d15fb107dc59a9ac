import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { createAccountAsSystem } from "~/models/users.server";
import { getAuth } from "~/services/auth.server";
import type { Actor, Role } from "~/shared/roles";
import { db } from "~/utils/db.server";
import { users } from "../../database/schema";

export const TEST_PASSWORD = "Rifq-test-2026";
const BASE = "http://localhost:3000";

export interface TestUser extends Actor {
  password: string;
  /** The Cookie header of a signed-in session. */
  cookie: string;
}

/** Creates a verified account with `role` and signs it in. */
export async function createUser(role: Role, name = `مستخدم ${role}`): Promise<TestUser> {
  const email = `${role}-${randomBytes(4).toString("hex")}@example.test`;
  const { id } = await createAccountAsSystem({
    fullName: name,
    email,
    password: TEST_PASSWORD,
    role,
  });
  const cookie = await signIn(email, TEST_PASSWORD);
  return { id, email, fullName: name, role, password: TEST_PASSWORD, cookie };
}

export async function signIn(email: string, password: string): Promise<string> {
  const { headers } = await getAuth().api.signInEmail({
    body: { email, password },
    headers: new Headers({ origin: BASE }),
    returnHeaders: true,
  });
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** A request as the browser of `user` (or a signed-out visitor) would send it. */
export function requestAs(
  user: Pick<TestUser, "cookie"> | null,
  pathname: string,
  init: { method?: string; form?: Record<string, string | Blob>; body?: BodyInit } = {},
): Request {
  const headers = new Headers({ origin: BASE });
  if (user) headers.set("cookie", user.cookie);
  let body = init.body;
  if (init.form) {
    const formData = new FormData();
    for (const [key, value] of Object.entries(init.form)) formData.append(key, value);
    body = formData;
  }
  return new Request(`${BASE}${pathname}`, {
    method: init.method ?? (body ? "POST" : "GET"),
    headers,
    body,
  });
}

/** The staff a content test works with: two editors (the first named), a viewer, an admin. */
export async function createStaff(editorName: string) {
  const [editor, otherEditor, viewer, admin] = await Promise.all([
    createUser("editor", editorName),
    createUser("editor", "محرر ثان"),
    createUser("viewer"),
    createUser("admin"),
  ]);
  return { editor, otherEditor, viewer, admin };
}

/**
 * Marks `user`'s two-factor sign-in as on, as the staff gate reads it (an authenticator app is
 * confirmed), for tests run with ADMIN_TWO_FACTOR=required. The session stays signed in.
 */
export async function markTwoFactorOn<T extends Pick<Actor, "id">>(user: T): Promise<T> {
  await db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, user.id));
  return user;
}
