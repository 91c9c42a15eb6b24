/**
 * Wire shapes of the platform's v3 REST records, as docs/platform-contract.md describes them.
 * These belong to the emulator (the stand-in for a service we do not own); the dashboard parses
 * the same JSON with its own tolerant zod schemas on purpose, so a mistake here cannot hide one there.
 */
export interface MetadataEntry {
  name: string;
  value: string;
}

export interface OrganizationRecord {
  id: string;
  name: string | null;
  metadata: MetadataEntry[];
}

export interface SiteRecord {
  id: string;
  name: string | null;
  organizationId: string;
  area: number;
  buildingCount: number;
  address: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  postalCode: string | null;
  timezone: string;
  timeSeriesRetentionSpan: string;
  metadata: MetadataEntry[];
}

export interface BuildingRecord {
  id: string;
  name: string | null;
  referenceId: string | null;
  organizationId: string;
  organizationName: string | null;
  siteId: string;
  floorCount: number;
  spaceCount: number;
  deviceCount: number;
  measurementCount: number;
  includesDeviceAndMeasurementCounts: boolean;
  area: number;
  metadata: MetadataEntry[];
}

export interface FloorRecord {
  id: string;
  name: string | null;
  referenceId: string | null;
  area: number;
  metadata: MetadataEntry[];
  buildingId: string;
  spaceCount: number;
  deviceCount: number;
  measurementCount: number;
  includesDeviceAndMeasurementCounts: boolean;
}

export interface SpaceRecord {
  id: string;
  name: string | null;
  referenceId: string | null;
  siteId: string;
  buildingId: string;
  floorId: string;
  ontologyType: string;
  commissionedStatus: 0 | 1 | 2;
  commissionedOn: string;
  decommissionedOn: string | null;
  area: number;
  metadata: MetadataEntry[];
  deviceCount: number;
  measurementCount: number;
  includesDeviceAndMeasurementCounts: boolean;
}
