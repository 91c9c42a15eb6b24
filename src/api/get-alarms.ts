import { queryOptions } from '@tanstack/react-query';
import {
  alarmDetail,
  alarmNoise,
  alarmKinds,
  alarmList,
  alarmSeverities,
  alarmViews,
  notificationSetting,
  outboxAnswer,
  silenceList,
  type QuietHoursSetting,
  type AlarmKind,
  type AlarmList,
  type AlarmSeverity,
  type AlarmView,
} from '@/shared/contracts/alarms';
import { apiGet, apiSend } from '@/lib/api-client';
import { queryString } from './query-string';

/**
 * Alarms as the BFF answers them (server/portfolio-index/alarms), parsed with the contract both
 * sides share. Their keys start with "alarms": every change a person makes refreshes them all.
 */
export interface AlarmFilter {
  view: AlarmView;
  kind?: AlarmKind | undefined;
  severity?: AlarmSeverity | undefined;
  building?: string | undefined;
}

export const alarmViewKeys = ['view', 'kind', 'severity', 'building'] as const;

/** The URL's values as the server's filter: anything unknown falls back, never sent. */
export function alarmFilterOf(
  values: Partial<Record<(typeof alarmViewKeys)[number], string | null>>,
): AlarmFilter {
  const pick = <T extends string>(options: readonly T[], value: string | null | undefined) =>
    options.find((option) => option === value);
  return {
    view: pick(alarmViews, values.view) ?? 'open',
    kind: pick(alarmKinds, values.kind),
    severity: pick(alarmSeverities, values.severity),
    building: values.building ?? undefined,
  };
}

export const alarmKeys = {
  all: ['alarms'] as const,
  list: (filter: AlarmFilter) => ['alarms', 'list', filter] as const,
  counts: ['alarms', 'counts'] as const,
  one: (id: number) => ['alarms', 'one', id] as const,
  setting: ['alarms', 'setting'] as const,
  outbox: ['alarms', 'outbox'] as const,
  silences: ['alarms', 'silences'] as const,
  noise: ['alarms', 'noise'] as const,
};

/** A page of the worklist; a minute old at most, since alarms come and go with each round. */
export const alarmsQueryOptions = (filter: AlarmFilter) =>
  queryOptions({
    queryKey: alarmKeys.list(filter),
    queryFn: async ({ signal }) =>
      (await apiGet(`/api/alarms${queryString({ ...filter, limit: 500 })}`, alarmList, { signal }))
        .data,
    refetchInterval: 60_000,
  });

/** Every alarm under the filter, page by page (the worklist's CSV). */
export async function fetchAllAlarms(filter: AlarmFilter) {
  const items: AlarmList['items'] = [];
  for (let offset = 0; ; offset += 1000) {
    const { data } = await apiGet(
      `/api/alarms${queryString({ ...filter, offset, limit: 1000 })}`,
      alarmList,
    );
    items.push(...data.items);
    if (data.items.length < 1000 || items.length >= data.total) return items;
  }
}

/** The app bar's count: what is open and not yet acknowledged, in the person's scope. */
export const alarmCountsQueryOptions = () =>
  queryOptions({
    queryKey: alarmKeys.counts,
    queryFn: async ({ signal }) =>
      (await apiGet('/api/alarms?view=unacknowledged&limit=1', alarmList, { signal })).data.counts,
    refetchInterval: 60_000,
  });

export const alarmQueryOptions = (id: number) =>
  queryOptions({
    queryKey: alarmKeys.one(id),
    queryFn: async ({ signal }) =>
      (await apiGet(`/api/alarms/${id}`, alarmDetail, { signal })).data,
  });

export const notificationSettingQueryOptions = () =>
  queryOptions({
    queryKey: alarmKeys.setting,
    queryFn: async ({ signal }) =>
      (await apiGet('/api/me/notifications', notificationSetting, { signal })).data,
  });

export const outboxQueryOptions = () =>
  queryOptions({
    queryKey: alarmKeys.outbox,
    queryFn: async ({ signal }) =>
      (await apiGet('/api/admin/outbox', outboxAnswer, { signal })).data,
    refetchInterval: 15_000,
  });

export const acknowledgeAlarm = (id: number, comment?: string) =>
  apiSend(`/api/alarms/${id}/acknowledge`, {
    method: 'POST',
    body: comment ? { comment } : {},
  });

export const assignAlarm = (id: number, assignee: string | null) =>
  apiSend(`/api/alarms/${id}/assign`, { method: 'POST', body: { assignee } });

export const clearAlarm = (id: number, reason: string) =>
  apiSend(`/api/alarms/${id}/clear`, { method: 'POST', body: { reason } });

export const commentOnAlarm = (id: number, text: string) =>
  apiSend(`/api/alarms/${id}/comments`, { method: 'POST', body: { text } });

export const setEmailNotifications = (emailOn: boolean) =>
  apiSend('/api/me/notifications', { method: 'POST', body: { emailOn } });

export const setQuietHours = (quietHours: QuietHoursSetting | null) =>
  apiSend('/api/me/notifications', { method: 'POST', body: { quietHours } });

/** The silences over places the person may see, soonest end first. */
export const silencesQueryOptions = () =>
  queryOptions({
    queryKey: alarmKeys.silences,
    queryFn: async ({ signal }) =>
      (await apiGet('/api/alarms/silences', silenceList, { signal })).data.items,
    refetchInterval: 60_000,
  });

export const createSilence = (silence: {
  place: { kind: 'building' | 'site'; id: string };
  reason: string;
  endsAt: string;
}) => apiSend('/api/alarms/silences', { method: 'POST', body: silence });

export const liftSilence = (id: number) =>
  apiSend(`/api/alarms/silences/${id}/lift`, { method: 'POST', body: {} });

/** The administrators' noise figures: a fortnight of raises, floods, chattering, standing. */
export const alarmNoiseQueryOptions = () =>
  queryOptions({
    queryKey: alarmKeys.noise,
    queryFn: async ({ signal }) => (await apiGet('/api/alarms/noise', alarmNoise, { signal })).data,
  });
