/** A clock that moves only when a test moves it: expiry and caching without waiting. */
export function createManualClock(start = Date.UTC(2026, 10, 22, 9, 0, 0)) {
  let time = start;
  return {
    now: () => time,
    advance(ms: number) {
      time += ms;
    },
  };
}
