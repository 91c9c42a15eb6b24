import type { Kysely } from 'kysely';
import type { SkippedRecords } from '../../../src/shared/platform/records.ts';
import type { IndexDatabase } from './database.ts';
import { servedRun } from './served.ts';
import type { IndexTables } from './tables.ts';

export interface IndexStatus {
  /** empty: nothing indexed yet; syncing: a sync runs (somewhere); ready; failed: the last failed. */
  state: 'empty' | 'syncing' | 'ready' | 'failed';
  database: IndexDatabase['kind'];
  refreshMinutes: number;
  /** What every screen reads: the last complete sync. */
  served: {
    finishedAt: string;
    sites: number;
    buildings: number;
    levels: number;
    rooms: number;
    method: string | null;
    /** What could not be read, in plain words. */
    unread: string[];
    /** Records of each kind the sync could not keep, by why. */
    skipped: SkippedRecords;
  } | null;
  /** The latest sync, finished or not. */
  latest: {
    /** Which instance runs or ran it (host:pid). */
    instance: string;
    phase: string;
    outcome: 'running' | 'done' | 'failed';
    startedAt: string;
    finishedAt: string | null;
    sites: number;
    buildings: number;
    buildingsExpected: number;
    levels: number;
    rooms: number;
    roomsExpected: number;
    platformRequests: number;
    error: string | null;
  } | null;
}

/** The index's state for GET /api/index/status: what is served, and the latest sync's progress. */
export async function readIndexStatus(
  db: Kysely<IndexTables>,
  kind: IndexDatabase['kind'],
  refreshMinutes: number,
): Promise<IndexStatus> {
  const served = await servedRun(db);
  const servedRow = served
    ? await db.selectFrom('index_run').selectAll().where('id', '=', served.runId).executeTakeFirst()
    : undefined;
  const latest = await db
    .selectFrom('index_run')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);
  return {
    state:
      latest?.outcome === 'running'
        ? 'syncing'
        : latest?.outcome === 'failed'
          ? 'failed'
          : servedRow
            ? 'ready'
            : 'empty',
    database: kind,
    refreshMinutes,
    served: servedRow
      ? {
          finishedAt: iso(servedRow.finished_at)!,
          sites: servedRow.sites,
          buildings: servedRow.buildings,
          levels: servedRow.levels,
          rooms: servedRow.rooms,
          method: servedRow.method,
          unread: servedRow.unread,
          skipped: servedRow.skipped,
        }
      : null,
    latest: latest
      ? {
          instance: latest.instance,
          phase: latest.phase,
          outcome: latest.outcome,
          startedAt: iso(latest.started_at)!,
          finishedAt: iso(latest.finished_at),
          sites: latest.sites,
          buildings: latest.buildings,
          buildingsExpected: latest.buildings_expected,
          levels: latest.levels,
          rooms: latest.rooms,
          roomsExpected: latest.rooms_expected,
          platformRequests: latest.platform_requests,
          error: latest.error,
        }
      : null,
  };
}
