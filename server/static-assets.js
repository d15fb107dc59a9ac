// The client build's files, answered from the brotli/gzip copies made at build time
// (scripts/precompress.js) when the browser accepts them; hashed assets are cached for a year.
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
  router.use(precompressed("", { maxAge: "1h", index: false }));
  return router;
}
