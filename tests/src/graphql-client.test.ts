import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { graphql } from '@/lib/graphql';
import { outlineIn, outlineRequest } from '@/api/get-building-outline';
import { createGraphqlClient, readGraphqlResult } from '@/lib/urql';
import { server } from './support/msw-server';
import { fixture, graphqlRequests } from './support/scenarios';

const building = fixture.buildings[0]!.record;
const nameOf = graphql(`
  query BuildingName($id: ID!) {
    buildings(where: { id: { eq: $id } }) {
      id
      name
    }
  }
`);

/** Answers `status` (a problem document) the first `times` requests, then lets the platform answer. */
function failingFirst(status: number, times: number) {
  let failed = 0;
  server.use(
    http.post('*/graphql', () => {
      if (failed >= times) return undefined;
      failed += 1;
      return HttpResponse.json(
        { type: 'about:blank', title: 'Failed', status, detail: `Failed with ${status}.` },
        { status, headers: { 'content-type': 'application/problem+json' } },
      );
    }),
  );
  return () => failed;
}

describe("the dashboard's GraphQL client", () => {
  it('asks again after a passing failure (5xx) and shows the answer that came', async () => {
    const failures = failingFirst(503, 1);
    const client = createGraphqlClient({ retryDelayMs: 1 });
    const answer = readGraphqlResult(await client.query(nameOf, { id: building.id }).toPromise());
    expect(failures()).toBe(1);
    expect(answer.error).toBeUndefined();
    expect(answer.data?.buildings?.[0]?.name).toBe(building.name);
  });

  it('does not ask again after a refusal (4xx): it tells the refusal in words', async () => {
    const failures = failingFirst(403, 5);
    const client = createGraphqlClient({ retryDelayMs: 1 });
    const answer = readGraphqlResult(await client.query(nameOf, { id: building.id }).toPromise());
    expect(failures()).toBe(1);
    expect(answer.error).toBeInstanceOf(ApiError);
    expect(answer.error).toMatchObject({ status: 403, detail: 'Failed with 403.' });
  });

  it('answers a document asked again from its cache, without a second request', async () => {
    const client = createGraphqlClient({ retry: false });
    await client.query(nameOf, { id: building.id }).toPromise();
    const again = client.readQuery(nameOf, { id: building.id });
    await client.query(nameOf, { id: building.id }).toPromise();
    expect(again?.data?.buildings?.[0]?.id).toBe(building.id);
    expect(graphqlRequests).toHaveLength(1);
  });
});

describe("a building's outline", () => {
  it('is read once per answer: every page of a drill-down gets the same reading', async () => {
    const client = createGraphqlClient({ retry: false });
    const request = outlineRequest(building, true);
    const { data } = await client.query(request.query, request.variables).toPromise();
    const onBuildingPage = outlineIn(data, building.id);
    const onLevelPage = outlineIn(
      client.readQuery(request.query, request.variables)?.data,
      building.id,
    );
    expect(onBuildingPage?.levels?.length).toBeGreaterThan(0);
    expect(onLevelPage).toBe(onBuildingPage);
  });
});
