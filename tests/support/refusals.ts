import { FORBIDDEN_MESSAGE, SIGN_IN_FIRST } from "~/shared/roles";

/** What a model's role check says, by status: what the error page shows a refused person. */
export const REFUSED_WITH = { 401: SIGN_IN_FIRST, 403: FORBIDDEN_MESSAGE } as const;
