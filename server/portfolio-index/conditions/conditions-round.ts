import type { ComfortHours } from '../../../src/shared/rules/comfort.ts';
import type { ComfortRules } from '../../../src/shared/rules/space-bands.ts';
import type { HistorySettings } from '../../config.ts';
import type { Metrics } from '../../http/metrics.ts';
import type { AlarmRules } from '../alarms/rules.ts';
import type { SyncLock } from '../core/database.ts';
import type { ReadsFirst } from '../core/reads-first.ts';
import { createRound, type Round, type RoundContext } from '../core/rounds.ts';
import { refreshConditions, type ConditionsRound } from './refresh.ts';

/**
 * History look-backs one conditions round may make for readings first seen out of band (within
 * what its request budget leaves after one request per building): the default portfolio's first
 * round looks up every one; a larger portfolio catches up by ordinary checks.
 */
export const maxLookBacksPerRound = 1000;

/** The conditions refresh as a round of the index: one at a time, across instances too. */
export function createConditionsRound(
  context: RoundContext,
  parts: {
    lock: SyncLock;
    /** Platform requests a round may make (CONDITIONS_REQUEST_BUDGET). */
    budget: number;
    /** The period between rounds (CONDITIONS_REFRESH_MINUTES), over which the budget is spread. */
    everyMinutes: number;
    history: HistorySettings;
    comfort: ComfortRules;
    hours: ComfortHours;
    alarms: AlarmRules;
    readsFirst: ReadsFirst | undefined;
    metrics?: Pick<Metrics, 'alarmRoundSeconds'> | undefined;
  },
): Round<ConditionsRound> {
  return createRound<ConditionsRound>(context, {
    name: 'Conditions',
    lock: parts.lock,
    offered: (capabilities) => capabilities.currentValues.available,
    // Each check rewrites a building's readings and what it knows of its devices and meters, and
    // the alarms that changed.
    rewrites: ['condition_reading', 'condition_building', 'known_device', 'energy_meter', 'alarm'],
    work: async () => {
      const round = await refreshConditions({
        db: context.db,
        // Readings first seen out of band are looked up in history, where the platform has it.
        history: (await context.capabilities.current()).history.available
          ? { settings: parts.history, maxLookBacks: maxLookBacksPerRound, budget: parts.budget }
          : undefined,
        // The platform's largest page of a list (field notes: take at most 5,000). The budget is
        // spread over the period between rounds (decision 0013): at 10,000 buildings a round
        // reads every one of them at a steady pace, not the whole budget in the first minute.
        pages: context.pages(5000, parts.budget, parts.everyMinutes * 60_000),
        comfort: parts.comfort,
        hours: parts.hours,
        alarms: parts.alarms,
        readsFirst: parts.readsFirst,
        clock: context.clock,
        instance: context.instance,
        concurrency: context.concurrency,
        signal: context.signal,
      });
      parts.metrics?.alarmRoundSeconds.observe(round.alarmsMs / 1000);
      return round;
    },
  });
}
