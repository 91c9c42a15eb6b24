import { z } from '@/lib/zod';

/**
 * The dashboard's view of the platform's REST records. Buildings follow the spec; sites and floors
 * follow docs/platform-contract.md and are parsed leniently: unknown fields pass, names may be null.
 */
const metadataSchema = z
  .array(z.looseObject({ name: z.string(), value: z.string().nullable() }))
  .catch([]);

export const buildingSchema = z.looseObject({
  id: z.string(),
  name: z.string().nullable(),
  referenceId: z.string().nullable().optional().default(null),
  organizationId: z.string(),
  organizationName: z.string().nullable().optional().default(null),
  siteId: z.string(),
  floorCount: z.number(),
  spaceCount: z.number(),
  deviceCount: z.number(),
  measurementCount: z.number(),
  includesDeviceAndMeasurementCounts: z.boolean(),
  area: z.number(),
  metadata: metadataSchema,
});
export type Building = z.infer<typeof buildingSchema>;

export const siteSchema = z.looseObject({
  id: z.string(),
  name: z.string().nullable().optional().default(null),
  organizationId: z.string().optional(),
  buildingCount: z.number().optional(),
  city: z.string().nullable().optional(),
  country: z.string().nullable().optional(),
  /** IANA ("Europe/London"): the site's clock, that the comfort hours are judged on. */
  timezone: z.string().nullable().optional(),
});
export type Site = z.infer<typeof siteSchema>;

export const floorSchema = z.looseObject({
  id: z.string(),
  name: z.string().nullable().optional().default(null),
  referenceId: z.string().nullable().optional(),
  area: z.number().optional(),
  spaceCount: z.number().optional(),
  metadata: metadataSchema.optional(),
});
export type Floor = z.infer<typeof floorSchema>;

/** A space (room) as REST lists it per floor; lenient like the other records. */
export const spaceSchema = z.looseObject({
  id: z.string(),
  name: z.string().nullable().optional().default(null),
  referenceId: z.string().nullable().optional(),
  floorId: z.string().optional(),
  ontologyType: z.string().nullable().optional(),
  /** 0 all, 1 commissioned, 2 decommissioned (docs/platform-contract.md). */
  commissionedStatus: z.number().nullable().optional(),
  commissionedOn: z.string().nullable().optional(),
  decommissionedOn: z.string().nullable().optional(),
  area: z.number().nullable().optional(),
  metadata: metadataSchema.optional(),
  deviceCount: z.number().optional(),
  measurementCount: z.number().optional(),
  includesDeviceAndMeasurementCounts: z.boolean().optional(),
});
export type Space = z.infer<typeof spaceSchema>;
