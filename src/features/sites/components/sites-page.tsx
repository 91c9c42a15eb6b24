import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useIndexStatus } from '@/api/get-index-status';
import { totalsQueryOptions, type TotalsGroup } from '@/api/get-totals';
import { DebouncedTextField } from '@/components/debounced-text-field';
import { PageTitle } from '@/components/page-title';
import { ErrorState, LoadingSkeleton } from '@/components/query-states';
import { downloadCsv, toCsv } from '@/lib/csv';
import {
  sitesViewState,
  sortChange,
  totalsCsvName,
  totalsCsvTable,
  viewTotals,
  type SitesView,
} from '../utils/totals-view';
import { SitesFromListings } from './sites-from-listings';
import { TotalsTable } from './totals-table';

/**
 * Sums and shares by site or by organization from the portfolio index: every one of them, with
 * the portfolio's total, filtered by name or organization, sortable, exported as shown (state in
 * the URL: by, q, sort, dir).
 */
function IndexTotals({ view }: { view: SitesView }) {
  const update = view.change;
  const { by, filter, sort, descending } = sitesViewState(view.values);
  const totals = useQuery(totalsQueryOptions(by));
  const shown = useMemo(
    () => (totals.data ? viewTotals(totals.data, { by, filter, sort, descending }) : undefined),
    [totals.data, by, filter, sort, descending],
  );
  return (
    <Stack spacing={2}>
      <PageTitle title="Sites" freshness={[totals]} />
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={by}
          onChange={(_event, value: TotalsGroup | null) => {
            if (value) update({ by: value === 'site' ? undefined : value });
          }}
          aria-label="Totals by"
        >
          <ToggleButton value="site">By site</ToggleButton>
          <ToggleButton value="organization">By organization</ToggleButton>
        </ToggleButtonGroup>
        <DebouncedTextField
          size="small"
          label={by === 'site' ? 'Filter sites' : 'Filter organizations'}
          placeholder={by === 'site' ? 'Name or organization' : 'Name'}
          value={filter}
          onCommit={(text) => update({ q: text.trim() === '' ? undefined : text })}
          sx={{ minWidth: 220 }}
        />
        <Button
          variant="outlined"
          size="small"
          disabled={!shown || shown.rows.length === 0}
          onClick={() => {
            if (!totals.data || !shown) return;
            const table = totalsCsvTable(by, totals.data, shown);
            void toCsv(table.fields, table.rows).then((csv) =>
              downloadCsv(totalsCsvName(by, filter), csv),
            );
          }}
        >
          Export CSV
        </Button>
      </Stack>
      {totals.data && shown ? (
        <TotalsTable
          by={by}
          totals={totals.data}
          view={shown}
          sort={sort}
          descending={descending}
          onSort={(column) => update(sortChange(column, { sort, descending }))}
        />
      ) : totals.isError ? (
        <ErrorState what="the totals" error={totals.error} onRetry={() => void totals.refetch()} />
      ) : (
        <LoadingSkeleton label="Loading the totals" />
      )}
    </Stack>
  );
}

export function SitesPage({ view }: { view: SitesView }) {
  const index = useIndexStatus();
  // Which of the two pages this is depends on the index: never show one and swap to the other.
  if (index.isPending)
    return (
      <Stack spacing={3}>
        <Typography variant="h4" component="h1">
          Sites
        </Typography>
        <LoadingSkeleton label="Loading the sites" />
      </Stack>
    );
  if (index.data?.served) return <IndexTotals view={view} />;
  return <SitesFromListings />;
}
