import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  embeddedTemplate,
  migrateToLatest,
  openIndexDatabase,
  removeAbandonedIndexDirectories,
} from '../../server/portfolio-index/core/database';
import { migrationNames } from '../../server/portfolio-index/core/migrations';
import { searchPlaces } from '../../server/portfolio-index/hierarchy/search-queries';

/**
 * The index's schema is versioned: an empty database gets every migration at start, a database
 * left by an older Storey gets only the ones it lacks, and what it held stays.
 */
describe('portfolio index migrations', () => {
  it('bring an empty database up to date at start, each migration once', async () => {
    const database = await openIndexDatabase({});
    try {
      const applied = await sql<{
        name: string;
      }>`select name from kysely_migration order by name`.execute(database.db);
      expect(applied.rows.map((row) => row.name)).toEqual(migrationNames);
      // Opening again finds nothing to do.
      expect(await migrateToLatest(database.db)).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('bring an older database up to date and keep what it held', async () => {
    const database = await openIndexDatabase({});
    try {
      const { db } = database;
      // Back to the first version, as an older Storey left it, with a sync it recorded.
      await sql`drop schema public cascade`.execute(db);
      await sql`create schema public`.execute(db);
      expect(await migrateToLatest(db, migrationNames[0])).toEqual([migrationNames[0]]);
      await sql`insert into index_run (instance, started_at, finished_at, phase, outcome, buildings)
                values ('older', now(), now(), 'done', 'done', 24)`.execute(db);
      expect(await migrateToLatest(db)).toEqual(migrationNames.slice(1));
      const run = await db.selectFrom('index_run').selectAll().executeTakeFirstOrThrow();
      expect(run).toMatchObject({
        instance: 'older',
        buildings: 24,
        unread: [],
        rooms_expected: 0,
      });
    } finally {
      await database.close();
    }
  });

  it('keep the places an older Storey indexed findable, through its own name first', async () => {
    const database = await openIndexDatabase({});
    try {
      const { db } = database;
      const beforeSearchTiers = migrationNames.indexOf('0009-search-tiers');
      await sql`drop schema public cascade`.execute(db);
      await sql`create schema public`.execute(db);
      await migrateToLatest(db, migrationNames[beforeSearchTiers - 1]);
      // A served run as that Storey wrote it: a building, and a room in it found by the
      // building's name only.
      const { rows } = await sql<{ id: number }>`insert into index_run
          (instance, started_at, finished_at, phase, outcome)
        values ('older', now(), now(), 'done', 'done') returning id`.execute(db);
      const runId = rows[0]!.id;
      await sql`insert into index_current (run_id) values (${runId})`.execute(db);
      await sql`insert into indexed_place (run_id, kind, id, building_id, level_id, level_position,
          name, building_name, level_name, own_text, level_text, building_text, words)
        select ${runId}, kind, id, 'b1', level_id, level_position, name, 'Harbour View', level_name,
          storey_search_text(name), storey_search_text(level_name), building_text,
          setweight(to_tsvector('simple', storey_search_text(name)), 'A')
            || setweight(to_tsvector('simple', storey_search_text(level_name)), 'B')
            || setweight(to_tsvector('simple', building_text), 'C')
        from (values ('room', 'r1', 'l1', 0, 'Kitchen 0.01', 'Level 0', 'harbour view'),
                     ('building', 'b1', null, null, 'Harbour View', null, '')) as place
          (kind, id, level_id, level_position, name, level_name, building_text)`.execute(db);
      expect(await migrateToLatest(db)).toEqual(migrationNames.slice(beforeSearchTiers));
      const found = await searchPlaces(db, runId, 'harbour', { offset: 0, limit: 10 });
      expect(found.hits.map((hit) => `${hit.kind} ${hit.name}`)).toEqual([
        'building Harbour View',
        'room Kitchen 0.01',
      ]);
      expect(found.total).toBe(2);
    } finally {
      await database.close();
    }
  });
});

describe("the embedded database's files", () => {
  it('start from one template made once, and a kept directory opens with what it held', async () => {
    const kept = mkdtempSync(path.join(tmpdir(), 'storey-kept-'));
    try {
      const first = await openIndexDatabase({ dataDir: path.join(kept, 'data') });
      await sql`insert into index_run (instance, started_at, phase, outcome)
                values ('kept', now(), 'done', 'done')`.execute(first.db);
      await first.close();
      const template = await embeddedTemplate();
      const made = statSync(template).mtimeMs;
      // Opened again: the same database, not a fresh copy of the template.
      const again = await openIndexDatabase({ dataDir: path.join(kept, 'data') });
      try {
        const runs = await again.db.selectFrom('index_run').select('instance').execute();
        expect(runs).toEqual([{ instance: 'kept' }]);
      } finally {
        await again.close();
      }
      expect(statSync(template).mtimeMs).toBe(made);
    } finally {
      rmSync(kept, { recursive: true, force: true });
    }
  });
});

describe("the embedded database's temporary directory", () => {
  it('is removed when the Storey that made it ended without removing it', async () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'storey-parent-'));
    try {
      // A process that has ended: one that ran and exited, so its pid is free.
      const ended = spawnSync(process.execPath, ['-e', 'process.pid']).pid!;
      const abandoned = path.join(parent, 'storey-index-abandoned');
      const living = path.join(parent, 'storey-index-living');
      for (const [directory, pid] of [
        [abandoned, ended],
        [living, process.pid],
      ] as const) {
        mkdirSync(directory);
        writeFileSync(path.join(directory, 'owner.pid'), String(pid));
      }
      await removeAbandonedIndexDirectories(parent);
      expect(existsSync(abandoned)).toBe(false);
      expect(existsSync(living)).toBe(true);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});
