/**
 * The GraphQL guard lets through every document the dashboard sends, with the variables it sends
 * them with: the guard's limits (fan-out, take, depth, cost) are checked against the documents in
 * src/, so tightening one can never refuse the dashboard's own drill-down or search.
 */
import { print } from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildingOutlineByIdQuery, buildingOutlineQuery } from '@/api/get-building-outline';
import { graphqlLimits, guardGraphqlRequest } from '../../server/routes/graphql-guard';

describe("the dashboard's GraphQL documents pass the guard", () => {
  it.each([
    ['BuildingOutline', print(buildingOutlineQuery), { name: 'Skyline Tower' }],
    ['BuildingOutlineById', print(buildingOutlineByIdQuery), { id: 'b-1' }],
  ])('%s', (_name, query, variables) => {
    expect(() => guardGraphqlRequest({ query, variables })).not.toThrow();
  });

  it('refuses a search with a page beyond the cap', () => {
    expect(() =>
      guardGraphqlRequest({
        query:
          'query SearchRooms($q: String!, $take: Int!) { rooms(where: { name: { contains: $q } }, take: $take) { id name } }',
        variables: { q: 'kitchen', take: graphqlLimits.take + 1 },
      }),
    ).toThrow(/take must be a whole number up to 1000/);
  });
});
