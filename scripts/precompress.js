// Runs after `react-router build`: writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy
// beside every text asset of the client build, so the server sends the smallest bytes without
// compressing on each request (server/static-assets.js picks the copy the browser accepts).
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const CLIENT_DIR = path.join(process.env.BUILD_DIR ?? "build", "client");
const TEXT = /\.(js|css|svg|json|txt|xml|html|webmanifest)$/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* files(file);
    else if (TEXT.test(name)) yield file;
  }
}

let count = 0;
for (const file of files(CLIENT_DIR)) {
  const source = readFileSync(file);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
  );
  writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
  count++;
}
console.log(`precompressed ${count} client files (brotli 11, gzip 9)`);
