import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import { SidewaysScroll } from '@/components/sideways-scroll';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { accessKeys, addGrant, removeGrant, type NewGrant } from '@/api/get-access';
import { OutlinedField, OutlinedNativeSelect } from '@/components/outlined-field';
import { plainError } from '@/lib/plain-error';
import {
  grantNodeKinds,
  roles,
  type AccessOverview,
  type GrantNodeKind,
  type Role,
} from '@/shared/contracts/access';
import { grantPlace, roleName } from '../utils/access-words';

const kindLabel: Readonly<Record<GrantNodeKind, string>> = {
  all: 'Everything',
  organization: 'An organisation',
  site: 'A site',
  building: 'A building',
};

function ChangeFailed({ error }: { error: unknown }) {
  const { headline, next } = plainError(error);
  return (
    <Alert severity="error" role="alert">
      The change was not made. {headline} {next}
    </Alert>
  );
}

/** A grant kept in the index's table: a group, a place (by id) and a role. */
function AddGrantForm({ onAdded }: { onAdded: () => void }) {
  const [grant, setGrant] = useState<NewGrant>({
    group: '',
    kind: 'building',
    id: '',
    role: 'viewer',
  });
  const add = useMutation({
    mutationFn: (next: NewGrant) => addGrant(next),
    onSuccess: () => {
      setGrant((current) => ({ ...current, group: '', id: '' }));
      onAdded();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate({ ...grant, id: grant.kind === 'all' ? null : (grant.id ?? '').trim() });
  };
  return (
    <Stack component="form" aria-label="Add a grant" onSubmit={submit} spacing={1}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap>
        <OutlinedField
          label="Group"
          value={grant.group}
          onChange={(event) => setGrant({ ...grant, group: event.target.value })}
          sx={{ flex: 2, minWidth: 160 }}
        />
        <OutlinedNativeSelect
          label="On"
          size="small"
          value={grant.kind}
          onChange={(event) => setGrant({ ...grant, kind: event.target.value as GrantNodeKind })}
          sx={{ flex: 1, minWidth: 150 }}
        >
          {grantNodeKinds.map((kind) => (
            <option key={kind} value={kind}>
              {kindLabel[kind]}
            </option>
          ))}
        </OutlinedNativeSelect>
        {grant.kind === 'all' ? null : (
          <OutlinedField
            label="Its id"
            value={grant.id ?? ''}
            onChange={(event) => setGrant({ ...grant, id: event.target.value })}
            sx={{ flex: 2, minWidth: 160 }}
          />
        )}
        <OutlinedNativeSelect
          label="Role"
          size="small"
          value={grant.role}
          onChange={(event) => setGrant({ ...grant, role: event.target.value as Role })}
          sx={{ flex: 1, minWidth: 140 }}
        >
          {roles.map((role) => (
            <option key={role} value={role}>
              {roleName[role]}
            </option>
          ))}
        </OutlinedNativeSelect>
        <Button type="submit" variant="contained" disabled={add.isPending}>
          Add grant
        </Button>
      </Stack>
      {add.isError ? <ChangeFailed error={add.error} /> : null}
    </Stack>
  );
}

/**
 * Every grant, whence it comes (SCOPES_FILE, changed in the file, or this page's table), and
 * adding or removing the table's. Each change is audited by the server.
 */
export function GrantsSection({ overview }: { overview: AccessOverview }) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: accessKeys.all });
  const remove = useMutation({
    mutationFn: (grantId: number) => removeGrant(grantId),
    onSuccess: refresh,
  });
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">
        A person sees the union of what their groups are given. Groups are read from the sign-in
        claim “{overview.claim}”
        {overview.file ? `; the grants marked “file” come from ${overview.file}` : ''}.
      </Typography>
      <SidewaysScroll label={'Grants, scrolls sideways'}>
        <Table size="small" aria-label="Grants">
          <TableHead>
            <TableRow>
              <TableCell>Group</TableCell>
              <TableCell>On</TableCell>
              <TableCell>Role</TableCell>
              <TableCell>From</TableCell>
              <TableCell align="right">Change</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {overview.grants.map((grant) => (
              <TableRow key={`${grant.source}:${grant.group}:${grant.kind}:${grant.id ?? ''}`}>
                <TableCell>{grant.group}</TableCell>
                <TableCell>{grantPlace(grant)}</TableCell>
                <TableCell>{roleName[grant.role]}</TableCell>
                <TableCell>{grant.source === 'file' ? 'file' : 'this page'}</TableCell>
                <TableCell align="right">
                  {grant.grantId !== null ? (
                    <Button
                      size="small"
                      color="error"
                      disabled={remove.isPending}
                      onClick={() => remove.mutate(grant.grantId!)}
                      aria-label={`Remove the grant of ${grant.group} on ${grantPlace(grant)}`}
                    >
                      Remove
                    </Button>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </SidewaysScroll>
      {remove.isError ? <ChangeFailed error={remove.error} /> : null}
      <Typography variant="subtitle1" component="h3">
        Add a grant
      </Typography>
      <AddGrantForm onAdded={refresh} />
    </Stack>
  );
}
