import type { PlatformSettings } from './config';
import { createEmulator } from './emulator/emulator';
import { faultsFromEnvironment } from './emulator/faults';
import type { PortfolioProfile } from './emulator/portfolio';

export interface EmbeddedPlatform {
  settings: PlatformSettings;
  url: string;
  buildingCount: number;
  close(): Promise<void>;
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 1_000_000)
    throw new Error(`${name} must be a whole number from 0 to 1000000, got "${raw}"`);
  return value;
}

/** Starts the built-in emulator on a free loopback port, configured by the EMULATOR_* variables. */
export async function startEmbeddedPlatform(
  env: NodeJS.ProcessEnv,
  port = 0,
): Promise<EmbeddedPlatform> {
  const profile = env.EMULATOR_PROFILE as PortfolioProfile | undefined;
  if (profile !== undefined && profile !== 'default' && profile !== 'large') {
    throw new Error(`EMULATOR_PROFILE must be "default" or "large", got "${String(profile)}"`);
  }
  const emulator = await createEmulator({
    seed: env.EMULATOR_SEED || undefined,
    buildings: positiveInteger(env, 'EMULATOR_BUILDINGS'),
    profile,
    tokenLifetimeSeconds: positiveInteger(env, 'EMULATOR_TOKEN_LIFETIME_SECONDS'),
    control: env.EMULATOR_CONTROL === '1',
    faults: faultsFromEnvironment(env),
  });
  const address = await emulator.listen({ host: '127.0.0.1', port });
  return {
    // The emulator's address carries every field of the platform settings (and no more is used).
    settings: address,
    url: address.baseUrl,
    buildingCount: emulator.portfolio.buildings.length,
    close: () => emulator.close(),
  };
}
