import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { preloadCharts } from '@/components/charts/lazy-bar-chart-card';
import { CompareToggle } from '@/components/compare-picker';
import { Section } from '@/components/section';
import { HistoryPanel } from '@/features/history/components/history-panel';
import {
  BuildingFacts,
  BuildingHeader,
  FloorsSection,
} from '@/features/places/components/building-sections';
import { useBuildingPlace } from '@/features/places/hooks/use-place';
import { QualityPanel } from '@/features/quality/components/quality-panel';
import { useHistoryRangeView } from './history-range-view';
import { RouteStateView } from './route-state-view';

/** /buildings/:buildingId: the building's record, its data quality, its floors and its history. */
export function Component() {
  useEffect(preloadCharts, []);
  const { buildingId = '' } = useParams();
  const place = useBuildingPlace(buildingId);
  const historyRange = useHistoryRangeView();
  if (place.status !== 'found') return <RouteStateView state={place} />;
  const { building, name, siteLabel } = place.value;
  return (
    <Stack spacing={3}>
      <BuildingHeader place={place.value} />
      <CompareToggle buildingId={building.id} />
      <BuildingFacts building={building} siteLabel={siteLabel} />
      <QualityPanel buildingId={building.id} />
      <Section title="Floors">
        <FloorsSection building={building} />
      </Section>
      <HistoryPanel level="Buildings" id={building.id} placeName={name} {...historyRange} />
    </Stack>
  );
}
