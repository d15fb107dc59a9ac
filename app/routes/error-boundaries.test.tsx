// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub, Outlet } from "react-router";
import { afterEach, expect, test } from "vitest";
import { ERROR_TITLE } from "~/components/error-screen";
import { DEFAULT_CONTACT_INFO, DEFAULT_SOCIAL_LINKS } from "~/content/site-defaults";
import { expectLog } from "../../tests/support/logs";
import DashboardLayout, { ErrorBoundary as StaffBoundary } from "./admin/dashboard-layout";
import Profile, { ErrorBoundary as ProfileBoundary } from "./auth/profile";
import TwoFactorPage, { ErrorBoundary as TwoFactorBoundary } from "./auth/two-factor";
import SiteLayout, { ErrorBoundary as SiteBoundary } from "./site/layout";

/** Renders nothing (the stubs' hydration fallback and empty pages). */
const Nothing = () => null;
afterEach(cleanup);

const failingPage = {
  path: "broken",
  loader: () => {
    throw new Error("the database went away");
  },
  Component: () => null,
};

function renderTree(layout: object) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => ({ user: null }),
      Component: Outlet,
      HydrateFallback: Nothing,
      children: [layout],
    },
  ]);
  render(<Stub initialEntries={["/broken"]} />);
}

/** A route module as the stub takes it: its id, its screen and its error boundary. */
const route = (id: string, Component: unknown, ErrorBoundary: unknown) => ({
  id,
  Component,
  ErrorBoundary,
});
const SITE = route("routes/site/layout", SiteLayout, SiteBoundary);
const STAFF = route("routes/admin/dashboard-layout", DashboardLayout, StaffBoundary);
const PROFILE = route("routes/auth/profile", Profile, ProfileBoundary);
const TWO_FACTOR = route("routes/auth/two-factor", TwoFactorPage, TwoFactorBoundary);

/** Renders `layout` under the root, where `failure` is logged, until the error screen shows. */
async function renderFailure(failure: RegExp, layout: object) {
  expectLog("console.error", failure);
  renderTree(layout);
  expect(await screen.findByRole("heading", { level: 1, name: ERROR_TITLE })).toBeTruthy();
}

test("a public page that fails keeps the site's header and footer", async () => {
  await renderFailure(/the database went away/, {
    ...SITE,
    loader: () => ({
      blocks: {},
      blockPaths: [],
      contact: DEFAULT_CONTACT_INFO,
      social: DEFAULT_SOCIAL_LINKS,
    }),
    children: [failingPage],
  });
  expect(within(screen.getByRole("banner")).getAllByRole("link").length).toBeGreaterThan(3);
  expect(
    within(screen.getByRole("contentinfo")).getByText(DEFAULT_CONTACT_INFO.email),
  ).toBeTruthy();
});

test("when the layout itself fails, the site frame still shows with its built-in texts", async () => {
  await renderFailure(/the settings are unreadable/, {
    ...SITE,
    loader: () => {
      throw new Error("the settings are unreadable");
    },
    children: [{ path: "broken", Component: Nothing }],
  });
  expect(screen.getByRole("banner")).toBeTruthy();
  expect(screen.getByRole("contentinfo")).toBeTruthy();
});

test("a staff screen that fails keeps the staff frame and its navigation", async () => {
  await renderFailure(/the database went away/, {
    ...STAFF,
    loader: () => ({
      actor: { id: "u1", role: "editor", email: "editor@rifq.test", fullName: "محررة" },
    }),
    children: [failingPage],
  });
  const nav = screen.getAllByRole("navigation")[0];
  expect(within(nav).getByRole("link", { name: /المقالات/ })).toBeTruthy();
});

test("the account settings page that fails keeps its top bar and the way back to the site", async () => {
  await renderFailure(/the database went away/, { ...failingPage, ...PROFILE });
  const bar = screen.getByRole("navigation", { name: "حسابي" });
  expect(within(bar).getByRole("link", { name: /الموقع الرئيسي/ })).toBeTruthy();
  // Who is signed in is unknown: no staff link, no sign-out to a session it cannot see.
  expect(within(bar).queryByRole("link", { name: /لوحة التحكم/ })).toBeNull();
});

test("the two-factor page that fails keeps its card, one heading and the way back", async () => {
  await renderFailure(/the database went away/, { ...failingPage, ...TWO_FACTOR });
  expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
  expect(screen.getByRole("link", { name: /العودة إلى الموقع الرئيسي/ })).toBeTruthy();
});
