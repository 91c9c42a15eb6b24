import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openIndexDatabase, type IndexDatabase } from '../../server/portfolio-index/core/database';
import { fold } from '@/shared/rules/text-match';

/**
 * Text folding is written twice, of necessity: in SQL for the index's search (storey_search_text,
 * PostgreSQL's unaccent) and in TypeScript for the dashboard's highlighting and its own matching
 * (shared/rules/text-match). One test holds the two to one answer on the names a portfolio holds.
 */
const names = [
  'Łódź Office Park',
  'Bâtiment Étoile',
  'Straße 12',
  'Øresund Hub',
  'Ærø Café Noir',
  'Þórsgata',
  'İstanbul Kule',
  'Đà Nẵng Tower',
  'Ħamrun',
  'Œuvre',
  'São Paulo',
  'Zürich',
  'Skyline Tower 2.09',
];

let database: IndexDatabase;
beforeAll(async () => {
  database = await openIndexDatabase({});
}, 60_000);
afterAll(async () => {
  await database?.close();
});

describe('folding names for search', () => {
  it('folds as the index folds, letter by letter', async () => {
    for (const name of names) {
      const { rows } = await sql<{
        folded: string;
      }>`select storey_search_text(${name}) as folded`.execute(database.db);
      expect(fold(name), name).toBe(rows[0]!.folded);
    }
  });
});
