/**
 * GET /api/capabilities: what the platform offers beyond the spec, learnt by the BFF with small
 * targeted introspection queries of its own, refreshed hourly, and "the spec alone" when the
 * platform will not say.
 */
import { describe, expect, it } from 'vitest';
import {
  capabilityRefreshMs,
  specOnly,
  type Capabilities,
} from '../../server/platform/capabilities';
import { defaultComfortBands, type ComfortBands } from '@/shared/rules/comfort';
import { defaultComfortHours, type ComfortHours } from '@/shared/rules/comfort';
import { createManualClock } from '../support/manual-clock';
import { csrf, startBff, startPlatform } from './support/harness';

async function capabilitiesOf(
  schema: 'full' | 'spec',
  faults = {},
  env: Record<string, string> = {},
) {
  const platform = await startPlatform({ schema, faults });
  const clock = createManualClock();
  const bff = await startBff(platform.settings, env, { clock });
  const read = async () => {
    const answer = await bff.app.inject({ method: 'GET', url: '/api/capabilities', headers: csrf });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    return answer.json<Capabilities>();
  };
  return {
    platform,
    clock,
    read,
    close: async () => {
      await bff.close();
      await platform.close();
    },
  };
}

describe('the capability probe', () => {
  it('finds ids, root search fields, Room.level and the id filter on the full emulator', async () => {
    const probe = await capabilitiesOf('full');
    try {
      const capabilities = await probe.read();
      expect(capabilities.probed).toBe(true);
      expect(capabilities.graphql).toEqual({
        levelIds: true,
        roomIds: true,
        levelSearch: true,
        roomSearch: true,
        roomLevel: true,
        buildingIdFilter: true,
        areas: true,
      });
      // Small targeted questions, never a full __schema (which the real gateway refuses).
      const asked = probe.platform.requests('introspection');
      expect(asked).toHaveLength(1);
      expect(JSON.stringify(asked[0]!.body)).not.toContain('__schema');
    } finally {
      await probe.close();
    }
  });

  it('finds nothing beyond the spec on EMULATOR_SCHEMA=spec', async () => {
    const probe = await capabilitiesOf('spec');
    try {
      const capabilities = await probe.read();
      expect(capabilities.probed).toBe(true);
      expect(capabilities.graphql).toEqual(specOnly);
    } finally {
      await probe.close();
    }
  });

  it('assumes the spec alone, and says why, when the gateway refuses the questions', async () => {
    const probe = await capabilitiesOf('full', { errorRate: 1, errorKinds: ['gateway-403'] });
    try {
      const capabilities = await probe.read();
      expect(capabilities.probed).toBe(false);
      expect(capabilities.checkedAt).toBeNull();
      expect(capabilities.reason).toContain('403');
      expect(capabilities.graphql).toEqual(specOnly);
    } finally {
      await probe.close();
    }
  });

  it('asks again after an hour, not before, and keeps what it knew when the refresh fails', async () => {
    const probe = await capabilitiesOf('full');
    try {
      await probe.read();
      await probe.read();
      expect(probe.platform.requests('introspection')).toHaveLength(1);
      probe.clock.advance(capabilityRefreshMs);
      probe.platform.emulator.faults.update({ errorRate: 1, errorKinds: ['503'] });
      const stale = await probe.read();
      // (A call the fault refuses is logged before its body is read, so as "graphql".)
      const graphqlCalls = probe.platform.emulator.requests
        .list()
        .filter((entry) => entry.path === '/graphql');
      expect(graphqlCalls).toHaveLength(2);
      expect(stale.probed).toBe(true);
      expect(stale.graphql.levelIds).toBe(true);
      expect(stale.reason).toContain('503');
    } finally {
      await probe.close();
    }
  });

  it('serves the comfort bands readings are judged against: EN 16798-1 unless set otherwise', async () => {
    const standard = await capabilitiesOf('full');
    try {
      const { comfortBands } = (await standard.read()) as Capabilities & {
        comfortBands: ComfortBands;
      };
      expect(comfortBands).toEqual(defaultComfortBands);
      expect(comfortBands.temperature).toMatchObject({ low: 20, high: 24, unit: '°C' });
      expect(comfortBands.temperature.source).toMatch(/EN 16798-1 category II/);
    } finally {
      await standard.close();
    }
    const summer = await capabilitiesOf(
      'full',
      {},
      {
        COMFORT_TEMPERATURE_C: '23-26',
        COMFORT_CO2_MAX_PPM: '1200',
        COMFORT_BANDS_SOURCE: 'Lease schedule 4, summer',
      },
    );
    try {
      const { comfortBands } = (await summer.read()) as Capabilities & {
        comfortBands: ComfortBands;
      };
      expect(comfortBands.temperature).toEqual({
        low: 23,
        high: 26,
        unit: '°C',
        source: 'Lease schedule 4, summer',
      });
      expect(comfortBands.co2).toEqual({
        high: 1200,
        unit: 'ppm',
        source: 'Lease schedule 4, summer',
      });
      // What is not set keeps its standard band and its source.
      expect(comfortBands.humidity).toEqual(defaultComfortBands.humidity);
    } finally {
      await summer.close();
    }
  });

  it('serves the hours the bands apply: weekdays 07:00-19:00 on the site clock unless set', async () => {
    const standard = await capabilitiesOf('full');
    try {
      const { comfortHours } = (await standard.read()) as Capabilities & {
        comfortHours: ComfortHours;
      };
      expect(comfortHours).toEqual(defaultComfortHours);
    } finally {
      await standard.close();
    }
    const always = await capabilitiesOf('full', {}, { COMFORT_HOURS: 'always' });
    try {
      const { comfortHours } = (await always.read()) as Capabilities & {
        comfortHours: ComfortHours;
      };
      expect(comfortHours).toMatchObject({ from: '00:00', to: '24:00', label: 'around the clock' });
    } finally {
      await always.close();
    }
  });
});
