import { Outlet, useLoaderData } from "react-router";
import { requireUser } from "~/utils/permissions.server";
import type { Route } from "./+types/dashboard-layout";

/** The staff area: any signed-in user may look; every change is checked again in the models. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireUser(request);
  return { actor };
}

export default function DashboardLayout() {
  const { actor } = useLoaderData<typeof loader>();
  return (
    <div className="min-h-screen bg-surface" data-role={actor.role}>
      <Outlet />
    </div>
  );
}
