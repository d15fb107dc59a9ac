/** The hidden field only robots fill in: a filled one is answered as a success, nothing kept. */
export const HONEYPOT_FIELD = "website";
