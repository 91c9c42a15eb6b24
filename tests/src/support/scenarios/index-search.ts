/**
 * The index's search (GET /api/index/search), folded and ranked as the server's SQL does, and
 * the searches asked.
 */
import { fold as foldText } from '@/shared/rules/text-match';
import { HttpResponse, http } from 'msw';
import { sameNames } from '@/shared/rules/same-names';
import { fixture } from './fixture';
import { requireCsrf } from './http';
import { indexReady } from './index-status';

/** Search requests the index answered since the last reset (their query strings). */
export const indexSearches: string[] = [];

/** The dashboard's own folding (shared/rules/text-match), as the index's SQL function folds. */
export const fold = (text: string | null | undefined) => foldText(text ?? '');

/**
 * Every building, floor and room of the fixture as the index holds them, in the index's order
 * of kinds. The server ranks with PostgreSQL (its own tests hold that); here every word of the
 * query must be in the place's names, and the order is the fixture's.
 */
export const sameBuildingNames = sameNames(
  fixture.buildings.map((entry) => ({ id: entry.record.id, name: entry.record.name ?? null })),
);
export const places = fixture.buildings.flatMap((entry) => {
  const building = entry.record;
  const base = { buildingId: building.id, buildingName: building.name };
  const floors = fixture.floorsOf(entry);
  return [
    {
      kind: 'building',
      id: building.id,
      name: building.name,
      ...base,
      levelId: null,
      levelPosition: null,
      levelName: null,
      referenceId: building.referenceId ?? null,
      sameName: sameBuildingNames.get(building.id) ?? null,
    },
    ...floors.map((floor, position) => ({
      kind: 'level',
      id: floor.record.id,
      name: floor.record.name,
      ...base,
      levelId: floor.record.id,
      levelPosition: position,
      levelName: floor.record.name,
      referenceId: null,
      sameName: null,
    })),
    ...floors.flatMap((floor, position) => {
      const sameRoomNames = sameNames(
        floor.spaces.map((space) => ({ id: space.id, name: space.name ?? null })),
      );
      return floor.spaces.map((space) => ({
        kind: 'room',
        id: space.id,
        name: space.name,
        ...base,
        levelId: floor.record.id,
        levelPosition: position,
        levelName: floor.record.name,
        referenceId: null,
        sameName: sameRoomNames.get(space.id) ?? null,
      }));
    }),
  ];
});

export const indexSearchHandler = () =>
  http.get('*/api/index/search', ({ request }) => {
    const denied = requireCsrf(request);
    if (denied) return denied;
    const url = new URL(request.url);
    indexSearches.push(url.search);
    const words = fold(url.searchParams.get('q')).split(/\s+/).filter(Boolean);
    const limit = Number(url.searchParams.get('limit') ?? 50);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const order = { building: 0, level: 1, room: 2 } as Record<string, number>;
    const matches = places
      .filter((place) => {
        const names = fold(
          [
            place.buildingName,
            place.kind === 'room' ? place.levelName : '',
            place.kind === 'building' ? '' : place.name,
          ].join(' '),
        );
        return words.length > 0 && words.every((word) => names.includes(word));
      })
      .sort((a, b) => order[a.kind]! - order[b.kind]!);
    return HttpResponse.json({
      total: matches.length,
      more: false,
      asOf: indexReady.served.finishedAt,
      hits: matches.slice(offset, offset + limit),
    });
  });

/** Forgets the index's searches: after every test (resetScenarioState). */
export function resetIndexSearchState(): void {
  indexSearches.length = 0;
}
