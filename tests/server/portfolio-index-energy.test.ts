/**
 * The portfolio's energy against the emulator: the energy refresh reads each building's main
 * meter one day per request, never older than its site keeps, and gives each building the use the
 * dashboard's own meter arithmetic finds in the platform's readings over the same 30 days of its
 * site's clock — with kWh per m² only where an area and every day's readings exist, and a reason
 * for every other building. Time is injected into both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildingEnergySchema,
  energyIntensitiesSchema,
  energySchema,
  type Energy,
} from '@/api/get-energy';
import { periodUse } from '@/shared/rules/meter-use';
import { sameNames } from '@/shared/rules/same-names';
import { daysBefore, monthsBefore } from '@/shared/rules/site-days';
import { placeCurrentValues, placeReadings } from '../../server/emulator/device-api';
import { parseHistoryTimestamp } from '../../server/emulator/rest-parameters';
import {
  csrf,
  startBff,
  startPlatform,
  type RunningBff,
  type RunningPlatform,
} from './support/harness';

const start = Date.UTC(2026, 10, 24, 9, 5);
const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;

interface Context {
  platform: RunningPlatform;
  bff: RunningBff;
  time: { now: number };
}

const energy = async (context: Context, query = ''): Promise<Energy> => {
  const response = await context.bff.app.inject({
    method: 'GET',
    url: `/api/index/energy${query}`,
    headers: csrf,
  });
  expect(response.statusCode, response.body).toBe(200);
  return energySchema.parse(response.json());
};

/** GET /api/index/energy/buildings/:id, answered 200 and read with the SPA's schema. */
const buildingEnergyOf = async (context: Context, id: string) => {
  const response = await context.bff.app.inject({
    method: 'GET',
    url: `/api/index/energy/buildings/${id}`,
    headers: csrf,
  });
  expect(response.statusCode, response.body).toBe(200);
  return buildingEnergySchema.parse(response.json());
};

const historyCalls = (context: Context) =>
  context.platform.requests().filter((entry) => entry.path.endsWith('/HistoricalValues'));

/** A history request's time range, from and to in ms. */
const rangeOf = (call: { query: Record<string, string> }) => {
  const [from, to] = Object.values(call.query)
    .map((value) => parseHistoryTimestamp(value))
    .filter((value): value is number => value !== undefined);
  return { from: from!, to: to! };
};

/**
 * Each building of the emulator's portfolio with its site and its meter of the building as a
 * whole (undefined without one), and that meter's readings in a range, oldest first.
 */
function buildingMeters(context: Context) {
  const { portfolio } = context.platform.emulator;
  const now = context.time.now;
  const sites = new Map(portfolio.sites.map((site) => [site.id, site]));
  return portfolio.buildings.map(({ record }) => {
    const meter = placeCurrentValues(portfolio, 'Buildings', record.id, now).find(
      (value) => value.measuredId === record.id && value.ontologyType === 'Energy_Sensor',
    );
    const readings = (range: { from: number; to: number }) =>
      meter
        ? placeReadings(portfolio, 'Devices', meter.deviceId as string, range, now)
            .filter((reading) => reading.measurementValueId === meter.id)
            .map((reading) => ({
              time: Date.parse(reading.timestamp),
              value: Number(reading.value),
            }))
        : [];
    return { record, site: sites.get(record.siteId)!, meter, readings };
  });
}

/**
 * What each building should read over its last 12 whole months, from the emulator's records:
 * its main meter's readings over the year within the site's retention, counted day by day.
 */
function expectedYear(context: Context) {
  const { portfolio } = context.platform.emulator;
  const now = context.time.now;
  return new Map(
    buildingMeters(context).map(({ record, site, meter, readings: readingsIn }) => {
      const months = monthsBefore(now, site.timezone, 12);
      const earliest = now - portfolio.retentionDaysOf(site.id) * dayMs + hourMs;
      const readings = readingsIn({
        from: Math.max(months[0]!.from - hourMs, earliest),
        to: months.at(-1)!.to,
      });
      const days = months.flatMap((month) => month.days);
      const uses = days.map((day) => periodUse(readings, day));
      return [
        record.id,
        {
          meter,
          area: record.area ?? 0,
          days: days.length,
          used: uses.reduce((sum, use) => sum + use.used, 0),
          beyond: days.some((day) => earliest > day.from),
          complete: uses.every((use) => use.complete),
          stuckDays: uses.filter((use) => use.complete && use.used === 0).length,
          months: months.map((month) => month.month),
        },
      ];
    }),
  );
}

