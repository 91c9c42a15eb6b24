import Alert from '@mui/material/Alert';
import type { FeatureCapability } from '@/api/get-capabilities';

/** One plain line where the platform, or Storey's credential, offers no current values. */
export function ConditionsUnavailable({ feature }: { feature: FeatureCapability }) {
  return (
    <Alert severity="info" variant="outlined">
      Current conditions are not shown: {feature.reason ?? 'the platform does not offer them'}.
    </Alert>
  );
}
