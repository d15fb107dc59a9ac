import { type LoaderFunctionArgs, redirect } from "react-router";

/**
 * /admin/posts/…, /admin/videos/…, /admin/images/… → their /admin/dashboard/… twins, keeping
 * the rest of the path and the query (docs/decisions: one family of staff paths).
 */
export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return redirect(`${url.pathname.replace(/^\/admin\//, "/admin/dashboard/")}${url.search}`, 301);
}
