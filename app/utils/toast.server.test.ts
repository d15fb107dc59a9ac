import { describe, expect, it } from "vitest";
import { takeToast, toastHeader } from "./toast.server";

const BASE = "http://localhost:3000";
const cookiePart = (setCookie: string) => setCookie.split(";")[0] ?? "";
const withCookie = (cookie?: string) =>
  new Request(BASE, cookie ? { headers: { cookie } } : undefined);

describe("takeToast", () => {
  it("shows a toast once, then deletes its cookie", async () => {
    const set = await toastHeader({ type: "success", title: "تم حفظ التغييرات بنجاح" });
    const { toast, headers } = await takeToast(withCookie(cookiePart(set)));
    expect(toast?.title).toBe("تم حفظ التغييرات بنجاح");
    const cleared = headers?.["Set-Cookie"] ?? "";
    expect(cleared).toMatch(/^rifq_toast=;/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
  });

  it("leaves a request without a toast cookie alone", async () => {
    expect(await takeToast(withCookie())).toEqual({ toast: null, headers: undefined });
    expect(await takeToast(withCookie("better-auth.session_token=abc"))).toEqual({
      toast: null,
      headers: undefined,
    });
  });
});
