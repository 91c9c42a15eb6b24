import Stack from '@mui/material/Stack';
import { useMe } from '@/api/get-access';
import { PageTitle } from '@/components/page-title';
import { ErrorState, LoadingSkeleton } from '@/components/query-states';
import { AccessExplanation } from './access-explanation';

/** "What I can see": the places shared with the person, their role and the groups behind each. */
export function MyAccessPage() {
  const me = useMe();
  return (
    <Stack spacing={3}>
      <PageTitle title="What I can see" />
      {me.isPending ? (
        <LoadingSkeleton label="Loading what is shared with you" rows={3} />
      ) : me.isError ? (
        <ErrorState
          what="what is shared with you"
          error={me.error}
          onRetry={() => void me.refetch()}
        />
      ) : (
        <AccessExplanation me={me.data} who="you" />
      )}
    </Stack>
  );
}