/**
 * What each building should read, worked out from the emulator's own records: its meter of the
 * building as a whole, the site's clock and retention, and the dashboard's `periodUse` over the
 * last 30 whole days of that clock.
 */
function expectedEnergy(context: Context, keptSince?: number) {
  const { portfolio } = context.platform.emulator;
  const now = context.time.now;
  return new Map(
    buildingMeters(context).map(({ record, site, meter, readings: readingsIn }) => {
      const days = daysBefore(now, site.timezone, 30);
      const period = { from: days[0]!.from, to: days.at(-1)!.to };
      const retention = portfolio.retentionDaysOf(site.id);
      // What the platform still keeps (an hour's margin, as the index asks), or what the index
      // has kept since it first read.
      const earliest = (keptSince ?? now) - retention * dayMs + hourMs;
      const readings = readingsIn({
        from: Math.max(period.from - hourMs, earliest),
        to: period.to,
      });
      // A day with readings throughout and not a kWh used: the meter stood still.
      const stuckDays = days.filter((day) => {
        const use = periodUse(readings, day);
        return use.complete && use.used === 0;
      }).length;
      return [
        record.id,
        {
          meter,
          area: record.area ?? 0,
          use: periodUse(readings, period),
          stuckDays,
          beyondRetention: period.from < earliest,
          retention,
        },
      ];
    }),
  );
}

type EnergyRound = Exclude<
  Awaited<ReturnType<NonNullable<RunningBff['app']['portfolioIndex']>['energy']['refresh']>>,
  string
>;

