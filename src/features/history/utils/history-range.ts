import { hourMs } from '@/shared/rules/site-clock';
import { historyClock, type HistoryClock } from './reading-format';
/**
 * The History panel's ranges: the last 24 hours, 7 or 30 days, or whole days chosen by the
 * viewer, on the panel's clock (reading-format.ts). Written in the URL (`history`, `from`, `to`) so a view can be shared.
 */
export const historyPresets = ['24h', '7d', '30d', 'custom'] as const;
export type HistoryPreset = (typeof historyPresets)[number];

export const presetLabels: Record<HistoryPreset, string> = {
  '24h': '24 hours',
  '7d': '7 days',
  '30d': '30 days',
  custom: 'Custom',
};

const presetSpans: Record<Exclude<HistoryPreset, 'custom'>, number> = {
  '24h': 24 * hourMs,
  '7d': 7 * 24 * hourMs,
  '30d': 30 * 24 * hourMs,
};

/**
 * The longest custom range in local days, for a BFF that relays at most `maxDays` days of 24 hours
 * (its PLATFORM_HISTORY_MAX_DAYS, 366 by default, published in /api/capabilities): one day less,
 * since that many local days across the autumn clock change would be an hour longer.
 */
export const longestLocalRange = (maxDays: number): number => Math.max(1, maxDays - 1);

/** The presets a BFF with this limit can answer (a 7-day limit offers no "30 days"). */
export const presetsWithin = (maxDays: number): HistoryPreset[] =>
  historyPresets.filter(
    (preset) => preset === 'custom' || presetSpans[preset] <= maxDays * 24 * hourMs,
  );

export const readPreset = (raw: string | null): HistoryPreset =>
  historyPresets.find((preset) => preset === raw) ?? '24h';

export type HistoryRange = { ok: true; from: number; to: number } | { ok: false; problem: string };

/**
 * The instants to ask for. A preset ends at `now`; a custom range runs from the start of its
 * first day to the end of its last, days of the panel's clock (the site's: a one-day range is
 * that whole day in the building, DST or not).
 */
export function historyRange(
  preset: HistoryPreset,
  now: number,
  custom: { from?: string | null; to?: string | null } = {},
  maxDays = 366,
  clock: Pick<HistoryClock, 'dayStart' | 'nextDay'> = historyClock(undefined),
): HistoryRange {
  if (preset !== 'custom') {
    if (!presetsWithin(maxDays).includes(preset))
      return { ok: false, problem: `Storey shows at most ${maxDays} days of history at once.` };
    return { ok: true, from: now - presetSpans[preset], to: now };
  }
  const from = clock.dayStart(custom.from ?? '');
  const last = clock.dayStart(custom.to ?? '');
  if (from === undefined || last === undefined)
    return { ok: false, problem: 'Choose the first and the last day of the range.' };
  const to = clock.dayStart(clock.nextDay(custom.to!))!;
  if (to <= from) return { ok: false, problem: 'The last day must not be before the first.' };
  const longest = longestLocalRange(maxDays);
  if (localDaysBetween(from, to) > longest)
    return { ok: false, problem: `A range may span at most ${longest} days.` };
  return { ok: true, from, to };
}

/** Whole local days from one local midnight to another (23- and 25-hour days count as one). */
function localDaysBetween(from: number, to: number): number {
  return Math.round((to - from) / (24 * hourMs));
}

const weekMs = 7 * 24 * hourMs;

/**
 * How far back the period a range is compared with lies: a day's range against the day before,
 * anything longer against whole weeks before (a week against the last, 30 days against the five
 * weeks before), so Mondays lie over Mondays and nine o'clock over nine o'clock.
 */
export function previousPeriodShift(range: { from: number; to: number }): number {
  const span = range.to - range.from;
  return span <= 24 * hourMs ? 24 * hourMs : Math.ceil(span / weekMs) * weekMs;
}

/**
 * What a History chart can be drawn against, kept in the URL (`compare`): the period before
 * (`previous`, the span's own length in whole weeks), or a fixed day, week, month or year back —
 * a month as 4 weeks and a year as 52, so weekdays still lie over weekdays.
 */
export const compareChoices = ['previous', 'day', 'week', 'month', 'year'] as const;
export type CompareChoice = (typeof compareChoices)[number];

export const readCompare = (raw: string | null | undefined): CompareChoice | undefined =>
  compareChoices.find((choice) => choice === raw);

const fixedShifts: Record<Exclude<CompareChoice, 'previous'>, number> = {
  day: 24 * hourMs,
  week: weekMs,
  month: 4 * weekMs,
  year: 52 * weekMs,
};

/** How far back a choice draws the comparison for this range. */
export const compareShift = (choice: CompareChoice, range: { from: number; to: number }): number =>
  choice === 'previous' ? previousPeriodShift(range) : fixedShifts[choice];

/** The choices in words for this range: "The period before (5 weeks earlier)". */
export const compareChoiceLabels = (range: {
  from: number;
  to: number;
}): ReadonlyArray<readonly [CompareChoice, string]> => [
  ['previous', `The period before (${describeShift(previousPeriodShift(range))})`],
  ['day', 'The day before'],
  ['week', 'A week earlier'],
  ['month', 'A month earlier (4 weeks)'],
  ['year', 'A year earlier (52 weeks)'],
];

/** "the day before", "a week earlier", "5 weeks earlier". */
export function describeShift(shiftMs: number): string {
  if (shiftMs === 24 * hourMs) return 'the day before';
  const weeks = Math.round(shiftMs / weekMs);
  return weeks === 1 ? 'a week earlier' : `${weeks} weeks earlier`;
}
