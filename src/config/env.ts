import { z } from '@/lib/zod';

const clientConfigSchema = z.object({
  VITE_AREA_UNIT: z._default(
    z.string().check(z.trim()).check(z.minLength(1)).check(z.maxLength(8)),
    'm²',
  ),
});

/** Build-time configuration of the dashboard, checked once so a typo fails loudly, not silently. */
function loadClientConfig() {
  // Outside Vite (the benchmarks read the dashboard's GraphQL documents under tsx) there is no
  // build-time environment: the defaults hold.
  const parsed = clientConfigSchema.safeParse(import.meta.env ?? {});
  if (!parsed.success) {
    throw new Error(`Invalid dashboard configuration: ${z.prettifyError(parsed.error)}`);
  }
  return { areaUnit: parsed.data.VITE_AREA_UNIT };
}

export const clientConfig = loadClientConfig();
