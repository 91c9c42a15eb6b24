import Alert from '@mui/material/Alert';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Capabilities, FeatureCapability } from '@/api/get-capabilities';
import { PartFailedAlert } from '@/components/query-states';

/** One plain line where the platform, or Storey's credential, offers no current values. */
export function ConditionsUnavailable({ feature }: { feature: FeatureCapability }) {
  return (
    <Alert severity="info" variant="outlined">
      Current conditions are not shown: {feature.reason ?? 'the platform does not offer them'}.
    </Alert>
  );
}

/** Readings are judged against the BFF's comfort bands; without its answer none is judged. */
export function BandsFailed({ capabilities }: { capabilities: UseQueryResult<Capabilities> }) {
  return (
    <PartFailedAlert onRetry={() => void capabilities.refetch()}>
      The comfort bands readings are judged against could not be loaded
      {capabilities.error ? `: ${capabilities.error.message}` : ''}
    </PartFailedAlert>
  );
}
