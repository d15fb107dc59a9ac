import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { z } from "zod";
import { listImageChoices } from "~/models/images.server";
import { requireRole } from "~/services/permissions.server";
import { readStaffForm } from "~/services/staff-forms.server";
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

/** POST: an image for the inside of an article, stored like featured images (posts/…). */
export async function action({ request }: Route.ActionArgs) {
  const { formData, refusal } = await readStaffForm(request, "image");
  if (refusal) return data({ error: UPLOAD_FAILED }, { status: 413 });
  const submission = parseWithZod(formData, { schema: uploadSchema });
  if (submission.status !== "success") {
    return data({ error: submission.error?.image?.[0] ?? NOT_AN_IMAGE }, { status: 400 });
  }
  try {
    const stored = await storeImage(submission.value.image, "posts");
    return { url: stored.url };
  } catch (error) {
    if (error instanceof ImageUploadError) return data({ error: error.message }, { status: 400 });
    logger.error({ err: error }, "an article image upload failed");
    return data({ error: UPLOAD_FAILED }, { status: 500 });
  }
}
