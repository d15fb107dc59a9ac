import type { RequestHandler } from "express";

export declare const STOPPING_MESSAGE: string;
export declare function createShutdownGuard(): {
  begin(): void;
  readonly stopping: boolean;
  middleware: RequestHandler;
};
