import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { OutlinedField } from '@/components/outlined-field';
import { presetLabels, type HistoryPreset } from '../utils/history-range';
import type { HistoryClock } from '../utils/reading-format';

/** The range: a preset, or two days of the person's choosing (days of the panel's clock). */
export function RangeControls({
  preset,
  presets,
  custom,
  now,
  clock,
  onPreset,
  onCustom,
}: {
  preset: HistoryPreset;
  presets: readonly HistoryPreset[];
  custom: { from: string | null; to: string | null };
  now: number;
  clock: Pick<HistoryClock, 'day'>;
  onPreset: (preset: HistoryPreset) => void;
  onCustom: (change: { from?: string; to?: string }) => void;
}) {
  const today = clock.day(now);
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={preset}
        onChange={(_event, next: HistoryPreset | null) => next && onPreset(next)}
        aria-label="Time range"
      >
        {presets.map((option) => (
          <ToggleButton key={option} value={option}>
            {presetLabels[option]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {preset === 'custom' ? (
        <>
          <OutlinedField
            type="date"
            label="First day"
            value={custom.from ?? ''}
            onChange={(event) => onCustom({ from: event.target.value })}
            max={custom.to ?? today}
          />
          <OutlinedField
            type="date"
            label="Last day"
            value={custom.to ?? ''}
            onChange={(event) => onCustom({ to: event.target.value })}
            min={custom.from ?? undefined}
            max={today}
          />
        </>
      ) : null}
    </Stack>
  );
}
