import { useRouteLoaderData } from "react-router";
import type { Actor } from "~/shared/roles";
import { STAFF_LAYOUT_ID, type StaffLayoutData } from "~/shared/staff-layout";

/**
 * The signed-in staff member, from the dashboard layout's loader (every staff screen sits under
 * it); null outside it, or when the layout itself failed. For what to show: every action checks
 * the role again on the server.
 */
export function useStaffActor(): Actor | null {
  return useRouteLoaderData<StaffLayoutData>(STAFF_LAYOUT_ID)?.actor ?? null;
}
