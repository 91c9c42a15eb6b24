import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { floorsNowQueryOptions } from '@/api/get-attention';
import { buildingCurrentValuesQueryOptions, maxBuildingValues } from '@/api/get-current-values';
import { LoadingSkeleton, PartFailedAlert } from '@/components/query-states';
import { Section } from '@/components/section';
import { paths } from '@/config/paths';
import { floorsOutOfBand, type FloorOutOfBand } from '@/domain/room-conditions';
import { countOf, formatCount } from '@/lib/format';
import { BandsFailed, ConditionsUnavailable } from './conditions-unavailable';
import { OutsideHoursNote } from './outside-hours-note';
import { useComfort } from '../hooks/use-comfort';

/** When the index last checked a building: the viewer's clock, as the other "as of" times. */
const checkedClock = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
});

/**
 * A building's rooms out of band now, floor by floor: its current values read once (every page,
 * up to `maxBuildingValues`), each room judged as its own page judges it. A building with more
 * values than that (the 200-floor tower) is shown as the index's conditions round last checked
 * it, counted by the same rule. The route shows the summary above the stacking plan and each
 * floor's count in it.
 */
export function useBuildingNow(buildingId: string, timeZone: string | null | undefined) {
  const { capabilities, rooms, schedule } = useComfort(timeZone, buildingId);
  const feature = capabilities.data?.currentValues;
  const values = useQuery({
    ...buildingCurrentValuesQueryOptions(buildingId),
    enabled: capabilities.isSuccess && feature?.available !== false,
  });
  const tooMany = values.data?.complete === false;
  const checked = useQuery({ ...floorsNowQueryOptions(buildingId), enabled: tooMany });
  const lastCheck = tooMany ? checked.data?.now : undefined;
  const now = values.dataUpdatedAt;
  const byFloor = useMemo(
    () =>
      values.data?.complete && rooms
        ? floorsOutOfBand(values.data.values, now, rooms.bandsOf, schedule)
        : new Map<string, FloorOutOfBand>(
            lastCheck?.floors.map(({ floorId, ...floor }) => [floorId, floor]),
          ),
    [values.data, now, rooms, schedule, lastCheck],
  );
  const judged = Boolean(values.data?.complete && rooms) || lastCheck !== undefined;
  return {
    buildingId,
    schedule,
    capabilities,
    feature,
    values,
    byFloor,
    /** When the floors were judged by the index's last check rather than from values now. */
    checkedAt: lastCheck?.checkedAt,
    judged,
    /**
     * Still finding out, on a platform that may well say: the floors' column is drawn waiting
     * (`FloorNowCell pending`) so the plan's rows do not grow under a finger when it comes.
     */
    pending:
      !judged &&
      feature?.available !== false &&
      !capabilities.isError &&
      !values.isError &&
      !(tooMany && !checked.isPending),
  };
}

export type BuildingNow = ReturnType<typeof useBuildingNow>;

