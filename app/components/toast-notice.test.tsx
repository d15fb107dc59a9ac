import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { expect, test } from "vitest";
import type { Toast } from "~/shared/action-result";
import { ToastNotice } from "./toast-notice";

/** The notice as the server renders it, on a page at `/`. */
async function serverHtml(toast: Toast | null) {
  const routes = [{ path: "/", element: <ToastNotice toast={toast} /> }];
  const { query, dataRoutes } = createStaticHandler(routes);
  const context = await query(new Request("http://localhost/"));
  if (context instanceof Response) throw context;
  return renderToStaticMarkup(
    <StaticRouterProvider router={createStaticRouter(dataRoutes, context)} context={context} />,
  );
}

test("the server's HTML carries the toast in a status region, so a page without its app shows it", async () => {
  const html = await serverHtml({
    type: "success",
    title: "تم تسجيل الخروج",
    description: "تم تسجيل خروجك بنجاح",
  });
  expect(html).toContain('role="status"');
  expect(html).toContain("<strong");
  expect(html).toContain("تم تسجيل الخروج</strong><span> — تم تسجيل خروجك بنجاح</span>");
});

test("without a toast the region is there, empty, ready to announce one", async () => {
  const html = await serverHtml(null);
  expect(html).toMatch(/<div role="status" class="text-base"><\/div>/);
});
