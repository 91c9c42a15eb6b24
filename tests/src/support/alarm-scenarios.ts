import { HttpResponse, http, type RequestHandler } from 'msw';
import type {
  AlarmDetail,
  AlarmEvent,
  AlarmNoise,
  AlarmSilence,
  AlarmSummary,
  NotificationSetting,
} from '@/shared/contracts/alarms';
import { fixture, requireCsrf } from './scenarios';

/**
 * Named msw scenarios for alarms (decision 0021), each owning its state: made afresh by every
 * call, so no test sees another's acknowledgements.
 */

const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
const dana = { sub: 'demo-dana', name: 'Dana Demo' };
const ana = { sub: 'demo-ana', name: 'Ana Operator' };

function alarmIn(
  index: number,
  alarm: Partial<AlarmSummary> & Pick<AlarmSummary, 'id'>,
): AlarmSummary {
  const { record } = fixture.buildings[index]!;
  return {
    kind: 'comfort',
    severity: 'major',
    measure: 'temperature',
    direction: 'high',
    value: 26.5,
    unit: '°C',
    band: { low: 20, high: 24, source: 'EN 16798-1 category II, heating season' },
    measurementId: `m-${alarm.id}`,
    sensorName: 'Air temperature',
    readingAt: at(5),
    buildingId: record.id,
    buildingName: record.name,
    levelKey: '0',
    levelName: 'Level 0',
    roomId: `room-${alarm.id}`,
    roomName: `Meeting room ${alarm.id}`,
    raisedAt: at(30),
    clearedAt: null,
    acknowledgedAt: null,
    acknowledgedBy: null,
    assignee: null,
    chattering: false,
    reRaised: 0,
    lastComment: null,
    escalatedAt: null,
    silencedUntil: null,
    detail: null,
    ...alarm,
  };
}

/** Where nothing is wrong: an empty worklist and e-mail on (every screen's default). */
export function noAlarms(): RequestHandler[] {
  return [
    http.get('*/api/alarms', () =>
      HttpResponse.json({
        items: [],
        total: 0,
        counts: { open: 0, unacknowledged: 0, mine: 0 },
        asOf: at(1),
      }),
    ),
    ...notificationSettingHandlers({
      email: 'dana@storey.example',
      emailOn: true,
      chosen: false,
      smtp: 'embedded',
      quietHours: null,
    }),
    ...silenceHandlers().handlers,
  ];
}

/**
 * Silences as the BFF keeps them: listed, made (named from the fixture) and lifted; `posted`
 * holds what the screen sent. Registered before `/api/alarms/:id`, which would take the path.
 */
export function silenceHandlers(initial: AlarmSilence[] = []) {
  const silences = [...initial];
  const posted: unknown[] = [];
  const nameOf = (kind: string, id: string) =>
    kind === 'site'
      ? (fixture.sites.find((site) => site.id === id)?.name ?? null)
      : (fixture.buildings.find((building) => building.record.id === id)?.record.name ?? null);
  const handlers: RequestHandler[] = [
    http.get('*/api/alarms/silences', () => HttpResponse.json({ items: silences })),
    http.post('*/api/alarms/silences', async ({ request }) => {
      const denied = requireCsrf(request);
      if (denied) return denied;
      const body = (await request.json()) as {
        place: { kind: 'building' | 'site'; id: string };
        reason: string;
        endsAt: string;
      };
      posted.push(body);
      const silence: AlarmSilence = {
        id: silences.length + 1,
        place: { ...body.place, name: nameOf(body.place.kind, body.place.id) },
        reason: body.reason,
        startsAt: new Date().toISOString(),
        endsAt: body.endsAt,
        by: dana,
      };
      silences.push(silence);
      return HttpResponse.json(silence, { status: 201 });
    }),
    http.post('*/api/alarms/silences/:id/lift', ({ request, params }) => {
      const denied = requireCsrf(request);
      if (denied) return denied;
      const index = silences.findIndex((silence) => silence.id === Number(params.id));
      if (index >= 0) silences.splice(index, 1);
      return new HttpResponse(null, { status: 204 });
    }),
  ];
  return { handlers, silences, posted };
}

