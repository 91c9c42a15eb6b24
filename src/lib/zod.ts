/** zod as Storey configures it (src/shared/zod.ts), for the dashboard's own schemas. */
export { z } from '@/shared/zod';
