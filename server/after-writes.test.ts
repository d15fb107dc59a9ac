import type { AddressInfo } from "node:net";
import express from "express";
import { expect, test } from "vitest";
import { forgetAfterWrites } from "./after-writes";

test("a request that may write forgets when it has ended; a read does not", async () => {
  const forgotten: string[] = [];
  let answered = 0;
  const app = express();
  app.use(
    forgetAfterWrites(() => {
      forgotten.push(`after ${answered} answers`);
    }),
  );
  app.all("/", (_req, res) => {
    answered++;
    res.send(String(forgotten.length));
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const send = (method: string) => fetch(url, { method }).then((r) => r.text());
    expect(await send("GET")).toBe("0");
    await send("HEAD");
    expect(forgotten).toEqual([]);
    for (const [index, method] of ["POST", "PUT", "PATCH", "DELETE"].entries()) {
      // Not forgotten while it is being answered, then once.
      expect(await send(method)).toBe(String(index));
      await expect.poll(() => forgotten.length).toBe(index + 1);
    }
    expect(forgotten).toEqual([
      "after 3 answers",
      "after 4 answers",
      "after 5 answers",
      "after 6 answers",
    ]);
  } finally {
    server.close();
  }
});
