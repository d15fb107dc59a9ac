import type { CardListMap } from "./card-items";
import type { BlockMap } from "./content-blocks";
import type { LayoutMenus } from "./menus";
import type { ContactInfo, SocialLinks } from "./site-settings";

/** The site layout route's id: its pages read the layout's data by it. */
export const SITE_LAYOUT_ID = "routes/site/layout";

/** What the site layout loads for every public page: its texts and the contact and social links. */
export interface SiteLayoutData {
  blocks: BlockMap;
  blockPaths: string[];
  contact: ContactInfo;
  social: SocialLinks;
  /** The page's stored card lists (docs/decisions/047); a list without one shows its defaults. */
  cardLists?: CardListMap;
  /** The header's menu and the footer's quick links; null: the spec's (docs/decisions/050). */
  menus?: LayoutMenus;
}
