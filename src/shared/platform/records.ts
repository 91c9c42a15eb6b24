import { z } from '../zod.ts';
import {
  isPlatformId,
  metadataEntries,
  optionalArea,
  optionalBoolean,
  optionalCount,
  optionalId,
  optionalRetentionDays,
  optionalText,
  optionalTimeZone,
  optionalTimestamp,
  platformIdPattern,
} from './fields.ts';

/**
 * The platform's records as Storey reads them, once, for the dashboard and the server alike
 * (docs/platform-contract.md lists per kind what is required, what is read when present and what
 * each screen shows without it). Every field but the id is read by the readers of fields.ts:
 * absent, `null` or mistyped → `null`. Fields Storey does not read are dropped.
 */

const id = z.string().check(z.regex(platformIdPattern));

export const siteRecord = z.pipe(
  z.object({
    id,
    name: optionalText,
    organizationId: optionalId,
    buildingCount: optionalCount,
    city: optionalText,
    country: optionalText,
    /** IANA ("Europe/London"): the site's clock, that comfort hours and energy days follow. */
    timezone: optionalTimeZone,
    timeSeriesRetentionSpan: optionalRetentionDays,
  }),
  z.transform(({ timeSeriesRetentionSpan, ...site }) => ({
    ...site,
    /** Whole days of history the site keeps (the platform's `timeSeriesRetentionSpan`). */
    retentionDays: timeSeriesRetentionSpan,
  })),
);
export type SiteRecord = z.infer<typeof siteRecord>;

export const buildingRecord = z.object({
  id,
  name: optionalText,
  referenceId: optionalText,
  organizationId: optionalId,
  organizationName: optionalText,
  siteId: optionalId,
  floorCount: optionalCount,
  spaceCount: optionalCount,
  deviceCount: optionalCount,
  measurementCount: optionalCount,
  includesDeviceAndMeasurementCounts: optionalBoolean,
  /** m²; unknown when absent, below 0 or beyond any building's. */
  area: optionalArea,
  metadata: metadataEntries,
});
export type BuildingRecord = z.infer<typeof buildingRecord>;

export const floorRecord = z.object({
  id,
  name: optionalText,
  referenceId: optionalText,
  area: optionalArea,
  spaceCount: optionalCount,
  metadata: metadataEntries,
});
export type FloorRecord = z.infer<typeof floorRecord>;

export const spaceRecord = z.object({
  id,
  name: optionalText,
  referenceId: optionalText,
  floorId: optionalId,
  /** What kind of room ("Office", "Bathroom"). */
  ontologyType: optionalText,
  /** 0 all, 1 commissioned, 2 decommissioned. */
  commissionedStatus: optionalCount,
  commissionedOn: optionalTimestamp,
  decommissionedOn: optionalTimestamp,
  area: optionalArea,
  metadata: metadataEntries,
  deviceCount: optionalCount,
  measurementCount: optionalCount,
  includesDeviceAndMeasurementCounts: optionalBoolean,
});
export type SpaceRecord = z.infer<typeof spaceRecord>;

/** A measurement of a device: what it measures, in which unit. */
export const measurementRecord = z.object({
  id,
  name: optionalText,
  /** A Brick point class, e.g. Air_Temperature_Sensor. */
  type: optionalText,
  unit: optionalText,
  measuredId: optionalId,
  isWriteable: optionalBoolean,
});
export type MeasurementRecord = z.infer<typeof measurementRecord>;

export const deviceRecord = z.object({
  id,
  name: optionalText,
  /** v2+ names the Brick equipment class `ontologyType`, v1 `type`. */
  ontologyType: optionalText,
  type: optionalText,
  spaceId: optionalId,
  /** Its measurements; those without a usable id are left out. */
  measurements: z.catch(
    z.pipe(
      z.array(z.unknown()),
      z.transform((items) => readRecords(items, measurementRecord).records),
    ),
    [],
  ),
});
export type DeviceRecord = z.infer<typeof deviceRecord>;

/** A current value: a measurement's latest reading. */
export const currentValueRecord = z.object({
  id,
  name: optionalText,
  /** v2+ `ontologyType`, v1 `type`: a Brick point class. */
  ontologyType: optionalText,
  type: optionalText,
  unit: optionalText,
  /** A number, a boolean or a string (field notes); anything else is no value. */
  value: z.catch(z.nullable(z.union([z.number(), z.boolean(), z.string()])), null),
  /** When it was read; a value without a readable time is no reading at all. */
  timestamp: z.string().check(z.refine((text) => !Number.isNaN(Date.parse(text)))),
  buildingId: optionalId,
  deviceId: optionalId,
  floorId: optionalId,
  spaceId: optionalId,
  measuredId: optionalId,
});
export type CurrentValueRecord = z.infer<typeof currentValueRecord>;

/**
 * A reading from history: the value comes as a string (field notes), sometimes a number. Its
 * time is left as written (a reader of half a million readings parses it once, and leaves out
 * one that is not a time).
 */
export const historicalValueRecord = z.object({
  measurementValueId: z.string().check(z.minLength(1)),
  value: z.union([z.string(), z.number()]),
  timestamp: z.string(),
});

/** The readings of a history answer that can be read, each as the dashboard keeps it. */
export const readHistoricalValues = (items: unknown[]) =>
  items.flatMap((item) => {
    const reading = historicalValueRecord.safeParse(item);
    return reading.success ? [{ ...reading.data, value: String(reading.data.value) }] : [];
  });
export type HistoricalValueRecord = z.infer<typeof historicalValueRecord>;

