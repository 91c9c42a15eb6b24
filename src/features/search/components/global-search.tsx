import Autocomplete, {
  type AutocompleteRenderGroupParams,
  type AutocompleteRenderInputParams,
} from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import ListSubheader from '@mui/material/ListSubheader';
import Paper, { type PaperProps } from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLayoutEffect, useMemo, useState, type HTMLAttributes, type RefObject } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useSearchResults } from '../hooks/use-search-results';
import { kindLabels, resultKinds, type SearchResult } from '../utils/search-results';
import { Highlighted } from './highlighted';

/** Shown per kind in the box; the results page lists everything. */
const perKind = 5;
const platformTake = 25;

interface MoreOption {
  kind: 'more';
  key: string;
  label: string;
  to: string;
}
type Option = SearchResult | MoreOption;

/** What was typed into the stand-in field while this chunk loaded, and whether it had focus. */
export interface SearchDraft {
  text: string;
  focused: boolean;
}

/**
 * One box for everything, in the app bar (also "/" and Ctrl/⌘-K, listened for by the app bar):
 * a combobox grouped by kind, keyboard navigable, matches highlighted. Enter on the text opens the
 * full results page. It starts from the stand-in's `draft`, focus included.
 */
export function GlobalSearch({
  inputRef: input,
  draft,
  width,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  draft: RefObject<SearchDraft>;
  width: Record<'xs' | 'sm' | 'md' | 'lg' | 'xl', number>;
}) {
  const navigate = useNavigate();
  const [text, setText] = useState(() => draft.current.text);
  // Open at once on what was typed before the chunk came, as it would have been.
  const [open, setOpen] = useState(
    () => draft.current.focused && draft.current.text.trim().length >= 2,
  );
  const active = text.trim().length >= 2;
  const search = useSearchResults(text, { take: platformTake, enabled: open || active });

  // Take over where the stand-in was: focused, the caret after what was typed.
  useLayoutEffect(() => {
    const field = input.current;
    const idle = document.activeElement === null || document.activeElement === document.body;
    if (!field || !draft.current.focused || !idle) return;
    field.focus();
    field.setSelectionRange(field.value.length, field.value.length);
  }, [input, draft]);

  const options = useMemo<Option[]>(() => {
    if (!active) return [];
    const shown = resultKinds.flatMap((kind) =>
      search.results.filter((result) => result.kind === kind).slice(0, perKind),
    );
    return [
      ...shown,
      {
        kind: 'more',
        key: 'more',
        label: `All results for “${text.trim()}”`,
        to: paths.search(text.trim()),
      },
    ];
  }, [active, search.results, text]);

  const note = search.awaitingIndex
    ? 'Floors and rooms are found once Storey has indexed the portfolio (its first sync is under way); buildings and sites are found now.'
    : search.placesError
      ? 'Floors and rooms could not be searched just now; buildings and sites still are.'
      : undefined;

  return (
    <Autocomplete<Option, false, false, true>
      id="global-search"
      freeSolo
      open={open && active}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      filterOptions={(all) => all}
      // Results of an older text stay in sight but cannot be chosen; "All results" always can.
      getOptionDisabled={(option) => search.stale && option.kind !== 'more'}
      groupBy={(option) => (option.kind === 'more' ? 'More' : kindLabels[option.kind])}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.label)}
      getOptionKey={(option) => (typeof option === 'string' ? option : option.key)}
      inputValue={text}
      onInputChange={(_event, value, reason) => {
        if (reason !== 'reset') setText(value);
      }}
      value={null}
      onChange={(_event, option) => {
        if (option === null) return;
        if (typeof option === 'string' && option.trim() === '') return;
        setText('');
        setOpen(false);
        input.current?.blur();
        const { to, state } = destinationOf(option);
        void navigate(to, state ? { state } : undefined);
      }}
      // Groups as ARIA groups of options (MUI's default nests lists a listbox may not hold).
      renderGroup={renderResultGroup}
      loading={search.loading}
      loadingText="Searching…"
      slots={{ paper: NotePaper }}
      slotProps={{ paper: { note, searching: search.loading } as PaperProps }}
      sx={{ width }}
      renderInput={(params) => <SearchField params={params} input={input} />}
      renderOption={(props, option) => resultOption(props, option, text)}
    />
  );
}

/** Where choosing an option goes: typed text to the results page, a result to its place. */
function destinationOf(option: Option | string): { to: string; state: unknown } {
  if (typeof option === 'string') return { to: paths.search(option.trim()), state: undefined };
  return { to: option.to, state: 'linkState' in option ? option.linkState : undefined };
}

/** Groups as ARIA groups of options (MUI's default nests lists a listbox may not hold). */
function renderResultGroup(params: AutocompleteRenderGroupParams) {
  return (
    <li key={params.key} role="group" aria-labelledby={`global-search-group-${params.key}`}>
      <ListSubheader
        id={`global-search-group-${params.key}`}
        component="div"
        role="presentation"
        sx={{ lineHeight: 2.5 }}
      >
        {params.group}
      </ListSubheader>
      <Box component="ul" role="presentation" sx={{ p: 0, m: 0 }}>
        {params.children}
      </Box>
    </li>
  );
}

/** A result: its name with what matched highlighted, and where it is. */
function resultOption(props: HTMLAttributes<HTMLLIElement>, option: Option, text: string) {
  const { key, ...rest } = props as typeof props & { key: string };
  return (
    <Box component="li" key={key} {...rest} sx={{ display: 'block !important' }}>
      <Typography variant="body2" component="span" sx={{ display: 'block' }}>
        {option.kind === 'more' ? option.label : <Highlighted text={option.label} query={text} />}
      </Typography>
      {option.kind !== 'more' && option.path.length > 0 ? (
        <Typography variant="caption" color="text.secondary" component="span">
          {option.path.join(' › ')}
        </Typography>
      ) : null}
    </Box>
  );
}

function SearchField({
  params,
  input,
}: {
  params: AutocompleteRenderInputParams;
  input: RefObject<HTMLInputElement | null>;
}) {
  return (
    <TextField
      {...params}
      inputRef={input}
      size="small"
      placeholder="Search rooms, floors, buildings…"
      slotProps={{
        ...params.slotProps,
        htmlInput: { ...params.slotProps.htmlInput, 'aria-label': 'Search Storey' },
      }}
      sx={{
        '& .MuiOutlinedInput-root': { bgcolor: 'background.paper', color: 'text.primary' },
      }}
    />
  );
}

/**
 * The list of results, a "Searching…" line above it while results are on their way (so "All
 * results" is not taken for all there is), and a one-line note under it when search is limited.
 */
function NotePaper({
  note,
  searching,
  children,
  ...props
}: PaperProps & { note?: string | undefined; searching?: boolean }) {
  return (
    <Paper {...props}>
      {searching ? (
        <PaperLine role="status" edge="borderBottom">
          Searching…
        </PaperLine>
      ) : null}
      {children}
      {note ? (
        <PaperLine role="note" edge="borderTop">
          {note}
        </PaperLine>
      ) : null}
    </Paper>
  );
}

/** A line of small print above or below the results, ruled off from them. */
function PaperLine({
  role,
  edge,
  children,
}: {
  role: 'status' | 'note';
  edge: 'borderTop' | 'borderBottom';
  children: React.ReactNode;
}) {
  return (
    <Typography
      variant="caption"
      color="text.secondary"
      component="p"
      role={role}
      sx={{ px: 2, py: 1, [edge]: 1, borderColor: 'divider' }}
    >
      {children}
    </Typography>
  );
}
