import { beforeEach, vi } from 'vitest';

/**
 * Every component test starts at the same moment, and time runs on from it as it does: the
 * scenarios' platform draws its readings from the clock (its gateways go offline a few hours on
 * some days, meters stop), so a test read at the wall clock's time passed or failed by the hour it
 * ran (a room's latest reading "3 hours ago" instead of minutes). Set before any test module or
 * scenario is loaded (the first setup file), so fixtures worked out at import agree with the
 * screens. Only `Date` is set; timers are real. A test that needs another moment sets its own
 * (comfort-hours.test.tsx).
 */
const componentTestsStart = Date.parse('2026-11-24T10:30:00Z');
const atStart = () =>
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true, now: componentTestsStart });

atStart();
beforeEach(atStart);
