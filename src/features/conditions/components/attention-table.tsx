import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { AttentionReading } from '@/api/get-attention';
import { paths } from '@/config/paths';
import { describeBand, type ComfortBands } from '@/shared/rules/comfort';
import { displayUnit } from '@/shared/rules/measurement-kinds';
import { displayName, formatAge, siteLabel } from '@/lib/format';
import {
  bandOfRow,
  kindLabels,
  otherSensorsWords,
  outFor,
  roomHref,
} from '../utils/attention-model';
import { OutOfBandChip } from './verdict-chip';

const numberFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });
const clock = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The readings out of band, each with its room, building, value, band and how long. */
export function AttentionTable({
  rows,
  now,
  bands,
}: {
  rows: readonly AttentionReading[];
  /** When the answer arrived: what ages and durations are counted against. */
  now: number;
  bands: ComfortBands | undefined;
}) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Rooms out of band">
        <TableHead>
          <TableRow>
            <TableCell>Room</TableCell>
            <TableCell>Building</TableCell>
            <TableCell>Measurement</TableCell>
            <TableCell align="right">Now</TableCell>
            <TableCell>Band</TableCell>
            <TableCell>Out of band for</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <AttentionRow
              key={row.measurementId}
              row={row}
              now={now}
              band={bandOfRow(row, bands)}
            />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** One reading out of band: room and level, building and site, kind, value and age, band, since. */
function AttentionRow({
  row,
  now,
  band,
}: {
  row: AttentionReading;
  now: number;
  band: ReturnType<typeof bandOfRow>;
}) {
  const unit = displayUnit(row.unit);
  return (
    <TableRow>
      <TableCell>
        <Link component={RouterLink} to={roomHref(row)}>
          {displayName(row.roomName)}
        </Link>
        {row.levelName ? (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {row.levelName}
          </Typography>
        ) : null}
      </TableCell>
      <TableCell>
        <Link component={RouterLink} to={paths.building(row.buildingId)}>
          {displayName(row.buildingName)}
        </Link>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {siteLabel(row.siteId, row.siteName)}
        </Typography>
      </TableCell>
      <TableCell>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap' }}
        >
          <span>{kindLabels[row.kind]}</span>
          <OutOfBandChip kind={row.kind} status={row.status} label={kindLabels[row.kind]} />
        </Stack>
      </TableCell>
      <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {numberFormat.format(row.value)}
        {unit ? ` ${unit}` : ''}
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          <time dateTime={row.readingAt} title={clock.format(Date.parse(row.readingAt))}>
            {formatAge(now - Date.parse(row.readingAt))}
          </time>
        </Typography>
        {row.others.length > 0 ? (
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ display: 'block', whiteSpace: 'normal' }}
          >
            {otherSensorsWords(row)}
          </Typography>
        ) : null}
      </TableCell>
      <TableCell>
        {band ? describeBand(band) : '—'}
        {band ? (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {band.source}
          </Typography>
        ) : null}
      </TableCell>
      <TableCell>
        <time dateTime={row.outSince} title={`Since ${clock.format(Date.parse(row.outSince))}`}>
          {outFor(row, now)}
        </time>
      </TableCell>
    </TableRow>
  );
}
