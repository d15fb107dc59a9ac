/** Only same-site paths may be redirect targets (no `//evil.example` or absolute URLs). */
export function safeRedirect(target: unknown, fallback = "/"): string {
  if (
    typeof target !== "string" ||
    !target.startsWith("/") ||
    target.startsWith("//") ||
    target.startsWith("/\\")
  ) {
    return fallback;
  }
  return target;
}
