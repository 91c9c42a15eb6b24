import { z } from '@/lib/zod';

/**
 * The dashboard's view of the platform's REST records. Buildings follow the spec; sites and floors
 * follow docs/platform-contract.md and are parsed leniently: unknown fields pass, names may be null.
 */
const metadataSchema = z.catch(
  z.array(z.looseObject({ name: z.string(), value: z.nullable(z.string()) })),
  [],
);

export const buildingSchema = z.looseObject({
  id: z.string(),
  name: z.nullable(z.string()),
  referenceId: z._default(z.optional(z.nullable(z.string())), null),
  organizationId: z.string(),
  organizationName: z._default(z.optional(z.nullable(z.string())), null),
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
  name: z._default(z.optional(z.nullable(z.string())), null),
  organizationId: z.optional(z.string()),
  buildingCount: z.optional(z.number()),
  city: z.optional(z.nullable(z.string())),
  country: z.optional(z.nullable(z.string())),
  /** IANA ("Europe/London"): the site's clock, that the comfort hours are judged on. */
  timezone: z.optional(z.nullable(z.string())),
});
export type Site = z.infer<typeof siteSchema>;

export const floorSchema = z.looseObject({
  id: z.string(),
  name: z._default(z.optional(z.nullable(z.string())), null),
  referenceId: z.optional(z.nullable(z.string())),
  area: z.optional(z.number()),
  spaceCount: z.optional(z.number()),
  metadata: z.optional(metadataSchema),
});
export type Floor = z.infer<typeof floorSchema>;

/** A space (room) as REST lists it per floor; lenient like the other records. */
export const spaceSchema = z.looseObject({
  id: z.string(),
  name: z._default(z.optional(z.nullable(z.string())), null),
  referenceId: z.optional(z.nullable(z.string())),
  floorId: z.optional(z.string()),
  ontologyType: z.optional(z.nullable(z.string())),
  /** 0 all, 1 commissioned, 2 decommissioned (docs/platform-contract.md). */
  commissionedStatus: z.optional(z.nullable(z.number())),
  commissionedOn: z.optional(z.nullable(z.string())),
  decommissionedOn: z.optional(z.nullable(z.string())),
  area: z.optional(z.nullable(z.number())),
  metadata: z.optional(metadataSchema),
  deviceCount: z.optional(z.number()),
  measurementCount: z.optional(z.number()),
  includesDeviceAndMeasurementCounts: z.optional(z.boolean()),
});
export type Space = z.infer<typeof spaceSchema>;
