import type { Totals, TotalsGroup } from '@/api/get-totals';
import type { ColumnPriority } from '@/components/hidden-columns';
import { fileSlug } from '@/lib/csv';
import { areaUnit, displayName, siteLabel } from '@/lib/format';
import type { UrlView } from '@/lib/use-url-params';
import { fold } from '@/shared/rules/text-match';

export type TotalsRow = Totals['rows'][number];
type Measure = 'buildings' | 'area' | 'floors' | 'spaces' | 'devices' | 'measurements';

export const totalsColumns: ReadonlyArray<{
  key: Measure;
  label: string;
  priority: ColumnPriority;
}> = [
  { key: 'buildings', label: 'Buildings', priority: 'sm' },
  { key: 'area', label: `Area (${areaUnit})`, priority: 'always' },
  { key: 'floors', label: 'Floors', priority: 'md' },
  { key: 'spaces', label: 'Spaces', priority: 'lg' },
  { key: 'devices', label: 'Devices', priority: 'lg' },
  { key: 'measurements', label: 'Measurements', priority: 'lg' },
];
/** The organization column of the sites' table: from a tablet's width, beside the site's name. */
export const organizationColumn = { label: 'Organization', priority: 'md' } as const;

export type TotalsColumn = Measure | 'name' | 'organization';
export const totalsSortable: ReadonlySet<string> = new Set([
  'name',
  'organization',
  ...totalsColumns.map((column) => column.key),
]);

export const totalsNameOf = (by: TotalsGroup, row: TotalsRow): string =>
  by === 'site' ? siteLabel(row.id, row.name) : displayName(row.name ?? row.id);

/** A site's organization as a person reads it; empty on an organization's own row. */
export const organizationNameOf = (row: TotalsRow): string =>
  row.organization ? displayName(row.organization.name ?? row.organization.id) : '';

export interface TotalsViewChoice {
  by: TotalsGroup;
  /** Words that must each start a word of the name or (for sites) the organization. */
  filter: string;
  sort: TotalsColumn;
  descending: boolean;
}

export interface TotalsView {
  /** The rows the filter keeps, in the chosen order: shown and exported alike. */
  rows: TotalsRow[];
  /** Sums of the rows shown and their share of the portfolio (when a filter leaves some out). */
  shown: { count: number; sums: Record<Measure, number>; share: Record<Measure, number | null> };
}

const words = (text: string) =>
  fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * The table a person asked for: filtered by words (each typed word starts a word of the name or
 * the organization, accents ignored: "lod off" finds "Łódź Office Park"), sorted by a column with
 * the name breaking ties, and what the rows shown add up to. Each row's share is the server's; a
 * filtered view's share is its sums over the server's portfolio total.
 */
export function viewTotals(totals: Totals, choice: TotalsViewChoice): TotalsView {
  const wanted = words(choice.filter);
  const kept = totals.rows.filter((row) => {
    if (wanted.length === 0) return true;
    const have = words(`${totalsNameOf(choice.by, row)} ${organizationNameOf(row)}`);
    return wanted.every((word) => have.some((candidate) => candidate.startsWith(word)));
  });
  const byName = (a: TotalsRow, b: TotalsRow) =>
    totalsNameOf(choice.by, a).localeCompare(totalsNameOf(choice.by, b)) ||
    a.id.localeCompare(b.id);
  const order = (a: TotalsRow, b: TotalsRow) =>
    choice.sort === 'name'
      ? byName(a, b)
      : choice.sort === 'organization'
        ? organizationNameOf(a).localeCompare(organizationNameOf(b)) || byName(a, b)
        : a[choice.sort] - b[choice.sort] || byName(a, b);
  const rows = kept.sort((a, b) => (choice.descending ? -order(a, b) : order(a, b)));
  const sums = Object.fromEntries(
    totalsColumns.map(({ key }) => [key, rows.reduce((sum, row) => sum + row[key], 0)]),
  ) as Record<Measure, number>;
  const share = Object.fromEntries(
    totalsColumns.map(({ key }) => [
      key,
      totals.total[key] > 0 ? sums[key] / totals.total[key] : null,
    ]),
  ) as Record<Measure, number | null>;
  return { rows, shown: { count: rows.length, sums, share } };
}

/** The view as a spreadsheet reads it: the rows shown, in order, then the shown and whole totals. */
export function totalsCsvTable(
  by: TotalsGroup,
  totals: Totals,
  view: TotalsView,
): { fields: string[]; rows: Array<Array<string | number | null>> } {
  const label = by === 'site' ? 'Site' : 'Organization';
  const fields = [
    label,
    ...(by === 'site' ? [organizationColumn.label] : []),
    ...totalsColumns.flatMap((column) => [column.label, `${column.label} share of portfolio`]),
  ];
  const figures = (
    pick: (key: Measure) => number,
    share: (key: Measure) => number | null,
  ): Array<number | null> => totalsColumns.flatMap(({ key }) => [pick(key), share(key)]);
  const line = (name: string, organization: string, values: Array<number | null>) => [
    name,
    ...(by === 'site' ? [organization] : []),
    ...values,
  ];
  const plural = by === 'site' ? 'sites' : 'organizations';
  return {
    fields,
    rows: [
      ...view.rows.map((row) =>
        line(
          totalsNameOf(by, row),
          organizationNameOf(row),
          figures(
            (key) => row[key],
            (key) => row.share[key],
          ),
        ),
      ),
      ...(view.shown.count < totals.rows.length
        ? [
            line(
              `${view.shown.count} of ${totals.rows.length} ${plural} shown`,
              '',
              figures(
                (key) => view.shown.sums[key],
                (key) => view.shown.share[key],
              ),
            ),
          ]
        : []),
      line(
        `All ${totals.rows.length} ${plural}`,
        '',
        figures(
          (key) => totals.total[key],
          (key) => (totals.total[key] > 0 ? 1 : null),
        ),
      ),
    ],
  };
}

/** The table's state the route keeps in the URL (shareable, restored by Back). */
export const sitesViewKeys = ['by', 'q', 'sort', 'dir'] as const;
export type SitesView = UrlView<(typeof sitesViewKeys)[number]>;

/**
 * What the URL asks for, read once: by site (the default) or organization, the filter, and the
 * sort, area by default; names ascend by default, figures descend. A sort the grouping has no
 * column for (organization, by organization) falls back to area.
 */
export function sitesViewState(values: SitesView['values']): TotalsViewChoice {
  const by: TotalsGroup = values.by === 'organization' ? 'organization' : 'site';
  const asked = values.sort ?? 'area';
  const sort = (
    totalsSortable.has(asked) && !(by === 'organization' && asked === 'organization')
      ? asked
      : 'area'
  ) as TotalsColumn;
  const descending = values.dir
    ? values.dir === 'desc'
    : sort !== 'name' && sort !== 'organization';
  return { by, filter: values.q ?? '', sort, descending };
}

/** The URL's change when a column's header is clicked: that column, or the other way round. */
export function sortChange(
  column: TotalsColumn,
  current: Pick<TotalsViewChoice, 'sort' | 'descending'>,
): { sort: string | undefined; dir: string | undefined } {
  return {
    sort: column === 'area' ? undefined : column,
    dir: column === current.sort ? (current.descending ? 'asc' : 'desc') : undefined,
  };
}

/** "storey-sites-harbour.csv": the grouping and the filter it was exported under. */
export const totalsCsvName = (by: TotalsGroup, filter: string): string =>
  `storey-${by === 'site' ? 'sites' : 'organizations'}-${fileSlug(filter)}.csv`;
