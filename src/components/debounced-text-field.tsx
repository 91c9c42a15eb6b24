import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';

/** How long typing must pause before a filter is applied and written to the URL. */
export const filterDebounceMs = 250;

/**
 * A text filter that never loses a keystroke: what is typed lives in local state, and only once
 * typing pauses is it handed to `onCommit` (which writes the URL, with a replace entry). Binding
 * the field to the URL directly rewrote it on every key, and keys typed while a 10,000-row table
 * re-filtered were lost. A change of `value` from outside (Back, a link) replaces the text.
 */
export function DebouncedTextField({
  value,
  onCommit,
  delayMs = filterDebounceMs,
  ...props
}: Omit<TextFieldProps, 'value' | 'onChange'> & {
  value: string;
  onCommit: (value: string) => void;
  delayMs?: number;
}) {
  const [text, setText] = useState(value);
  const committed = useRef(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latestCommit = useRef(onCommit);
  useEffect(() => {
    latestCommit.current = onCommit;
  });

  useEffect(() => {
    // Only an outside change (not our own commit coming back) replaces what is being typed.
    if (value !== committed.current) {
      committed.current = value;
      clearTimeout(timer.current);
      setText(value);
    }
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <TextField
      {...props}
      value={text}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => {
          committed.current = next;
          latestCommit.current(next);
        }, delayMs);
      }}
    />
  );
}
