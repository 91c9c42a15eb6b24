import type { Building } from '@/api/platform-schemas';
import {
  areaUnit,
  displayName,
  formatAreaValue,
  formatCount,
  formatKnown,
  organizationLabel,
} from '@/lib/format';
import { toCsv } from '@/lib/csv';
import type { ColumnPriority } from '@/components/hidden-columns';
import { distinctName, type SameName } from '@/shared/rules/same-names';

export interface BuildingRow extends Building {
  siteName: string;
  /** Among the person's buildings, the others of its name (told apart by reference or "2 of 2"). */
  sameName?: SameName | undefined;
  /** Its data-quality score as the server worked it out; null where it is not available. */
  qualityScore: number | null;
}

export type SortField =
  | 'name'
  | 'referenceId'
  | 'organizationName'
  | 'siteName'
  | 'floorCount'
  | 'spaceCount'
  | 'deviceCount'
  | 'measurementCount'
  | 'area'
  | 'qualityScore';
export type SortDirection = 'asc' | 'desc';

export interface BuildingColumn {
  field: SortField;
  label: string;
  numeric: boolean;
  /** From which screen width it shows: narrow screens keep what a facility manager needs first. */
  priority: ColumnPriority;
  /** The value sorted on and exported; null sorts last and exports empty. */
  value: (row: BuildingRow) => string | number | null;
  display: (row: BuildingRow) => string;
}

const notIncluded = 'not included';
/** Device and measurement counts the platform did not include are absent, never a false 0. */
const includedCount = (field: 'deviceCount' | 'measurementCount') => (row: BuildingRow) =>
  row.includesDeviceAndMeasurementCounts ? row[field] : null;

export const buildingColumns: BuildingColumn[] = [
  {
    field: 'name',
    priority: 'always',
    label: 'Building',
    numeric: false,
    value: (row) => displayName(row.name),
    display: (row) => distinctName(displayName(row.name), row.referenceId, row.sameName),
  },
  {
    field: 'referenceId',
    // From 1536 px: at 1280 every column would not fit without sideways scrolling.
    priority: 'xl',
    label: 'Reference',
    numeric: false,
    value: (row) => row.referenceId,
    display: (row) => row.referenceId ?? '',
  },
  {
    field: 'organizationName',
    priority: 'lg',
    label: 'Organization',
    numeric: false,
    value: (row) => organizationLabel(row.organizationId, row.organizationName),
    display: (row) => organizationLabel(row.organizationId, row.organizationName),
  },
  {
    field: 'siteName',
    // From a tablet's width: two buildings of one name (two "Harbour View"s) differ by site.
    priority: 'sm',
    label: 'Site',
    numeric: false,
    value: (row) => row.siteName,
    display: (row) => row.siteName,
  },
  {
    field: 'floorCount',
    // From 900 px: at a tablet's 768 the name (told apart from a twin by its reference), site,
    // area and score fill the width.
    priority: 'md',
    label: 'Floors',
    numeric: true,
    value: (row) => row.floorCount,
    display: (row) => formatKnown(row.floorCount, formatCount),
  },
  {
    field: 'spaceCount',
    priority: 'md',
    label: 'Spaces',
    numeric: true,
    value: (row) => row.spaceCount,
    display: (row) => formatKnown(row.spaceCount, formatCount),
  },
  {
    field: 'deviceCount',
    priority: 'xl',
    label: 'Devices',
    numeric: true,
    value: includedCount('deviceCount'),
    display: (row) =>
      row.includesDeviceAndMeasurementCounts
        ? formatKnown(row.deviceCount, formatCount)
        : notIncluded,
  },
  {
    field: 'measurementCount',
    priority: 'xl',
    label: 'Measurements',
    numeric: true,
    value: includedCount('measurementCount'),
    display: (row) =>
      row.includesDeviceAndMeasurementCounts
        ? formatKnown(row.measurementCount, formatCount)
        : notIncluded,
  },
  {
    field: 'area',
    priority: 'always',
    label: `Area (${areaUnit})`,
    numeric: true,
    value: (row) => row.area,
    // The unit is in the header, once.
    display: (row) => formatKnown(row.area, formatAreaValue),
  },
  {
    field: 'qualityScore',
    priority: 'sm',
    label: 'Quality score',
    numeric: true,
    value: (row) => row.qualityScore,
    display: (row) => (row.qualityScore === null ? '—' : String(row.qualityScore)),
  },
];

export const isSortField = (value: string): value is SortField =>
  buildingColumns.some((column) => column.field === value);

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** A stable sort on one column; absent values always last, whatever the direction. */
export function sortRows(
  rows: readonly BuildingRow[],
  field: SortField | undefined,
  direction: SortDirection,
): BuildingRow[] {
  const column = buildingColumns.find((candidate) => candidate.field === field);
  if (!column) return [...rows];
  const sign = direction === 'desc' ? -1 : 1;
  return rows
    .map((row, index) => ({ row, index, value: column.value(row) }))
    .sort((a, b) => {
      if (a.value === null || b.value === null)
        return a.value === b.value ? a.index - b.index : a.value === null ? 1 : -1;
      const order =
        typeof a.value === 'number' && typeof b.value === 'number'
          ? a.value - b.value
          : collator.compare(String(a.value), String(b.value));
      return order === 0 ? a.index - b.index : sign * order;
    })
    .map((entry) => entry.row);
}

/** The rows exactly as shown (filtered and sorted), as CSV text; loads the CSV writer on demand. */
export function rowsToCsv(rows: readonly BuildingRow[]): Promise<string> {
  return toCsv(
    buildingColumns.map((column) => column.label),
    rows.map((row) => buildingColumns.map((column) => column.value(row))),
  );
}
