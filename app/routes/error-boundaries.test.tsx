// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub, Outlet } from "react-router";
import { afterEach, expect, test } from "vitest";
import { ERROR_TITLE } from "~/components/error-screen";
import { DEFAULT_CONTACT_INFO, DEFAULT_SOCIAL_LINKS } from "~/content/site-defaults";
import { expectLog } from "../../tests/support/logs";
import DashboardLayout, { ErrorBoundary as StaffBoundary } from "./admin/dashboard-layout";
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

test("a public page that fails keeps the site's header and footer", async () => {
  expectLog("console.error", /the database went away/);
  renderTree({
    id: "routes/site/layout",
    Component: SiteLayout,
    ErrorBoundary: SiteBoundary,
    loader: () => ({
      blocks: {},
      blockPaths: [],
      contact: DEFAULT_CONTACT_INFO,
      social: DEFAULT_SOCIAL_LINKS,
    }),
    children: [failingPage],
  });
  expect(await screen.findByRole("heading", { level: 1, name: ERROR_TITLE })).toBeTruthy();
  expect(within(screen.getByRole("banner")).getAllByRole("link").length).toBeGreaterThan(3);
  expect(
    within(screen.getByRole("contentinfo")).getByText(DEFAULT_CONTACT_INFO.email),
  ).toBeTruthy();
});

test("when the layout itself fails, the site frame still shows with its built-in texts", async () => {
  expectLog("console.error", /the settings are unreadable/);
  renderTree({
    id: "routes/site/layout",
    Component: SiteLayout,
    ErrorBoundary: SiteBoundary,
    loader: () => {
      throw new Error("the settings are unreadable");
    },
    children: [{ path: "broken", Component: Nothing }],
  });
  expect(await screen.findByRole("heading", { level: 1, name: ERROR_TITLE })).toBeTruthy();
  expect(screen.getByRole("banner")).toBeTruthy();
  expect(screen.getByRole("contentinfo")).toBeTruthy();
});

test("a staff screen that fails keeps the staff frame and its navigation", async () => {
  expectLog("console.error", /the database went away/);
  renderTree({
    id: "routes/admin/dashboard-layout",
    Component: DashboardLayout,
    ErrorBoundary: StaffBoundary,
    loader: () => ({
      actor: { id: "u1", role: "editor", email: "editor@rifq.test", fullName: "محررة" },
    }),
    children: [failingPage],
  });
  expect(await screen.findByRole("heading", { level: 1, name: ERROR_TITLE })).toBeTruthy();
  const nav = screen.getAllByRole("navigation")[0];
  expect(within(nav).getByRole("link", { name: /المقالات/ })).toBeTruthy();
});
