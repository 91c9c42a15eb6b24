import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { endSessionsOf, personAccessQueryOptions } from '@/api/get-access';
import { NativeSelectFilter } from '@/components/native-select-filter';
import { ErrorState, LoadingSkeleton } from '@/components/query-states';
import { plainError } from '@/lib/plain-error';
import type { AccessOverview } from '@/shared/contracts/access';
import { AccessExplanation } from './access-explanation';

const seen = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function EndSessions({ sub, name }: { sub: string; name: string }) {
  const end = useMutation({ mutationFn: () => endSessionsOf(sub) });
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="outlined"
        color="error"
        disabled={end.isPending}
        onClick={() => end.mutate()}
      >
        End {name}’s sessions
      </Button>
      {end.isSuccess ? (
        <Alert severity="success" role="status">
          {name} is signed out everywhere: Storey asks them to sign in again at their next click,
          and their groups are read afresh.
        </Alert>
      ) : null}
      {end.isError ? (
        <Alert severity="error" role="alert">
          The sessions were not ended. {plainError(end.error).headline} {plainError(end.error).next}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** "What can this person see, and why?": one of the people seen signing in, explained. */
export function PersonCheck({
  people,
  sub,
  onSubChange,
}: {
  people: AccessOverview['people'];
  sub: string | null;
  onSubChange: (sub: string | undefined) => void;
}) {
  const person = people.find((candidate) => candidate.sub === sub);
  const access = useQuery({
    ...personAccessQueryOptions(sub ?? ''),
    enabled: person !== undefined,
  });
  if (people.length === 0)
    return (
      <Typography color="text.secondary">
        Nobody has signed in since access scopes were switched on.
      </Typography>
    );
  const name = person ? (person.name ?? person.sub) : '';
  return (
    <Stack spacing={2}>
      <NativeSelectFilter
        label="Person"
        allLabel="Choose a person…"
        value={sub ?? ''}
        options={people.map((candidate) => [
          candidate.sub,
          `${candidate.name ?? candidate.sub} (last seen ${seen.format(new Date(candidate.lastSeenAt))})`,
        ])}
        onChange={(next) => onSubChange(next || undefined)}
        minWidth={260}
      />
      {person ? (
        access.isPending ? (
          <LoadingSkeleton label={`Loading what ${name} can see`} rows={3} />
        ) : access.isError ? (
          <ErrorState
            what={`what ${name} can see`}
            error={access.error}
            onRetry={() => void access.refetch()}
          />
        ) : (
          <>
            <AccessExplanation me={access.data} who="they" />
            <EndSessions sub={person.sub} name={name} />
          </>
        )
      ) : null}
    </Stack>
  );
}
