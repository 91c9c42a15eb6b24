import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { seriesColor } from '@/components/charts/measure-palette';
import { useChartScheme } from '@/components/charts/use-chart-scheme';
import { DataFreshness } from '@/components/data-freshness';
import { Section } from '@/components/section';
import { PageBreadcrumbs } from '@/components/page-breadcrumbs';
import { PageTitle } from '@/components/page-title';
import { PrintHeader } from '@/components/print/print-header';
import { ErrorState, LoadingSkeleton } from '@/components/query-states';
import { paths } from '@/config/paths';
import { maxCompared, minCompared, useCompareSelection } from '@/stores/compare-selection';
import { downloadCsv } from '@/lib/csv';
import { countOf, displayName } from '@/lib/format';
import { plainError } from '@/lib/plain-error';
import { useComparison } from '../hooks/use-comparison';
import { comparisonCsvName, comparisonNotes, withoutBuilding } from '../utils/compare-model';
import type { Comparison } from '../utils/comparison';
import { comparisonCsv } from '../utils/comparison-csv';
import { MeasureFigures } from './measure-figures';
import { SideBySideTable } from './side-by-side-table';
import { StackingPlans } from './stacking-plans';

const crumbs = [{ label: 'Portfolio', to: paths.portfolio() }, { label: 'Compare' }];

function Header({ children }: { children?: ReactNode }) {
  return (
    <div>
      <PageBreadcrumbs crumbs={crumbs} />
      <PageTitle title="Compare buildings">{children}</PageTitle>
    </div>
  );
}

/** Too few buildings in the link: how to pick them, and the ones picked so far. */
function HowToPick({ known }: { known: number }) {
  const picked = useCompareSelection();
  return (
    <Alert severity="info">
      {known === 1
        ? 'This link names only one building of the portfolio. '
        : 'This link names no building of the portfolio. '}
      Pick {minCompared} to {maxCompared} buildings with the Compare boxes in the{' '}
      <Link component={RouterLink} to={paths.portfolio()}>
        portfolio table
      </Link>{' '}
      or on a building&apos;s page.
      {picked.length >= minCompared ? (
        <>
          {' '}
          <Link component={RouterLink} to={paths.compare(picked)}>
            Compare the {picked.length} picked now
          </Link>
          .
        </>
      ) : null}
    </Alert>
  );
}

function Legend({
  comparison,
  onRemove,
}: {
  comparison: Comparison;
  onRemove: (id: string) => void;
}) {
  const { scheme } = useChartScheme();
  return (
    <Box
      component="ul"
      aria-label="Compared buildings"
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
    >
      {comparison.compared.map(({ building, letter, siteName }, index) => (
        <Box
          component="li"
          key={building.id}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            pl: 1,
            pr: 0.5,
            py: 0.25,
          }}
        >
          <Box
            component="span"
            aria-hidden="true"
            sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: seriesColor(scheme, index) }}
          />
          <strong>{letter}</strong>
          <Link component={RouterLink} to={paths.building(building.id)}>
            {displayName(building.name)}
          </Link>
          <Typography component="span" variant="body2" color="text.secondary">
            {siteName}
          </Typography>
          <Button
            size="small"
            onClick={() => onRemove(building.id)}
            aria-label={`Remove ${displayName(building.name)} from the comparison`}
            className="storey-no-print"
            disabled={comparison.compared.length <= minCompared}
          >
            Remove
          </Button>
        </Box>
      ))}
    </Box>
  );
}

/**
 * /compare?ids=…: two to six buildings side by side, their normalised measures against the
 * portfolio's distribution (and their organization's and site's), their floors at one scale.
 * Reads the listing (cached when the portfolio was open) and one floor list per building.
 */
