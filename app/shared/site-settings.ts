import type {
  DEFAULT_CONTACT_INFO,
  DEFAULT_DONATION_ACCOUNT,
  DEFAULT_SOCIAL_LINKS,
} from "~/content/site-defaults";

/** The site settings as the server stores them and the screens show them. */
export type SocialLinks = typeof DEFAULT_SOCIAL_LINKS;
export type ContactInfo = typeof DEFAULT_CONTACT_INFO;
export type DonationAccount = typeof DEFAULT_DONATION_ACCOUNT;

export interface SiteSettings {
  social_links: SocialLinks;
  contact_info: ContactInfo;
  donation_account: DonationAccount;
  registration_control: { allow_registration: boolean };
  site_url: string | null;
}

export type SettingKey = keyof SiteSettings;

/** The field that opens registration, as a held page's marks name it (docs/decisions/055). */
export const REGISTRATION_OPEN = "registration_control.allow_registration";
