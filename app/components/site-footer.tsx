import { Html, Text } from "~/components/content-block";
import { AssociationLogo } from "~/components/logo";
import { MailIcon, MapPinIcon, PhoneIcon } from "~/components/site-icons";
import { SiteLink } from "~/components/site-link";
import { FacebookIcon, InstagramIcon, XIcon, YoutubeIcon } from "~/components/social-icons";
import { MENU, type MenuItem } from "~/content/menu";
import { cn } from "~/shared/cn";
import { mailtoHref, telHref } from "~/shared/contact-links";
import { isExternal } from "~/shared/menus";
import type { ContactInfo, SocialLinks } from "~/shared/site-settings";

const SOCIAL = [
  { key: "facebook", label: "فيسبوك", Icon: FacebookIcon },
  { key: "twitter", label: "تويتر (إكس)", Icon: XIcon },
  { key: "instagram", label: "إنستغرام", Icon: InstagramIcon },
  { key: "youtube", label: "يوتيوب", Icon: YoutubeIcon },
] as const;

const CONTACT_LINKS = {
  phone: { Icon: PhoneIcon, href: telHref, dir: "ltr", className: undefined },
  email: { Icon: MailIcon, href: mailtoHref, dir: undefined, className: "break-all" },
} as const;

/** A footer contact line that calls or writes: the link fills a 44 px target. */
function ContactLink({ field, contact }: { field: "phone" | "email"; contact: ContactInfo }) {
  const { Icon, href, dir, className } = CONTACT_LINKS[field];
  return (
    <li className="flex items-center gap-2">
      <Icon className="size-5 shrink-0" />
      <a
        href={href(contact[field])}
        dir={dir}
        className={cn("inline-flex min-h-11 items-center", className)}
        data-setting={`contact_info.${field}`}
      >
        {contact[field]}
      </a>
    </li>
  );
}

export function SiteFooter({
  contact,
  social,
  quickLinks,
}: {
  contact: ContactInfo;
  social: SocialLinks;
  /** The quick links as staff arranged them; none: the spec's menu (docs/decisions/050). */
  quickLinks?: MenuItem[] | null;
}) {
  const links = SOCIAL.filter(({ key }) => social[key]);
  return (
    <footer className="mt-16 bg-primary-dark text-white">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 md:grid-cols-3">
        <section className="space-y-3">
          <AssociationLogo className="h-14 rounded-lg bg-white p-1" />
          <Html
            k="footer-about"
            className="space-y-2 text-white/85 [&_a]:underline [&_ol]:list-decimal [&_ol]:ps-5 [&_ul]:list-disc [&_ul]:ps-5"
            html="<p>جمعية أهلية غير ربحية تعمل على تحسين جودة حياة كبار السن في المنطقة الشرقية، وتمكينهم من حياة كريمة آمنة.</p>"
          />
          {links.length > 0 && (
            <ul className="flex gap-2 print:hidden" aria-label="حساباتنا على مواقع التواصل">
              {links.map(({ key, label, Icon }) => (
                <li key={key}>
                  <a
                    href={social[key]}
                    data-setting-href={`social_links.${key}`}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={label}
                    className="flex size-11 items-center justify-center rounded-full bg-white/10 hover:bg-white/20"
                  >
                    <Icon aria-hidden className="size-5" />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
        <nav aria-label="روابط سريعة" className="space-y-3 print:hidden">
          <Text k="footer-links-title" as="h2" className="text-lg text-white">
            روابط سريعة
          </Text>
          <ul className="grid grid-cols-2 gap-x-2">
            {(quickLinks ?? MENU).map((item, index) => (
              <li key={`${index}-${item.path}`}>
                <QuickLink item={item} />
              </li>
            ))}
          </ul>
        </nav>
        <section className="space-y-3" aria-labelledby="footer-contact">
          <Text k="footer-contact-title" as="h2" className="text-lg text-white">
            تواصل معنا
          </Text>
          {/* Each setting's mark lets a reader's held page apply a new value (docs/decisions/055). */}
          <ul className="space-y-3 text-white/90" id="footer-contact">
            <ContactLink field="phone" contact={contact} />
            <ContactLink field="email" contact={contact} />
            <li className="flex items-center gap-2">
              <MapPinIcon className="size-5 shrink-0" />
              <span data-setting="contact_info.address">{contact.address}</span>
            </li>
          </ul>
        </section>
      </div>
      <p className="border-t border-white/15 py-4 text-center text-sm text-white/75">
        © {new Date().getFullYear()}{" "}
        <Text k="footer-copyright">جمعية رفق لرعاية كبار السن. جميع الحقوق محفوظة.</Text>
        <span className="print:hidden">
          {" · "}
          <SiteLink
            to="/privacy"
            className="inline-flex min-h-11 items-center underline hover:text-white"
          >
            <Text k="footer-privacy">الخصوصية وحماية البيانات</Text>
          </SiteLink>
        </span>
      </p>
    </footer>
  );
}

const QUICK_LINK =
  "inline-flex min-h-11 items-center text-white/85 hover:text-white hover:underline";

function QuickLink({ item }: { item: MenuItem }) {
  const label = item.titleKey ? <Text k={item.titleKey}>{item.title}</Text> : item.title;
  return isExternal(item) ? (
    <a href={item.path} rel="noopener noreferrer" className={QUICK_LINK}>
      {label}
    </a>
  ) : (
    <SiteLink to={item.path} className={QUICK_LINK}>
      {label}
    </SiteLink>
  );
}
