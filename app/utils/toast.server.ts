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

/** Reads and clears the pending toast of this request. */
export async function takeToast(request: Request) {
  const session = await toastStorage().getSession(request.headers.get("Cookie"));
  const toast = (session.get("toast") as Toast | undefined) ?? null;
  return {
    toast,
    headers: toast ? { "Set-Cookie": await toastStorage().commitSession(session) } : undefined,
  };
}
