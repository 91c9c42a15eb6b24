import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import { SidewaysScroll } from '@/components/sideways-scroll';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { GrantedPlace, MeAnswer } from '@/shared/contracts/access';
import { groupList, roleName, roleWords, scopeSummary } from '../utils/access-words';
import { Contact, NothingShared } from './nothing-shared';

type PlaceKind = 'organization' | 'site' | 'building';
const kindWord: Readonly<Record<PlaceKind, string>> = {
  organization: 'Organisation',
  site: 'Site',
  building: 'Building',
};

function placeLink(kind: PlaceKind, place: GrantedPlace) {
  const name = place.name ?? `(not in the index yet) ${place.id}`;
  const to =
    kind === 'building'
      ? paths.building(place.id)
      : kind === 'site'
        ? paths.portfolio({ site: place.id })
        : paths.portfolio({ org: place.id });
  return place.name === null ? (
    name
  ) : (
    <Link component={RouterLink} to={to}>
      {name}
    </Link>
  );
}

/**
 * What a person sees in Storey and why: the places shared with them, the role on each and the
 * groups it comes through. The person's own page and the administrators' check show the same.
 */
export function AccessExplanation({ me, who }: { me: MeAnswer; who: 'you' | 'they' }) {
  const you = who === 'you';
  if (me.scopes === 'off')
    return (
      <Typography>
        Access scopes are off in this Storey: every signed-in person sees the whole portfolio.
      </Typography>
    );
  if (me.role === null) return <NothingShared groups={me.groups} contact={me.contact} />;
  const places = [
    ...me.organizations.map((place) => ({ kind: 'organization' as const, place })),
    ...me.sites.map((place) => ({ kind: 'site' as const, place })),
    ...me.buildings.map((place) => ({ kind: 'building' as const, place })),
  ];
  return (
    <Stack spacing={2}>
      <Typography>
        {you ? 'You see' : 'They see'}{' '}
        <strong>
          {me.all
            ? `the whole portfolio${me.counts ? ` (${scopeSummary(me).toLowerCase()})` : ''}`
            : scopeSummary(me)}
        </strong>
        {me.all ? ` through ${groupList(me.allVia)}` : ''}. {roleWords[me.role]}.
      </Typography>
      {places.length > 0 ? (
        <SidewaysScroll
          label={you ? 'Shared with you, scrolls sideways' : 'Shared with them, scrolls sideways'}
        >
          <Table size="small" aria-label={you ? 'Shared with you' : 'Shared with them'}>
            <TableHead>
              <TableRow>
                <TableCell>Shared</TableCell>
                <TableCell>Place</TableCell>
                <TableCell>Role</TableCell>
                <TableCell>Through the group</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {places.map(({ kind, place }) => (
                <TableRow key={`${kind}:${place.id}`}>
                  <TableCell>{kindWord[kind]}</TableCell>
                  <TableCell>{placeLink(kind, place)}</TableCell>
                  <TableCell>{roleName[place.role]}</TableCell>
                  <TableCell>{groupList(place.via)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </SidewaysScroll>
      ) : null}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography component="span">{you ? 'Your groups:' : 'Their groups:'}</Typography>
        {me.groups.length === 0 ? (
          <Typography component="span" color="text.secondary">
            none were sent at sign-in
          </Typography>
        ) : (
          me.groups.map((group) => <Chip key={group} label={group} size="small" />)
        )}
      </Stack>
      {you ? (
        <Typography color="text.secondary">
          A grant on an organisation or a site also covers the buildings added to it later.{' '}
          {me.contact ? (
            <>
              To see more, ask <Contact contact={me.contact} />.
            </>
          ) : (
            'To see more, ask whoever manages access to Storey.'
          )}
        </Typography>
      ) : null}
    </Stack>
  );
}
