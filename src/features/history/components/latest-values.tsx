import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FigureGrid } from '@/components/figure-grid';
import { formatValue } from '../utils/reading-format';
import { measurementLabel, type SeriesName } from '../utils/series-names';
import { formatAge, type MeasurementSeries } from '../utils/time-series';

/**
 * Latest values shown before "Show all": a room's or a device's are all of them; a floor's
 * hundreds of series (four per room) are a wall nobody reads, and took a quarter of a second to
 * lay out. The charts below and the floor's conditions now say how its rooms are.
 */
export const latestShownFirst = 24;

/**
 * The last reading of each measurement in the history read, its age counted from when the answer
 * arrived. Said "last in history", not "latest": the platform's history can lag its current
 * values by minutes, and a room's Now shows those (walk P3-10: 25.3 °C now beside 25.2 °C
 * "latest" 16 minutes old).
 */
export function LatestValues({
  series,
  names,
  now,
  formatTime,
}: {
  series: MeasurementSeries[];
  names: Map<string, SeriesName>;
  now: number;
  /** On the panel's clock (the site's). */
  formatTime: (time: number) => string;
}) {
  const [all, setAll] = useState(false);
  const shown = all ? series : series.slice(0, latestShownFirst);
  return (
    <Stack spacing={1}>
      <FigureGrid minWidth={180}>
        {shown.map((one, index) => {
          // The points are in time order: the last is the latest (no summary per card).
          const latest = one.points.at(-1);
          return (
            <Paper key={one.id} variant="outlined" sx={{ p: 1.5 }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {names.get(one.id)?.label ?? measurementLabel(index)}, last in history
              </Typography>
              <Typography
                component="dd"
                variant="h5"
                sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}
              >
                {latest ? formatValue(latest.value) : '—'}
                {latest && names.get(one.id)?.unit ? (
                  <Typography component="span" variant="body1" color="text.secondary">
                    {' '}
                    {names.get(one.id)!.unit}
                  </Typography>
                ) : null}
              </Typography>
              <Typography component="dd" variant="caption" color="text.secondary" sx={{ m: 0 }}>
                {latest ? (
                  <time
                    dateTime={new Date(latest.time).toISOString()}
                    title={formatTime(latest.time)}
                  >
                    {formatAge(now - latest.time)}
                  </time>
                ) : (
                  'no readings'
                )}
              </Typography>
            </Paper>
          );
        })}
      </FigureGrid>
      {series.length > latestShownFirst ? (
        <Box>
          <Button size="small" aria-expanded={all} onClick={() => setAll(!all)}>
            {all
              ? `Show the first ${latestShownFirst} latest values`
              : `Show all ${series.length} latest values`}
          </Button>
        </Box>
      ) : null}
    </Stack>
  );
}
