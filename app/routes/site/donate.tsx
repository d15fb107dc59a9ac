import { HandHeart, Landmark, Mail, Phone } from "lucide-react";
import { useLoaderData } from "react-router";
import { Text } from "~/components/content-block";
import { CopyButton } from "~/components/copy-button";
import { ErrorScreen } from "~/components/error-screen";
import { useLiveSetting } from "~/components/live-updates";
import { useSiteContact } from "~/components/site/contact-details";
import { getSettings } from "~/models/site-settings.server";
import { cn } from "~/shared/cn";
import { mailtoHref, telHref } from "~/shared/contact-links";
import { inGroupsOfFour } from "~/shared/iban";
import { pageMeta } from "~/shared/meta";
import type { DonationAccount } from "~/shared/site-settings";
import type { Route } from "./+types/donate";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    title: loaderData?.account.title ?? "تبرّع",
    description: loaderData?.account.description ?? "ادعم برامج جمعية رفق لرعاية كبار السن بتبرعك.",
    path: "/donate",
    settings: { title: "donation_account.title", description: "donation_account.description" },
  });

/** The donation_account setting, or the spec's fallbacks until an administrator saves one. */
export async function loader() {
  const { donation_account } = await getSettings(["donation_account"]);
  return { account: donation_account };
}

type DetailKey = "bank_name" | "account_number" | "iban";

const DETAILS: { key: DetailKey; label: string; copyLabel: string; ltr: boolean }[] = [
  { key: "bank_name", label: "اسم البنك", copyLabel: "نسخ اسم البنك", ltr: false },
  { key: "account_number", label: "رقم الحساب", copyLabel: "نسخ رقم الحساب", ltr: true },
  { key: "iban", label: "رقم الآيبان (IBAN)", copyLabel: "نسخ رقم الآيبان", ltr: true },
];

/** The details' fields: the page shows the bank details when one is filled (`data-shown-by`). */
const DETAIL_FIELDS = DETAILS.map(({ key }) => `donation_account.${key}`).join(" ");

/**
 * Every detail is rendered, an empty one `hidden`, so a reader's held page shows one that comes
 * (docs/decisions/055); a line divides each shown detail from the one shown before it.
 */
