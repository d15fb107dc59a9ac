import type { IconItem } from "./home";

export type { IconItem };

/** A card that leads to another page. */
export interface LinkItem extends IconItem {
  to: string;
}

/** A titled group of short points, e.g. a policy list. */
export interface ListItem extends IconItem {
  points: string[];
}
