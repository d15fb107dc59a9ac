// The client build's files, answered from the brotli/gzip copies made at build time
// (scripts/precompress.js) when the browser accepts them; hashed assets are cached for a year.
import { readdirSync } from "node:fs";
import path from "node:path";
import express from "express";
import expressStaticGzip from "express-static-gzip";

/** @param {string} buildDir */
export function serveBuiltAssets(buildDir) {
  const precompressed = (dir, serveStatic) =>
    expressStaticGzip(path.join(buildDir, "client", dir), {
      enableBrotli: true,
      orderPreference: ["br", "gz"],
      index: false,
      serveStatic,
    });
  const router = express.Router();
  router.use("/assets", precompressed("assets", { immutable: true, maxAge: "1y", index: false }));
  // The other files and folders of the build: only addresses under them look on the disk, so a
  // page's request costs no file lookup (the build does not change while the server runs).
  const topLevel = new Set(
    readdirSync(path.join(buildDir, "client")).filter((name) => !/\.(br|gz)$/.test(name)),
  );
  const rootFiles = precompressed("", { maxAge: "1h", index: false });
  router.use((req, res, next) =>
    topLevel.has(req.path.split("/")[1]) ? rootFiles(req, res, next) : next(),
  );
  return router;
}
