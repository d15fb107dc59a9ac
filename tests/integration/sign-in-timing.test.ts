import { afterAll, beforeAll, expect, test } from "vitest";
import { createFirstAdmin } from "~/models/users.server";
import { action as loginAction } from "~/routes/auth/login";
import { getAuth } from "~/services/auth.server";
import { createUser } from "../support/accounts";
import { call, statusOf } from "../support/route-calls";

// A wrong password must cost the same for an unknown address as for a real account, or the
// answer's time tells which addresses have accounts (docs/decisions/039). better-auth hashes the
// given password when no account matches; this proves it still does, through our sign-in action,
// by counting the calls to its password hasher (which still does the work).
const calls: string[] = [];
let restore: () => void;

beforeAll(async () => {
  await createFirstAdmin({
    fullName: "مديرة",
    email: "admin@rifq.test",
    password: "Admin-pass-2026",
  });
  const { password } = await getAuth().$context;
  const { hash, verify } = password;
  password.hash = (value) => {
    calls.push("hash");
    return hash(value);
  };
  password.verify = (input) => {
    calls.push("verify");
    return verify(input);
  };
  restore = () => Object.assign(password, { hash, verify });
});

afterAll(() => restore());

function signIn(email: string) {
  const body = new URLSearchParams({ intent: "sign-in", email, password: "Wrong-pass-2026" });
  const request = new Request("http://localhost:3000/login", {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: "http://localhost:3000",
    },
    body,
  });
  return call(loginAction, request);
}

test("an unknown address runs the password hasher once, as a real account's check does", async () => {
  const editor = await createUser("editor");

  calls.length = 0;
  expect(statusOf(await signIn(editor.email))).toBe(400);
  expect(calls).toEqual(["verify"]);

  calls.length = 0;
  expect(statusOf(await signIn("nobody-here@example.test"))).toBe(400);
  expect(calls).toEqual(["hash"]);
});
