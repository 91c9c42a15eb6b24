import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { downloadCsv, toCsv } from '@/lib/csv';
import type { HistoryClock } from '../utils/reading-format';
import type { SeriesName } from '../utils/series-names';
import type { Reading } from '../utils/time-series';

const rowsPerPage = 100;

/** Every reading as the platform sent it, a page at a time (a month of three sensors is ~8,600). */
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
  const shown = readings.slice(page * rowsPerPage, (page + 1) * rowsPerPage);
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label="Readings">
          <TableHead>
            <TableRow>
              <TableCell>Time</TableCell>
              <TableCell>Measurement</TableCell>
              <TableCell align="right">Value</TableCell>
              <TableCell>Unit</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((reading, index) => (
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
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={readings.length}
        page={page}
        onPageChange={(_event, next) => setPage(next)}
        rowsPerPage={rowsPerPage}
        rowsPerPageOptions={[rowsPerPage]}
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
