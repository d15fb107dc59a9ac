// The viewer account bench/seed-viewer.ts adds to every bench server's data (bench/server.js
// `seedDemo`), for the benches' signed-in reader: a viewer's public page is kept for every viewer
// (docs/decisions/096).
export const BENCH_VIEWER = {
  fullName: "قارئة القياس",
  email: "reader@bench.test",
  password: "Bench-reader-2026!x",
};
