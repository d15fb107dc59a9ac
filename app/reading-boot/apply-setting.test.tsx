// @vitest-environment jsdom
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, expect, test } from "vitest";
import { VideoChannel } from "~/components/gallery/video-channel";
import { ContactDetails } from "~/components/site/contact-details";
import { LayoutSettingsProvider } from "~/components/site/layout-settings";
import { SiteFooter } from "~/components/site-footer";
import { DEFAULT_CONTACT_INFO, DEFAULT_SOCIAL_LINKS } from "~/content/site-defaults";
import type { LiveEvent } from "~/shared/live-event";
import type { ContactInfo, SocialLinks } from "~/shared/site-settings";
import Home from "../routes/site/home";
import { applyCarriedSetting } from "./apply-setting";
import { restoreRendered } from "./rendered";

// A held page applies a setting from the event to what the server rendered (docs/decisions/055):
// the result must be what the same components render with the new setting.

afterEach(() => {
  restoreRendered();
  document.body.innerHTML = "";
});

/** The layout's parts that show the contact info and social links, as a page of the site shows them. */
function Layout({ contact, social }: { contact: ContactInfo; social: SocialLinks }) {
  return (
    <LayoutSettingsProvider value={{ contact, social }}>
      <main id="main">
        <ContactDetails k="privacy-contact" fields={["phone", "email"]} />
        <VideoChannel channelUrl={social.youtube} />
      </main>
      <SiteFooter contact={contact} social={social} />
    </LayoutSettingsProvider>
  );
}

/** Server markup as a browser's DOM holds it (attributes and entities as the parser writes them). */
function asDom(markup: string): string {
  const container = document.createElement("div");
  container.innerHTML = markup;
  return container.innerHTML;
}

const contact: ContactInfo = {
  phone: "+966 13 555 1234",
  email: "care@rifq.org.sa",
  address: "الخبر، المنطقة الشرقية",
};
const social: SocialLinks = {
  ...DEFAULT_SOCIAL_LINKS,
  facebook: "https://facebook.com/rifq",
  youtube: "https://youtube.com/@rifq",
};

const setting = (key: string, value: unknown): LiveEvent => ({
  table: "site_settings",
  key,
  value,
});

test("new contact info shows in the footer and the page as a fresh render shows it, and the server's render comes back for the app", () => {
  const rendered = renderToStaticMarkup(<Layout contact={DEFAULT_CONTACT_INFO} social={social} />);
  document.body.innerHTML = rendered;

  expect(applyCarriedSetting(setting("contact_info", contact))).toBe(true);

  expect(document.body.innerHTML).toBe(
    asDom(renderToStaticMarkup(<Layout contact={contact} social={social} />)),
  );
  expect(
    document.querySelector('footer [data-setting="contact_info.phone"]')?.getAttribute("href"),
  ).toBe("tel:+966135551234");
  expect(document.querySelector("main a[href^='mailto:']")?.textContent).toBe("care@rifq.org.sa");

  restoreRendered();
  expect(document.body.innerHTML).toBe(asDom(rendered));
});

test("a social link's new address is applied where the same links show", () => {
  document.body.innerHTML = renderToStaticMarkup(<Layout contact={contact} social={social} />);
  const moved = { ...social, youtube: "https://youtube.com/@rifq-sa" };

  expect(applyCarriedSetting(setting("social_links", moved))).toBe(true);

  expect(document.body.innerHTML).toBe(
    asDom(renderToStaticMarkup(<Layout contact={contact} social={moved} />)),
  );
});

test("a social link that appears or goes is left to the app: the page is not changed", () => {
  const rendered = asDom(renderToStaticMarkup(<Layout contact={contact} social={social} />));
  document.body.innerHTML = rendered;

  const added = { ...social, instagram: "https://instagram.com/rifq" };
  expect(applyCarriedSetting(setting("social_links", added))).toBe(false);
  const removed = { ...social, youtube: "" };
  expect(applyCarriedSetting(setting("social_links", removed))).toBe(false);

  expect(document.body.innerHTML).toBe(rendered);
});

test("a setting shown in a shape only the app renders brings it; one the page does not show needs nothing", () => {
  const Stub = createRoutesStub([
    { id: "root", path: "/", Component: Home, loader: () => ({ registrationAllowed: true }) },
  ]);
  const home = renderToStaticMarkup(
    <Stub
      initialEntries={["/"]}
      hydrationData={{ loaderData: { root: { registrationAllowed: true } } }}
    />,
  );
  document.body.innerHTML = home;
  expect(document.querySelector('[data-testid="hero-login"]')).not.toBeNull();

  // Closing registration removes the home page's sign-up link: the app renders that.
  expect(applyCarriedSetting(setting("registration_control", { allow_registration: false }))).toBe(
    false,
  );
  // The home page shows no bank details, and the site's address is in every page's head.
  expect(applyCarriedSetting(setting("donation_account", { title: "تبرّع", iban: "" }))).toBe(true);
  expect(applyCarriedSetting(setting("site_url", "https://rifq.org.sa"))).toBe(false);
  // An event without its value (the server could not read it) is the app's to apply.
  expect(applyCarriedSetting({ table: "site_settings", key: "contact_info" })).toBe(false);

  expect(document.body.innerHTML).toBe(asDom(home));
});