export function ComparePage({
  ids,
  onIdsChange,
}: {
  ids: readonly string[];
  onIdsChange: (ids: string[]) => void;
}) {
  const comparing = useComparison(ids);
  const { buildings, sites, quality, intensities, comparison, floors } = comparing;

  if (buildings.isPending) {
    return (
      <Stack spacing={2}>
        <Header />
        <LoadingSkeleton label="Loading the buildings to compare" />
      </Stack>
    );
  }
  if (buildings.isError) {
    return (
      <Stack spacing={2}>
        <Header />
        <ErrorState
          what="the buildings"
          error={buildings.error}
          onRetry={() => void buildings.refetch()}
        />
      </Stack>
    );
  }
  const { compared } = comparison!;
  const notes = comparisonNotes(comparison!, maxCompared);

  if (compared.length < minCompared) {
    return (
      <Stack spacing={2}>
        <Header />
        {notes.map((note) => (
          <Alert key={note} severity="warning">
            {note}
          </Alert>
        ))}
        <HowToPick known={compared.length} />
      </Stack>
    );
  }

  return (
    // useFlexGap: the header that exists only on paper takes no space on screen.
    <Stack spacing={3} useFlexGap>
      <CompareHeading comparing={comparing} />
      {notes.map((note) => (
        <Alert key={note} severity="warning">
          {note}
        </Alert>
      ))}
      <PartsNotShown sites={sites} quality={quality} intensities={intensities} />
      <Legend
        comparison={comparison!}
        onRemove={(id) => onIdsChange(withoutBuilding(compared, id))}
      />
      <Section title="Side by side">
        <SideBySideTable comparison={comparison!} />
      </Section>
      <Section title="Floors at one scale">
        <StackingPlans
          compared={compared}
          floors={floors.map((query) => ({
            data: query.data,
            isPending: query.isPending,
            error: query.error,
          }))}
        />
      </Section>
      <Section title="Against the portfolio">
        <MeasureFigures comparison={comparison!} />
      </Section>
    </Stack>
  );
}

type Comparing = ReturnType<typeof useComparison>;

/** What could not be read, and what the page leaves out because of it. */
function PartsNotShown({
  sites,
  quality,
  intensities,
}: Pick<Comparing, 'sites' | 'quality' | 'intensities'>) {
  return (
    <>
      {sites.isError ? (
        <Alert severity="warning">
          Site names could not be loaded ({sites.error.message}); sites are shown by id.
        </Alert>
      ) : null}
      {quality.isError ? (
        <Alert severity="info">
          Quality scores are not shown, and no value is marked as in doubt.{' '}
          {plainError(quality.error).headline} {plainError(quality.error).next}
        </Alert>
      ) : null}
      {intensities.isError ? (
        <Alert severity="info">
          Energy use intensity is not shown. {plainError(intensities.error).headline}{' '}
          {plainError(intensities.error).next}
        </Alert>
      ) : null}
    </>
  );
}

/** The title with what is compared (on paper too), how fresh it is, the CSV and Print. */
function CompareHeading({ comparing }: { comparing: Comparing }) {
  const { buildings, sites } = comparing;
  const comparison = comparing.comparison!;
  const { compared } = comparison;
  const download = async () =>
    downloadCsv(comparisonCsvName(compared), await comparisonCsv(comparison));
  return (
    <>
      <PrintHeader
        title="Compare buildings"
        readAt={buildings.dataUpdatedAt}
        choices={[
          `Compared: ${compared.map(({ letter, building, siteName }) => `${letter} ${displayName(building.name)} (${siteName})`).join(', ')}`,
          `against the whole portfolio of ${countOf(buildings.data?.length ?? 0, 'building')}`,
        ]}
      />
      <Header>
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'flex-start' }}
          className="storey-no-print"
        >
          <DataFreshness sources={[buildings, sites]} />
          <Button variant="outlined" size="small" onClick={() => void download()}>
            Download CSV
          </Button>
          <Button variant="outlined" size="small" onClick={() => window.print()}>
            Print
          </Button>
        </Stack>
      </Header>
    </>
  );
}
