import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { useMemo, useState } from 'react';
import { downloadCsv, toCsv } from '@/lib/csv';
import type { HistoryClock } from '../utils/reading-format';
import type { SeriesName } from '../utils/series-names';
import type { Reading } from '../utils/time-series';

const rowsPerPage = 100;

/**
 * Up to this many measurements (a room's, a device's) the table has a column for each and a row
 * for each time, read across as a log; more (a floor's hundreds) would be a table nobody can
 * read across, so those list a reading a row.
 */
export const columnsUpTo = 10;

/** A time's readings: the value of each measurement (in the table's order) read at it. */
export interface ReadingsAt {
  timestamp: string;
  values: Array<string | undefined>;
}

/**
 * The readings as rows of one time each, earliest first, a value per measurement of `ids`
 * (undefined where that measurement has none at the time): a room's four sensors read together
 * make one row, not four alternating ones (walk P3-14).
 */
export function readingsByTime(readings: readonly Reading[], ids: readonly string[]): ReadingsAt[] {
  const column = new Map(ids.map((id, index) => [id, index]));
  const rows = new Map<string, ReadingsAt>();
  for (const reading of readings) {
    const index = column.get(reading.measurementValueId);
    if (index === undefined) continue;
    let row = rows.get(reading.timestamp);
    if (!row) {
      row = { timestamp: reading.timestamp, values: ids.map(() => undefined) };
      rows.set(reading.timestamp, row);
    }
    row.values[index] = reading.value;
  }
  return [...rows.values()].sort(
    (a, b) =>
      Date.parse(a.timestamp) - Date.parse(b.timestamp) || (a.timestamp < b.timestamp ? -1 : 1),
  );
}

/**
 * Every reading as the platform sent it, a page at a time (a month of three sensors is ~8,600):
 * a row per time with a column per measurement, or a reading a row (see `columnsUpTo`).
 */
export function ReadingsTable({
  readings,
  names,
  formatTime,
}: {
  readings: Reading[];
  names: Map<string, SeriesName>;
  /** On the panel's clock (the site's). */
  formatTime: (time: number) => string;
}) {
  const [page, setPage] = useState(0);
  const ids = useMemo(() => [...names.keys()], [names]);
  const byTime = useMemo(
    () => (ids.length <= columnsUpTo ? readingsByTime(readings, ids) : undefined),
    [readings, ids],
  );
  const count = byTime ? byTime.length : readings.length;
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label="Readings">
          {byTime ? (
            <>
              <TableHead>
                <TableRow>
                  <TableCell>Time</TableCell>
                  {ids.map((id) => (
                    <TableCell key={id} align="right">
                      {names.get(id)?.label}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {byTime.slice(page * rowsPerPage, (page + 1) * rowsPerPage).map((row) => (
                  <TableRow key={row.timestamp}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatTime(Date.parse(row.timestamp))}
                    </TableCell>
                    {row.values.map((value, index) => (
                      <TableCell
                        key={ids[index]}
                        align="right"
                        sx={{ fontVariantNumeric: 'tabular-nums' }}
                      >
                        {value ?? ''}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </>
          ) : (
            <>
              <TableHead>
                <TableRow>
                  <TableCell>Time</TableCell>
                  <TableCell>Measurement</TableCell>
                  <TableCell align="right">Value</TableCell>
                  <TableCell>Unit</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {readings
                  .slice(page * rowsPerPage, (page + 1) * rowsPerPage)
                  .map((reading, index) => (
                    <TableRow key={`${page}-${index}`}>
                      <TableCell>{formatTime(Date.parse(reading.timestamp))}</TableCell>
                      <TableCell>{names.get(reading.measurementValueId)?.label}</TableCell>
                      <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                        {reading.value}
                      </TableCell>
                      <TableCell>{names.get(reading.measurementValueId)?.unit}</TableCell>
                    </TableRow>
                  ))}
              </TableBody>
            </>
          )}
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={count}
        page={page}
        onPageChange={(_event, next) => setPage(next)}
        rowsPerPage={rowsPerPage}
        rowsPerPageOptions={[rowsPerPage]}
        labelDisplayedRows={({ from, to, count: all }) =>
          `${from}–${to} of ${all.toLocaleString()} ${byTime ? 'times' : 'readings'}`
        }
      />
    </Paper>
  );
}

/** Every reading of the range as CSV, its time in UTC and on the panel's clock (the site's). */
export async function downloadReadings(
  readings: Reading[],
  names: Map<string, SeriesName>,
  clock: { zone: string; formatTime: HistoryClock['formatTime'] },
  fileName: string,
) {
  const { zone } = clock;
  const csv = await toCsv(
    // Kind, unit and source each a column of its own: a spreadsheet filters and converts by them.
    ['Time (UTC)', `Time in ${zone}`, 'Measurement', 'Source', 'Measurement id', 'Value', 'Unit'],
    readings.map((reading) => {
      const time = Date.parse(reading.timestamp);
      const name = names.get(reading.measurementValueId);
      return [
        Number.isFinite(time) ? new Date(time).toISOString() : reading.timestamp,
        Number.isFinite(time) ? clock.formatTime(time) : '',
        name?.kind?.label ?? name?.label,
        name?.kind ? name.source : '',
        reading.measurementValueId,
        reading.value,
        name?.unit,
      ];
    }),
  );
  downloadCsv(fileName, csv);
}
