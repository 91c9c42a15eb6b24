import type { MigrationProvider } from 'kysely/migration';
import { hierarchy } from './migrations/0001-hierarchy.ts';
import { searchAndProgress } from './migrations/0002-search-and-progress.ts';
import { quality } from './migrations/0003-quality.ts';
import { conditions } from './migrations/0004-conditions.ts';
import { siteTimeZones } from './migrations/0005-site-time-zones.ts';
import { energy } from './migrations/0006-energy.ts';
import { stuckMeters } from './migrations/0007-stuck-meters.ts';
import { energyMonths } from './migrations/0008-energy-months.ts';
import { searchTiers } from './migrations/0009-search-tiers.ts';
import { anyPlatform } from './migrations/0010-any-platform.ts';
import { accessScopes } from './migrations/0011-access-scopes.ts';
import { scopeGrants } from './migrations/0012-scope-grants.ts';
import { alarms } from './migrations/0013-alarms.ts';
import { notifications } from './migrations/0014-notifications.ts';
import { alarmRoutes } from './migrations/0015-alarm-routes.ts';
import { alarmUpdatesInPlace } from './migrations/0016-alarm-updates-in-place.ts';
import { spaceTypes } from './migrations/0017-space-types.ts';
import { alarmRoundIndexes } from './migrations/0018-alarm-round-indexes.ts';
import { removedRuns } from './migrations/0019-removed-runs.ts';

/**
 * The index's schema, versioned: each migration runs once, in name order, at start (Kysely's
 * Migrator records them in `kysely_migration` and takes its own lock, so instances starting
 * together run each one once). Never edit a migration that has shipped: add the next one.
 */
const migrations = {
  '0001-hierarchy': hierarchy,
  '0002-search-and-progress': searchAndProgress,
  '0003-quality': quality,
  '0004-conditions': conditions,
  '0005-site-time-zones': siteTimeZones,
  '0006-energy': energy,
  '0007-stuck-meters': stuckMeters,
  '0008-energy-months': energyMonths,
  '0009-search-tiers': searchTiers,
  '0010-any-platform': anyPlatform,
  '0011-access-scopes': accessScopes,
  '0012-scope-grants': scopeGrants,
  '0013-alarms': alarms,
  '0014-notifications': notifications,
  '0015-alarm-routes': alarmRoutes,
  '0016-alarm-updates-in-place': alarmUpdatesInPlace,
  '0017-space-types': spaceTypes,
  '0018-alarm-round-indexes': alarmRoundIndexes,
  '0019-removed-runs': removedRuns,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};

/** The names of every migration, oldest first (tests migrate an older database step by step). */
export const migrationNames = Object.keys(migrations).sort();
