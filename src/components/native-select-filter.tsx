import { OutlinedNativeSelect } from './outlined-field';

/**
 * One filter as a native select (no menu or popover code, and every keyboard and screen reader
 * knows it): "All …" first, then the options. A value that is not among the options
 * (a link to a site the account no longer sees) shows as "All …".
 */
export function NativeSelectFilter({
  label,
  allLabel,
  value,
  options,
  onChange,
  minWidth = 160,
}: {
  label: string;
  allLabel: string;
  value: string;
  options: ReadonlyArray<readonly [value: string, label: string]>;
  onChange: (value: string) => void;
  minWidth?: number;
}) {
  return (
    <OutlinedNativeSelect
      label={label}
      size="small"
      value={options.some(([id]) => id === value) ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      sx={{ flex: 1, minWidth }}
    >
      <option value="">{allLabel}</option>
      {options.map(([id, name]) => (
        <option key={id} value={id}>
          {name}
        </option>
      ))}
    </OutlinedNativeSelect>
  );
}
