import { Mail, MapPin, Phone } from "lucide-react";
import { useRouteLoaderData } from "react-router";
import { Text } from "~/components/content-block";
import { DEFAULT_CONTACT_INFO } from "~/content/site-defaults";
import { cn } from "~/shared/cn";
import { SITE_LAYOUT_ID, type SiteLayoutData } from "~/shared/site-layout-data";
import type { ContactInfo } from "~/shared/site-settings";

/**
 * The association's contact info from the site settings the public layout loaded, so it
 * follows the settings screen and updates live like the footer.
 */
export function useSiteContact(): ContactInfo {
  return useRouteLoaderData<SiteLayoutData>(SITE_LAYOUT_ID)?.contact ?? DEFAULT_CONTACT_INFO;
}

/** A dialable tel: link for a phone number written with spaces or dashes. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

export type ContactField = keyof ContactInfo;

const FIELDS = {
  phone: { icon: Phone, label: "الهاتف" },
  email: { icon: Mail, label: "البريد الإلكتروني" },
  address: { icon: MapPin, label: "العنوان" },
} as const;

/** A contact value, as a link where one can act on it. */
export function ContactValue({ field, contact }: { field: ContactField; contact: ContactInfo }) {
  const value = contact[field];
  if (field === "phone")
    return (
      <a
        href={telHref(value)}
        dir="ltr"
        className="inline-flex min-h-11 items-center font-medium break-all text-primary-dark underline-offset-4 hover:underline"
      >
        {value}
      </a>
    );
  if (field === "email")
    return (
      <a
        href={`mailto:${value}`}
        className="inline-flex min-h-11 items-center font-medium break-all text-primary-dark underline-offset-4 hover:underline"
      >
        {value}
      </a>
    );
  return <span>{value}</span>;
}

/** Labelled contact lines (labels are editable blocks `k`-`field`-label). */
export function ContactDetails({
  k,
  fields = ["phone", "email", "address"],
  className,
}: {
  k: string;
  fields?: readonly ContactField[];
  className?: string;
}) {
  const contact = useSiteContact();
  return (
    <dl className={cn("space-y-4", className)}>
      {fields.map((field) => {
        const { icon: Icon, label } = FIELDS[field];
        return (
          <div key={field} className="relative min-h-11 ps-14">
            <Text k={`${k}-${field}-label`} as="dt" className="text-sm text-muted">
              {label}
            </Text>
            <dd className="break-words text-lg">
              <span
                aria-hidden
                className="absolute start-0 top-0 flex size-11 items-center justify-center rounded-full bg-primary-light text-primary"
              >
                <Icon className="size-5" />
              </span>
              <ContactValue field={field} contact={contact} />
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
