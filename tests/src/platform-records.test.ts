import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildingRecord,
  currentValueRecord,
  deviceRecord,
  floorRecord,
  historicalValueRecord,
  levelNode,
  measurementRecord,
  readRecords,
  roomNode,
  siteRecord,
  spaceRecord,
} from '@/shared/platform/records';
import { readBuildingOutline } from '@/shared/platform/outline';

/**
 * The one definition of what Storey reads from a platform (docs/platform-contract.md): each kind
 * requires only the fields named here. Every other field, absent, null, of another type or beyond
 * belief, must leave the record readable. A schema given a new required field fails here, so the
 * decision is made in the open (this table, and the contract's).
 */
const kinds = [
  { name: 'site', schema: siteRecord, required: { id: 's1' } },
  { name: 'building', schema: buildingRecord, required: { id: 'b1' } },
  { name: 'floor', schema: floorRecord, required: { id: 'f1' } },
  { name: 'space', schema: spaceRecord, required: { id: 'r1' } },
  { name: 'device', schema: deviceRecord, required: { id: 'd1' } },
  { name: 'measurement', schema: measurementRecord, required: { id: 'm1' } },
  {
    name: 'current value',
    schema: currentValueRecord,
    required: { id: 'v1', timestamp: '2026-11-27T08:00:00.0000000+00:00' },
  },
  {
    name: 'historical value',
    schema: historicalValueRecord,
    required: { measurementValueId: 'm1', value: '21.5', timestamp: '2026-11-27T08:00:00Z' },
  },
  { name: 'GraphQL level', schema: levelNode, required: { id: 'l1', buildingId: 'b1' } },
  { name: 'GraphQL room', schema: roomNode, required: { id: 'r1', buildingId: 'b1' } },
] as const;

/** The fields a platform may send beside the required ones (docs/platform-contract.md). */
const optionalFields = [
  'name',
  'referenceId',
  'organizationId',
  'organizationName',
  'siteId',
  'floorId',
  'spaceId',
  'deviceId',
  'measuredId',
  'buildingCount',
  'floorCount',
  'spaceCount',
  'deviceCount',
  'measurementCount',
  'includesDeviceAndMeasurementCounts',
  'area',
  'metadata',
  'timezone',
  'timeSeriesRetentionSpan',
  'city',
  'country',
  'ontologyType',
  'type',
  'unit',
  'value',
  'commissionedStatus',
  'commissionedOn',
  'decommissionedOn',
  'measurements',
  'isWriteable',
  'levelId',
];
const anyValue = fc.oneof(
  fc.constant(null),
  fc.string(),
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constantFrom(1.5e308, -1, '12', '', [], {}, [{ name: 1 }], 'Mars/Olympus'),
);

describe.each(kinds)('a platform $name', ({ schema, required }) => {
  it('is read from its required fields alone', () => {
    expect(schema.safeParse(required).success).toBe(true);
  });

  it('is read whatever its other fields hold, beside fields nobody knows', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom(...optionalFields), anyValue),
        fc.dictionary(fc.string(), anyValue),
        (optional, unknown) => {
          const record = { ...unknown, ...optional, ...required };
          expect(schema.safeParse(record).success).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('a list of records', () => {
  it('keeps the readable ones, the later of an id given twice, and counts the rest by why', () => {
    const { records, skipped } = readRecords(
      [
        { id: 'a', name: 'First' },
        'not a record',
        { name: 'no id' },
        { id: 'b'.repeat(65) },
        { id: 'c', area: '1200' },
        { id: 'a', name: 'Again' },
      ],
      buildingRecord,
    );
    expect(records.map((record) => [record.id, record.name, record.area])).toEqual([
      ['a', 'Again', null],
      ['c', null, null],
    ]);
    expect(skipped).toEqual({ 'not-a-record': 1, 'no-usable-id': 2, 'duplicate-id': 1 });
  });

  it('reads a GraphQL outline leniently: parts that are not objects are left out', () => {
    const skipped: string[] = [];
    const outline = readBuildingOutline(
      {
        id: 'b1',
        name: 7,
        levels: [
          { name: 'Level 0', rooms: [{ name: 'Kitchen' }, 'a room?', { id: 'r/1', name: null }] },
          'not a level',
          { name: 'Level 1', rooms: null },
        ],
      },
      (kind) => skipped.push(kind),
    );
    expect(outline).toEqual({
      id: 'b1',
      name: null,
      levels: [
        { name: 'Level 0', rooms: [{ name: 'Kitchen' }, { name: null }] },
        { name: 'Level 1', rooms: null },
      ],
    });
    expect(skipped).toEqual(['rooms', 'levels']);
  });
});
