import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { accessOverviewQueryOptions } from '@/api/get-access';
import { PageTitle } from '@/components/page-title';
import { ErrorState, LoadingSkeleton, PageMessage } from '@/components/query-states';
import { Section } from '@/components/section';
import { ApiError } from '@/lib/api-client';
import { AccessAuditList } from './access-audit-list';
import { BuildingAudienceCheck } from './building-audience-check';
import { GrantsSection } from './grants-section';
import { PersonCheck } from './person-check';

export interface AccessAdminView {
  person: string | null;
  building: string | null;
  change: (changes: { person?: string | undefined; building?: string | undefined }) => void;
}

/**
 * The administrators' Access page: the grants, what one person can see and why, who can see one
 * building, ending a person's sessions, and the audit of every change.
 */
export function AccessAdminPage({ view }: { view: AccessAdminView }) {
  const overview = useQuery(accessOverviewQueryOptions());
  if (overview.isPending) return <LoadingSkeleton label="Loading access" />;
  if (overview.isError) {
    if (overview.error instanceof ApiError && overview.error.reason === 'not-admin')
      return (
        <PageMessage title="Access is for administrators">
          Only an administrator of Storey may see and change who sees what.
        </PageMessage>
      );
    return (
      <ErrorState what="access" error={overview.error} onRetry={() => void overview.refetch()} />
    );
  }
  const data = overview.data;
  return (
    <Stack spacing={4}>
      <PageTitle title="Access" />
      {data.scopes === 'off' ? (
        <Typography>
          Access scopes are off in this Storey (no SCOPES_FILE): every signed-in person sees the
          whole portfolio. Set SCOPES_FILE to give groups their part of it.
        </Typography>
      ) : (
        <>
          <Section title="Grants">
            <GrantsSection overview={data} />
          </Section>
          <Section title="What can a person see?">
            <PersonCheck
              people={data.people}
              sub={view.person}
              onSubChange={(person) => view.change({ person })}
            />
          </Section>
          <Section title="Who can see a building?">
            <BuildingAudienceCheck
              buildingId={view.building}
              onBuildingIdChange={(building) => view.change({ building })}
            />
          </Section>
        </>
      )}
      <Section title="Audit">
        <AccessAuditList />
      </Section>
    </Stack>
  );
}
