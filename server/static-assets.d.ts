import type { Router } from "express";

export function serveBuiltAssets(buildDir: string): Router;
