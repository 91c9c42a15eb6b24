import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useBuildings } from '@/api/get-buildings';
import { SeverityChip } from '@/components/severity-chip';
import { paths } from '@/config/paths';
import { isChecked, useCheckedBuildings } from '@/lib/checked-buildings';
import { buildingScore, checkPortfolio, ruleById, type Finding } from '@/lib/quality-rules';

/** The data-quality findings for one building (and, on a floor's page, for that floor only). */
export function QualityPanel({
  buildingId,
  floorName,
}: {
  buildingId: string;
  floorName?: string;
}) {
  const buildings = useBuildings();
  const details = useCheckedBuildings();
  const findings = useMemo<Finding[]>(() => {
    if (!buildings.data) return [];
    return checkPortfolio({ buildings: buildings.data, details }).filter(
      (finding) =>
        finding.buildingId === buildingId &&
        (floorName === undefined ||
          (ruleById.get(finding.ruleId)?.deep && finding.detail === floorName)),
    );
  }, [buildings.data, details, buildingId, floorName]);
  const checked = isChecked(details.get(buildingId));
  return (
    <section aria-label="Data quality">
      <Typography variant="h6" component="h2" gutterBottom>
        Data quality
        {floorName === undefined ? (
          <Typography component="span" color="text.secondary">
            {' '}
            · score {buildingScore(findings)} / 100
          </Typography>
        ) : null}
      </Typography>
      {findings.length === 0 ? (
        <Alert severity="success" variant="outlined">
          Nothing wrong found{floorName ? ' on this floor' : ''}.
          {!checked && !floorName ? ' Floor and room checks are not done yet.' : ''}
        </Alert>
      ) : (
        <List dense disablePadding aria-label="Issues">
          {findings.map((finding, index) => {
            const rule = ruleById.get(finding.ruleId)!;
            return (
              <ListItem
                key={`${finding.ruleId}-${index}`}
                disableGutters
                sx={{ gap: 1, alignItems: 'baseline' }}
              >
                <SeverityChip severity={finding.severity} />
                <Typography variant="body2">
                  <Link component={RouterLink} to={paths.quality({ rule: rule.id })}>
                    {rule.title}
                  </Link>
                  {finding.detail ? ` (${finding.detail})` : ''}: {rule.explanation}
                </Typography>
              </ListItem>
            );
          })}
        </List>
      )}
      {!checked && !floorName && findings.length > 0 ? (
        <Typography variant="body2" color="text.secondary">
          Floor and room checks are not done yet.
        </Typography>
      ) : null}
    </section>
  );
}
