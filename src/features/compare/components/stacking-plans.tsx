import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Floor } from '@/api/platform-schemas';
import { measureColor } from '@/components/charts/measure-palette';
import { countOf, displayName, formatArea, formatCount } from '@/lib/format';
import type { ComparedBuilding } from '../utils/comparison';

export interface FloorsState {
  data: Floor[] | undefined;
  isPending: boolean;
  error: Error | null;
}

/**
 * Drawn height of all floors of the tallest building, in pixels; a tower whose floors would be
 * thinner than `thinnestFloor` grows taller instead (a 200-floor tower: 600 px).
 */
const plotHeight = 360;
const thinnestFloor = 3;
/** A floor far smaller than the largest still shows as a bar a tower can be seen by. */
const narrowestBar = '6px';

/**
 * The buildings' floors next to each other at one scale: every floor equally tall, bar length by
 * area against the largest floor of any of them, ground floors on one line.
 */
export function StackingPlans({
  compared,
  floors,
}: {
  compared: ComparedBuilding[];
  floors: FloorsState[];
}) {
  const counts = compared.map(
    ({ building }, index) => floors[index]?.data?.length ?? building.floorCount ?? 0,
  );
  const mostFloors = Math.max(1, ...counts);
  const rowHeight = Math.max(thinnestFloor, Math.min(16, Math.floor(plotHeight / mostFloors)));
  const largest = Math.max(
    1,
    ...floors.flatMap((state) => (state.data ?? []).map((floor) => floor.area ?? 0)),
  );
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: `repeat(${compared.length}, minmax(110px, 1fr))`,
        alignItems: 'end',
        overflowX: 'auto',
      }}
      className="storey-keep-together"
    >
      {compared.map(({ building, letter }, index) => {
        const state = floors[index]!;
        const list = state.data ?? [];
        const biggest = Math.max(0, ...list.map((floor) => floor.area ?? 0));
        const summary = `${letter}, ${displayName(building.name)}: ${countOf(list.length, 'floor')}, the largest ${formatArea(biggest)}`;
        return (
          <Paper
            key={building.id}
            variant="outlined"
            sx={{ p: 1.5 }}
            component="figure"
            aria-label={summary}
            style={{ margin: 0 }}
          >
            {state.isPending ? (
              <Skeleton
                variant="rounded"
                height={120}
                role="status"
                aria-label={`Loading the floors of ${letter}`}
              />
            ) : state.error ? (
              <Alert severity="warning">Floors could not be loaded: {state.error.message}</Alert>
            ) : list.length === 0 ? (
              <Typography variant="body2">No floors on the platform.</Typography>
            ) : (
              <Box
                role="img"
                aria-label={summary}
                sx={{
                  display: 'flex',
                  flexDirection: 'column-reverse',
                  gap: rowHeight >= 6 ? '1px' : 0,
                }}
              >
                {list.map((floor) => (
                  <Box
                    key={floor.id}
                    title={`${displayName(floor.name)}: ${floor.area ? formatArea(floor.area) : 'no area'}, ${formatCount(floor.spaceCount ?? 0)} spaces`}
                    sx={{ height: rowHeight, display: 'flex', alignItems: 'stretch' }}
                  >
                    <Box
                      sx={{
                        width: `max(${narrowestBar}, ${(100 * (floor.area ?? 0)) / largest}%)`,
                        bgcolor: measureColor('area'),
                        borderRadius: 0.5,
                      }}
                    />
                  </Box>
                ))}
              </Box>
            )}
            <Typography component="figcaption" variant="body2" sx={{ mt: 1 }}>
              <strong>{letter}</strong> · {displayName(building.name)}
              <br />
              <Typography component="span" variant="caption" color="text.secondary">
                {countOf(list.length || (building.floorCount ?? 0), 'floor')}
                {biggest > 0 ? `, largest ${formatArea(biggest)}` : ''}
              </Typography>
            </Typography>
          </Paper>
        );
      })}
    </Box>
  );
}
