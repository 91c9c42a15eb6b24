import type { Clock } from '../../clock.ts';
import type { IndexReader, ReadServed, Served } from '../core/served.ts';
import { buildingEnergy, energyIntensities, energyList } from './energy-queries.ts';
import type { EnergyListQuery, EnergyPeriod } from '../../../src/shared/contracts/energy.ts';

/** Energy: each building's meters read day by day, and kWh per m² with its coverage. */
export interface EnergyReads {
  list(reader: IndexReader, query: EnergyListQuery): Promise<Served<typeof energyList>>;
  /** Every ranked building's kWh per m²: the compare screen's distribution. */
  intensities(reader: IndexReader, period: EnergyPeriod): Promise<Served<typeof energyIntensities>>;
  /** One building's figures as the ranking has them, and its kept days. */
  building(reader: IndexReader, buildingId: string): Promise<Served<typeof buildingEnergy>>;
}

export const energyReads = (readServed: ReadServed, clock: Clock): EnergyReads => ({
  list: (reader, query) =>
    readServed(reader, (trx, runId) => energyList(trx, runId, query, clock.now())),
  intensities: (reader, period) =>
    readServed(reader, (trx, runId) => energyIntensities(trx, runId, period)),
  building: (reader, buildingId) =>
    readServed(reader, (trx, runId) => buildingEnergy(trx, runId, buildingId)),
});
