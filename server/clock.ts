/**
 * The BFF's one source of the current time. Production uses the system clock; tests pass a clock
 * they move by hand, so session expiry, token renewal and cached verdicts never wait on real time.
 */
export interface Clock {
  /** Milliseconds since the epoch, like Date.now(). */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
