import type { HistoryPanelProps } from '@/features/history/components/history-panel';
import { useUrlParams } from '@/lib/use-url-params';

/** The History panel's range as the URL keeps it (`history`, `from`, `to`, `compare`), so a view can be shared. */
export function useHistoryRangeView(): Pick<HistoryPanelProps, 'range' | 'onRangeChange'> {
  const [params, update] = useUrlParams();
  return {
    range: {
      history: params.get('history'),
      from: params.get('from'),
      to: params.get('to'),
      compare: params.get('compare'),
    },
    onRangeChange: update,
  };
}
