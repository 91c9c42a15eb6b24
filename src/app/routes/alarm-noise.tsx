import { AlarmNoisePage } from '@/features/alarms/components/alarm-noise-page';

/** /alarms/noise: administrators see how noisy the alarms are. */
export function Component() {
  return <AlarmNoisePage />;
}
