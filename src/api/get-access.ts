import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  accessAudit,
  accessOverview,
  buildingAudience,
  meAnswer,
  type GrantNodeKind,
  type Role,
} from '@/shared/contracts/access';
import { apiGet, apiSend } from '@/lib/api-client';

/**
 * Access scopes as the BFF answers them (decision 0020), parsed with the contract both sides
 * share. The keys start with "index-": names and counts come from the served index, so a newer
 * sync refreshes them with every other index answer.
 */
export const accessKeys = {
  all: ['index-access'] as const,
  me: ['index-access', 'me'] as const,
  overview: ['index-access', 'overview'] as const,
  person: (sub: string) => ['index-access', 'person', sub] as const,
  building: (buildingId: string) => ['index-access', 'building', buildingId] as const,
  audit: ['index-access', 'audit'] as const,
};

/** Who is signed in and what is shared with them. */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: accessKeys.me,
    queryFn: async ({ signal }) => (await apiGet('/api/me', meAnswer, { signal })).data,
    staleTime: 60_000,
  });

export const useMe = () => useQuery(meQueryOptions());

/** Administrators: every grant and the people seen signing in. */
export const accessOverviewQueryOptions = () =>
  queryOptions({
    queryKey: accessKeys.overview,
    queryFn: async ({ signal }) =>
      (await apiGet('/api/admin/access', accessOverview, { signal })).data,
  });

/** Administrators: what one person can see, and why. */
export const personAccessQueryOptions = (sub: string) =>
  queryOptions({
    queryKey: accessKeys.person(sub),
    queryFn: async ({ signal }) =>
      (await apiGet(`/api/admin/access/people/${encodeURIComponent(sub)}`, meAnswer, { signal }))
        .data,
  });

/** Administrators: who can see one building, and through which grant. */
export const buildingAudienceQueryOptions = (buildingId: string) =>
  queryOptions({
    queryKey: accessKeys.building(buildingId),
    queryFn: async ({ signal }) =>
      (
        await apiGet(
          `/api/admin/access/buildings/${encodeURIComponent(buildingId)}`,
          buildingAudience,
          { signal },
        )
      ).data,
  });

/** Administrators: grant changes and sessions ended, newest first. */
export const accessAuditQueryOptions = () =>
  queryOptions({
    queryKey: accessKeys.audit,
    queryFn: async ({ signal }) =>
      (await apiGet('/api/admin/access/audit', accessAudit, { signal })).data,
  });

export interface NewGrant {
  group: string;
  kind: GrantNodeKind;
  id: string | null;
  role: Role;
}

export const addGrant = (grant: NewGrant) =>
  apiSend('/api/admin/access/grants', { method: 'POST', body: grant });

export const removeGrant = (grantId: number) =>
  apiSend(`/api/admin/access/grants/${grantId}`, { method: 'DELETE' });

export const endSessionsOf = (sub: string) =>
  apiSend(`/api/admin/access/people/${encodeURIComponent(sub)}/end-sessions`, {
    method: 'POST',
  });
