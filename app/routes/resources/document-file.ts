import { readDocumentFile } from "~/models/documents.server";
import { getActorPastStaffGate } from "~/services/permissions.server";
import { documentDisposition, documentFileName } from "~/shared/documents";
import type { Route } from "./+types/document-file";

/** A published document is the same bytes at its address for good (docs/decisions/048). */
const PUBLISHED_CACHE = "public, max-age=31536000, immutable";
/** A hidden one is for staff: kept by no cache, so hiding a document takes effect. */
const HIDDEN_CACHE = "private, no-store";

/**
 * GET /documents/:id/:version.pdf — the PDF as uploaded, as a download under its Arabic title.
 * Hidden documents are answered only to staff; everyone else gets the 404 of a missing one.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const version = params.file.replace(/\.pdf$/i, "");
  const actor = await getActorPastStaffGate(request);
  const file = await readDocumentFile(actor, params.id, version);
  return new Response(new Uint8Array(file.body), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(file.body.length),
      "Content-Disposition": documentDisposition(
        documentFileName(file.title),
        `${file.category}-${file.year}.pdf`,
      ),
      "Cache-Control": file.published ? PUBLISHED_CACHE : HIDDEN_CACHE,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
