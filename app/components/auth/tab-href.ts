export const AUTH_TABS = ["signin", "signup", "forgot"] as const;
export type AuthTab = (typeof AUTH_TABS)[number];

/** The sign-in screen's URL for `tab`, keeping the other parameters (redirectTo…). */
export function tabHref(searchParams: URLSearchParams, tab: AuthTab): string {
  const params = new URLSearchParams(searchParams);
  params.set("tab", tab);
  return `?${params}`;
}
