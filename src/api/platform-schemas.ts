/**
 * The platform's records as the dashboard reads them: the shared definitions
 * (src/shared/platform/records.ts), which the server's index reads too. Every field but the id may
 * be unknown (`null`).
 */
export {
  buildingRecord as buildingSchema,
  floorRecord as floorSchema,
  siteRecord as siteSchema,
  spaceRecord as spaceSchema,
  type BuildingRecord as Building,
  type FloorRecord as Floor,
  type SiteRecord as Site,
  type SpaceRecord as Space,
} from '@/shared/platform/records';
