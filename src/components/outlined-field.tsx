import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, type ChangeEvent, type FocusEvent, type ReactNode, type Ref } from 'react';

/**
 * MUI's outlined text field, built from its parts. `TextField` imports `Select` for its `select`
 * mode, and with it the menu, popover, modal and focus trap (about 18 KB gzipped): a first screen
 * with two filters and a search box would carry them all and draw none. These are the same parts
 * `TextField` renders (FormControl, InputLabel, OutlinedInput), so they look and label the same.
 */
export function OutlinedField({
  label,
  value,
  onChange,
  onBlur,
  onFocus,
  placeholder,
  inputRef,
  ariaLabel,
  type = 'text',
  min,
  max,
  size = 'small',
  sx,
}: {
  label?: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  onFocus?: (event: FocusEvent<HTMLInputElement>) => void;
  placeholder?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** The accessible name where no visible label is drawn. */
  ariaLabel?: string;
  /**
   * "date" and "time" draw the browser's own fields, which always show their format: the label
   * sits above.
   */
  type?: 'text' | 'date' | 'time';
  min?: string | undefined;
  max?: string | undefined;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
}) {
  const id = useId();
  const shrink = type === 'date' || type === 'time' ? true : undefined;
  const inputProps = { 'aria-label': ariaLabel, min, max };
  return (
    <FormControl size={size} sx={sx} variant="outlined">
      {label ? (
        <InputLabel htmlFor={id} shrink={shrink}>
          {label}
        </InputLabel>
      ) : null}
      <OutlinedInput
        id={id}
        type={type}
        label={label}
        notched={shrink}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        onFocus={onFocus}
        placeholder={placeholder}
        inputRef={inputRef}
        inputProps={inputProps}
      />
    </FormControl>
  );
}

/** A labelled native select in the outlined style: no menu or popover code. */
export function OutlinedNativeSelect({
  label,
  value,
  onChange,
  children,
  size = 'small',
  sx,
}: {
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  children: ReactNode;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
}) {
  const id = useId();
  return (
    <FormControl size={size} sx={sx} variant="outlined">
      {/* A native select always shows a value ("All …"), so its label always sits on the frame. */}
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <NativeSelect
        value={value}
        onChange={onChange}
        input={<OutlinedInput label={label} notched />}
        inputProps={{ id }}
      >
        {children}
      </NativeSelect>
    </FormControl>
  );
}
