import type { Role } from "./statuses";

/**
 * A reader's page (a signed-out visitor's or a viewer's) links the later stylesheet at the end of
 * <body>, where it does not hold up the first paint, and gets the rules its first screen needs
 * inlined in <head> by the server (app/utils/critical-css.server.ts, docs/decisions/025, 096).
 * Staff, whose pages are never cached, and the development server keep the whole stylesheet in
 * <head>.
 */
export const defersStylesheet = (user: { role: Role } | null | undefined) =>
  !import.meta.env.DEV && (!user || user.role === "viewer");

/**
 * Where the build puts the later stylesheet of the stylesheet at `href`: the same name and hash
 * (it is made from that file alone), `.later.css` (scripts/later-stylesheet.ts, decision 061).
 */
export const laterStylesheetHref = (href: string) => href.replace(/\.css$/, ".later.css");
