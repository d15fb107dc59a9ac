import type { Browser } from "playwright-core";

/** `image`: the site's own (logo, icons); `photo`: the staff's uploads. */
export type Kind = "html" | "css" | "js" | "font" | "image" | "photo" | "other";

export interface FirstVisit {
  url: string;
  /** Encoded body bytes by kind, as they came over the network. */
  bytes: Record<Kind, number>;
  requests: Record<Kind, number>;
  total: number;
  /** Everything but the staff's photos: what every visit to the page costs. */
  page: number;
  requestCount: number;
  responses: { url: string; kind: Kind; bytes: number; encoding: string }[];
  /** Requests to other sites, refused. */
  external: string[];
  /** Console errors and uncaught page errors. */
  errors: string[];
}

export function measureFirstVisit(
  browser: Browser,
  url: string,
  options?: { viewport?: { width: number; height: number } },
): Promise<FirstVisit>;
export function kb(n: number): string;
export function formatFirstVisit(m: FirstVisit): string;
export function firstVisit(options: { url: string; pages: string[] }): Promise<void>;
