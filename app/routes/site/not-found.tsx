import { data } from "react-router";
import { NotFound } from "~/components/not-found";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = () => [{ title: "الصفحة غير موجودة | جمعية رفق" }];

/** Any unknown path: the 404 page inside the site layout, answered with HTTP 404. */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFound />;
}
