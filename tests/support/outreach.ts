import { requestAs, type TestUser } from "./accounts";

/** A form posted from the client at `address` (as server/app.ts sets x-forwarded-for). */
export function postFrom(
  address: string,
  pathname: string,
  form: Record<string, string | string[]>,
  user: Pick<TestUser, "cookie"> | null = null,
): Request {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(form)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
  }
  const request = requestAs(user, pathname, { body });
  request.headers.set("x-forwarded-for", address);
  return request;
}

/** Runs `run` with the rate limits on (they are off under the test runner by default). */
export async function withRateLimits<T>(run: () => Promise<T>): Promise<T> {
  process.env.RIFQ_RATE_LIMIT = "on";
  try {
    return await run();
  } finally {
    delete process.env.RIFQ_RATE_LIMIT;
  }
}
