import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { z } from "zod";
import { listImageChoices } from "~/models/images.server";
import { requireRole } from "~/services/permissions.server";
import { readStaffForm } from "~/services/staff-forms.server";
import type { ActionResult } from "~/shared/action-result";
import { imageFileSchema, NOT_AN_IMAGE, UPLOAD_FAILED } from "~/shared/image-rules";
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
const refused = (message: string, status: number) =>
  data<Upload>({ ok: false, message }, { status });

/** POST: an image for the inside of an article, stored like featured images (posts/…). */
export async function action({ request }: Route.ActionArgs) {
  const { formData, refusal } = await readStaffForm(request, "image");
  if (refusal) return refused(UPLOAD_FAILED, 413);
  const submission = parseWithZod(formData, { schema: uploadSchema });
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
