import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { fetchAllPages, platformPageSize } from './fetch-all-pages';
import { z } from '@/lib/zod';
import {
  deviceRecord,
  readRecords,
  type DeviceRecord,
  type MeasurementRecord,
} from '@/shared/platform/records';

/** The levels of the hierarchy with devices and current values, as the BFF's paths name them. */
export type DevicePlaceLevel = 'Buildings' | 'Floors' | 'Spaces';

const deviceSchema = deviceRecord;
export type Device = DeviceRecord;
export type DeviceMeasurement = MeasurementRecord;

export const deviceKeys = {
  all: ['devices'] as const,
  of: (level: DevicePlaceLevel, id: string) => [...deviceKeys.all, level, id] as const,
};

/** A place's devices, every page. */
export const devicesQueryOptions = (level: DevicePlaceLevel, id: string) =>
  queryOptions({
    queryKey: deviceKeys.of(level, id),
    queryFn: () =>
      fetchAllPages(
        (take, skip) => `/api/${level}/${encodeURIComponent(id)}/Devices?take=${take}&skip=${skip}`,
        deviceSchema,
      ).then((listing) => listing.records),
    // Devices change when someone commissions one: an hour is fresh enough.
    staleTime: 60 * 60 * 1000,
  });

/** One device, by its id (a meter's history is named from it). */
export const deviceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...deviceKeys.all, 'one', id] as const,
    queryFn: async () =>
      (await apiGet(`/api/Devices/${encodeURIComponent(id)}`, deviceSchema)).data,
    staleTime: 60 * 60 * 1000,
  });

/** The devices whose measurements measure the place itself (a building's own meter). */
export const measuringDevices = (devices: readonly Device[], placeId: string): Device[] =>
  devices.filter((device) =>
    device.measurements.some((measurement) => measurement.measuredId === placeId),
  );

/** Every measurement of some devices, by id, with the device it belongs to. */
export function measurementsById(
  devices: readonly Device[],
): Map<string, { measurement: DeviceMeasurement; device: Device }> {
  return new Map(
    devices.flatMap((device) =>
      device.measurements.map((measurement) => [measurement.id, { measurement, device }] as const),
    ),
  );
}

/** Pages of a building's devices looked through for its meter: 5,000 devices. */
export const meterSearchPages = 5;

/**
 * The device that measures a building as a whole (its main meter), read page by page and stopped
 * at the first page that has it: a tower's devices run to tens of thousands, its meter is one.
 * `null` when the first pages hold none.
 */
export const buildingMeterQueryOptions = (buildingId: string) =>
  queryOptions({
    queryKey: [...deviceKeys.all, 'meter', buildingId] as const,
    queryFn: async (): Promise<Device | null> => {
      for (let page = 0; page < meterSearchPages; page++) {
        const { data } = await apiGet(
          `/api/Buildings/${encodeURIComponent(buildingId)}/Devices?take=${platformPageSize}&skip=${page * platformPageSize}`,
          z.array(z.unknown()),
        );
        const meter = measuringDevices(readRecords(data, deviceSchema).records, buildingId)[0];
        if (meter) return meter;
        if (data.length < platformPageSize) return null;
      }
      return null;
    },
    staleTime: 60 * 60 * 1000,
  });
