import pMap from 'p-map';
import { sql, type Kysely } from 'kysely';
import { spaceRecord } from '../../../src/shared/platform/records.ts';
import type { IndexTables } from '../core/tables.ts';
import { SyncReadError, type PlatformPages } from '../core/platform-pages.ts';

/** Statuses that say the platform has no such list (field notes: "not found" can be a 400). */
const notOffered = new Set([400, 403, 404, 405, 501]);

/** How the types of a sync's rooms were read. */
export type SpaceTypesRead = 'read' | 'not-offered' | 'in-part';

/** What the status says of it: nothing when every building's were read. */
export const spaceTypeWords: Readonly<Record<SpaceTypesRead, string | null>> = {
  read: null,
  'not-offered':
    "The platform does not list buildings' spaces with their types, so every room is judged by the bands of rooms people work in.",
  'in-part':
    "Some buildings' spaces could not be read with their types: their rooms are judged by the bands of rooms people work in until a sync reads them.",
};

/**
 * Each room's type (`ontologyType`), from `/api/Buildings/{id}/Spaces` (field notes; not in the
 * spec): what band a room is judged by (src/shared/rules/space-bands.ts). GraphQL's rooms do not
 * carry it. Read after the rooms, into the run's rows; a building whose spaces could not be read
 * keeps no types and says so (`space_types_read` false), and its rooms are judged as rooms
 * people work in. A platform that refuses the first building's list has no such list: no other
 * building is asked.
 */
export async function readSpaceTypes(options: {
  db: Kysely<IndexTables>;
  pages: PlatformPages;
  runId: number;
  buildingIds: readonly string[];
  concurrency: number;
  signal?: AbortSignal | undefined;
}): Promise<SpaceTypesRead> {
  const { db, pages, runId, buildingIds } = options;
  /** Reads one building's; false when the platform refused or failed it. */
  const readOne = async (buildingId: string): Promise<true | SyncReadError> => {
    options.signal?.throwIfAborted();
    let list;
    try {
      list = await pages.restList(
        `/api/Buildings/${encodeURIComponent(buildingId)}/Spaces`,
        spaceRecord,
        `the spaces of building ${buildingId}`,
      );
    } catch (error) {
      if (error instanceof SyncReadError) return error;
      throw error;
    }
    const typed = list.records.filter((space) => space.ontologyType !== null);
    for (let start = 0; start < typed.length; start += 2_000) {
      const values = typed
        .slice(start, start + 2_000)
        .map((space) => sql`(${space.id}, ${space.ontologyType})`);
      await sql`update indexed_room set space_type = typed.type
        from (values ${sql.join(values)}) as typed (id, type)
        where indexed_room.run_id = ${runId} and indexed_room.building_id = ${buildingId}
          and indexed_room.id = typed.id`.execute(db);
    }
    await db
      .updateTable('indexed_building')
      .set({ space_types_read: true })
      .where('run_id', '=', runId)
      .where('id', '=', buildingId)
      .execute();
    return true;
  };

  const [first, ...rest] = buildingIds;
  if (first === undefined) return 'read';
  const answer = await readOne(first);
  if (answer !== true && answer.status !== undefined && notOffered.has(answer.status))
    return 'not-offered';
  let unread = answer === true ? 0 : 1;
  await pMap(
    rest,
    async (buildingId) => {
      if ((await readOne(buildingId)) !== true) unread += 1;
    },
    { concurrency: options.concurrency },
  );
  return unread === 0 ? 'read' : 'in-part';
}
