import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { buildingAudienceQueryOptions } from '@/api/get-access';
import { OutlinedField } from '@/components/outlined-field';
import { ErrorState, LoadingSkeleton } from '@/components/query-states';
import { grantPlace, groupList, roleName } from '../utils/access-words';

/** "Who can see this building?": the grants that cover it and the people they reach. */
export function BuildingAudienceCheck({
  buildingId,
  onBuildingIdChange,
}: {
  buildingId: string | null;
  onBuildingIdChange: (buildingId: string | undefined) => void;
}) {
  const [draft, setDraft] = useState(buildingId ?? '');
  const audience = useQuery({
    ...buildingAudienceQueryOptions(buildingId ?? ''),
    enabled: Boolean(buildingId),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onBuildingIdChange(draft.trim() || undefined);
  };
  return (
    <Stack spacing={2}>
      <Stack
        component="form"
        aria-label="Who can see a building"
        direction="row"
        spacing={1}
        useFlexGap
        onSubmit={submit}
        sx={{ flexWrap: 'wrap' }}
      >
        <OutlinedField
          label="Building id"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          sx={{ flex: 1, minWidth: 240 }}
        />
        <Button type="submit" variant="outlined">
          Check
        </Button>
      </Stack>
      {!buildingId ? null : audience.isPending ? (
        <LoadingSkeleton label="Loading who can see the building" rows={3} />
      ) : audience.isError ? (
        <ErrorState
          what="who can see the building"
          error={audience.error}
          onRetry={() => void audience.refetch()}
        />
      ) : (
        <Stack spacing={1}>
          <Typography>
            <strong>{audience.data.building.name ?? audience.data.building.id}</strong>{' '}
            {audience.data.grants.length === 0
              ? 'is covered by no grant.'
              : `is covered by ${audience.data.grants.length === 1 ? 'one grant' : `${audience.data.grants.length} grants`}:`}
          </Typography>
          {audience.data.grants.length > 0 ? (
            <List dense aria-label="Grants that cover the building">
              {audience.data.grants.map((grant) => (
                <ListItem key={`${grant.source}:${grant.group}:${grant.kind}:${grant.id ?? ''}`}>
                  <ListItemText
                    primary={`${grant.group}: ${roleName[grant.role]}`}
                    secondary={`on ${grantPlace(grant)} (${grant.source === 'file' ? 'file' : 'this page'})`}
                  />
                </ListItem>
              ))}
            </List>
          ) : null}
          <Typography>
            {audience.data.people.length === 0
              ? 'Nobody who has signed in so far holds one of these groups.'
              : 'People who have signed in and can see it:'}
          </Typography>
          {audience.data.people.length > 0 ? (
            <List dense aria-label="People who can see the building">
              {audience.data.people.map((person) => (
                <ListItem key={person.sub}>
                  <ListItemText
                    primary={person.name ?? person.sub}
                    secondary={`through ${groupList(person.via)}`}
                  />
                </ListItem>
              ))}
            </List>
          ) : null}
        </Stack>
      )}
    </Stack>
  );
}
