import { redirect } from "react-router";
import { getAuth } from "~/utils/auth.server";
import { logger } from "~/utils/logger.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { Route } from "./+types/logout";

export const loader = () => redirect("/");

/** Signs out (spec §8: 'تم تسجيل الخروج' on success, 'فشل في تسجيل الخروج' on failure). */
export async function action({ request }: Route.ActionArgs) {
  try {
    const { headers } = await getAuth().api.signOut({
      headers: request.headers,
      returnHeaders: true,
    });
    return redirectWithToast(
      "/",
      { type: "success", title: "تم تسجيل الخروج", description: "تم تسجيل خروجك بنجاح" },
      { headers },
    );
  } catch (error) {
    logger.error({ err: error }, "sign-out failed");
    return redirectWithToast("/", {
      type: "error",
      title: "خطأ",
      description: "فشل في تسجيل الخروج",
    });
  }
}
