import { z } from 'zod';
import type { EmulatorOptions } from './emulator.ts';
import { faultsFromEnvironment } from './faults.ts';
import { apiTypes } from './rest-parameters.ts';
import { platformVariants } from './variants.ts';

const wholeNumber = z.coerce.number().int().min(0).max(1_000_000);

const emulatorEnvironment = z.object({
  EMULATOR_SEED: z.string().min(1).optional(),
  EMULATOR_BUILDINGS: wholeNumber.optional(),
  EMULATOR_PROFILE: z.enum(['default', 'large']).optional(),
  EMULATOR_TOKEN_LIFETIME_SECONDS: wholeNumber.optional(),
  EMULATOR_CONTROL: z.enum(['0', '1']).optional(),
  EMULATOR_SCHEMA: z.enum(['full', 'spec']).optional(),
  EMULATOR_VARIANT: z.enum(platformVariants).optional(),
  EMULATOR_HISTORY: z.enum(['on', 'off']).optional(),
  /** Comma-separated API types the credential is enabled for; `none` for none. */
  EMULATOR_API_TYPES: z
    .string()
    .transform((text) => (text.trim() === 'none' ? [] : text.split(',').map((part) => part.trim())))
    .pipe(z.array(z.enum(apiTypes)))
    .optional(),
});

/**
 * The one reading of the EMULATOR_* variables, for `npm start`'s embedded emulator and for
 * `npm run emulator` alike. A bad value stops start-up with the variable's name.
 */
export function emulatorOptionsFromEnvironment(env: NodeJS.ProcessEnv): EmulatorOptions {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(
      ([name, value]) => name.startsWith('EMULATOR_') && value !== undefined && value !== '',
    ),
  );
  const parsed = emulatorEnvironment.safeParse(cleaned);
  if (!parsed.success) {
    throw new Error(
      `Invalid emulator settings: ${parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`,
    );
  }
  const values = parsed.data;
  return {
    seed: values.EMULATOR_SEED,
    buildings: values.EMULATOR_BUILDINGS,
    profile: values.EMULATOR_PROFILE,
    tokenLifetimeSeconds: values.EMULATOR_TOKEN_LIFETIME_SECONDS,
    control: values.EMULATOR_CONTROL === '1',
    schema: values.EMULATOR_SCHEMA,
    variant: values.EMULATOR_VARIANT,
    history: values.EMULATOR_HISTORY !== 'off',
    apiTypes: values.EMULATOR_API_TYPES,
    faults: faultsFromEnvironment(env),
  };
}
