// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, expect, test } from "vitest";
import ImagesList from "~/routes/admin/images/list";
import VideosList from "~/routes/admin/videos/list";

afterEach(cleanup);

const when = new Date("2026-01-01T10:00:00Z");
const page = { q: "", loadError: null, page: 1, hasMore: false };

function renderList(path: string, Component: () => React.ReactNode, data: object) {
  const Stub = createRoutesStub([
    { path, loader: () => data, Component, HydrateFallback: () => null },
  ]);
  render(<Stub initialEntries={[path]} />);
}

test("the images list: a card per image, with its edit link and delete button", async () => {
  const image = {
    id: "i1",
    title: "صورة أولى",
    description: null,
    imageUrl: "/uploads/gallery/a.webp",
    categoryName: null,
    authorName: "سارة",
    createdAt: when,
  };
  renderList("/admin/dashboard/images", ImagesList, { images: [image], ...page });
  const grid = await screen.findByRole("list", { name: "قائمة الصور" });
  const card = within(grid).getByRole("listitem");
  expect(within(card).getByText("صورة أولى")).toBeTruthy();
  expect(
    within(card)
      .getAllByRole("link")
      .some((link) => link.getAttribute("href") === "/admin/dashboard/images/i1/edit"),
  ).toBe(true);
  expect(within(card).getAllByRole("button").length).toBeGreaterThan(0);
});

test("the videos list: a card per video, with its publish toggle, edit link and delete", async () => {
  const video = {
    id: "v1",
    title: "فيديو أول",
    description: null,
    youtubeId: "dQw4w9WgXcQ",
    status: "draft",
    categoryName: null,
    authorName: "سارة",
    viewsCount: 3,
    createdAt: when,
    updatedAt: when,
  };
  renderList("/admin/dashboard/videos", VideosList, { videos: [video], ...page });
  const grid = await screen.findByRole("list", { name: "قائمة الفيديوهات" });
  const card = within(grid).getByRole("listitem");
  expect(within(card).getByText("فيديو أول")).toBeTruthy();
  expect(
    within(card)
      .getAllByRole("link")
      .some((link) => link.getAttribute("href") === "/admin/dashboard/videos/v1/edit"),
  ).toBe(true);
  expect(within(card).getAllByRole("button").length).toBeGreaterThan(1);
});
