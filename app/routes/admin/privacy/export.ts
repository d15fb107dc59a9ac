import { exportPersonalData } from "~/models/personal-data.server";
import { requireRole } from "~/services/permissions.server";
import type { Route } from "./+types/export";
import { contactOfUrl } from "./lookup.server";

/**
 * Everything the site holds about one person, in one JSON file (UTF-8) with their uploaded
 * files inside it (base64): what an admin hands over when a person asks (docs/decisions/073).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireRole(request, "admin");
  const submission = contactOfUrl(request.url);
  if (submission?.status !== "success") {
    return new Response("رقم الجوال أو البريد الإلكتروني غير صحيح", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const exported = await exportPersonalData(actor, submission.value.contact);
  const day = exported.exportedAt.slice(0, 10);
  return new Response(JSON.stringify(exported, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="personal-data-${day}.json"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
