import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { Building } from '@/api/platform-schemas';
import { ErrorState, LoadingSkeleton, NotFoundState } from '@/components/query-states';
import { useBuildingRecord } from '../hooks/use-building-record';

export interface FoundBuilding {
  building: Building;
  siteName: string | undefined;
}

/**
 * The building of the route's :buildingId from the cached listing, with the loading, error and
 * not-found states every building, level and room page shares. `children` renders the found
 * building (as an element, so it may use hooks of its own).
 */
export function BuildingFrame({
  loadingLabel,
  children,
}: {
  loadingLabel: string;
  children: (found: FoundBuilding) => ReactNode;
}) {
  const { buildingId = '' } = useParams();
  const { buildings, building, siteName } = useBuildingRecord(buildingId);
  if (buildings.isPending) return <LoadingSkeleton label={loadingLabel} />;
  if (buildings.isError) {
    return (
      <ErrorState
        what="the building"
        error={buildings.error}
        onRetry={() => void buildings.refetch()}
      />
    );
  }
  if (!building) {
    return (
      <NotFoundState title="Building not found">
        No building with id “{buildingId}” is visible to this account.{' '}
        <Link component={RouterLink} to="/">
          Back to the portfolio
        </Link>
      </NotFoundState>
    );
  }
  return <>{children({ building, siteName })}</>;
}
