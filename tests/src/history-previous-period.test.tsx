/**
 * "This period against the last": every History chart can draw the period before over this one,
 * moved by a day or by whole weeks so weekdays and hours lie over each other, kept in the URL,
 * and said in words for a screen reader.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  compareShift,
  describeShift,
  previousPeriodShift,
} from '@/features/history/utils/history-range';
import { specialBuildings } from '../../server/emulator/portfolio';
import { placeReadings } from '../../server/emulator/device-api';
import { server } from './support/msw-server';
import { renderApp } from './support/render-app';
import {
  fixture,
  fixtureRoomWithSensors,
  historyAnswers,
  historyRefusal,
  historyRequests,
} from './support/scenarios';

const { roomPath } = fixtureRoomWithSensors(specialBuildings.duplicateNameA);
const hour = 60 * 60 * 1000;
const day = 24 * hour;

const ui = {
  against: () => screen.findByRole('combobox', { name: 'Against' }),
  latest: () => screen.findAllByText(/, last in history$/),
  chooseAgainst: async (option: RegExp | string) =>
    userEvent.selectOptions(await ui.against(), screen.getByRole('option', { name: option })),
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
    // A month and a year back are whole weeks too: Mondays over Mondays.
    const week = { from: at - 7 * day, to: at };
    expect(compareShift('day', week)).toBe(day);
    expect(compareShift('week', week)).toBe(7 * day);
    expect(compareShift('month', week)).toBe(28 * day);
    expect(compareShift('year', week)).toBe(364 * day);
    expect(compareShift('previous', week)).toBe(previousPeriodShift(week));
    expect(describeShift(364 * day)).toBe('52 weeks earlier');
  });

  it('reads the week before when asked, keeps it in the URL and draws it dashed, in words', async () => {
    const { router } = renderApp(`${roomPath}?history=7d`);
    await ui.latest();
    const asked = historyRequests.at(-1)!;
    await ui.chooseAgainst(/^The period before \(a week earlier\)$/);
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
    await ui.chooseAgainst('Nothing: this period alone');
    await waitFor(() => expect(router.state.location.search).toBe('?history=7d'));
    expect(screen.queryByText('Dashed: the same hours a week earlier')).toBeNull();
  });

  it('compares a day with the day before, from a shared link', async () => {
    renderApp(`${roomPath}?compare=previous`);
    expect(await ui.against()).toHaveDisplayValue('The period before (the day before)');
    // The last 24 hours, and the 24 hours before them.
    await waitFor(() => {
      const days = historyRequests.filter((request) => request.to - request.from === day);
      expect(days.some((one) => days.some((other) => other.to === one.from))).toBe(true);
    });
    expect(
      (await screen.findAllByRole('img', { name: /Dashed: the same hours the day before/ })).length,
    ).toBeGreaterThan(0);
  });

  it('draws a week against a month earlier, and gives the platform’s words when a year is beyond its retention', async () => {
    const retention = "The requested period starts before the site's retention period of 60 days.";
    server.use(
      ...historyAnswers((level, id, range) =>
        range.from < Date.now() - 60 * day
          ? historyRefusal(400, retention)
          : placeReadings(fixture, level, id, range, range.to),
      ),
    );
    const { router } = renderApp(`${roomPath}?history=7d`);
    await ui.latest();
    const asked = historyRequests.at(-1)!;
    await ui.chooseAgainst('A month earlier (4 weeks)');
    await waitFor(() => expect(router.state.location.search).toBe('?history=7d&compare=month'));
    await waitFor(() =>
      expect(historyRequests.at(-1)).toMatchObject({
        from: asked.from - 28 * day,
        to: asked.to - 28 * day,
      }),
    );
    expect(
      (await screen.findAllByRole('img', { name: /Dashed: the same hours 4 weeks earlier/ }))
        .length,
    ).toBeGreaterThan(0);

    await ui.chooseAgainst('A year earlier (52 weeks)');
    await waitFor(() =>
      expect(historyRequests.at(-1)).toMatchObject({
        from: asked.from - 364 * day,
        to: asked.to - 364 * day,
      }),
    );
    // The week itself is still drawn; what is missing is said in the platform's words.
    expect(
      await screen.findByText(`The period 52 weeks earlier could not be read: ${retention}`),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Dashed: the same hours/)).toBeNull();
    expect((await ui.latest()).length).toBeGreaterThan(0);
  });

  it('says so, rather than drawing nothing, when the platform has no readings that far back', async () => {
    server.use(
      ...historyAnswers((level, id, range) =>
        range.from < Date.now() - 2 * day ? [] : placeReadings(fixture, level, id, range, range.to),
      ),
    );
    renderApp(`${roomPath}?compare=week`);
    expect(await ui.against()).toHaveDisplayValue('A week earlier');
    expect(
      await screen.findByText(
        'Nothing to draw against: the platform has no readings of this place a week earlier. It may not keep history that far back; choose a shorter step.',
      ),
    ).toBeInTheDocument();
  });
});