function BankDetails({ account }: { account: DonationAccount }) {
  return (
    <dl className="[&>*]:border-line [&>:not([hidden])~*]:border-t">
      {DETAILS.map(({ key, label, copyLabel, ltr }) => {
        const value = account[key].trim();
        const shown = key === "iban" ? inGroupsOfFour(value) : value;
        // Copy the IBAN without spaces: banking apps expect it in one piece.
        const copied = key === "bank_name" ? value : value.replace(/\s+/g, "");
        return (
          <div key={key} className="py-4" data-shown-by={`donation_account.${key}`} hidden={!value}>
            <dt className="text-muted">
              <Text k={`donate-${key}-label`}>{label}</Text>
            </dt>
            <dd className="mt-1 flex flex-col items-start gap-2 sm:flex-row sm:items-center sm:justify-between sm:gap-3">
              <span
                className={cn(
                  "w-full min-w-0 text-xl font-bold [overflow-wrap:anywhere] text-ink sm:w-auto sm:flex-1 md:text-2xl",
                  // Numbers read left to right but stay aligned with the Arabic labels.
                  ltr && "text-end",
                  // On paper a number prints whole, on one line (docs/decisions/054).
                  ltr && "print:whitespace-nowrap print:[overflow-wrap:normal]",
                )}
                dir={ltr ? "ltr" : undefined}
                data-testid={`donate-${key}`}
                data-setting={`donation_account.${key}`}
                data-setting-as={key === "iban" ? "iban" : undefined}
              >
                {shown}
              </span>
              <CopyButton value={copied} label={copyLabel} />
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

function DetailsComingSoon({ hidden }: { hidden: boolean }) {
  const contact = useSiteContact();
  return (
    <div
      className="rounded-2xl bg-accent-light p-5"
      data-testid="donate-no-details"
      data-shown-by={`!${DETAIL_FIELDS}`}
      hidden={hidden}
    >
      <Text k="donate-pending" as="p" className="text-lg">
        نعمل حالياً على تجهيز بيانات الحساب البنكي للتبرعات، وسننشرها هنا قريباً بإذن الله. يسعدنا
        تواصلك معنا لنرشدك إلى طرق التبرع المتاحة.
      </Text>
      <ul className="mt-4 space-y-2">
        <li className="flex items-center gap-2">
          <Phone aria-hidden className="size-5 text-primary" />
          <a
            href={telHref(contact.phone)}
            dir="ltr"
            data-setting="contact_info.phone"
            className="inline-flex min-h-11 items-center underline"
          >
            {contact.phone}
          </a>
        </li>
        <li className="flex items-center gap-2">
          <Mail aria-hidden className="size-5 text-primary" />
          <a
            href={mailtoHref(contact.email)}
            data-setting="contact_info.email"
            className="inline-flex min-h-11 items-center break-all underline"
          >
            {contact.email}
          </a>
        </li>
      </ul>
    </div>
  );
}

export default function DonatePage() {
  // A new account shows at once (the event carries it), the title in the head once reloaded.
  const account = useLiveSetting("donation_account", useLoaderData<typeof loader>().account);
  const hasDetails = DETAILS.some(({ key }) => account[key].trim());
  return (
    <>
      <section className="bg-gradient-to-b from-accent-light to-white px-4 py-14 text-center">
        <HandHeart aria-hidden className="mx-auto mb-4 size-14 text-accent" />
        <Text
          k="donate-title"
          as="h1"
          className="text-3xl text-primary-dark md:text-4xl"
          setting="donation_account.title"
        >
          {account.title}
        </Text>
        <Text
          k="donate-description"
          as="p"
          className="mx-auto mt-4 max-w-3xl text-lg text-muted"
          setting="donation_account.description"
        >
          {account.description}
        </Text>
      </section>

      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-8 px-4 py-10 lg:grid-cols-5">
        {/* The bank details and the way to ask for them are both rendered, one `hidden`, so a
            reader's held page applies a change of the setting by itself (docs/decisions/055). */}
        <section
          aria-labelledby="bank-heading"
          className="rounded-3xl border border-line bg-white p-6 shadow-sm lg:col-span-3 md:p-8"
        >
          <div className="mb-4 flex items-center gap-3">
            <span className="flex size-12 items-center justify-center rounded-xl bg-primary-light text-primary">
              <Landmark aria-hidden className="size-6" />
            </span>
            <Text k="donate-bank-title" as="h2" id="bank-heading" className="text-2xl">
              بيانات الحساب البنكي
            </Text>
          </div>
          <div data-shown-by={DETAIL_FIELDS} hidden={!hasDetails}>
            <Text k="donate-bank-intro" as="p" className="text-muted">
              يمكنك التحويل مباشرة إلى حساب الجمعية؛ اضغط «نسخ» بجانب أي رقم لنسخه.
            </Text>
            <BankDetails account={account} />
          </div>
          <DetailsComingSoon hidden={hasDetails} />
        </section>

        <figure className="flex flex-col justify-center rounded-3xl bg-primary-dark p-6 text-center text-white lg:col-span-2 md:p-8">
          <blockquote>
            <Text k="donate-verse" as="p" className="text-2xl leading-loose">
              «مَّثَلُ الَّذِينَ يُنفِقُونَ أَمْوَالَهُمْ فِي سَبِيلِ اللَّهِ كَمَثَلِ حَبَّةٍ أَنبَتَتْ سَبْعَ سَنَابِلَ فِي كُلِّ سُنبُلَةٍ مِّائَةُ حَبَّةٍ
              وَاللَّهُ يُضَاعِفُ لِمَن يَشَاءُ وَاللَّهُ وَاسِعٌ عَلِيمٌ»
            </Text>
          </blockquote>
          <figcaption className="mt-4 text-white/85">
            <Text k="donate-verse-reference">سورة البقرة، الآية 261</Text>
          </figcaption>
        </figure>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}
