import Box from '@mui/material/Box';

import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { OutlinedField } from '@/components/outlined-field';
import type { SearchDraft } from '@/features/search/components/global-search';

/**
 * Search is its own chunk, asked for at the first sign of use (a pointer over the field, a touch,
 * focus, a shortcut), not with the first screen: with MUI's combobox it is about 50 KB that a
 * phone's first visit would otherwise download and run beside the portfolio's own code and data.
 */
let wantSearch: () => void = () => {};
const searchWanted = new Promise<void>((resolve) => (wantSearch = resolve));
// The search reads GraphQL where the platform searches floors and rooms: its chunk brings urql.
const GlobalSearch = lazy(() =>
  searchWanted
    .then(() =>
      Promise.all([
        import('@/features/search/components/global-search'),
        import('./graphql-provider'),
      ]),
    )
    .then(([search, graphql]) => ({
      default: (props: Parameters<typeof search.GlobalSearch>[0]) => (
        <graphql.WithGraphql>
          <search.GlobalSearch {...props} />
        </graphql.WithGraphql>
      ),
    })),
);

function isTypingElement(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

const boxWidth = { xs: 180, sm: 260, md: 320, lg: 240, xl: 340 } as const;

/**
 * The app bar's search, and its shortcuts ("/" and Ctrl/⌘-K) from the first screen on. Until the
 * combobox's chunk is wanted and has arrived a plain field takes the keys: "/" focuses it and what is typed there
 * is handed to the combobox, focus included, so no key is lost while the chunk loads.
 */
export function LazyGlobalSearch() {
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const draft = useRef<SearchDraft>({ text: '', focused: false });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const shortcut =
        (event.key === '/' && !isTypingElement(event.target)) ||
        ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k');
      if (!shortcut) return;
      event.preventDefault();
      input.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <Box
      sx={{ mr: { xs: 0, md: 2 }, minWidth: 0, flexShrink: 1 }}
      onPointerEnter={wantSearch}
      onTouchStart={wantSearch}
      onFocus={wantSearch}
    >
      <Suspense
        fallback={
          <OutlinedField
            inputRef={input}
            value={text}
            onChange={(event) => {
              draft.current.text = event.target.value;
              setText(event.target.value);
            }}
            onFocus={() => (draft.current.focused = true)}
            onBlur={(event) => {
              // Focus that moves elsewhere is the person's; the field's own removal is not.
              if (event.relatedTarget !== null) draft.current.focused = false;
            }}
            placeholder="Search rooms, floors, buildings…"
            ariaLabel="Search Storey"
            sx={{ width: boxWidth, bgcolor: 'background.paper', borderRadius: 1 }}
          />
        }
      >
        <GlobalSearch inputRef={input} draft={draft} width={boxWidth} />
      </Suspense>
    </Box>
  );
}
