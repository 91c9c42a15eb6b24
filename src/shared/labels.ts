/**
 * How a place is named wherever a person reads it: the dashboard's tables, charts, breadcrumbs
 * and filters, and the words the server stores (data-quality findings) and sends (e-mails).
 */

/**
 * The key of a group of buildings (a site, an organisation) where the platform gave none: no
 * platform id can be it (ids are letters, digits, "-" and "_"), so it never meets a real group.
 */
export const noGroupKey = '~none';

/** The group key of an id the platform may not give. */
export const groupKey = (id: string | null): string => id ?? noGroupKey;

/** Platform names may be absent or blank; nobody is shown an empty label. */
export const displayName = (name: string | null | undefined): string =>
  name && name.trim() !== '' ? name.trim() : 'Unnamed';

/**
 * A site's label: its name, or "Site <id>" when it has none or the listing does not know it,
 * since the id is what people can look up; "No site" for a building the platform placed on none.
 */
export const siteLabel = (siteId: string | null, name?: string | null): string =>
  name && name.trim() !== ''
    ? name.trim()
    : siteId === null || siteId === noGroupKey
      ? 'No site'
      : `Site ${siteId}`;

/** An organisation's label: its name, its id, or "No organisation" for a building without one. */
export const organizationLabel = (organizationId: string | null, name?: string | null): string =>
  name && name.trim() !== ''
    ? name.trim()
    : organizationId === null || organizationId === noGroupKey
      ? 'No organisation'
      : `Organisation ${organizationId}`;
