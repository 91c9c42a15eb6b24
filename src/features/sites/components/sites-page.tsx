import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { totalsQueryOptions, type TotalsGroup } from '@/api/get-totals';
import { DebouncedTextField } from '@/components/debounced-text-field';
import { PageTitle } from '@/components/page-title';
import { EmptyState, ErrorState, LoadingSkeleton } from '@/components/query-states';
import { downloadCsv, toCsv } from '@/lib/csv';
import {
  sitesViewState,
  sortChange,
  totalsCsvName,
  totalsCsvTable,
  viewTotals,
  type SitesView,
} from '../utils/totals-view';
import { TotalsTable } from './totals-table';

/**
 * Sums and shares by site or by organization from the portfolio index: every one of them, with
 * the portfolio's total, filtered by name or organization, sortable, exported as shown (state in
 * the URL: by, q, sort, dir). Before the index's first sync it says so (plain-error.ts) and
 * fills in when the sync is served.
 */
export function SitesPage({ view }: { view: SitesView }) {
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
      {totals.data?.rows.length === 0 ? (
        <EmptyState title={by === 'site' ? 'You see no sites' : 'You see no organizations'}>
          The portfolio index holds none that you may see: the platform shares none with
          Storey&apos;s service account, or your access covers none of them.
        </EmptyState>
      ) : totals.data && shown ? (
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
