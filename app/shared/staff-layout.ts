import type { Actor } from "./roles";

/**
 * The dashboard layout's loader data, here so that the staff screens' components can read it
 * typed (`useStaffActor`) without importing the route, which the layers forbid even for a type.
 * The layout's loader is declared to return exactly this.
 */
export const STAFF_LAYOUT_ID = "routes/admin/dashboard-layout";

export interface StaffLayoutData {
  actor: Actor;
}