function notificationSettingHandlers(initial: NotificationSetting): RequestHandler[] {
  const setting = { ...initial };
  return [
    http.get('*/api/me/notifications', () => HttpResponse.json(setting)),
    http.post('*/api/me/notifications', async ({ request }) => {
      const denied = requireCsrf(request);
      if (denied) return denied;
      const body = (await request.json()) as Partial<
        Pick<NotificationSetting, 'emailOn' | 'quietHours'>
      >;
      if (body.emailOn !== undefined) {
        setting.emailOn = body.emailOn;
        setting.chosen = true;
      }
      if (body.quietHours !== undefined) setting.quietHours = body.quietHours;
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}

/**
 * Three alarms in two buildings: one critical CO₂, one warm room, and one already acknowledged
 * by Ana. `mayAct` false answers as to a viewer. Acknowledging, assigning and notes change them.
 */
export function openAlarms(options: { mayAct?: boolean; silences?: AlarmSilence[] } = {}) {
  const alarms: AlarmSummary[] = [
    alarmIn(0, {
      id: 11,
      severity: 'critical',
      measure: 'co2',
      value: 1639,
      unit: 'ppm',
      band: { low: null, high: 1000, source: 'CO₂ 1,000 ppm guideline' },
    }),
    alarmIn(0, { id: 12 }),
    alarmIn(1, { id: 13, severity: 'minor', acknowledgedAt: at(10), acknowledgedBy: ana }),
    alarmIn(1, {
      id: 14,
      kind: 'no-data',
      severity: 'minor',
      direction: null,
      band: null,
      sensorName: 'CO2 sensor 3',
    }),
  ];
  const events = new Map<number, AlarmEvent[]>(
    alarms.map((alarm) => [
      alarm.id,
      [{ at: alarm.raisedAt, type: 'raised', actor: null, text: '26.5 °C' }],
    ]),
  );
  const posted: Array<{ url: string; body: unknown }> = [];
  const find = (params: { id?: string | readonly string[] }) =>
    alarms.find((alarm) => alarm.id === Number(params.id));
  const record = (alarm: AlarmSummary, type: AlarmEvent['type'], text: string | null) =>
    events.get(alarm.id)!.push({ at: new Date().toISOString(), type, actor: dana, text });
  const silenced = silenceHandlers(options.silences);
  const handlers: RequestHandler[] = [
    ...silenced.handlers,
    http.get('*/api/alarms', ({ request }) => {
      const query = new URL(request.url).searchParams;
      const view = query.get('view') ?? 'open';
      const building = query.get('building');
      const items = alarms.filter(
        (alarm) =>
          (!building || alarm.buildingId === building) &&
          (view === 'unacknowledged'
            ? !alarm.acknowledgedAt
            : view === 'mine'
              ? alarm.assignee?.sub === dana.sub
              : true),
      );
      return HttpResponse.json({
        items,
        total: items.length,
        counts: {
          open: alarms.length,
          unacknowledged: alarms.filter((alarm) => !alarm.acknowledgedAt).length,
          mine: alarms.filter((alarm) => alarm.assignee?.sub === dana.sub).length,
        },
        asOf: at(1),
      });
    }),
    http.get('*/api/alarms/:id', ({ params }) => {
      const alarm = find(params);
      if (!alarm)
        return HttpResponse.json({ detail: 'Not found, or not shared with you.' }, { status: 404 });
      const detail: AlarmDetail = {
        alarm,
        events: events.get(alarm.id)!,
        mayAct: options.mayAct ?? true,
        assignees: [dana, ana],
      };
      return HttpResponse.json(detail);
    }),
    http.post('*/api/alarms/:id/acknowledge', async ({ request, params }) => {
      const denied = requireCsrf(request);
      if (denied) return denied;
      const alarm = find(params)!;
      const body = (await request.json()) as { comment?: string };
      posted.push({ url: request.url, body });
      if (alarm.acknowledgedAt)
        return HttpResponse.json(
          {
            type: 'about:blank',
            title: 'Conflict',
            status: 409,
            detail: `Already acknowledged by ${alarm.acknowledgedBy?.name} at ${alarm.acknowledgedAt}.`,
          },
          { status: 409, headers: { 'content-type': 'application/problem+json' } },
        );
      alarm.acknowledgedAt = new Date().toISOString();
      alarm.acknowledgedBy = dana;
      record(alarm, 'acknowledged', body.comment ?? null);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('*/api/alarms/:id/assign', async ({ request, params }) => {
      const denied = requireCsrf(request);
      if (denied) return denied;
      const alarm = find(params)!;
      const body = (await request.json()) as { assignee: string | null };
      posted.push({ url: request.url, body });
      alarm.assignee = [dana, ana].find((person) => person.sub === body.assignee) ?? null;
      record(alarm, alarm.assignee ? 'assigned' : 'unassigned', alarm.assignee?.name ?? null);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('*/api/alarms/:id/clear', async ({ request, params }) => {
      const denied = requireCsrf(request);
      if (denied) return denied;
      const alarm = find(params)!;
      const body = (await request.json()) as { reason: string };
      posted.push({ url: request.url, body });
      alarm.clearedAt = new Date().toISOString();
      record(alarm, 'cleared', body.reason);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('*/api/alarms/:id/comments', async ({ request, params }) => {
      const denied = requireCsrf(request);
      if (denied) return denied;
      const alarm = find(params)!;
      const body = (await request.json()) as { text: string };
      posted.push({ url: request.url, body });
      alarm.lastComment = body.text;
      record(alarm, 'commented', body.text);
      return new HttpResponse(null, { status: 201 });
    }),
  ];
  return { handlers, alarms, posted, silences: silenced };
}

/** The noise figures of a noisy fortnight: one flood, one chattering alarm, one standing. */
export function noisyAlarms(): RequestHandler[] {
  const perDay = Array.from({ length: 14 }, (_, index) => ({
    day: new Date(Date.UTC(2026, 10, 14 + index)).toISOString().slice(0, 10),
    raised: index === 13 ? 1234 : index,
  }));
  const noise: AlarmNoise = {
    since: `${perDay[0]!.day}T00:00:00.000Z`,
    perDay,
    floods: [{ recipient: ana, from: '2026-11-27T08:10:00.000Z', alarms: 14 }],
    chattering: {
      count: 1,
      most: [alarmIn(0, { id: 21, chattering: true, reRaised: 5 })],
    },
    standing: { count: 1, oldest: [alarmIn(1, { id: 22, raisedAt: at(3 * 24 * 60) })] },
  };
  return [http.get('*/api/alarms/noise', () => HttpResponse.json(noise))];
}
