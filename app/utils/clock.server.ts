/**
 * The app's clock: every "is it due yet?" question (scheduled posts) asks it, never `new Date()`
 * directly. End-to-end tests may move it forward (TEST_CLOCK, docs/decisions/031); nothing
 * else can.
 */
let offsetMs = 0;

export const now = () => new Date(Date.now() + offsetMs);

/** Moves this process's clock `ms` ahead of the real time (tests only: see server/app.ts). */
export function setClockOffset(ms: number) {
  offsetMs = ms;
}
