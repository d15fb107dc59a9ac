import { idOfSignedToken, signedToken } from "./signed-tokens.server";

/** The secret of an event registration's own page (its confirmation and cancel link). */
export const registrationToken = (id: string) => signedToken("event-registration", id);

/** The registration id a token was signed for, or null for anything else. */
export const registrationIdOf = (token: string) => idOfSignedToken("event-registration", token);
