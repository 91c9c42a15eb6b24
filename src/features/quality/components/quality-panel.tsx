import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import {
  buildingQualityQueryOptions,
  qualitySummaryQueryOptions,
  type Finding,
} from '@/api/get-quality';
import { SeverityChip } from '@/components/severity-chip';
import { paths } from '@/config/paths';
import { displayName, formatCount } from '@/lib/format';
import { plainError } from '@/lib/plain-error';

const clock = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const severityOrder: Record<Finding['severity'], number> = { error: 0, warning: 1, info: 2 };

/** A building's findings one group per rule, errors first, each rule's places in their order. */
export function groupFindings(findings: readonly Finding[]) {
  const groups = new Map<
    string,
    { ruleId: string; severity: Finding['severity']; details: string[]; onFloors: boolean }
  >();
  for (const finding of findings) {
    const group = groups.get(finding.ruleId) ?? {
      ruleId: finding.ruleId,
      severity: finding.severity,
      details: [],
      onFloors: true,
    };
    group.details.push(finding.detail ?? '');
    group.onFloors &&= finding.levelPosition !== null;
    groups.set(finding.ruleId, group);
  }
  return [...groups.values()].sort((a, b) => severityOrder[a.severity] - severityOrder[b.severity]);
}

/**
 * The data-quality findings for one building (and, on a floor's or a room's page, for its floor
 * only), with the building's score: as the server worked them out over the whole portfolio at its
 * last sync, so the score here is the score on every other screen.
 */
export function QualityPanel({
  buildingId,
  floorName,
  room,
}: {
  buildingId: string;
  /** On a floor's (or room's) page, its name as shown: only the findings about that floor. */
  floorName?: string | undefined;
  /**
   * On a room's page, the room: a floor's finding that names rooms (rooms sharing a name) is
   * shown only where it names this one (the walk found it on a room of a name of its own).
   */
  room?: { id: string | undefined; name: string } | undefined;
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
      (!onFloor ||
        (finding.levelPosition !== null && displayName(finding.levelName) === floorName)) &&
      (!room ||
        !finding.rooms ||
        finding.rooms.some((named) =>
          named.id && room.id ? named.id === room.id : displayName(named.name) === room.name,
        )),
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
          {groupFindings(findings).map((group) => (
            <FindingGroup key={group.ruleId} group={group} rule={rules.data?.get(group.ruleId)} />
          ))}
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

type FindingsGroup = ReturnType<typeof groupFindings>[number];

/** One rule's findings: one line, or its places folded under one line when there are several. */
function FindingGroup({
  group,
  rule,
}: {
  group: FindingsGroup;
  rule: { title: string; explanation: string } | undefined;
}) {
  const title = (
    <Link component={RouterLink} to={paths.quality({ rule: group.ruleId })}>
      {rule?.title ?? group.ruleId}
    </Link>
  );
  return (
    <ListItem disableGutters sx={{ gap: 1, alignItems: 'baseline' }}>
      <SeverityChip severity={group.severity} />
      {group.details.length === 1 ? (
        <Typography variant="body2">
          {title}
          {group.details[0] ? ` (${group.details[0]})` : ''}
          {rule ? `: ${rule.explanation}` : ''}
        </Typography>
      ) : (
        // One line per rule, its places folded: 60 floors of one note do not push
        // the floors off the screen.
        <Box component="details" sx={{ typography: 'body2' }}>
          {/* Text only: a link inside the summary would be a control inside a control. */}
          <Box component="summary" sx={{ cursor: 'pointer' }}>
            {formatCount(group.details.length)} {group.onFloors ? 'floors' : 'findings'}:{' '}
            {rule?.title ?? group.ruleId}
          </Box>
          <Typography variant="body2">
            {rule ? `${rule.explanation} ` : ''}
            <Link component={RouterLink} to={paths.quality({ rule: group.ruleId })}>
              Every building with this finding
            </Link>
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {group.details.filter(Boolean).join(', ')}
          </Typography>
        </Box>
      )}
    </ListItem>
  );
}
