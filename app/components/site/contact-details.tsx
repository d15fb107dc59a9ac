import { Mail, MapPin, Phone } from "lucide-react";
import { Text } from "~/components/content-block";
import { cn } from "~/shared/cn";
import { mailtoHref, telHref } from "~/shared/contact-links";
import type { ContactInfo } from "~/shared/site-settings";
import { useLayoutSettings } from "./layout-settings";

/** The association's contact info, live like the footer's. */
export const useSiteContact = (): ContactInfo => useLayoutSettings().contact;

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
        data-setting="contact_info.phone"
        className="inline-flex min-h-11 items-center font-medium break-all text-primary-dark underline-offset-4 hover:underline"
      >
        {value}
      </a>
    );
  if (field === "email")
    return (
      <a
        href={mailtoHref(value)}
        data-setting="contact_info.email"
        className="inline-flex min-h-11 items-center font-medium break-all text-primary-dark underline-offset-4 hover:underline"
      >
        {value}
      </a>
    );
  return <span data-setting="contact_info.address">{value}</span>;
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
