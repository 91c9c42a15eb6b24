import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Link as RouterLink } from 'react-router-dom';
import { SeverityChip } from '@/components/severity-chip';
import { paths } from '@/config/paths';
import { displayName, formatCount, siteLabel } from '@/lib/format';
import type { FindingRow } from '../utils/quality-model';

/** The listed issues, a heading row where each group starts. */
export function FindingsTable({
  rows,
  ruleTitle,
}: {
  rows: readonly FindingRow[];
  ruleTitle: (ruleId: string) => string;
}) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Issues">
        <TableHead>
          <TableRow>
            <TableCell>Building</TableCell>
            <TableCell>Site</TableCell>
            <TableCell>Issue</TableCell>
            <TableCell>Severity</TableCell>
            <TableCell>Detail</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) =>
            row.kind === 'group' ? (
              <TableRow key={`group-${row.key}-${index}`} sx={{ bgcolor: 'action.hover' }}>
                <TableCell component="th" scope="rowgroup" colSpan={5}>
                  <strong>{row.title}</strong>
                  {row.score !== undefined ? ` · score ${row.score} / 100` : ''}
                  {row.count !== undefined
                    ? ` · ${formatCount(row.count)} ${row.count === 1 ? 'issue' : 'issues'}`
                    : ''}
                </TableCell>
              </TableRow>
            ) : (
              <TableRow
                key={`${row.finding.ruleId}-${row.finding.buildingId ?? row.finding.siteId}-${index}`}
              >
                <TableCell>
                  {row.finding.buildingId ? (
                    <Link component={RouterLink} to={paths.building(row.finding.buildingId)}>
                      {displayName(row.finding.buildingName)}
                    </Link>
                  ) : (
                    '—'
                  )}
                </TableCell>
                <TableCell>{siteLabel(row.finding.siteId, row.finding.siteName)}</TableCell>
                <TableCell>
                  <Link component={RouterLink} to={paths.quality({ rule: row.finding.ruleId })}>
                    {ruleTitle(row.finding.ruleId)}
                  </Link>
                </TableCell>
                <TableCell>
                  <SeverityChip severity={row.finding.severity} />
                </TableCell>
                <TableCell>{row.finding.detail ?? ''}</TableCell>
              </TableRow>
            ),
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
