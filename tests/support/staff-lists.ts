import { expect } from "vitest";
import { requestAs, type TestUser } from "./accounts";
import { call, statusOf } from "./route-calls";

type RouteFunction = Parameters<typeof call>[0];

/**
 * A staff list's loader serves its `rowsKey` rows to editors (and admins), refuses a viewer
 * with 403 without any row, and sends a signed-out visitor to /login (docs/decisions/020).
 */
export async function expectListReadableByStaffOnly(
  listLoader: RouteFunction,
  path: string,
  rowsKey: string,
  { viewer, editor }: { viewer: TestUser; editor: TestUser },
) {
  const read = (await call(listLoader, requestAs(editor, path))) as Record<string, unknown>;
  expect(read[rowsKey]).toEqual(expect.arrayContaining([expect.anything()]));
  const refused = await call(listLoader, requestAs(viewer, path));
  expect(statusOf(refused)).toBe(403);
  expect(await (refused as Response).text()).toBe("ليست لديك صلاحية للقيام بهذا الإجراء");
  const signedOut = await call(listLoader, requestAs(null, path));
  expect(statusOf(signedOut)).toBe(302);
  expect((signedOut as Response).headers.get("location")).toMatch(/^\/login\?redirectTo=/);
}
