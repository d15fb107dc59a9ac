import { handleAuthHttpRequest } from "~/services/auth.server";
import type { Route } from "./+types/auth";

/** The few better-auth endpoints our pages use (the e-mail confirmation link); 404 for the rest. */
export const loader = ({ request }: Route.LoaderArgs) => handleAuthHttpRequest(request);
export const action = ({ request }: Route.ActionArgs) => handleAuthHttpRequest(request);
