import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { measures } from '@/domain/building-measures';
import { paths } from '@/config/paths';
import {
  areaUnit,
  displayName,
  formatAreaValue,
  formatCount,
  organizationLabel,
} from '@/lib/format';
import {
  extremes,
  factFields,
  factValue,
  formatPercentile,
  type Comparison,
  type FactField,
} from '../utils/comparison';
import { formatMeasure } from '../utils/format-measure';

interface Row {
  label: string;
  /** Per building: what the cell says, and the number that decides highest/lowest. */
  cells: Array<{ text: ReactNode; value?: number | undefined }>;
  portfolio?: string | undefined;
}

const notIncluded = 'not included';

const factLabels: Record<FactField, string> = {
  area: `Area (${areaUnit})`,
  floorCount: 'Floors',
  spaceCount: 'Spaces',
  deviceCount: 'Devices',
  measurementCount: 'Measurements',
};

function formatFact(field: FactField, value: number): string {
  return field === 'area' ? formatAreaValue(value) : formatCount(value);
}

function factRows(comparison: Comparison): Row[] {
  const { compared } = comparison;
  const spreadText = (field: FactField) => {
    const spread = comparison.facts[field];
    return spread
      ? `${formatFact(field, spread.median)} (${formatFact(field, spread.q1)}–${formatFact(field, spread.q3)})`
      : 'not available';
  };
  return [
    {
      label: 'Organization',
      cells: compared.map(({ building }) => ({
        text: organizationLabel(building.organizationId, building.organizationName),
      })),
    },
    { label: 'Site', cells: compared.map(({ siteName }) => ({ text: siteName })) },
    ...factFields.map((field): Row => ({
      label: factLabels[field],
      portfolio: spreadText(field),
      cells: compared.map(({ building }) => {
        const value = factValue(building, field);
        if (value !== undefined) return { text: formatFact(field, value), value };
        return {
          text:
            field === 'area'
              ? 'not recorded'
              : field === 'deviceCount' || field === 'measurementCount'
                ? notIncluded
                : '—',
        };
      }),
    })),
    {
      label: 'Data quality score',
      cells: compared.map(({ quality }) =>
        quality
          ? {
              text: `${quality.score} / 100 (${quality.rules.length} ${quality.rules.length === 1 ? 'rule' : 'rules'} broken)`,
              value: quality.score,
            }
          : { text: 'not available' },
      ),
    },
  ];
}

function measureRows(comparison: Comparison): Row[] {
  return measures.map((measure, index) => {
    const portfolio = comparison.measures[index]!;
    return {
      label: `${measure.label} (${measure.unit})`,
      portfolio: portfolio.spread
        ? `${formatMeasure(measure, portfolio.spread.median)} (${formatMeasure(measure, portfolio.spread.q1)}–${formatMeasure(measure, portfolio.spread.q3)})`
        : 'not available',
      cells: comparison.compared.map(({ values }) => {
        const value = values[measure.id];
        if (!value.ok) return { text: `not available: ${value.reason}` };
        const doubt = value.doubts[0]?.title;
        return {
          value: value.value,
          text: (
            <>
              {formatMeasure(measure, value.value)}
              {value.percentile !== undefined ? (
                <Typography component="span" variant="body2" color="text.secondary">
                  {' '}
                  · {formatPercentile(value.percentile)}
                </Typography>
              ) : null}
              {doubt ? (
                <Typography
                  component="span"
                  variant="body2"
                  color="warning.main"
                  sx={{ display: 'block' }}
                >
                  in doubt: {doubt}
                </Typography>
              ) : null}
            </>
          ),
        };
      }),
    };
  });
}

/**
 * The buildings in columns, facts then measures, the portfolio's median and quartiles beside the
 * measures; in each row the highest and the lowest are marked in words and tint.
 */
export function SideBySideTable({ comparison }: { comparison: Comparison }) {
  const rows = [...factRows(comparison), ...measureRows(comparison)];
  return (
    // Printed, it starts under the page's header and breaks only between rows, each read across
    // whole, the buildings' letters repeated at the head of every page (a table header repeats):
    // kept on one sheet of its own, it left the first page empty under the header (walk P3-4).
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Side by side">
        <TableHead>
          <TableRow>
            <TableCell />
            {comparison.compared.map(({ building, letter }) => (
              <TableCell key={building.id} scope="col" sx={{ fontWeight: 600 }}>
                {letter} ·{' '}
                <Link component={RouterLink} to={paths.building(building.id)}>
                  {displayName(building.name)}
                </Link>
              </TableCell>
            ))}
            <TableCell scope="col" sx={{ fontWeight: 600 }}>
              Portfolio median (middle half)
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const { highest, lowest } = extremes(row.cells.map((cell) => cell.value));
            return (
              <TableRow key={row.label}>
                <TableCell component="th" scope="row">
                  {row.label}
                </TableCell>
                {row.cells.map((cell, index) => {
                  const mark =
                    cell.value === undefined
                      ? undefined
                      : cell.value === highest
                        ? 'highest'
                        : cell.value === lowest
                          ? 'lowest'
                          : undefined;
                  return (
                    <TableCell
                      key={index}
                      sx={{
                        fontVariantNumeric: 'tabular-nums',
                        ...(mark ? { bgcolor: 'action.selected' } : {}),
                      }}
                    >
                      {cell.text}
                      {mark ? (
                        <Typography
                          component="span"
                          variant="caption"
                          sx={{ ml: 0.5, fontWeight: 600 }}
                        >
                          {mark === 'highest' ? '▲ highest' : '▼ lowest'}
                        </Typography>
                      ) : null}
                    </TableCell>
                  );
                })}
                <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {row.portfolio ?? ''}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
