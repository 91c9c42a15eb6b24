import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { alarmQueryOptions } from '@/api/get-alarms';
import { AlarmPage } from '@/features/alarms/components/alarm-page';
import { HistoryPanel, type HistoryRangeView } from '@/features/history/components/history-panel';
import { PageMessage } from '@/components/query-states';
import type { AlarmSummary } from '@/shared/contracts/alarms';
import { alarmWhere } from '@/shared/rules/alarm-words';
import { dayMs, hourMs } from '@/shared/rules/site-clock';
import { useHistoryRangeView } from './history-range-view';

/** The browser's calendar day of `time`, as the History panel's custom range writes days. */
const localDay = (time: number) =>
  new Date(time - new Date(time).getTimezoneOffset() * 60_000).toISOString().slice(0, 10);

/**
 * The readings around an alarm unless the URL chose a range: the last 24 hours for an alarm
 * raised since, else the days from its raise (at most a week back) to today.
 */
function rangeAroundAlarm(
  view: HistoryRangeView,
  alarm: Pick<AlarmSummary, 'raisedAt'>,
  now: number,
): HistoryRangeView {
  if (view.history !== null) return view;
  const raised = Date.parse(alarm.raisedAt);
  if (now - raised < 20 * hourMs) return view;
  return {
    ...view,
    history: 'custom',
    from: localDay(Math.max(raised, now - 6 * dayMs)),
    to: localDay(now),
  };
}

/**
 * /alarms/:alarmId: one alarm, its timeline and acting on it, then its room's readings around
 * it (the History panel, composed here: features do not import each other).
 */
export function Component() {
  const { alarmId = '' } = useParams();
  const id = Number(alarmId);
  if (!/^\d{1,7}$/.test(alarmId) || !Number.isInteger(id))
    return (
      <PageMessage title="No such alarm">
        This link does not name an alarm. Open the alarms list and pick one from there.
      </PageMessage>
    );
  return <AlarmScreen key={id} alarmId={id} />;
}

function AlarmScreen({ alarmId }: { alarmId: number }) {
  const alarm = useQuery({ ...alarmQueryOptions(alarmId), select: (detail) => detail.alarm });
  const { range, onRangeChange } = useHistoryRangeView();
  // The moment the page opened: the default range does not move while it is read.
  const [openedAt] = useState(() => Date.now());
  return (
    <Stack spacing={3}>
      <AlarmPage alarmId={alarmId} />
      {alarm.data?.roomId ? (
        <HistoryPanel
          level="Spaces"
          id={alarm.data.roomId}
          placeName={alarmWhere(alarm.data)}
          range={rangeAroundAlarm(range, alarm.data, openedAt)}
          onRangeChange={onRangeChange}
        />
      ) : null}
    </Stack>
  );
}
