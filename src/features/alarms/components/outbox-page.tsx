import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { outboxQueryOptions } from '@/api/get-alarms';
import { PageTitle } from '@/components/page-title';
import { ErrorState, LoadingSkeleton } from '@/components/query-states';
import { SidewaysScroll } from '@/components/sideways-scroll';
import { paths } from '@/config/paths';
import type { OutboxAnswer } from '@/shared/contracts/alarms';
import { formatMoment } from '../utils/alarm-labels';

const statusWords: Readonly<Record<OutboxAnswer['items'][number]['status'], string>> = {
  pending: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Refused',
};

const smtpWords: Readonly<Record<OutboxAnswer['smtp'], string>> = {
  configured: 'Messages go to the mail server in SMTP_URL.',
  embedded:
    'This is the built-in demo: messages go to its own mail server on this machine and nowhere else. Set SMTP_URL to send real e-mail.',
  none: 'No mail server is configured (SMTP_URL), so messages wait here unsent.',
};

/** Administrators: every e-mail Storey wrote about alarms, to whom, and whether it went. */
export function OutboxPage() {
  const outbox = useQuery(outboxQueryOptions());
  return (
    <Stack spacing={2}>
      <Link component={RouterLink} to={paths.alarms()}>
        ← All alarms
      </Link>
      <PageTitle title="Outbox" />
      {outbox.isPending ? (
        <LoadingSkeleton label="Loading the outbox" />
      ) : outbox.isError ? (
        <ErrorState what="the outbox" error={outbox.error} onRetry={() => void outbox.refetch()} />
      ) : (
        <>
          <Alert severity={outbox.data.smtp === 'none' ? 'warning' : 'info'}>
            {smtpWords[outbox.data.smtp]}
          </Alert>
          {outbox.data.items.length === 0 ? (
            <Alert severity="info">
              No message yet: new alarms are told a few minutes after they are raised.
            </Alert>
          ) : (
            <SidewaysScroll label="Messages, scrollable">
              <Table size="small" aria-label="Messages">
                <TableHead>
                  <TableRow>
                    <TableCell>Written</TableCell>
                    <TableCell>To</TableCell>
                    <TableCell>Message</TableCell>
                    <TableCell>State</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {outbox.data.items.map((item) => (
                    <TableRow key={item.id} sx={{ verticalAlign: 'top' }}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {formatMoment(item.createdAt)}
                      </TableCell>
                      <TableCell>
                        {item.channel === 'webhook' ? (
                          <>
                            Webhook (signed)
                            <br />
                            {item.target}
                          </>
                        ) : (
                          <>
                            {item.recipient.name ?? item.recipient.sub}
                            <br />
                            {item.email}
                          </>
                        )}
                      </TableCell>
                      <TableCell>
                        <details>
                          <summary>{item.subject}</summary>
                          <pre style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{item.body}</pre>
                        </details>
                      </TableCell>
                      <TableCell>
                        {statusWords[item.status]}
                        {item.sentAt ? ` ${formatMoment(item.sentAt)}` : ''}
                        {item.lastError ? ` · ${item.lastError}` : ''}
                        {item.attempts > 1 ? ` · ${item.attempts} attempts` : ''}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </SidewaysScroll>
          )}
        </>
      )}
    </Stack>
  );
}
