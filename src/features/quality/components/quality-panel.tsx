import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { buildingQualityQueryOptions, qualitySummaryQueryOptions } from '@/api/get-quality';
import { SeverityChip } from '@/components/severity-chip';
import { paths } from '@/config/paths';
import { displayName } from '@/lib/format';
import { plainError } from '@/lib/plain-error';

const clock = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The data-quality findings for one building (and, on a floor's or a room's page, for its floor
 * only), with the building's score: as the server worked them out over the whole portfolio at its
 * last sync, so the score here is the score on every other screen.
 */
export function QualityPanel({
  buildingId,
  floorName,
}: {
  buildingId: string;
  /** On a floor's (or room's) page, its name as shown: only the findings about that floor. */
  floorName?: string | undefined;
}) {
  const quality = useQuery(buildingQualityQueryOptions(buildingId));
  // The rules' words come with the summary (one answer for every building page).
  const rules = useQuery({
    ...qualitySummaryQueryOptions(),
    select: (summary) => new Map(summary.rules.map((rule) => [rule.id, rule])),
  });
  const onFloor = floorName !== undefined;
  const findings = (quality.data?.findings ?? []).filter(
    // By name, as the page shows it: the index's floor order may be older than the live one.
    (finding) =>
      !onFloor || (finding.levelPosition !== null && displayName(finding.levelName) === floorName),
  );
  return (
    <section aria-label="Data quality">
      <Typography variant="h6" component="h2" gutterBottom>
        Data quality
        {!onFloor && quality.data ? (
          <Typography component="span" color="text.secondary">
            {' '}
            · score {quality.data.score} / 100
          </Typography>
        ) : null}
      </Typography>
      {quality.isPending ? (
        <Skeleton variant="rounded" height={40} aria-label="Loading the data quality" />
      ) : quality.isError ? (
        <Alert severity="info" variant="outlined">
          Data quality is not shown here. {plainError(quality.error).headline}{' '}
          {plainError(quality.error).next}
        </Alert>
      ) : findings.length === 0 ? (
        <Alert severity="success" variant="outlined">
          Nothing wrong found{onFloor ? ' on this floor' : ''}.
          {!quality.data.checked
            ? ' Its floors and rooms could not be read, so they are not checked.'
            : ''}
        </Alert>
      ) : (
        <List dense disablePadding aria-label="Issues">
          {findings.map((finding, index) => {
            const rule = rules.data?.get(finding.ruleId);
            return (
              <ListItem
                key={`${finding.ruleId}-${index}`}
                disableGutters
                sx={{ gap: 1, alignItems: 'baseline' }}
              >
                <SeverityChip severity={finding.severity} />
                <Typography variant="body2">
                  <Link component={RouterLink} to={paths.quality({ rule: finding.ruleId })}>
                    {rule?.title ?? finding.ruleId}
                  </Link>
                  {finding.detail ? ` (${finding.detail})` : ''}
                  {rule ? `: ${rule.explanation}` : ''}
                </Typography>
              </ListItem>
            );
          })}
        </List>
      )}
      {quality.data ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Checked at the portfolio index's sync of {clock.format(new Date(quality.data.asOf))}
          {!quality.data.checked && findings.length > 0
            ? '; its floors and rooms could not be read, so they are not checked'
            : ''}
          .{' '}
          <Link component={RouterLink} to={paths.quality()}>
            How the score is worked out
          </Link>
        </Typography>
      ) : null}
    </section>
  );
}
