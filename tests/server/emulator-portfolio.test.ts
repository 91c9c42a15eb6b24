import { describe, expect, it } from 'vitest';
import {
  duplicateBuildingName,
  generatePortfolio,
  plantedProblemAt,
  resolvePortfolioOptions,
  specialBuildings,
} from '../../server/emulator/portfolio';

const portfolio = (seed: string) => generatePortfolio(resolvePortfolioOptions({ seed }));

describe('generated portfolios', () => {
  it('are the same for the same seed and differ for another', () => {
    const first = portfolio('alpha');
    const second = portfolio('alpha');
    expect(second.buildings.map((b) => b.record)).toEqual(first.buildings.map((b) => b.record));
    expect(second.floorsOf(second.buildings[3]!)).toEqual(first.floorsOf(first.buildings[3]!));
    expect(portfolio('beta').buildings[0]!.record.id).not.toBe(first.buildings[0]!.record.id);
  });

  it('have the default size: 24 buildings over 3 organizations and 6 sites, and a seventh site without any', () => {
    const value = portfolio('storey');
    expect(value.buildings).toHaveLength(24);
    expect(value.organizations).toHaveLength(3);
    expect(value.sites).toHaveLength(7);
    const used = new Set(value.buildings.map((entry) => entry.record.siteId));
    expect(value.sites.filter((site) => !used.has(site.id))).toHaveLength(1);
  });

  it('are as messy as real portfolios', () => {
    const value = portfolio('storey');
    const records = value.buildings.map((b) => b.record);
    expect(records.some((b) => /[^\x20-\x7e]/.test(b.name ?? ''))).toBe(true);
    expect(records.some((b) => (b.name ?? '').includes('"'))).toBe(true);
    const twins = records.filter((b) => b.name === duplicateBuildingName);
    expect(twins).toHaveLength(2);
    expect(twins[0]!.siteId).not.toBe(twins[1]!.siteId);
    expect(records[specialBuildings.zeroArea]!.area).toBe(0);
    expect(records.some((b) => b.metadata.length > 0)).toBe(true);
    expect(records[specialBuildings.noFloors]!.floorCount).toBe(0);
    expect(records[specialBuildings.tower]!.floorCount).toBe(60);
    expect(records[specialBuildings.countsNotIncluded]!.includesDeviceAndMeasurementCounts).toBe(
      false,
    );
    expect(records[specialBuildings.nullReferenceId]!.referenceId).toBeNull();
    const floors = value.floorsOf(value.buildings[specialBuildings.duplicateNameA]!);
    const names = floors[0]!.spaces.map((space) => space.name);
    expect(new Set(names).size).toBeLessThan(names.length);
    expect(
      value.floorsOf(value.buildings[specialBuildings.nullFloorName]!)[1]!.record.name,
    ).toBeNull();
  });

  it('offer a large profile with 10,000 buildings and a 200 × 100 tower', () => {
    const large = generatePortfolio(resolvePortfolioOptions({ profile: 'large' }));
    expect(large.buildings).toHaveLength(10_000);
    const tower = large.floorsOf(large.buildings[specialBuildings.tower]!);
    expect(tower).toHaveLength(200);
    expect(tower.every((floor) => floor.spaces.length === 100)).toBe(true);
  });

  it('find the same rooms by id, in lists and on their floors, whatever was made before', () => {
    const large = generatePortfolio(resolvePortfolioOptions({ profile: 'large' }));
    const { floors, rooms } = large.catalogue();
    expect(rooms.count).toBe(
      large.buildings.reduce((sum, entry) => sum + entry.record.spaceCount, 0) -
        // The planted space-count problem says 3 more than the floors hold.
        3 *
          large.buildings.filter((entry) => plantedProblemAt(entry.index) === 'spaceCountOff')
            .length,
    );
    // Rooms all over the portfolio, far more than are kept as records at once.
    for (const r of [0, 1, 120_000, 250_001, rooms.count - 1]) {
      const f = rooms.floor[r]!;
      const building = large.buildings[floors.building[f]!]!;
      const floor = large.floorsOf(building)[floors.level[f]!]!;
      const space = floor.spaces[r - floors.firstRoom[f]!]!;
      expect({ id: space.id, name: space.name, area: space.area }).toEqual({
        id: rooms.id[r],
        name: rooms.name[r],
        area: rooms.area[r],
      });
      expect(large.floorById(floor.record.id)?.record).toEqual(floor.record);
      expect(large.spaceById(space.id)).toEqual(space);
      const [device] = large.devicesOf(floor);
      if (device) expect(large.deviceById(device.record.id)?.record).toEqual(device.record);
    }
    expect(large.spaceById('not-a-room')).toBeUndefined();
  });
});
