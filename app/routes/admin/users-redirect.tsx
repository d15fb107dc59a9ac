import { redirect } from "react-router";

/** /admin/users opens the user-management screen (spec §2.4). */
export const loader = () => redirect("/admin/dashboard/users", 301);
