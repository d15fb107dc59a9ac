import { createContext, useContext } from "react";
import { DEFAULT_CONTACT_INFO, DEFAULT_SOCIAL_LINKS } from "~/content/site-defaults";
import type { ContactInfo, SocialLinks } from "~/shared/site-settings";

interface LayoutSettings {
  contact: ContactInfo;
  social: SocialLinks;
}

const LayoutSettingsContext = createContext<LayoutSettings>({
  contact: DEFAULT_CONTACT_INFO,
  social: DEFAULT_SOCIAL_LINKS,
});

/** Given by the public layout: the settings it loaded, or as live events since brought them. */
export const LayoutSettingsProvider = LayoutSettingsContext.Provider;

/**
 * The contact info and social links as the footer shows them, so a page's own copies follow the
 * settings screen and update live with it (a held page applies them by their marks:
 * docs/decisions/055).
 */
export function useLayoutSettings(): LayoutSettings {
  return useContext(LayoutSettingsContext);
}