describe('the portfolio energy, on the full platform', () => {
  let context: Context;
  /** What an energy round answered before the first sync, and the first round after it. */
  let beforeSync: string | EnergyRound;
  let round: EnergyRound;
  /** The first round's history requests to the platform. */
  let history: ReturnType<typeof historyCalls>;
  beforeAll(async () => {
    const time = { now: start };
    const platform = await startPlatform({ now: () => time.now });
    const bff = await startBff(
      platform.settings,
      { INDEX_PAGE_SIZE: '200', ENERGY_REQUEST_BUDGET: '100000' },
      { clock: { now: () => time.now }, indexWait: async () => {}, index: true },
    );
    context = { platform, bff, time };
    // The first round is set up once and each test reads one thing of it: in one test, the sync,
    // the conditions and the energy took 11 s of a 30 s timeout (issue #57).
    const index = bff.app.portfolioIndex!;
    beforeSync = await index.energy.refresh();
    expect(await index.syncIfDue()).toBe('synced');
    await index.conditions.refresh();
    platform.emulator.requests.clear();
    const first = await index.energy.refresh();
    if (typeof first === 'string') throw new Error(first);
    round = first;
    history = historyCalls(context);
  }, 120_000);
  afterAll(async () => {
    await context.bff.close();
    await context.platform.close();
  });

  it('reads no meter before the portfolio is indexed, and every meter in the first round', () => {
    expect(beforeSync).toBe('not-indexed');
    expect(round).toMatchObject({ metersLeft: 0, error: undefined });
    expect(round.platformRequests).toBe(history.length);
  });

  it('reads each main meter day by day and whole months by month, within retention', () => {
    // One request per meter and day, each a day at most (and the hour before the first day),
    // of a meter's device, and never before the site's retention; and one (paged) request for
    // each whole month of the last year older than the kept days, a month at most.
    const isDay = (call: (typeof history)[number]) => {
      const { from, to } = rangeOf(call);
      return to - from <= 26 * hourMs;
    };
    const calls = history.filter(isDay);
    expect(calls.length).toBe(round.daysRead);
    const monthCalls = history.filter((call) => !isDay(call));
    expect(monthCalls.length).toBe(round.monthsRead);
    // Eleven months of each meter at a site keeping 396 days (the twelfth, October, is added
    // up from its kept days); none where the site keeps 30.
    const expectedMonths = [...expectedEnergy(context).values()].filter(
      (building) => building.meter && building.retention >= 396,
    ).length;
    expect(expectedMonths).toBeGreaterThan(0);
    expect(round.monthsRead).toBe(11 * expectedMonths);
    for (const call of monthCalls) {
      const { from, to } = rangeOf(call);
      expect(to - from).toBeLessThanOrEqual(31 * dayMs + 2 * hourMs);
      // A month of a meter's quarter hours (about 3,000) fits one page of the platform's 5,000.
      expect(Number(call.query.skip)).toBe(0);
    }
    const { portfolio } = context.platform.emulator;
    const expected = expectedEnergy(context);
    const meters = [...expected.values()].filter((building) => building.meter);
    expect(new Set(calls.map((call) => call.path))).toEqual(
      new Set(
        meters.map(({ meter }) => `/api/Devices/${meter!.deviceId as string}/HistoricalValues`),
      ),
    );
    const longest = Math.max(
      ...calls.map((call) => {
        const { from, to } = rangeOf(call);
        return to - from;
      }),
    );
    expect(longest).toBeLessThanOrEqual(25 * hourMs + hourMs);
    // Never a month older than the site keeps.
    for (const call of monthCalls) {
      const site = portfolio.sites.find((candidate) =>
        portfolio.buildings.some(
          ({ record }) =>
            record.siteId === candidate.id &&
            expected.get(record.id)?.meter?.deviceId === call.path.split('/')[3],
        ),
      )!;
      expect(rangeOf(call).from).toBeGreaterThanOrEqual(
        context.time.now - portfolio.retentionDaysOf(site.id) * dayMs,
      );
    }
    const shortest = Math.min(...[...expected.values()].map((building) => building.retention));
    expect(shortest).toBe(30);
    // 60 days for a site that keeps them, about 30 for one that keeps 30.
    expect(round.daysRead).toBeLessThan(meters.length * 60);
    expect(round.daysRead).toBeGreaterThan(meters.length * 30);
  });

  it("ranks by kWh per m² with the dashboard's use, and a reason for every building left out", async () => {
    const { portfolio } = context.platform.emulator;
    const expected = expectedEnergy(context);
    const answer = await energy(context, '?limit=5000');
    const out = await energy(context, '?list=out&limit=5000');
    const all = new Map([...answer.buildings, ...out.buildings].map((row) => [row.id, row]));
    // The emulator's portfolio holds every way of being left out that it can.
    for (const reason of [
      'no-meter',
      'no-area',
      'beyond-retention',
      'partial',
      'meter-stuck',
    ] as const)
      expect(answer.coverage.out[reason], reason).toBeGreaterThan(0);
    expect(all.size).toBe(portfolio.buildings.length);
    expect(answer.coverage.buildings).toBe(portfolio.buildings.length);
    expect(answer.coverage.ranked).toBe(answer.total);
    expect(answer.coverage.ranked + out.total).toBe(portfolio.buildings.length);
    let ranked = 0;
    for (const [id, want] of expected) {
      const row = all.get(id)!;
      // The same use the dashboard finds: a reset is never negative use.
      expect(row.usedKwh ?? 0, id).toBeCloseTo(want.use.used, 1);
      expect(row.usedKwh ?? 0).toBeGreaterThanOrEqual(0);
      const reason = !want.meter
        ? 'no-meter'
        : !(want.area > 0)
          ? 'no-area'
          : want.stuckDays > 0
            ? 'meter-stuck'
            : want.beyondRetention
              ? 'beyond-retention'
              : !want.use.complete
                ? 'partial'
                : null;
      expect(row.reason, id).toBe(reason);
      if (want.meter) expect(row.stuckDays, id).toBe(want.stuckDays);
      if (reason === null) {
        ranked++;
        expect(row.intensity).toBeCloseTo(want.use.used / want.area, 2);
      } else expect(row.intensity).toBeNull();
    }
    expect(ranked).toBeGreaterThan(0);
    expect(ranked).toBe(answer.coverage.ranked);
    // Every reason counted once.
    expect(Object.values(answer.coverage.out).reduce((a, b) => a + b, 0)).toBe(out.total);
  });

  it('lists meters that went silent, then those that stood still a whole day, each once', async () => {
    const all = new Map(
      [
        ...(await energy(context, '?limit=5000')).buildings,
        ...(await energy(context, '?list=out&limit=5000')).buildings,
      ].map((row) => [row.id, row]),
    );
    const stopped = await energy(context, '?list=stopped&limit=5000');
    const silentSince = context.time.now - 6 * hourMs;
    const isSilent = (row: (typeof stopped.buildings)[number]) =>
      row.lastReadingAt !== null && Date.parse(row.lastReadingAt) < silentSince;
    expect(new Set(stopped.buildings.map((row) => row.id))).toEqual(
      new Set(
        [...all.values()].filter((row) => isSilent(row) || row.stuckDays > 0).map((row) => row.id),
      ),
    );
    expect(stopped.coverage.stuckMeters).toBe(
      [...all.values()].filter((row) => row.stuckDays > 0).length,
    );
    expect(stopped.coverage.stuckMeters).toBeGreaterThan(0);
    const firstStuck = stopped.buildings.findIndex((row) => !isSilent(row));
    expect(stopped.buildings.slice(firstStuck).every((row) => !isSilent(row))).toBe(true);
  });

  it('puts the highest intensity first and compares each month with the one before', async () => {
    const answer = await energy(context, '?limit=5000');
    const expected = expectedEnergy(context);
    const intensities = answer.buildings.map((row) => row.intensity!);
    // The emulator's meters use in proportion to the area they serve, as an office does: 8–23
    // kWh per m² a month (more in winter), whatever the building's size.
    for (const intensity of intensities) expect(intensity).toBeGreaterThan(7);
    for (const intensity of intensities) expect(intensity).toBeLessThan(25);
    expect(intensities).toEqual([...intensities].sort((a, b) => b - a));
    const used = answer.buildings.reduce((sum, row) => sum + row.usedKwh!, 0);
    const area = answer.buildings.reduce((sum, row) => sum + row.area!, 0);
    expect(answer.portfolioIntensity).toBeCloseTo(used / area, 2);
    // A site keeping 30 days cannot compare with the 30 before; a ranked 396-day one can.
    for (const row of answer.buildings) {
      const want = expected.get(row.id)!;
      if (want.retention < 60) expect(row.compareReason).toBe('beyond-retention');
    }
    expect(answer.buildings.some((row) => row.change !== null)).toBe(true);
    // Season and weather move use from month to month, as with real meters.
    expect(answer.buildings.some((row) => Math.abs(row.change ?? 0) > 0.01)).toBe(true);
    for (const row of answer.buildings.filter((candidate) => candidate.change !== null))
      expect(row.change).toBeCloseTo((row.usedKwh! - row.previousKwh!) / row.previousKwh!, 2);
  });

  it('ranks the last 12 whole months from the same round, each month read once', async () => {
    context.platform.emulator.requests.clear();
    const answer = await energy(context, '?period=12-months&limit=5000');
    const out = await energy(context, '?period=12-months&list=out&limit=5000');
    expect(context.platform.requests()).toEqual([]);
    expect(answer.period?.kind).toBe('12-months');
    expect(answer.period?.from).toBe('2025-11-01');
    expect(answer.period?.to).toBe('2026-10-31');
    expect(answer.period?.days).toBe(365);
    const { portfolio } = context.platform.emulator;
    expect(answer.coverage.ranked + out.total).toBe(portfolio.buildings.length);
    const rows = new Map([...answer.buildings, ...out.buildings].map((row) => [row.id, row]));
    let ranked = 0;
    for (const [id, want] of expectedYear(context)) {
      const row = rows.get(id)!;
      const reason = !want.meter
        ? 'no-meter'
        : !(want.area > 0)
          ? 'no-area'
          : want.stuckDays > 0
            ? 'meter-stuck'
            : want.beyond
              ? 'beyond-retention'
              : !want.complete
                ? 'partial'
                : null;
      expect(row.reason, id).toBe(reason);
      // A year is never compared with the one before.
      expect(row.change).toBeNull();
      expect(row.compareReason).toBeNull();
      if (want.meter) expect(row.stuckDays, id).toBe(want.stuckDays);
      if (reason === null) {
        ranked++;
        // The same use as the dashboard's arithmetic over every day of the year.
        expect(row.usedKwh!, id).toBeCloseTo(want.used, 1);
        expect(row.intensity!).toBeCloseTo(want.used / want.area, 2);
        expect(row.coveredDays).toBeCloseTo(365, 1);
      } else expect(row.intensity).toBeNull();
    }
    expect(ranked).toBeGreaterThan(0);
    expect(ranked).toBe(answer.coverage.ranked);
    // Sites that kept 30 days when the index first read them wait a year for theirs.
    expect(answer.coverage.out['beyond-retention']).toBeGreaterThan(0);
    // A year is at least eleven times as much as a month of the same building.
    const month = await energy(context, '?limit=5000');
    for (const row of answer.buildings) {
      const thirty = month.buildings.find((candidate) => candidate.id === row.id);
      if (thirty) expect(row.usedKwh!).toBeGreaterThan(thirty.usedKwh! * 8);
    }
  });

  it("gives the compare screen and a building's page the 12 months' figures of the ranking", async () => {
    const answer = await energy(context, '?period=12-months&limit=5000');
    const ranked = answer.coverage.ranked;
    // The compare screen's distribution and a building's own page read the same figures.
    const intensities = await context.bff.app.inject({
      method: 'GET',
      url: '/api/index/energy/intensities?period=12-months',
      headers: csrf,
    });
    const distribution = energyIntensitiesSchema.parse(intensities.json());
    expect(distribution.buildings).toHaveLength(ranked);
    const top = answer.buildings[0]!;
    const building = await buildingEnergyOf(context, top.id);
    expect(building.twelveMonths.building).toEqual(top);
    expect(building.twelveMonths.period).toEqual(answer.period);
    expect(building.twelveMonths.months.map((entry) => entry.month)).toEqual(
      expectedYear(context).get(top.id)!.months,
    );
    const sum = building.twelveMonths.months.reduce((total, entry) => total + entry.usedKwh, 0);
    expect(sum).toBeCloseTo(top.usedKwh!, 1);
  });

  it('refuses in words to sort 12 months by their change, which has no year before', async () => {
    // Largest increase means nothing without the year before: refused, in words.
    const refused = await context.bff.app.inject({
      method: 'GET',
      url: '/api/index/energy?period=12-months&sort=change',
      headers: csrf,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toMatch(/12 months/);
  });

  it("gives a building's own page the ranking's figures and its days, and 404 for no building", async () => {
    const answer = await energy(context, '?limit=5000');
    const row = answer.buildings[0]!;
    const building = await buildingEnergyOf(context, row.id);
    expect(building.building).toEqual(row);
    expect(building.period).toEqual(answer.period);
    // Its days over the period add up to the ranking's use; 60 are kept for a 396-day site.
    expect(building.days.length).toBeGreaterThanOrEqual(30);
    const sites = new Map(context.platform.emulator.portfolio.sites.map((site) => [site.id, site]));
    const zone = sites.get(row.siteId!)!.timezone;
    const period = daysBefore(context.time.now, zone, 30).map((day) => day.day);
    const sum = building.days
      .filter((day) => period.includes(day.day))
      .reduce((total, day) => total + day.usedKwh, 0);
    expect(sum).toBeCloseTo(row.usedKwh!, 1);

    const missing = await context.bff.app.inject({
      method: 'GET',
      url: '/api/index/energy/buildings/no-such-building',
      headers: csrf,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/application\/problem\+json/);
  });

  it("gives the compare screen every ranked building's intensity, as the ranking has it", async () => {
    const ranked = await energy(context, '?limit=5000');
    context.platform.emulator.requests.clear();
    const response = await context.bff.app.inject({
      method: 'GET',
      url: '/api/index/energy/intensities',
      headers: csrf,
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = energyIntensitiesSchema.parse(response.json());
    expect(answer.period).toEqual(ranked.period);
    expect(answer.buildings).toHaveLength(ranked.coverage.ranked);
    // The same number for each building as its ranking row, lowest first, nothing else.
    const byId = new Map(ranked.buildings.map((row) => [row.id, row.intensity]));
    for (const row of answer.buildings) expect(row.intensity, row.id).toBe(byId.get(row.id));
    const values = answer.buildings.map((row) => row.intensity);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(context.platform.requests()).toEqual([]);

    const refused = await context.bff.app.inject({
      method: 'GET',
      url: '/api/index/energy/intensities?sort=name',
      headers: csrf,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-type']).toMatch(/application\/problem\+json/);
  });

  it('tells buildings of one name apart in its lists, as the portfolio does', async () => {
    const listed = [
      ...(await energy(context, '?limit=5000')).buildings,
      ...(await energy(context, '?list=out&limit=5000')).buildings,
    ];
    const records = context.platform.emulator.portfolio.buildings.map(({ record }) => record);
    const twins = sameNames(records);
    expect([...twins.values()].some((same) => same.count > 1)).toBe(true);
    for (const row of listed) {
      expect(row.sameName, row.id).toEqual(twins.get(row.id));
      expect(row.referenceId).toBe(records.find((record) => record.id === row.id)!.referenceId);
    }
  });

  it('a day later reads one new day per meter, and keeps the days the platform forgot', async () => {
    const index = context.bff.app.portfolioIndex!;
    context.time.now = start + dayMs;
    await index.conditions.refresh();
    context.platform.emulator.requests.clear();
    const round = await index.energy.refresh();
    if (typeof round === 'string') throw new Error(round);
    const meters = [...expectedEnergy(context).values()].filter((building) => building.meter);
    // One new day per meter: the year's months are kept until one more ends.
    expect(historyCalls(context).length).toBe(meters.length);
    expect(round.monthsRead).toBe(0);
    expect(round.daysRead).toBe(meters.length);
    // The 30-day sites now have every day of their period: read while the platform still kept it.
    const answer = await energy(context, '?limit=5000');
    const out = await energy(context, '?list=out&limit=5000');
    expect(out.buildings.filter((row) => row.reason === 'beyond-retention')).toEqual([]);
    const expected = expectedEnergy(context, start);
    expect(answer.buildings.length).toBe(
      [...expected.values()].filter(
        (want) => want.meter && want.area > 0 && want.use.complete && want.stuckDays === 0,
      ).length,
    );
    for (const row of answer.buildings)
      expect(row.usedKwh!, row.id).toBeCloseTo(expected.get(row.id)!.use.used, 1);
  });

  describe('when a month ends', () => {
    /** The round on the first morning of December: set up once, each test reads one thing. */
    let round: EnergyRound;
    beforeAll(async () => {
      const index = context.bff.app.portfolioIndex!;
      context.time.now = Date.UTC(2026, 11, 1, 9, 5);
      await index.conditions.refresh();
      context.platform.emulator.requests.clear();
      const answer = await index.energy.refresh();
      if (typeof answer === 'string') throw new Error(answer);
      round = answer;
    }, 120_000);

    it("reads the month's last days, one request each, and no month again", () => {
      // November's last six days, one request each; November itself costs nothing more.
      expect(round.monthsRead).toBe(0);
      const meters = [...expectedEnergy(context).values()].filter((building) => building.meter);
      expect(round.daysRead).toBe(6 * meters.length);
    });

    it('adds it up from its kept days and lets the oldest month go', async () => {
      const answer = await energy(context, '?period=12-months&limit=5000');
      expect(answer.period).toMatchObject({ from: '2025-12-01', to: '2026-11-30', days: 365 });
      const top = answer.buildings[0]!;
      const own = await buildingEnergyOf(context, top.id);
      const year = expectedYear(context);
      expect(own.twelveMonths.months.map((entry) => entry.month)).toEqual(year.get(top.id)!.months);
      for (const [id, want] of year) {
        const row = answer.buildings.find((candidate) => candidate.id === id);
        if (row) expect(row.usedKwh!, id).toBeCloseTo(want.used, 1);
      }
    });
  });

  it('refuses unknown lists and sorts with a problem, asking the platform nothing', async () => {
    context.platform.emulator.requests.clear();
    for (const query of ['?list=all', '?sort=name', '?limit=0', '?offset=-1', '?extra=1']) {
      const response = await context.bff.app.inject({
        method: 'GET',
        url: `/api/index/energy${query}`,
        headers: csrf,
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.headers['content-type']).toMatch(/application\/problem\+json/);
    }
    expect(context.platform.requests()).toEqual([]);
  });
});
