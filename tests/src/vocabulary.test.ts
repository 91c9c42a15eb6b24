import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Building } from '@/api/platform-schemas';
import { paths, routePatterns } from '@/config/paths';
import { displayName, siteLabel } from '@/lib/format';
import { sumByGroup } from '@/domain/group-sums';

describe('paths', () => {
  it('builds URLs the router matches back to the same ids, whatever characters they hold', () => {
    const id = 'b/1 ü?#';
    // matchRoutes decodes the path as the router does before matching.
    const params = (path: string, pattern: string) =>
      matchRoutes([{ path: `/${pattern}` }], path)?.[0]?.params;
    expect(params(paths.room(id, 3, 7), routePatterns.room)).toEqual({
      buildingId: id,
      level: '3',
      room: '7',
    });
    expect(params(paths.building(id), routePatterns.building)).toEqual({ buildingId: id });
  });

  it('writes only the portfolio filters that are set', () => {
    expect(paths.portfolio()).toBe('/');
    expect(paths.portfolio({ site: '100005', q: '', org: undefined })).toBe('/?site=100005');
    expect(paths.portfolio({ q: 'harbour & co' })).toBe('/?q=harbour+%26+co');
  });
});

describe('one naming policy', () => {
  it('labels a site by its name, or "Site <id>" when it has none', () => {
    expect(siteLabel('100005', 'Oslo Campus')).toBe('Oslo Campus');
    for (const missing of [null, undefined, '', '   '])
      expect(siteLabel('100005', missing)).toBe('Site 100005');
  });

  it('labels a nameless place "Unnamed"', () => {
    expect(displayName(' Tower ')).toBe('Tower');
    expect(displayName('  ')).toBe('Unnamed');
    expect(displayName(null)).toBe('Unnamed');
  });
});

describe('group sums', () => {
  const building = (siteId: string, area: number | null, floorCount: number | null = 2): Building =>
    ({ id: `${siteId}-${area}`, siteId, area, floorCount, spaceCount: 10 }) as Building;

  it('adds up each group and keeps seeded groups that have no building', () => {
    const sums = sumByGroup(
      [building('a', 100), building('a', 50), building('b', 10)],
      (item) => item.siteId!,
      (id) => `Site ${id}`,
      ['a', 'empty'],
    );
    const whole = (buildings: number) => ({
      areaBuildings: buildings,
      floorBuildings: buildings,
      spaceBuildings: buildings,
    });
    expect(sums).toEqual([
      { id: 'a', label: 'Site a', buildings: 2, area: 150, floors: 4, spaces: 20, ...whole(2) },
      {
        id: 'empty',
        label: 'Site empty',
        buildings: 0,
        area: 0,
        floors: 0,
        spaces: 0,
        ...whole(0),
      },
      { id: 'b', label: 'Site b', buildings: 1, area: 10, floors: 2, spaces: 10, ...whole(1) },
    ]);
  });

  it('leaves an unknown figure out of its sum, never as 0, and says over how many it runs', () => {
    const [sums] = sumByGroup(
      [building('a', 100), building('a', null, null), building('a', 40)],
      (item) => item.siteId!,
      (id) => `Site ${id}`,
    );
    expect(sums).toMatchObject({
      buildings: 3,
      area: 140,
      areaBuildings: 2,
      floors: 4,
      floorBuildings: 2,
      spaces: 30,
      spaceBuildings: 3,
    });
  });
});
