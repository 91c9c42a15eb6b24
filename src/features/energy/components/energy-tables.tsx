import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { EnergyBuilding, EnergyPeriodSpan } from '@/api/get-energy';
import { paths } from '@/config/paths';
import {
  compareReasonWords,
  energyReasonWords,
  intensityIn,
  intensityUnits,
  type IntensityUnit,
} from '@/domain/energy-intensity';
import { displayName, formatAge, formatCount, formatKnown, siteLabel } from '@/lib/format';
import { distinctName } from '@/shared/rules/same-names';
import { intensityFormat, kwhFormat, percentFormat } from '../utils/energy-words';

function BuildingCell({ row }: { row: EnergyBuilding }) {
  return (
    <TableCell>
      <Link component={RouterLink} to={paths.building(row.id)}>
        {distinctName(displayName(row.name), row.referenceId, row.sameName)}
      </Link>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {siteLabel(row.siteId, row.siteName)}
      </Typography>
    </TableCell>
  );
}

export function RankedTable({
  rows,
  offset,
  unit,
  period,
}: {
  rows: EnergyBuilding[];
  offset: number;
  unit: IntensityUnit;
  period: EnergyPeriodSpan;
}) {
  const days = period.days;
  const compared = period.kind === '30-days';
  return (
    <Table size="small" aria-label="Buildings ranked by energy use intensity">
      <TableHead>
        <TableRow>
          <TableCell align="right">#</TableCell>
          <TableCell>Building</TableCell>
          <TableCell align="right">{intensityUnits[unit].label}</TableCell>
          <TableCell align="right">Use (kWh)</TableCell>
          <TableCell align="right">Area (m²)</TableCell>
          {compared ? <TableCell>Against the {days} days before</TableCell> : null}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row, index) => (
          <TableRow key={row.id}>
            <TableCell align="right">{formatCount(offset + index + 1)}</TableCell>
            <BuildingCell row={row} />
            <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {intensityFormat.format(intensityIn(row.intensity!, unit))}
            </TableCell>
            <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {kwhFormat.format(row.usedKwh!)}
            </TableCell>
            <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatKnown(row.area, (area) => kwhFormat.format(area))}
            </TableCell>
            {compared ? (
              <TableCell>
                {row.change !== null ? (
                  <span style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {percentFormat.format(row.change)}{' '}
                    <Typography component="span" variant="caption" color="text.secondary">
                      from {kwhFormat.format(row.previousKwh!)} kWh
                    </Typography>
                  </span>
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    {row.compareReason ? compareReasonWords(row.compareReason, days) : ''}
                  </Typography>
                )}
              </TableCell>
            ) : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function OutTable({ rows, days }: { rows: EnergyBuilding[]; days: number }) {
  return (
    <Table size="small" aria-label="Buildings without a figure, and why">
      <TableHead>
        <TableRow>
          <TableCell>Building</TableCell>
          <TableCell>Why it has no figure</TableCell>
          <TableCell align="right">Use read (kWh)</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <BuildingCell row={row} />
            <TableCell>
              {row.reason
                ? energyReasonWords(row.reason, { coveredDays: row.coveredDays, days })
                : ''}
            </TableCell>
            <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {row.usedKwh === null ? '—' : kwhFormat.format(row.usedKwh)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function StoppedTable({ rows, now }: { rows: EnergyBuilding[]; now: number }) {
  return (
    <Table size="small" aria-label="Meters that stopped or are stuck">
      <TableHead>
        <TableRow>
          <TableCell>Building</TableCell>
          <TableCell>Last reading</TableCell>
          <TableCell>Stuck</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <BuildingCell row={row} />
            <TableCell>
              {row.lastReadingAt ? formatAge(now - Date.parse(row.lastReadingAt)) : 'Never'}
            </TableCell>
            <TableCell>
              {row.stuckDays > 0
                ? `Its total stood still on ${formatCount(row.stuckDays)} whole ${row.stuckDays === 1 ? 'day' : 'days'} of the period`
                : '—'}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
