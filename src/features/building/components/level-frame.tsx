import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { Building } from '@/api/platform-schemas';
import { NotFoundState } from '@/components/query-states';
import { displayName } from '@/lib/format';
import { useBuildingOutline, type LevelOutline } from '../api/get-building-outline';
import type { Crumb } from './building-breadcrumbs';
import { BuildingFrame, type FoundBuilding } from './building-frame';
import { OutlineStates } from './outline-states';

export interface LevelContext {
  building: Building;
  level: LevelOutline;
  levelIndex: number;
  levelName: string;
  /** Breadcrumbs up to and including this level (linked). */
  crumbs: Crumb[];
  levelPath: string;
}

function parseIndex(raw: string | undefined): number | undefined {
  return raw !== undefined && /^\d{1,6}$/.test(raw) ? Number(raw) : undefined;
}

/**
 * Resolves /buildings/:buildingId/levels/:level from data the building page already fetched:
 * the cached listing and the cached GraphQL outline, so moving here sends no new request.
 */
export function LevelFrame({ children }: { children: (context: LevelContext) => ReactNode }) {
  return (
    <BuildingFrame loadingLabel="Loading the level">
      {(found) => <LevelResolver {...found}>{children}</LevelResolver>}
    </BuildingFrame>
  );
}

function LevelResolver({
  building,
  siteName,
  children,
}: FoundBuilding & { children: (context: LevelContext) => ReactNode }) {
  const params = useParams();
  const outline = useBuildingOutline(building);
  const buildingPath = `/buildings/${encodeURIComponent(building.id)}`;
  return (
    <OutlineStates state={outline}>
      {(found) => {
        const levelIndex = parseIndex(params.level);
        const level = levelIndex === undefined ? undefined : found.levels?.[levelIndex];
        if (levelIndex === undefined || !level) {
          return (
            <NotFoundState title="Level not found">
              {displayName(building.name)} has no level “{params.level}”.{' '}
              <Link component={RouterLink} to={buildingPath}>
                Back to the building
              </Link>
            </NotFoundState>
          );
        }
        const levelName = displayName(level.name);
        const levelPath = `${buildingPath}/levels/${levelIndex}`;
        return children({
          building,
          level,
          levelIndex,
          levelName,
          levelPath,
          crumbs: [
            { label: 'Portfolio', to: '/' },
            {
              label: siteName ?? `Site ${building.siteId}`,
              to: `/?site=${encodeURIComponent(building.siteId)}`,
            },
            { label: displayName(building.name), to: buildingPath },
            { label: levelName, to: levelPath },
          ],
        });
      }}
    </OutlineStates>
  );
}
