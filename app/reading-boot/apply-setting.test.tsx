// @vitest-environment jsdom

import type { ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, expect, test } from "vitest";
import { BlocksProvider } from "~/components/content-block";
import { VideoChannel } from "~/components/gallery/video-channel";
import { ContactDetails } from "~/components/site/contact-details";
import { LayoutSettingsProvider } from "~/components/site/layout-settings";
import { SiteFooter } from "~/components/site-footer";
import {
  DEFAULT_CONTACT_INFO,
  DEFAULT_DONATION_ACCOUNT,
  DEFAULT_SOCIAL_LINKS,
} from "~/content/site-defaults";
import { type BlockMap, blockId } from "~/shared/content-blocks";
import type { LiveEvent } from "~/shared/live-event";
import type { ContactInfo, DonationAccount, SocialLinks } from "~/shared/site-settings";
import AuthScreen from "../routes/auth/login";
import DonatePage from "../routes/site/donate";
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
function parsed(markup: string): HTMLElement {
  const container = document.createElement("div");
  container.innerHTML = markup;
  return container;
}

/**
 * The same, with each element's attributes in one order: the DOM's equality (`isEqualNode`)
 * ignores their order, and an attribute the page adds comes last.
 */
function asDom(markup: string): string {
  const container = parsed(markup);
  for (const element of container.querySelectorAll("*")) {
    const attributes = element
      .getAttributeNames()
      .map((name) => [name, element.getAttribute(name)]);
    for (const [name] of attributes) element.removeAttribute(name as string);
    for (const [name, value] of attributes.sort())
      element.setAttribute(name as string, value ?? "");
  }
  return container.innerHTML;
}

/** What the page shows now, as `asDom` writes it. */
const shown = () => asDom(document.body.innerHTML);

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

  expect(shown()).toBe(asDom(renderToStaticMarkup(<Layout contact={contact} social={social} />)));
  expect(
    document.querySelector('footer [data-setting="contact_info.phone"]')?.getAttribute("href"),
  ).toBe("tel:+966135551234");
  expect(document.querySelector("main a[href^='mailto:']")?.textContent).toBe("care@rifq.org.sa");

  restoreRendered();
  expect(document.body.innerHTML).toBe(parsed(rendered).innerHTML);
});

test("a social link's new address is applied where the same links show", () => {
  document.body.innerHTML = renderToStaticMarkup(<Layout contact={contact} social={social} />);
  const moved = { ...social, youtube: "https://youtube.com/@rifq-sa" };

  expect(applyCarriedSetting(setting("social_links", moved))).toBe(true);

  expect(shown()).toBe(asDom(renderToStaticMarkup(<Layout contact={contact} social={moved} />)));
});

test("a social link that appears or goes shows or hides the gallery's channel button as a fresh render does", () => {
  // The footer's list of icons is read again from the page (tests/e2e/held-pages.e2e.ts); here
  // as once the app was asked for, which then shows it.
  const appAskedFor = () => true;
  const none = { ...DEFAULT_SOCIAL_LINKS };
  const rendered = renderToStaticMarkup(<Layout contact={contact} social={none} />);
  document.body.innerHTML = rendered;
  const main = () => asDom(document.querySelector("main")?.outerHTML ?? "");
  const freshMain = (links: SocialLinks) => {
    const markup = renderToStaticMarkup(<Layout contact={contact} social={links} />);
    return asDom(parsed(markup).querySelector("main")?.outerHTML ?? "");
  };

  for (const links of [social, { ...social, youtube: "" }, social]) {
    expect(applyCarriedSetting(setting("social_links", links), document, appAskedFor)).toBe(true);
    expect(main()).toBe(freshMain(links));
  }
  expect(document.querySelector("main a[data-setting-href]")?.hasAttribute("hidden")).toBe(false);
  restoreRendered();
  expect(document.body.innerHTML).toBe(parsed(rendered).innerHTML);
});

/** A route's page as the server renders it, with its loader's data and stored texts. */
function renderPage(Page: ComponentType, data: unknown, entry = "/", blocks: BlockMap = {}) {
  const Stub = createRoutesStub([{ id: "page", path: "/*", Component: Page, loader: () => data }]);
  return renderToStaticMarkup(
    <BlocksProvider value={blocks}>
      <Stub initialEntries={[entry]} hydrationData={{ loaderData: { page: data } }} />
    </BlocksProvider>,
  );
}

