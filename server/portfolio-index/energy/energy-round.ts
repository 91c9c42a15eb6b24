import type { HistorySettings } from '../../config.ts';
import type { SyncLock } from '../core/database.ts';
import { createRound, type Round, type RoundContext } from '../core/rounds.ts';
import { refreshEnergy, type EnergyRound } from './refresh.ts';

/** The meters' refresh as a round of the index: one at a time, across instances too. */
export function createEnergyRound(
  context: RoundContext,
  parts: {
    lock: SyncLock;
    /** Platform requests a round may make (ENERGY_REQUEST_BUDGET). */
    budget: number;
    history: HistorySettings;
  },
): Round<EnergyRound> {
  return createRound<EnergyRound>(context, {
    name: 'Energy',
    lock: parts.lock,
    offered: (capabilities) => capabilities.history.available,
    rewrites: ['energy_meter', 'energy_day', 'energy_month', 'energy_building'],
    work: () =>
      refreshEnergy({
        db: context.db,
        pages: context.pages(parts.history.pageSize, parts.budget),
        history: parts.history,
        clock: context.clock,
        instance: context.instance,
        concurrency: context.concurrency,
        signal: context.signal,
      }),
  });
}
