import Table from '@mui/material/Table';
import { SidewaysScroll } from '@/components/sideways-scroll';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { accessAuditQueryOptions } from '@/api/get-access';
import { ErrorState, LoadingSkeleton } from '@/components/query-states';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** What administrators changed, newest first: who, when, what, and whom it concerned. */
export function AccessAuditList() {
  const audit = useQuery(accessAuditQueryOptions());
  if (audit.isPending) return <LoadingSkeleton label="Loading the audit" rows={3} />;
  if (audit.isError)
    return <ErrorState what="the audit" error={audit.error} onRetry={() => void audit.refetch()} />;
  if (audit.data.items.length === 0)
    return (
      <Typography color="text.secondary">No change has been made on this page yet.</Typography>
    );
  return (
    <SidewaysScroll label={'Audit, scrolls sideways'}>
      <Table size="small" aria-label="Audit">
        <TableHead>
          <TableRow>
            <TableCell>When</TableCell>
            <TableCell>Who</TableCell>
            <TableCell>What</TableCell>
            <TableCell>Concerning</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {audit.data.items.map((item, index) => (
            <TableRow key={`${item.at}:${index}`}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{when.format(new Date(item.at))}</TableCell>
              <TableCell>{item.actor}</TableCell>
              <TableCell>{item.action}</TableCell>
              <TableCell>{item.subject}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </SidewaysScroll>
  );
}
