import { energyQueryOf, energyViewKeys } from '@/api/get-energy';
import { intensityUnitOf } from '@/domain/energy-intensity';
import { EnergyPage } from '@/features/energy/components/energy-page';
import { useUrlView } from '@/lib/use-url-params';

/** /energy?list=&sort=&unit=: the portfolio's kWh per m², and why some buildings have none. */
export function Component() {
  const view = useUrlView(energyViewKeys);
  return (
    <EnergyPage
      query={energyQueryOf(view.values)}
      unit={intensityUnitOf(view.values.unit)}
      onChange={view.change}
    />
  );
}
