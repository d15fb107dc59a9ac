// The viewer account bench/seed-many-posts.ts adds, for the render benches' "viewer:" pages (a
// signed-in reader's public page, which the page cache keeps for every viewer: decision 096).
export const BENCH_VIEWER = {
  fullName: "قارئة القياس",
  email: "reader@many-posts.test",
  password: "Bench-reader-2026!x",
};
