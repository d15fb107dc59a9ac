/** A stored page text; `html` values arrive already sanitized by the server. */
export interface StoredBlock {
  value: string;
  type: "text" | "html";
}
export type BlockMap = Record<string, StoredBlock>;

/** Header and footer texts are shared by every page under this path. */
export const SHARED_BLOCK_PATH = "@layout";

export const blockId = (pagePath: string, key: string) => `${pagePath}\u0000${key}`;
