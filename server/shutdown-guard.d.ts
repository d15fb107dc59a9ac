import type { ServerResponse } from "node:http";
import type { RequestHandler } from "express";

export declare const STOPPING_MESSAGE: string;
export declare function answerStopping(res: ServerResponse): void;
export declare function createShutdownGuard(): {
  begin(): void;
  readonly stopping: boolean;
  middleware: RequestHandler;
};
