import { expect } from "vitest";
import { requestAs, type TestUser } from "./accounts";
import { call, statusOf } from "./route-calls";

type RouteFunction = Parameters<typeof call>[0];

/**
 * Spec §2.5–2.8: a staff list's loader lets a viewer read its `rowsKey` rows without the
 * management buttons, gives an editor the buttons, and sends a signed-out visitor to /login.
 */
export async function expectListReadableByStaffOnly(
  listLoader: RouteFunction,
  path: string,
  rowsKey: string,
  { viewer, editor }: { viewer: TestUser; editor: TestUser },
) {
  const read = (await call(listLoader, requestAs(viewer, path))) as Record<string, unknown>;
  expect(read[rowsKey]).toEqual(expect.arrayContaining([expect.anything()]));
  expect(read.canManage).toBe(false);
  const managed = (await call(listLoader, requestAs(editor, path))) as { canManage: boolean };
  expect(managed.canManage).toBe(true);
  expect(statusOf(await call(listLoader, requestAs(null, path)))).toBe(302);
}
