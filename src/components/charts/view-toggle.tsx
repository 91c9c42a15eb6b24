import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';

export type ChartView = 'chart' | 'table';

/** The Chart/Table switch every chart has: the same numbers as a picture or as a table. */
export function ViewToggle({
  label,
  value,
  onChange,
  names = { chart: 'Chart', table: 'Table' },
  className,
}: {
  /** The group's accessible name, e.g. "History: view as". */
  label: string;
  value: ChartView;
  onChange: (view: ChartView) => void;
  names?: Record<ChartView, string>;
  className?: string | undefined;
}) {
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={value}
      onChange={(_event, next: ChartView | null) => next && onChange(next)}
      aria-label={label}
      className={className}
    >
      <ToggleButton value="chart">{names.chart}</ToggleButton>
      <ToggleButton value="table">{names.table}</ToggleButton>
    </ToggleButtonGroup>
  );
}
