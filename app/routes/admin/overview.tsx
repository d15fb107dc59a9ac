import { useRouteLoaderData } from "react-router";
import { ROLE_LABELS } from "~/utils/roles";
import type { loader as layoutLoader } from "./dashboard-layout";

export default function Overview() {
  const data = useRouteLoaderData<typeof layoutLoader>("routes/admin/dashboard-layout");
  const actor = data?.actor;
  return (
    <main className="mx-auto max-w-6xl p-6">
      <h1 className="text-3xl">مرحباً، {actor?.fullName || "مدير"}</h1>
      {actor && <p className="text-muted">دورك: {ROLE_LABELS[actor.role]}</p>}
    </main>
  );
}
