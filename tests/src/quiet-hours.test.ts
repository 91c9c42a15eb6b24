import { describe, expect, it } from 'vitest';
import { quietHoursEnd, withinQuietHours } from '@/shared/rules/quiet-hours';

const helsinkiNights = { from: '22:00', to: '07:00', timeZone: 'Europe/Helsinki' };

describe('quiet hours', () => {
  it('hold across midnight on the person’s own clock', () => {
    // 21:59 and 22:00 in Helsinki (UTC+2 in November).
    expect(withinQuietHours(Date.UTC(2026, 10, 24, 19, 59), helsinkiNights)).toBe(false);
    expect(withinQuietHours(Date.UTC(2026, 10, 24, 20, 0), helsinkiNights)).toBe(true);
    expect(withinQuietHours(Date.UTC(2026, 10, 25, 4, 59), helsinkiNights)).toBe(true);
    expect(withinQuietHours(Date.UTC(2026, 10, 25, 5, 0), helsinkiNights)).toBe(false);
  });

  it('end at the next moment their end shows on that clock, also across a change of clocks', () => {
    expect(quietHoursEnd(Date.UTC(2026, 10, 24, 21, 30, 15), helsinkiNights)).toBe(
      Date.UTC(2026, 10, 25, 5, 0),
    );
    // Outside them: now.
    const noon = Date.UTC(2026, 10, 24, 10, 0);
    expect(quietHoursEnd(noon, helsinkiNights)).toBe(noon);
    // The night Helsinki moves its clocks back (25 October 2026, 04:00 → 03:00): 07:00 is 04:00 UTC.
    expect(quietHoursEnd(Date.UTC(2026, 9, 24, 21, 0), helsinkiNights)).toBe(
      Date.UTC(2026, 9, 25, 5, 0),
    );
    // The night it moves them forward (29 March 2026, 03:00 → 04:00): 07:00 is 04:00 UTC.
    expect(quietHoursEnd(Date.UTC(2026, 2, 28, 21, 0), helsinkiNights)).toBe(
      Date.UTC(2026, 2, 29, 4, 0),
    );
  });

  it('are none when they start and end alike', () => {
    expect(
      withinQuietHours(Date.UTC(2026, 10, 24, 20, 0), { ...helsinkiNights, to: '22:00' }),
    ).toBe(false);
  });
});
