import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { ApiError, apiGet } from '@/lib/api-client';

export const signedInSchema = z.object({
  signIn: z.boolean(),
  name: z.nullable(z.string()),
  email: z.nullable(z.string()),
});

export type Session =
  | { status: 'signed-in'; signIn: boolean; name: string | null; email: string | null }
  | { status: 'signed-out' | 'session-expired' };

export const sessionKeys = { all: ['session'] as const };

/** Who is signed in; a 401 is an answer here ("nobody", or "no longer"), not an error. */
export async function fetchSession(signal?: AbortSignal): Promise<Session> {
  try {
    const { data } = await apiGet('/auth/me', signedInSchema, signal ? { signal } : {});
    return { status: 'signed-in', ...data };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      return { status: error.reason === 'session-expired' ? 'session-expired' : 'signed-out' };
    }
    throw error;
  }
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.all,
    queryFn: ({ signal }) => fetchSession(signal),
    staleTime: 5 * 60_000,
    retry: 1,
  });

export const useSession = () => useQuery(sessionQueryOptions());
