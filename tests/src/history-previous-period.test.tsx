/**
 * "This period against the last": every History chart can draw the period before over this one,
 * moved by a day or by whole weeks so weekdays and hours lie over each other, kept in the URL,
 * and said in words for a screen reader.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { describeShift, previousPeriodShift } from '@/features/history/utils/history-range';
import { specialBuildings } from '../../server/emulator/portfolio';
import { renderApp } from './support/render-app';
import { fixtureRoomWithSensors, historyRequests } from './support/scenarios';

const { roomPath } = fixtureRoomWithSensors(specialBuildings.duplicateNameA);
const hour = 60 * 60 * 1000;
const day = 24 * hour;

const ui = {
  compare: (name: RegExp) => screen.findByRole('checkbox', { name }),
  latest: () => screen.findAllByText(/, latest$/),
};

describe('the period before, over every History chart', () => {
  it('moves a day back for a day, and whole weeks for longer, so weekdays lie over weekdays', () => {
    const at = Date.UTC(2026, 10, 24, 12);
    expect(previousPeriodShift({ from: at - day, to: at })).toBe(day);
    expect(previousPeriodShift({ from: at - 7 * day, to: at })).toBe(7 * day);
    // 30 days against the five weeks before: no day of the two periods overlaps.
    expect(previousPeriodShift({ from: at - 30 * day, to: at })).toBe(35 * day);
    expect(previousPeriodShift({ from: at - 365 * day, to: at })).toBe(371 * day);
    for (const span of [2, 7, 30, 90, 365]) {
      const shift = previousPeriodShift({ from: at - span * day, to: at });
      expect(shift % (7 * day)).toBe(0);
      expect(shift).toBeGreaterThanOrEqual(span * day);
    }
    expect(describeShift(day)).toBe('the day before');
    expect(describeShift(7 * day)).toBe('a week earlier');
    expect(describeShift(35 * day)).toBe('5 weeks earlier');
  });

  it('reads the week before when asked, keeps it in the URL and draws it dashed, in words', async () => {
    const { router } = renderApp(`${roomPath}?history=7d`);
    await ui.latest();
    const asked = historyRequests.at(-1)!;
    await userEvent.click(await ui.compare(/^Against a week earlier$/));
    await waitFor(() => expect(router.state.location.search).toBe('?history=7d&compare=previous'));
    // The same place, the same length, exactly a week earlier.
    await waitFor(() =>
      expect(historyRequests.at(-1)).toMatchObject({
        level: asked.level,
        id: asked.id,
        from: asked.from - 7 * day,
        to: asked.to - 7 * day,
      }),
    );
    const described = await screen.findAllByRole('img', {
      name: /Dashed: the same hours a week earlier, from [\d.,-]+ to [\d.,-]+\./,
    });
    expect(described.length).toBeGreaterThan(0);
    expect(screen.getAllByText('Dashed: the same hours a week earlier').length).toBe(
      described.length,
    );
    // Off again: no dashed line, and the URL forgets it.
    await userEvent.click(await ui.compare(/^Against a week earlier$/));
    await waitFor(() => expect(router.state.location.search).toBe('?history=7d'));
    expect(screen.queryByText('Dashed: the same hours a week earlier')).toBeNull();
  });

  it('compares a day with the day before, from a shared link', async () => {
    renderApp(`${roomPath}?compare=previous`);
    expect(await ui.compare(/^Against the day before$/)).toBeChecked();
    // The last 24 hours, and the 24 hours before them.
    await waitFor(() => {
      const days = historyRequests.filter((request) => request.to - request.from === day);
      expect(days.some((one) => days.some((other) => other.to === one.from))).toBe(true);
    });
    expect(
      (await screen.findAllByRole('img', { name: /Dashed: the same hours the day before/ })).length,
    ).toBeGreaterThan(0);
  });
});
