import { readDocumentFile } from "~/models/documents.server";
import { getActorPastStaffGate } from "~/services/permissions.server";
import { documentDisposition, documentFileName } from "~/shared/documents";
import { byteRangeOf } from "~/utils/byte-range.server";
import type { Route } from "./+types/document-file";

/** A published document is the same bytes at its address for good (docs/decisions/048). */
const PUBLISHED_CACHE = "public, max-age=31536000, immutable";
/** A hidden one is for staff: kept by no cache, so hiding a document takes effect. */
const HIDDEN_CACHE = "private, no-store";
export const RANGE_NOT_SATISFIABLE = "الجزء المطلوب من الملف يتجاوز حجمه";

/**
 * GET /documents/:id/:version.pdf — the PDF as uploaded, as a download under its Arabic title.
 * Hidden documents are answered only to staff; everyone else gets the 404 of a missing one.
 * The file is streamed from the Storage as the reader reads it, whole or one byte range (a
 * resumed download, a PDF viewer reading pages): docs/decisions/067.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const version = params.file.replace(/\.pdf$/i, "");
  const actor = await getActorPastStaffGate(request);
  const file = await readDocumentFile(actor, params.id, version);
  const etag = `"${file.sha256}"`;
  const headers = new Headers({
    "Content-Type": "application/pdf",
    "Content-Disposition": documentDisposition(
      documentFileName(file.title),
      `${file.category}-${file.year}.pdf`,
    ),
    "Cache-Control": file.published ? PUBLISHED_CACHE : HIDDEN_CACHE,
    "X-Content-Type-Options": "nosniff",
    "Accept-Ranges": "bytes",
    ETag: etag,
  });
  // A range of another version (If-Range) would mix two files: the whole file then.
  const ifRange = request.headers.get("If-Range");
  const range =
    ifRange && ifRange !== etag ? null : byteRangeOf(request.headers.get("Range"), file.size);
  if (range === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${file.size}`);
    headers.set("Content-Type", "text/plain; charset=utf-8");
    headers.delete("Content-Disposition");
    return new Response(RANGE_NOT_SATISFIABLE, { status: 416, headers });
  }
  const body = await file.open(range ?? undefined);
  if (!range) {
    headers.set("Content-Length", String(file.size));
    return new Response(body, { headers });
  }
  headers.set("Content-Length", String(range.end - range.start + 1));
  headers.set("Content-Range", `bytes ${range.start}-${range.end}/${file.size}`);
  return new Response(body, { status: 206, headers });
}
