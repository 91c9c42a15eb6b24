import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  DataGrid,
  useGridApiRef,
  type GridColDef,
  type GridPaginationModel,
  type GridRowSelectionModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { Building } from '@/api/platform-schemas';
import { areaUnit, displayName, formatArea, formatCount } from '@/lib/format';

export interface BuildingRow extends Building {
  siteName: string;
}

const notIncluded = 'not included';

/** Device and measurement counts that the platform did not include are absent, never a false 0. */
const countOrAbsent =
  (field: 'deviceCount' | 'measurementCount') => (_value: unknown, row: BuildingRow) =>
    row.includesDeviceAndMeasurementCounts ? row[field] : null;

const columns: GridColDef<BuildingRow>[] = [
  {
    field: 'name',
    headerName: 'Building',
    flex: 2,
    minWidth: 180,
    valueGetter: (_value, row) => displayName(row.name),
    renderCell: ({ row, value }) => (
      <Link
        component={RouterLink}
        to={`/buildings/${encodeURIComponent(row.id)}`}
        // Opening a building is not selecting its row: a selection change would rewrite the URL mid-navigation.
        onClick={(event: React.MouseEvent) => event.stopPropagation()}
      >
        {value as string}
      </Link>
    ),
  },
  {
    field: 'referenceId',
    headerName: 'Reference',
    flex: 1,
    minWidth: 120,
    valueGetter: (_value, row) => row.referenceId ?? '',
  },
  {
    field: 'organizationName',
    headerName: 'Organization',
    flex: 1.4,
    minWidth: 150,
    valueGetter: (_value, row) => row.organizationName ?? row.organizationId,
  },
  { field: 'siteName', headerName: 'Site', flex: 1.2, minWidth: 130 },
  {
    field: 'floorCount',
    headerName: 'Floors',
    type: 'number',
    width: 90,
    valueFormatter: (value: number) => formatCount(value),
  },
  {
    field: 'spaceCount',
    headerName: 'Spaces',
    type: 'number',
    width: 100,
    valueFormatter: (value: number) => formatCount(value),
  },
  {
    field: 'deviceCount',
    headerName: 'Devices',
    type: 'number',
    width: 110,
    valueGetter: countOrAbsent('deviceCount'),
    valueFormatter: (value: number | null) => (value === null ? notIncluded : formatCount(value)),
  },
  {
    field: 'measurementCount',
    headerName: 'Measurements',
    type: 'number',
    width: 130,
    valueGetter: countOrAbsent('measurementCount'),
    valueFormatter: (value: number | null) => (value === null ? notIncluded : formatCount(value)),
  },
  {
    field: 'area',
    headerName: `Area (${areaUnit})`,
    type: 'number',
    width: 130,
    valueFormatter: (value: number) => formatArea(value),
  },
];

export const buildingsTablePageSize = 100;

export interface BuildingsTableProps {
  rows: BuildingRow[];
  sortModel: GridSortModel;
  onSortModelChange: (model: GridSortModel) => void;
  page: number;
  onPageChange: (page: number) => void;
  selectedId: string | undefined;
  onSelect: (id: string | undefined) => void;
}

export function BuildingsTable({
  rows,
  sortModel,
  onSortModelChange,
  page,
  onPageChange,
  selectedId,
  onSelect,
}: BuildingsTableProps) {
  const apiRef = useGridApiRef();
  const paginationModel: GridPaginationModel = useMemo(
    () => ({ page, pageSize: buildingsTablePageSize }),
    [page],
  );
  const selectionModel: GridRowSelectionModel = useMemo(
    () => ({ type: 'include', ids: new Set(selectedId ? [selectedId] : []) }),
    [selectedId],
  );
  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h6" component="h2">
          Buildings{' '}
          <Typography component="span" color="text.secondary">
            ({formatCount(rows.length)})
          </Typography>
        </Typography>
        <Button
          variant="outlined"
          size="small"
          disabled={rows.length === 0}
          onClick={() =>
            apiRef.current?.exportDataAsCsv({
              fileName: 'storey-buildings',
              utf8WithBom: true,
              allColumns: true,
            })
          }
        >
          Export CSV
        </Button>
      </Stack>
      <div style={{ height: 560, width: '100%' }}>
        <DataGrid
          apiRef={apiRef}
          rows={rows}
          columns={columns}
          aria-label="Buildings"
          density="compact"
          sortingOrder={['asc', 'desc']}
          sortModel={sortModel}
          onSortModelChange={onSortModelChange}
          paginationModel={paginationModel}
          onPaginationModelChange={(model) => onPageChange(model.page)}
          pageSizeOptions={[buildingsTablePageSize]}
          rowSelectionModel={selectionModel}
          onRowSelectionModelChange={(model) =>
            onSelect(model.ids.values().next().value as string | undefined)
          }
          disableColumnFilter
          disableMultipleRowSelection
          localeText={{ noRowsLabel: 'No buildings match these filters.' }}
        />
      </div>
    </Stack>
  );
}
