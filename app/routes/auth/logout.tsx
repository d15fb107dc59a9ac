import { redirect } from "react-router";
import { z } from "zod";
import { getAuth } from "~/services/auth.server";
import type { Toast } from "~/shared/action-result";
import { readFormData } from "~/utils/form-data.server";
import { logger } from "~/utils/logger.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { Route } from "./+types/logout";

export const loader = () => redirect("/");

interface Place {
  /** "all" ends every session of the account (the auth layer's global sign-out). */
  scope: "this" | "all";
  success: Toast;
  failure: Toast;
}

/** Each place's sign-out and its messages (spec §7, §8). */
export const SIGN_OUT_PLACES: Record<"site" | "admin" | "default", Place> = {
  site: {
    scope: "this",
    success: { type: "success", title: "تم تسجيل الخروج", description: "تم تسجيل خروجك بنجاح" },
    failure: { type: "error", title: "فشل تسجيل الخروج" },
  },
  admin: {
    scope: "all",
    success: { type: "success", title: "تم تسجيل الخروج" },
    failure: { type: "error", title: "خطأ", description: "فشل في تسجيل الخروج" },
  },
  default: {
    scope: "all",
    success: {
      type: "success",
      title: "تم تسجيل الخروج",
      description: "تم تسجيل الخروج من جميع الجلسات",
    },
    failure: { type: "error", title: "خطأ", description: "فشل في تسجيل الخروج" },
  },
};

const signOutSchema = z.object({ from: z.enum(["site", "admin"]).optional().catch(undefined) });

export async function action({ request }: Route.ActionArgs) {
  const { from } = signOutSchema.parse(Object.fromEntries(await readFormData(request)));
  const place = SIGN_OUT_PLACES[from ?? "default"];
  const auth = getAuth();
  try {
    const session = await auth.api.getSession({ headers: request.headers });
    // Already signed out (an expired session, a second tab): that is what was asked.
    if (!session) return redirectWithToast("/", place.success);
    const { headers } =
      place.scope === "all"
        ? await auth.api.revokeSessions({ headers: request.headers, returnHeaders: true })
        : await auth.api.signOut({ headers: request.headers, returnHeaders: true });
    return redirectWithToast("/", place.success, { headers });
  } catch (error) {
    logger.error({ err: error }, "sign-out failed");
    return redirectWithToast("/", place.failure);
  }
}
