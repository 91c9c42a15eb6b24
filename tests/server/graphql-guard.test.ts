/**
 * The GraphQL guard lets through every document the dashboard sends, with the variables it sends
 * them with: the guard's limits (fan-out, take, depth, cost) are checked against the documents in
 * src/, so tightening one can never refuse the dashboard's own drill-down or search.
 */
import { print } from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildingOutlineByIdQuery, buildingOutlineQuery } from '@/api/get-building-outline';
import {
  searchPlacesQuery,
  searchPlacesWithoutLevelsQuery,
} from '@/features/search/api/search-places';
import { graphqlLimits, guardGraphqlRequest } from '../../server/routes/graphql-guard';

describe("the dashboard's GraphQL documents pass the guard", () => {
  it.each([
    ['BuildingOutline', print(buildingOutlineQuery), { name: 'Skyline Tower' }],
    ['BuildingOutlineById', print(buildingOutlineByIdQuery), { id: 'b-1' }],
    // The search page asks for 500 of each kind, the app bar's search for 25.
    ['SearchPlaces (page)', print(searchPlacesQuery), { q: 'kitchen', take: 500 }],
    ['SearchPlaces (app bar)', print(searchPlacesQuery), { q: 'kitchen', take: 25 }],
    ['SearchPlacesWithoutLevels', print(searchPlacesWithoutLevelsQuery), { q: 'k', take: 500 }],
  ])('%s', (_name, query, variables) => {
    expect(() => guardGraphqlRequest({ query, variables })).not.toThrow();
  });

  it('refuses the same search with a page beyond the cap', () => {
    expect(() =>
      guardGraphqlRequest({
        query: print(searchPlacesQuery),
        variables: { q: 'kitchen', take: graphqlLimits.take + 1 },
      }),
    ).toThrow(/take must be a whole number up to 1000/);
  });
});
