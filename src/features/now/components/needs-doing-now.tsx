import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { plainError } from '@/lib/plain-error';
import { useNeedsDoing } from '../hooks/use-needs-doing';
import type { NeedsDoingItem } from '../utils/needs-doing';

/** Where each figure's list is: the screen that says which rooms, alarms and meters. */
const listOf: Record<NeedsDoingItem['key'], { href: string; label: string }> = {
  rooms: { href: paths.attention(), label: 'Needs attention' },
  alarms: { href: paths.alarms({ view: 'unacknowledged' }), label: 'Alarms' },
  meters: { href: paths.energy({ list: 'stopped' }), label: 'Energy' },
};

const waiting: Record<NeedsDoingItem['key'], string> = {
  rooms: 'Rooms out of band now',
  alarms: 'Alarms nobody has acknowledged',
  meters: 'Meters stopped or stuck',
};

function NeedsDoingCard({
  which,
  read,
}: {
  which: NeedsDoingItem['key'];
  read: UseQueryResult<NeedsDoingItem>;
}) {
  // Not for this person (a viewer has no worklist): nothing to show, nothing to explain.
  if (read.error instanceof ApiError && (read.error.status === 403 || read.error.status === 404))
    return null;
  const item = read.data;
  const due = item !== undefined && item.count > 0;
  const { href, label } = listOf[which];
  return (
    <Paper
      variant="outlined"
      sx={{
        flex: '1 1 220px',
        borderLeftWidth: 4,
        borderLeftColor: due ? 'warning.main' : item ? 'success.main' : 'divider',
      }}
    >
      <Box
        component={RouterLink}
        to={href}
        aria-label={
          item ? `${item.count.toLocaleString('en-US')} ${item.what}: open ${label}` : undefined
        }
        sx={{
          display: 'block',
          // A phone shows the three at a glance, above the inventory's first figures.
          px: 2,
          py: { xs: 1, sm: 2 },
          color: 'inherit',
          textDecoration: 'none',
          '&:hover, &:focus-visible': { bgcolor: 'action.hover' },
        }}
      >
        {item ? (
          <>
            <Typography
              variant="h4"
              component="p"
              sx={{
                fontVariantNumeric: 'tabular-nums',
                fontSize: { xs: '1.75rem', sm: undefined },
              }}
            >
              {item.count.toLocaleString('en-US')}
            </Typography>
            <Typography sx={{ fontWeight: 500 }}>{item.what}</Typography>
            <Typography variant="caption" color="text.secondary">
              {item.note}
            </Typography>
          </>
        ) : read.isError ? (
          <>
            <Typography sx={{ fontWeight: 500 }}>{waiting[which]}: not known</Typography>
            <Typography variant="caption" color="text.secondary">
              {plainError(read.error).headline}
            </Typography>
          </>
        ) : (
          <>
            <Skeleton variant="text" width={60} height={42} aria-hidden />
            <Typography sx={{ fontWeight: 500 }}>{waiting[which]}</Typography>
            <Typography variant="caption" color="text.secondary">
              Counting…
            </Typography>
          </>
        )}
      </Box>
    </Paper>
  );
}

/**
 * The first screen's lead: what needs doing now, above the inventory (issue #55 item 9). Each
 * figure opens the list it counts.
 */
export function NeedsDoingNow() {
  const reads = useNeedsDoing();
  return (
    <Box component="section" aria-labelledby="needs-doing-now">
      <Typography id="needs-doing-now" variant="h6" component="h2" sx={{ mb: 1 }}>
        Needs doing now
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <NeedsDoingCard which="rooms" read={reads.rooms} />
        <NeedsDoingCard which="alarms" read={reads.alarms} />
        <NeedsDoingCard which="meters" read={reads.meters} />
      </Box>
    </Box>
  );
}
