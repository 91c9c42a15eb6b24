import type { Energy, EnergyPeriodSpan, EnergyReason } from '@/api/get-energy';
import type { EnergyListQuery } from '@/shared/contracts/energy';
import { energyReasonCounts } from '@/domain/energy-intensity';
import { formatCount } from '@/lib/format';

// One format per energy figure for every screen (lib/format.ts), the browser's reading of the
// meter on a building's page included.
export { energyChangeFormat as percentFormat, intensityFormat, kwhFormat } from '@/lib/format';
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const monthFormat = new Intl.DateTimeFormat(undefined, {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "The last 30 whole days, 26 Oct 2026 to 24 Nov 2026" or "The last 12 whole months, …". */
export function periodWords(period: EnergyPeriodSpan): string {
  return period.kind === '12-months'
    ? `The last 12 whole months, ${monthFormat.format(Date.parse(period.from))} to ${monthFormat.format(Date.parse(period.to))}`
    : `The last ${period.days} whole days, ${dateFormat.format(Date.parse(period.from))} to ${dateFormat.format(Date.parse(period.to))}`;
}

/** "2 without a meter, 7 whose sites keep fewer days than the period": why the rest are out. */
export function coverageWords(coverage: Energy['coverage']): string {
  const out = coverage.buildings - coverage.ranked;
  const parts = (Object.entries(coverage.out) as Array<[EnergyReason, number]>)
    .filter(([, count]) => count > 0)
    .map(
      ([reason, count]) =>
        `${formatCount(count)} ${energyReasonCounts[reason][count === 1 ? 0 : 1]}`,
    );
  return `${formatCount(coverage.ranked)} of ${formatCount(coverage.buildings)} buildings have a figure${
    out > 0 ? `; ${formatCount(out)} do not: ${parts.join(', ')}` : ''
  }.`;
}

/** What an empty list says, by the list asked for. */
export function emptyListTitle(list: EnergyListQuery['list']): string {
  return list === 'ranked'
    ? 'No building has a figure yet'
    : list === 'out'
      ? 'Every building has a figure'
      : 'Every meter is reporting and counting';
}
