import { getAuth } from "~/utils/auth.server";
import type { Route } from "./+types/auth";

/** better-auth's own endpoints (e-mail verification links, session, sign-out…). */
export const loader = ({ request }: Route.LoaderArgs) => getAuth().handler(request);
export const action = ({ request }: Route.ActionArgs) => getAuth().handler(request);
