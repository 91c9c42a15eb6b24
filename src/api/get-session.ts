import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { ApiError, apiGet } from '@/lib/api-client';

export const signedInSchema = z.object({
  signIn: z.boolean(),
  name: z.nullable(z.string()),
  email: z.nullable(z.string()),
});

/**
 * Who is using the dashboard: a person signed in; anyone, where the BFF runs without sign-in
 * (the embedded emulator's default can); or nobody yet, or no longer.
 */
export type Session =
  | { status: 'signed-in'; name: string | null; email: string | null }
  | { status: 'anonymous' }
  | { status: 'signed-out' | 'session-expired' };

/** The portfolio may be read: someone is signed in, or nobody needs to be. */
export const mayRead = (session: Session | undefined): boolean =>
  session?.status === 'signed-in' || session?.status === 'anonymous';

export const sessionKeys = { all: ['session'] as const };

/** Who is signed in; a 401 is an answer here ("nobody", or "no longer"), not an error. */
export async function fetchSession(signal?: AbortSignal): Promise<Session> {
  try {
    const { data } = await apiGet('/auth/me', signedInSchema, signal ? { signal } : {});
    return data.signIn
      ? { status: 'signed-in', name: data.name, email: data.email }
      : { status: 'anonymous' };
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
