/**
 * Every URL of the dashboard, built in one place. Routes are declared from `routePatterns` and
 * links are made with `paths`, so the two cannot drift apart.
 */
const segment = (value: string | number) => encodeURIComponent(String(value));

/** The router's patterns (relative to "/"), in the same order as `paths`. */
export const routePatterns = {
  sites: 'sites',
  search: 'search',
  quality: 'quality',
  attention: 'attention',
  alarms: 'alarms',
  outbox: 'alarms/outbox',
  alarmNoise: 'alarms/noise',
  alarm: 'alarms/:alarmId',
  energy: 'energy',
  compare: 'compare',
  myAccess: 'access/me',
  access: 'access',
  building: 'buildings/:buildingId',
  level: 'buildings/:buildingId/levels/:level',
  room: 'buildings/:buildingId/levels/:level/rooms/:room',
} as const;

export interface PortfolioFilters {
  q?: string | undefined;
  org?: string | undefined;
  site?: string | undefined;
}

export const paths = {
  portfolio(filters: PortfolioFilters = {}): string {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(filters))
      if (value !== undefined && value !== '') search.set(name, value);
    const query = search.toString();
    return query ? `/?${query}` : '/';
  },
  sites: (): string => '/sites',
  quality: (
    filters: { rule?: string; severity?: string; org?: string; site?: string } = {},
  ): string => {
    const query = new URLSearchParams(
      Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])),
    ).toString();
    return query ? `/quality?${query}` : '/quality';
  },
  /** Rooms out of their comfort band across the portfolio, optionally of one building or site. */
  attention: (filters: { building?: string; site?: string; kind?: string } = {}): string => {
    const query = new URLSearchParams(
      Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])),
    ).toString();
    return query ? `/attention?${query}` : '/attention';
  },
  /** The alarms worklist: open ones by default, or unacknowledged, mine, cleared. */
  alarms: (view: { view?: string; kind?: string; severity?: string; building?: string } = {}) => {
    const query = new URLSearchParams(
      Object.entries(view).filter((entry): entry is [string, string] => Boolean(entry[1])),
    ).toString();
    return query ? `/alarms?${query}` : '/alarms';
  },
  alarm: (id: number): string => `/alarms/${id}`,
  /** Administrators: the e-mails Storey wrote, and whether they went. */
  outbox: (): string => '/alarms/outbox',
  /** Administrators: how noisy the alarms are (floods, chattering, standing). */
  alarmNoise: (): string => '/alarms/noise',
  /** The portfolio's energy: ranked by kWh per m², or the buildings without a figure. */
  energy: (view: { list?: string; sort?: string; unit?: string } = {}): string => {
    const query = new URLSearchParams(
      Object.entries(view).filter((entry): entry is [string, string] => Boolean(entry[1])),
    ).toString();
    return query ? `/energy?${query}` : '/energy';
  },
  /** A comparison of buildings, in the order picked (shareable). */
  compare: (ids: readonly string[]): string =>
    ids.length > 0 ? `/compare?ids=${ids.map(segment).join(',')}` : '/compare',
  /** What the signed-in person can see, and why. */
  myAccess: (): string => '/access/me',
  /** Administrators: grants, a person's or a building's audience, and the audit. */
  access: (view: { person?: string; building?: string } = {}): string => {
    const query = new URLSearchParams(
      Object.entries(view).filter((entry): entry is [string, string] => Boolean(entry[1])),
    ).toString();
    return query ? `/access?${query}` : '/access';
  },
  search: (q = ''): string => (q ? `/search?${new URLSearchParams({ q }).toString()}` : '/search'),
  building: (buildingId: string): string => `/buildings/${segment(buildingId)}`,
  level: (buildingId: string, level: string | number): string =>
    `${paths.building(buildingId)}/levels/${segment(level)}`,
  room: (buildingId: string, level: string | number, room: string | number): string =>
    `${paths.level(buildingId, level)}/rooms/${segment(room)}`,
};
