import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets parallel checkouts or CI jobs build side by side (default: build/).
  buildDirectory: process.env.BUILD_DIR || "build",
  // Every route in one cached manifest file: no per-page matching, no /__manifest requests
  // (docs/decisions/085).
  routeDiscovery: { mode: "initial" },
} satisfies Config;
