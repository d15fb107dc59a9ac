/**
 * A signed-out visitor's page links the full stylesheet at the end of <body>, where it does not
 * hold up the first paint, and gets the rules its first screen needs inlined in <head> by the
 * server (app/utils/critical-css.server.ts, docs/decisions/025). Signed-in users, whose pages
 * are never cached, and the development server keep the stylesheet in <head>.
 */
export const defersStylesheet = (user: unknown) => !import.meta.env.DEV && !user;
