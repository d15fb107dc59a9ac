import { data } from "react-router";
import { z } from "zod";
import { listImageChoices } from "~/models/images.server";
import { refusalHeaders } from "~/services/error-answers.server";
import { requireRole } from "~/services/permissions.server";
import { readStaffForm } from "~/services/staff-forms.server";
import type { ActionResult } from "~/shared/action-result";
import { PayloadTooLargeError, TooManyRequestsError } from "~/shared/domain-errors";
import { parseForm } from "~/shared/form-validation";
import { imageFileSchema, NOT_AN_IMAGE, UPLOAD_FAILED } from "~/shared/image-rules";
import { FORM_CAPS } from "~/utils/body-caps.server";
import { ImageUploadError, storeImage } from "~/utils/image-upload.server";
import { logger } from "~/utils/logger.server";
import type { Route } from "./+types/media";

/** GET: the newest gallery images for the editor's image picker (editors and admins only). */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireRole(request, "editor");
  return { images: await listImageChoices(actor) };
}

const uploadSchema = z.object({ image: imageFileSchema });

/** The stored image's address, or why it was refused. */
type Upload = ActionResult<{ url: string }>;
const refused = (message: string, status: number, headers?: Record<string, string>) =>
  data<Upload>({ ok: false, message }, { status, headers });

/** POST: an image for the inside of an article, stored like featured images (posts/…). */
export async function action({ request }: Route.ActionArgs) {
  let formData: FormData | null;
  try {
    // No file field given: a refusal of the body is thrown, not answered as a form's reply.
    ({ formData } = await readStaffForm(request, { caps: FORM_CAPS.inlineImage }));
  } catch (error) {
    // Too large a body: the upload failed (413). Over the upload rate: its own message, 429 and
    // Retry-After. Any other refusal (the staff gate's) goes to the error path.
    if (error instanceof PayloadTooLargeError) return refused(UPLOAD_FAILED, 413);
    if (error instanceof TooManyRequestsError) {
      return refused(error.message, error.status, refusalHeaders(error));
    }
    throw error;
  }
  if (!formData) return refused(UPLOAD_FAILED, 413);
  const submission = parseForm(formData, { schema: uploadSchema });
  if (submission.status !== "success") {
    return refused(submission.error?.image?.[0] ?? NOT_AN_IMAGE, 400);
  }
  try {
    const stored = await storeImage(submission.value.image, "posts");
    return data<Upload>({ ok: true, url: stored.url });
  } catch (error) {
    if (error instanceof ImageUploadError) return refused(error.message, 400);
    logger.error({ err: error }, "an article image upload failed");
    return refused(UPLOAD_FAILED, 500);
  }
}
