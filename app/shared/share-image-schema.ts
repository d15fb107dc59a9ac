import { z } from "zod";
import { SHARE_IMAGE_NOT_OURS } from "./image-rules";

/**
 * The image a post or page is shared with: a path of ours or a full address. Only its shape
 * here; the server checks it is a gallery image or one of our uploads.
 */
export const shareImageSchema = z
  .string({ error: SHARE_IMAGE_NOT_OURS })
  .trim()
  .max(1000, SHARE_IMAGE_NOT_OURS)
  .regex(/^(\/\S+|https?:\/\/\S+)$/, SHARE_IMAGE_NOT_OURS)
  .optional();
