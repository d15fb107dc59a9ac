import { Globe, HandCoins, Link2, type LucideIcon, Phone, UserPlus } from "lucide-react";
import type { SiteSettings } from "~/shared/site-settings";
import { ContactInfoForm } from "./contact-info-form";
import { DonationAccountForm, type LatestChange } from "./donation-account-form";
import { RegistrationForm } from "./registration-form";
import { SettingsSection } from "./settings-section";
import { SiteUrlForm } from "./site-url-form";
import { SocialLinksForm } from "./social-links-form";

export interface SiteSettingsData {
  settings: SiteSettings;
  /** The stored site address, else the one the server runs under. */
  siteUrl: string;
  donationChange: LatestChange | null;
}

interface SectionEntry {
  id: string;
  title: string;
  description: string;
  icon: LucideIcon;
  render: (data: SiteSettingsData) => React.ReactNode;
}

/**
 * A section's form is keyed by its stored value: when a save (or another admin) changes it, the
 * form starts afresh from the value as stored.
 */
const storedKey = (value: unknown) => JSON.stringify(value);

/** The administrators' sections of the settings screen (spec §2.9), in the screen's order. */
export const SITE_SETTINGS_SECTIONS: SectionEntry[] = [
  {
    id: "registration",
    title: "إعدادات التسجيل",
    description: "هل يستطيع الزوار إنشاء حسابات جديدة في الموقع.",
    icon: UserPlus,
    render: ({ settings }) => (
      <RegistrationForm
        key={storedKey(settings.registration_control)}
        allowed={settings.registration_control.allow_registration !== false}
      />
    ),
  },
  {
    id: "social-links",
    title: "روابط التواصل الاجتماعي",
    description: "حسابات الجمعية التي تظهر أيقوناتها في تذييل الموقع. اترك الحقل فارغاً لإخفائه.",
    icon: Link2,
    render: ({ settings }) => (
      <SocialLinksForm key={storedKey(settings.social_links)} links={settings.social_links} />
    ),
  },
  {
    id: "contact-info",
    title: "معلومات الاتصال",
    description: "الهاتف والبريد والعنوان في تذييل كل صفحة، وتتحدث فوراً لدى الزوار.",
    icon: Phone,
    render: ({ settings }) => (
      <ContactInfoForm key={storedKey(settings.contact_info)} contact={settings.contact_info} />
    ),
  },
  {
    id: "donation-account",
    title: "حساب التبرعات",
    description: "بيانات الحساب البنكي المعروضة في صفحة التبرع.",
    icon: HandCoins,
    render: ({ settings, donationChange }) => (
      <DonationAccountForm
        key={storedKey(settings.donation_account)}
        account={settings.donation_account}
        latestChange={donationChange}
      />
    ),
  },
  {
    id: "site-url",
    title: "رابط الموقع",
    description: "العنوان الذي تُبنى منه الروابط في رسائل البريد.",
    icon: Globe,
    render: ({ siteUrl }) => <SiteUrlForm key={siteUrl} siteUrl={siteUrl} />,
  },
];

export function SiteSettingsSections({ data }: { data: SiteSettingsData }) {
  return (
    <>
      {SITE_SETTINGS_SECTIONS.map(({ id, title, description, icon, render }) => (
        <SettingsSection key={id} id={id} title={title} description={description} icon={icon}>
          {render(data)}
        </SettingsSection>
      ))}
    </>
  );
}
