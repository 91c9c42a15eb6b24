import { describe, expect, it } from 'vitest';
import { attentionSchema, floorsNowSchema } from '@/api/get-attention';
import { roomBandsSchema } from '@/api/get-room-bands';
import { indexedBuildingSchema } from '@/api/get-buildings';
import { capabilitiesSchema } from '@/api/get-capabilities';
import { indexStatusSchema } from '@/api/get-index-status';
import {
  buildingQualitySchema,
  qualityFindingsSchema,
  qualityScoresSchema,
  qualitySummarySchema,
} from '@/api/get-quality';
import { signedInSchema } from '@/api/get-session';
import { totalsSchema } from '@/api/get-totals';
import { indexSearchSchema } from '@/features/search/api/search-index';
import { problemSchema } from '@/lib/api-client';
import { z } from '@/lib/zod';
import { getJson, indexedPlatform } from './support/indexed-platform';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: unknown;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

/**
 * Where the BFF's answer has a field the dashboard's schema does not know: a field added on one
 * side only (the dashboard would silently drop it), listed by its path.
 */
function unknownFields(value: unknown, schema: JsonSchema, path = '$'): string[] {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const fits = branches.map((branch) => unknownFields(value, branch, path));
    return fits.find((found) => found.length === 0) ?? fits.flat();
  }
  if (Array.isArray(value))
    return schema.items
      ? value.flatMap((item, index) => unknownFields(item, schema.items!, `${path}[${index}]`))
      : [];
  if (typeof value !== 'object' || value === null || !schema.properties) return [];
  // A loose object (problem documents may carry extension members) accepts what it does not name.
  const loose = schema.additionalProperties !== undefined && schema.additionalProperties !== false;
  return Object.entries(value).flatMap(([key, field]) => {
    const known = schema.properties![key];
    if (known) return unknownFields(field, known, `${path}.${key}`);
    return loose ? [] : [`${path}.${key}`];
  });
}

/** The answer is what the dashboard's schema says, no field more and none missing. */
function expectContract(
  answer: { status: number; body: unknown },
  schema: z.ZodMiniType,
  status = 200,
) {
  expect(answer.status).toBe(status);
  const parsed = schema.safeParse(answer.body);
  expect(parsed.success, parsed.success ? '' : z.prettifyError(parsed.error)).toBe(true);
  expect(unknownFields(answer.body, z.toJSONSchema(schema, { io: 'input' }) as JsonSchema)).toEqual(
    [],
  );
}

/**
 * Every shape the BFF serves the dashboard is written once, in the dashboard's zod schemas; the
 * BFF's real answers are held against them here (src/ and server/ never import each other).
 */
describe('Contracts between the BFF and the dashboard', () => {
  // A limit of its own, to see that the one the BFF enforces is the one it publishes.
  const holder = indexedPlatform({}, { PLATFORM_HISTORY_MAX_DAYS: '90' });
  const context = () => holder.context;

  it('capabilities, with the history limit the BFF enforces', async () => {
    const answer = await getJson(context(), '/api/capabilities');
    expectContract(answer, capabilitiesSchema);
    expect((answer.body as { history: { maxDays: number } }).history.maxDays).toBe(90);
  });

  it('the session', async () => {
    expectContract(await getJson(context(), '/auth/me'), signedInSchema);
  });

  it('problem documents', async () => {
    // Before the first sync: the index answers 503, in plain words.
    const answer = await getJson(context(), '/api/index/quality/buildings/unknown');
    expect(answer.headers['content-type']).toContain('application/problem+json');
    expectContract(answer, problemSchema, 503);
  });

  it('the portfolio index: status, totals, search and data quality', async () => {
    expect(await context().bff.app.portfolioIndex!.syncIfDue()).toBe('synced');
    expectContract(await getJson(context(), '/api/index/status'), indexStatusSchema);
    for (const by of ['site', 'organization'])
      expectContract(await getJson(context(), `/api/index/totals?by=${by}`), totalsSchema);
    expectContract(
      await getJson(context(), '/api/index/search?q=tower&limit=20&offset=0'),
      indexSearchSchema,
    );
    expectContract(await getJson(context(), '/api/index/quality'), qualitySummarySchema);
    expectContract(
      await getJson(context(), '/api/index/quality/findings?limit=50'),
      qualityFindingsSchema,
    );
    const scores = await getJson(context(), '/api/index/quality/scores');
    expectContract(scores, qualityScoresSchema);
    const building = (scores.body as { buildings: Array<{ buildingId: string }> }).buildings[0]!;
    expectContract(
      await getJson(context(), `/api/index/quality/buildings/${building.buildingId}`),
      buildingQualitySchema,
    );
  });

  it('needs attention now, before and after a check of conditions', async () => {
    expectContract(await getJson(context(), '/api/index/attention'), attentionSchema);
    await context().bff.app.portfolioIndex!.conditions.refresh();
    const answer = await getJson(context(), '/api/index/attention?limit=20');
    expectContract(answer, attentionSchema);
    expect((answer.body as { readings: unknown[] }).readings.length).toBeGreaterThan(0);
    // A checked building's floors now, as the stacking plan reads them.
    const { buildingId } = (answer.body as { readings: Array<{ buildingId: string }> })
      .readings[0]!;
    const floors = await getJson(context(), `/api/index/floors-now?building=${buildingId}`);
    expectContract(floors, floorsNowSchema);
    expect((floors.body as { now: { floors: unknown[] } }).now.floors.length).toBeGreaterThan(0);
    // The bands its rooms are judged by where their type has its own.
    const bands = await getJson(context(), `/api/index/room-bands?building=${buildingId}`);
    expectContract(bands, roomBandsSchema);
    // The building itself, for a shared link to its pages.
    const building = await getJson(context(), `/api/index/buildings/${buildingId}`);
    expectContract(building, indexedBuildingSchema);
    expect((building.body as { record: { id: string } }).record.id).toBe(buildingId);
  });
});
