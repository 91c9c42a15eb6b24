import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
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
import { DebouncedTextField } from '@/components/debounced-text-field';
import { EmptyState, LoadingSkeleton } from '@/components/query-states';
import { CompareBar, CompareCheckbox } from '@/components/compare-picker';
import { downloadCsv, fileSlug, toCsv } from '@/lib/csv';
import { formatCount } from '@/lib/format';
import type { UrlView } from '@/lib/use-url-params';
import { useSearchResults } from '../hooks/use-search-results';
import { countByKind, kindLabels, resultKinds, type SearchResult } from '../utils/search-results';
import { Highlighted } from './highlighted';

/** The platform's matches per kind on this page (the box shows a handful). */
const pageTake = 500;

async function exportResults(q: string, results: readonly SearchResult[]) {
  const csv = await toCsv(
    ['Kind', 'Name', 'Where', 'Link'],
    results.map((result) => [
      kindLabels[result.kind],
      result.label,
      result.path.join(' › '),
      new URL(result.to, window.location.origin).href,
    ]),
  );
  downloadCsv(`storey-search-${fileSlug(q)}.csv`, csv);
}

const countPlaces = (counts: Record<string, number>) =>
  (counts.building ?? 0) + (counts.floor ?? 0) + (counts.room ?? 0);

/** /search?q=: every match, counted per kind, exportable. */
export function SearchPage({ view }: { view: UrlView<'q'> }) {
  const update = view.change;
  const q = view.values.q ?? '';
  const search = useSearchResults(q, { take: pageTake, enabled: true });
  const counts = countByKind(search.results);
  const settled = q.trim().length >= 2;

  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        Search
      </Typography>
      <Stack component="search" aria-label="Search places" direction="row" spacing={2}>
        <DebouncedTextField
          label="Search rooms, floors, buildings, sites, organizations, cities"
          size="small"
          value={q}
          onCommit={(value) => update({ q: value })}
          sx={{ flex: 1, maxWidth: 560 }}
        />
        <Button
          variant="outlined"
          disabled={!settled || search.results.length === 0}
          onClick={() => void exportResults(q, search.results)}
        >
          Export CSV
        </Button>
      </Stack>
      {search.awaitingIndex ? (
        <Alert severity="info">
          Floors and rooms are found once Storey has indexed the portfolio: its first sync is under
          way (its progress is shown at the top of the page). Buildings, sites, organizations and
          cities are found now.
        </Alert>
      ) : null}
      {search.placesError ? (
        <Alert severity="warning">
          Floors and rooms could not be searched just now ({search.placesError.message}); buildings,
          sites, organizations and cities are still found.
        </Alert>
      ) : null}
      {!settled ? (
        <EmptyState title="Type at least two characters">
          Storey searches names and references of everything in the portfolio.
        </EmptyState>
      ) : search.loading && search.results.length === 0 ? (
        <LoadingSkeleton label="Searching" />
      ) : search.results.length === 0 ? (
        <EmptyState title={`Nothing matches “${q}”`}>
          Check the spelling, or search for part of the name.
        </EmptyState>
      ) : (
        <SearchResults search={search} counts={counts} query={q} />
      )}
    </Stack>
  );
}

type SearchState = ReturnType<typeof useSearchResults>;

/** The matches per kind, how many of how many are shown, and a table per kind. */
function SearchResults({
  search,
  counts,
  query: q,
}: {
  search: SearchState;
  counts: ReturnType<typeof countByKind>;
  query: string;
}) {
  return (
    <>
      <Stack
        direction="row"
        spacing={1}
        role="status"
        aria-label="Matches per kind"
        useFlexGap
        sx={{ flexWrap: 'wrap' }}
      >
        {resultKinds.map((kind) => (
          <Chip key={kind} label={`${kindLabels[kind]}: ${formatCount(counts[kind])}`} />
        ))}
      </Stack>
      {search.placeTotal !== undefined ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary">
            {formatCount(countPlaces(counts))} of{' '}
            {search.placeTotalIsLowerBound ? 'more than ' : ''}
            {formatCount(search.placeTotal)} buildings, floors and rooms shown, best matches first.
          </Typography>
          {search.loadMore ? (
            <Button size="small" onClick={search.loadMore} disabled={search.loadingMore}>
              {search.loadingMore ? 'Loading…' : 'Show more'}
            </Button>
          ) : null}
        </Stack>
      ) : null}
      <CompareBar floating />
      {resultKinds
        .filter((kind) => counts[kind] > 0)
        .map((kind) => (
          <KindResults
            key={kind}
            kind={kind}
            results={search.results.filter((result) => result.kind === kind)}
            query={q}
          />
        ))}
    </>
  );
}

/** One kind's matches, each linking to its place (buildings with a box to compare them). */
function KindResults({
  kind,
  results,
  query: q,
}: {
  kind: SearchResult['kind'];
  results: readonly SearchResult[];
  query: string;
}) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={kindLabels[kind]}>
        <TableHead>
          <TableRow>
            {kind === 'building' ? (
              <TableCell padding="checkbox" sx={{ pl: 1 }}>
                Compare
              </TableCell>
            ) : null}
            <TableCell>{kindLabels[kind]}</TableCell>
            <TableCell>Where</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {results.map((result) => (
            <TableRow key={result.key}>
              {result.buildingId ? (
                <TableCell padding="checkbox" sx={{ pl: 1 }}>
                  <CompareCheckbox buildingId={result.buildingId} name={result.label} />
                </TableCell>
              ) : null}
              <TableCell>
                <Link component={RouterLink} to={result.to} state={result.linkState}>
                  <Highlighted text={result.label} query={q} />
                </Link>
              </TableCell>
              <TableCell>{result.path.join(' › ')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
