import type { Clock } from '../clock.ts';
import type { SignInSettings } from '../config.ts';
import type { SessionStore } from './session-store.ts';
import type { Sessions } from './sessions.ts';

/**
 * What sign-in and sign-out are given: the provider, the sessions and their secret. A module of its
 * own so that sign-out, which sign-in's routes use, does not import them back.
 */
export interface SignInContext {
  provider: SignInSettings;
  /** Where browsers reach Storey, e.g. http://127.0.0.1:8080 (no trailing slash). */
  publicUrl: string;
  sessions: Sessions;
  store: SessionStore;
  secret: Uint8Array;
  clock: Clock;
  /** Sign-in attempts per address per minute. */
  attemptsPerMinute: number;
  /** Where the ID token holds the person's groups (SCOPES_FILE `claim`; `groups` by default). */
  groupsClaim: string;
  /** Groups are read again this often with a refresh token (0: only at sign-in). */
  groupsRefreshMinutes: number;
  /** Told of each sign-in (the access pages list who signed in, with which groups). */
  onSignIn?: ((person: SignedInPerson) => Promise<void>) | undefined;
}

export interface SignedInPerson {
  sub: string;
  name: string;
  email: string | undefined;
  groups: readonly string[];
}
