import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useClient } from 'urql';
import { buildingOutlineByIdQuery, buildingOutlineQuery } from '@/api/get-building-outline';
import { useCapabilities } from '@/api/get-capabilities';
import { floorsQueryOptions } from '@/api/get-floors';
import type { Building } from '@/api/platform-schemas';
import { ApiError } from '@/lib/api-client';
import { recordBuildingDetail } from '@/lib/checked-buildings';

/** At most this many buildings are checked at once: the platform is shared with everyone. */
export const checkConcurrency = 3;

export interface CheckProgress {
  running: boolean;
  done: number;
  total: number;
  failed: number;
}

const wait = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

/**
 * Checks buildings' floors and drill-downs in the background, a few at a time, so the rules that
 * need them can run over a whole site or organization. A 429 is honoured: the check waits as long
 * as Retry-After says, then tries that building once more.
 */
export function useBackgroundCheck() {
  const queryClient = useQueryClient();
  const graphql = useClient();
  const capabilities = useCapabilities();
  const [progress, setProgress] = useState<CheckProgress>({
    running: false,
    done: 0,
    total: 0,
    failed: 0,
  });
  const cancelled = useRef(false);

  const checkOne = async (building: Building, attempt = 0): Promise<boolean> => {
    try {
      const floors = await queryClient.fetchQuery(floorsQueryOptions(building.id));
      recordBuildingDetail(building.id, { floors });
      const byId = Boolean(capabilities.data?.graphql.buildingIdFilter);
      if (!byId && !building.name) return true;
      const answer = byId
        ? await graphql.query(buildingOutlineByIdQuery, { id: building.id }).toPromise()
        : await graphql.query(buildingOutlineQuery, { name: building.name ?? '' }).toPromise();
      if (answer.error && !answer.data) throw answer.error.networkError ?? answer.error;
      const outline = answer.data?.buildings.find((candidate) => candidate.id === building.id);
      if (outline) recordBuildingDetail(building.id, { levels: outline.levels ?? [] });
      return true;
    } catch (error) {
      const retryAfter = error instanceof ApiError ? error.retryAfterSeconds : undefined;
      if (
        error instanceof ApiError &&
        error.status === 429 &&
        attempt === 0 &&
        !cancelled.current
      ) {
        await wait(Math.min(60, retryAfter ?? 5));
        return checkOne(building, attempt + 1);
      }
      return false;
    }
  };

  const start = async (buildings: readonly Building[]) => {
    cancelled.current = false;
    const queue = [...buildings];
    setProgress({ running: true, done: 0, total: buildings.length, failed: 0 });
    const worker = async () => {
      while (queue.length > 0 && !cancelled.current) {
        const ok = await checkOne(queue.shift()!);
        setProgress((current) => ({
          ...current,
          done: current.done + 1,
          failed: current.failed + (ok ? 0 : 1),
        }));
      }
    };
    await Promise.all(Array.from({ length: checkConcurrency }, worker));
    setProgress((current) => ({ ...current, running: false }));
  };

  return {
    progress,
    start: (buildings: readonly Building[]) => void start(buildings),
    cancel: () => {
      cancelled.current = true;
    },
  };
}