/** What the building's floors look like now, in one or two sentences, or why that is not known. */
export function BuildingNowSummary({ now }: { now: BuildingNow }) {
  const { buildingId, capabilities, feature, values, byFloor, schedule } = now;
  const listed = (
    <Link component={RouterLink} to={paths.attention({ building: buildingId })}>
      its rooms out of band, worst first
    </Link>
  );
  let body: React.ReactNode;
  if (feature && !feature.available) {
    body = <ConditionsUnavailable feature={feature} />;
  } else if (capabilities.isError) {
    body = <BandsFailed capabilities={capabilities} />;
  } else if (values.isError) {
    body = (
      <PartFailedAlert onRetry={() => void values.refetch()}>
        The building's current conditions could not be loaded: {values.error.message}
      </PartFailedAlert>
    );
  } else if (!values.data || !capabilities.data) {
    body = <LoadingSkeleton label="Loading the building's conditions" rows={1} />;
  } else if (!values.data.complete) {
    const reported =
      values.data.total > maxBuildingValues
        ? formatCount(values.data.total)
        : `more than ${formatCount(values.data.total)}`;
    const floors = [...byFloor.values()];
    const out = floors.reduce((sum, floor) => sum + floor.roomsOutOfBand, 0);
    const outFloors = floors.filter((floor) => floor.roomsOutOfBand > 0).length;
    body = (
      <Typography>
        This building reports {reported} current values, more than the{' '}
        {formatCount(maxBuildingValues)} Storey reads at once for a building
        {now.checkedAt ? (
          <>
            , so the plan below shows its floors as Storey last checked them, at{' '}
            {checkedClock.format(Date.parse(now.checkedAt))}:{' '}
            {out === 0
              ? 'no room was out of its comfort band then'
              : `${formatCount(out)} ${out === 1 ? 'room' : 'rooms'} out of band on ${formatCount(outFloors)} ${outFloors === 1 ? 'floor' : 'floors'}`}
            . Open a floor to see its rooms now, or see {listed}.
          </>
        ) : (
          <>: open a floor to see its rooms now, or see {listed} as Storey last checked them.</>
        )}
      </Typography>
    );
  } else {
    const floors = [...byFloor.values()];
    const reporting = floors.reduce((sum, floor) => sum + floor.roomsWithBands, 0);
    const out = floors.reduce((sum, floor) => sum + floor.roomsOutOfBand, 0);
    const outFloors = floors.filter((floor) => floor.roomsOutOfBand > 0).length;
    const outsideHours = floors.reduce((sum, floor) => sum + floor.roomsOutsideHours, 0);
    body =
      schedule && reporting > 0 && outsideHours === reporting ? (
        <OutsideHoursNote schedule={schedule} />
      ) : (
        <Typography>
          {reporting === 0
            ? 'No room of this building reports a temperature, CO₂ or humidity reading now.'
            : out === 0
              ? `Every room reporting is within its comfort band now (${countOf(reporting, 'room')}).`
              : `${formatCount(out)} of ${countOf(reporting, 'room')} reporting ${out === 1 ? 'is' : 'are'} out of their comfort band now, on ${formatCount(outFloors)} ${outFloors === 1 ? 'floor' : 'floors'}: the plan below shows where. `}
          {out > 0 ? <>See {listed}.</> : null}
        </Typography>
      );
  }
  return <Section title="Now">{body}</Section>;
}

/**
 * One floor's rooms out of band now, as the stacking plan's column shows it; `pending`: a line's
 * shape while the building's readings are on their way.
 */
export function FloorNowCell({
  floor,
  pending = false,
}: {
  floor: FloorOutOfBand | undefined;
  pending?: boolean;
}) {
  // A line as tall as the words that come (their line box is the cell's, not the caption's).
  if (pending) return <Skeleton width="9em" aria-hidden />;
  if (!floor)
    return (
      <Typography variant="caption" color="text.secondary">
        no readings
      </Typography>
    );
  const out = floor.roomsOutOfBand;
  // Rooms read outside the comfort hours are neither in nor out of band.
  const judged = floor.roomsWithBands - floor.roomsOutsideHours;
  if (out === 0 && judged === 0)
    return (
      <Typography variant="caption" color="text.secondary">
        outside comfort hours
      </Typography>
    );
  return (
    <Typography
      variant="caption"
      sx={(theme) => ({
        display: 'inline-block',
        px: 0.75,
        borderRadius: 1,
        fontWeight: out > 0 ? 600 : undefined,
        // The floor table's warning tint, with body text on it. Text colours by token, not from
        // `theme.palette` (the light scheme's values even in dark mode): readable in both.
        bgcolor: out > 0 ? alpha(theme.palette.warning.main, 0.28) : undefined,
        color: out > 0 ? 'text.primary' : 'text.secondary',
      })}
    >
      {out > 0
        ? `${formatCount(out)} of ${formatCount(judged)} ${judged === 1 ? 'room' : 'rooms'} out of band`
        : judged === 1
          ? '1 room in band'
          : `all ${countOf(judged, 'room')} in band`}
    </Typography>
  );
}
