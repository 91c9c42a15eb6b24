import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { OutlinedField } from './outlined-field';

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
}: Omit<ComponentProps<typeof OutlinedField>, 'value' | 'onChange'> & {
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

  const pending = useRef<string | undefined>(undefined);
  const commit = (next: string) => {
    pending.current = undefined;
    committed.current = next;
    latestCommit.current(next);
  };

  return (
    <OutlinedField
      {...props}
      value={text}
      // Leaving the field (to click a result, or Tab onwards) applies what was typed at once, so a
      // filter landing a moment later cannot undo where the person went next.
      onBlur={(event) => {
        clearTimeout(timer.current);
        if (pending.current !== undefined) commit(pending.current);
        props.onBlur?.(event);
      }}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        pending.current = next;
        clearTimeout(timer.current);
        timer.current = setTimeout(() => commit(next), delayMs);
      }}
    />
  );
}