const account: DonationAccount = {
  title: "تبرّع لرفق",
  description: "تبرعك يصل إلى برامج الرعاية.\nوإلى الأسر.",
  bank_name: "مصرف الراجحي",
  account_number: "608010167519",
  iban: "SA0380000000608010167519",
};

test("new bank details show on the donate page as a fresh render shows them, and back", () => {
  const rendered = renderPage(DonatePage, { account: DEFAULT_DONATION_ACCOUNT });
  document.body.innerHTML = rendered;
  const noDetails = document.querySelector<HTMLElement>('[data-testid="donate-no-details"]');
  expect(noDetails?.hidden).toBe(false);

  for (const next of [
    account,
    { ...account, bank_name: "", account_number: "" },
    DEFAULT_DONATION_ACCOUNT,
  ]) {
    expect(applyCarriedSetting(setting("donation_account", next))).toBe(true);
    expect(shown()).toBe(asDom(renderPage(DonatePage, { account: next })));
  }
  expect(applyCarriedSetting(setting("donation_account", account))).toBe(true);
  expect(document.querySelector("h1")?.textContent).toBe("تبرّع لرفق");
  expect(document.querySelector('[data-testid="donate-iban"]')?.textContent).toBe(
    "SA03 8000 0000 6080 1016 7519",
  );
  expect(noDetails?.hidden).toBe(true);

  restoreRendered();
  expect(document.body.innerHTML).toBe(parsed(rendered).innerHTML);
});

test("a stored title on the donate page stays when the account changes, as a fresh render keeps it", () => {
  // Outside a BlockScope, the page's texts are stored under "/".
  const blocks: BlockMap = {
    [blockId("/", "donate-title")]: { type: "text", value: "ساهم معنا", updatedAt: "2026-11-27" },
  };
  document.body.innerHTML = renderPage(
    DonatePage,
    { account: DEFAULT_DONATION_ACCOUNT },
    "/donate",
    blocks,
  );

  expect(applyCarriedSetting(setting("donation_account", account))).toBe(true);

  expect(document.querySelector("h1")?.textContent).toBe("ساهم معنا");
  expect(shown()).toBe(asDom(renderPage(DonatePage, { account }, "/donate", blocks)));
});

test("the registration switch shows or hides the home page's sign-up link and the sign-in page's tab as fresh renders do", () => {
  const open = { registrationAllowed: true };
  const closed = { registrationAllowed: false };
  const registration = (allow: boolean) =>
    setting("registration_control", { allow_registration: allow });

  document.body.innerHTML = renderPage(Home, open);
  expect(applyCarriedSetting(registration(false))).toBe(true);
  expect(shown()).toBe(asDom(renderPage(Home, closed)));
  expect(document.querySelector<HTMLElement>('[data-testid="hero-login"]')?.hidden).toBe(true);
  expect(applyCarriedSetting(registration(true))).toBe(true);
  expect(shown()).toBe(asDom(renderPage(Home, open)));

  const signIn = { ...open, resetLink: null };
  document.body.innerHTML = renderPage(AuthScreen, { ...closed, resetLink: null }, "/auth");
  expect(applyCarriedSetting(registration(true))).toBe(true);
  expect(shown()).toBe(asDom(renderPage(AuthScreen, signIn, "/auth")));
  expect(document.querySelector('[role="tab"][hidden]')).toBeNull();
  expect(applyCarriedSetting(registration(false))).toBe(true);
  expect(shown()).toBe(asDom(renderPage(AuthScreen, { ...closed, resetLink: null }, "/auth")));

  // Asked for in the address, the sign-up tab is the open one: changing that is the app's.
  const signUp = renderPage(AuthScreen, signIn, "/auth?tab=signup");
  document.body.innerHTML = signUp;
  expect(applyCarriedSetting(registration(false))).toBe(false);
  expect(document.body.innerHTML).toBe(parsed(signUp).innerHTML);
});

test("a setting the page does not show needs nothing; the site's address and an event without its value bring the app", () => {
  const home = renderPage(Home, { registrationAllowed: true });
  document.body.innerHTML = home;

  // The home page shows no bank details, and the site's address is in every page's head.
  expect(applyCarriedSetting(setting("donation_account", account))).toBe(true);
  expect(applyCarriedSetting(setting("site_url", "https://rifq.org.sa"))).toBe(false);
  // An event without its value (the server could not read it) is the app's to apply.
  expect(applyCarriedSetting({ table: "site_settings", key: "contact_info" })).toBe(false);

  expect(document.body.innerHTML).toBe(parsed(home).innerHTML);
});
