import { randomUUID } from "node:crypto";
import { createCookieSessionStorage, redirect } from "react-router";
import type { Toast } from "~/shared/action-result";
import { getEnv } from "./env.server";

type ToastData = { toast: Toast };
let storage: ReturnType<typeof createCookieSessionStorage<ToastData, ToastData>> | undefined;

function toastStorage() {
  storage ??= createCookieSessionStorage<ToastData, ToastData>({
    cookie: {
      name: "rifq_toast",
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secrets: [getEnv().AUTH_SECRET],
      secure: getEnv().SITE_URL?.startsWith("https://") ?? false,
    },
  });
  return storage;
}

/** A header that makes the next page show `toast` once (read by the root loader). */
export async function toastHeader(toast: Toast): Promise<string> {
  const session = await toastStorage().getSession();
  session.flash("toast", { ...toast, id: toast.id ?? randomUUID() });
  return toastStorage().commitSession(session);
}

export async function redirectWithToast(url: string, toast: Toast, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await toastHeader(toast));
  return redirect(url, { ...init, headers });
}

/**
 * Reads and clears the pending toast of this request. A taken toast's cookie is deleted, not
 * saved empty: an empty signed cookie would be sent, and its signature checked, on every later
 * request of that browser (3–4 % of a staff page's CPU, docs/decisions/081).
 */
export async function takeToast(request: Request) {
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes("rifq_toast=")) return { toast: null, headers: undefined };
  const session = await toastStorage().getSession(cookie);
  const toast = (session.get("toast") as Toast | undefined) ?? null;
  return {
    toast,
    headers: { "Set-Cookie": await toastStorage().destroySession(session) },
  };
}