/** A level or a room of the platform's GraphQL, where it gives ids (the full schema). */
export const levelNode = z.object({
  id,
  name: optionalText,
  buildingId: id,
  area: optionalArea,
});
export const roomNode = z.object({
  id,
  name: optionalText,
  buildingId: id,
  levelId: optionalId,
  area: optionalArea,
});

/**
 * A record read with `schema`, and the platform's record as it came: the index keeps it, to answer
 * a person who sees part of the portfolio with the platform's own records (access scopes).
 */
export const withOriginal = <T extends { id: string }>(schema: z.ZodMiniType<T>) =>
  z.pipe(
    z.unknown(),
    z.transform((item, context) => {
      const parsed = schema.safeParse(item);
      if (!parsed.success) {
        context.issues.push({ code: 'custom', message: 'unreadable', input: item });
        return z.NEVER;
      }
      return { ...parsed.data, original: item as Readonly<Record<string, unknown>> };
    }),
  );

/** Why a record of a list was not kept. */
export const skipReasons = ['not-a-record', 'no-usable-id', 'duplicate-id', 'unreadable'] as const;
export type SkipReason = (typeof skipReasons)[number];

export const skipReasonWords: Readonly<Record<SkipReason, string>> = {
  'not-a-record': 'not a record',
  'no-usable-id': 'no usable id',
  'duplicate-id': 'an id given twice',
  unreadable: 'a required field unreadable',
};

export type SkipCounts = Partial<Record<SkipReason, number>>;

export interface ReadList<T> {
  records: T[];
  skipped: SkipCounts;
}

/**
 * A list the platform sent, read record by record, page after page: a record that cannot be read
 * is skipped and counted by why, never failing the others. Ids repeat across pages read while the
 * list changes: the last one read stands, in the place of the first (`duplicate-id` counts the
 * others). Anything but an array is a page of nothing, counted as one record that is not one.
 */
export class RecordList<T extends { id: string }> {
  private readonly byId = new Map<string, T>();
  readonly skipped: SkipCounts = {};

  constructor(private readonly schema: z.ZodMiniType<T>) {}

  /** Reads one page; returns how many items it held (read or not), for paging. */
  add(items: unknown): number {
    if (!Array.isArray(items)) {
      this.skip('not-a-record');
      return 0;
    }
    for (const item of items) {
      const read = readRecord(item, this.schema);
      if (typeof read === 'string') this.skip(read);
      else {
        if (this.byId.has(read.id)) this.skip('duplicate-id');
        this.byId.set(read.id, read);
      }
    }
    return items.length;
  }

  get records(): T[] {
    return [...this.byId.values()];
  }

  get size(): number {
    return this.byId.size;
  }

  private skip(reason: SkipReason) {
    this.skipped[reason] = (this.skipped[reason] ?? 0) + 1;
  }
}

/** One record, or why it cannot be kept. */
export function readRecord<T extends { id: string }>(
  item: unknown,
  schema: z.ZodMiniType<T>,
): T | SkipReason {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return 'not-a-record';
  if (!isPlatformId((item as { id?: unknown }).id)) return 'no-usable-id';
  const parsed = schema.safeParse(item);
  return parsed.success ? parsed.data : 'unreadable';
}

/** The records of one list, read as `RecordList` reads them. */
export function readRecords<T extends { id: string }>(
  items: unknown,
  schema: z.ZodMiniType<T>,
): ReadList<T> {
  const list = new RecordList(schema);
  list.add(items);
  return { records: list.records, skipped: list.skipped };
}

/** Two counts of skipped records as one. */
export function addSkips(into: SkipCounts, more: SkipCounts): SkipCounts {
  for (const [reason, count] of Object.entries(more) as Array<[SkipReason, number]>)
    into[reason] = (into[reason] ?? 0) + count;
  return into;
}

export const skippedTotal = (skipped: SkipCounts): number =>
  Object.values(skipped).reduce((sum, count) => sum + (count ?? 0), 0);

/** The kinds of record the index reads, each counted apart when some cannot be kept. */
export const recordKinds = ['sites', 'buildings', 'floors', 'levels', 'rooms'] as const;
export type RecordKind = (typeof recordKinds)[number];
/** Records of each kind a sync could not keep, by why. */
export type SkippedRecords = Partial<Record<RecordKind, SkipCounts>>;

const recordKindWords: Readonly<Record<RecordKind, { one: string; many: string }>> = {
  sites: { one: 'site', many: 'sites' },
  buildings: { one: 'building', many: 'buildings' },
  floors: { one: 'floor', many: 'floors' },
  levels: { one: 'level', many: 'levels' },
  rooms: { one: 'room', many: 'rooms' },
};

/** One sentence per kind with records skipped, in the order of `recordKinds`. */
export const skippedSentences = (skipped: SkippedRecords): string[] =>
  recordKinds.flatMap((kind) => {
    const sentence = skippedSentence(skipped[kind] ?? {}, recordKindWords[kind]);
    return sentence ? [sentence] : [];
  });

/** "2 sites could not be read: no usable id (1), an id given twice (1)". */
export function skippedSentence(skipped: SkipCounts, kind: { one: string; many: string }): string {
  const total = skippedTotal(skipped);
  if (total === 0) return '';
  const reasons = skipReasons
    .filter((reason) => (skipped[reason] ?? 0) > 0)
    .map((reason) => `${skipReasonWords[reason]} (${skipped[reason]})`)
    .join(', ');
  return `${total} ${total === 1 ? kind.one : kind.many} could not be read: ${reasons}.`;
}
