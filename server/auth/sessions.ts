import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../clock.ts';
import type { SessionSettings } from '../config.ts';
import { createSealedCodec } from './session-codec.ts';
import type { SessionStore } from './session-store.ts';

/** What the session cookie holds: which session, who, and since when. No token of any kind. */
export interface Session {
  /** Random id, the key of the session's record in the store (deleted at sign-out). */
  sid: string;
  sub: string;
  name: string;
  email?: string | undefined;
  /** The provider vouched for `email` (email_verified): only then may it grant anything. */
  emailVerified?: boolean | undefined;
  startedAt: number;
  seenAt: number;
}

export type SessionLookup =
  | { status: 'none' }
  | { status: 'ended'; session?: Session }
  | { status: 'active'; session: Session };

export interface Sessions {
  readonly cookieName: string;
  readonly secure: boolean;
  readonly absoluteMs: number;
  read(request: FastifyRequest): Promise<SessionLookup>;
  start(
    reply: FastifyReply,
    who: Pick<Session, 'sub' | 'name' | 'email' | 'emailVerified'>,
  ): Promise<Session>;
  /** Writes the cookie again when the idle clock should restart (at most once a minute). */
  touch(reply: FastifyReply, session: Session): Promise<void>;
  /** Ends the session on every instance: its record in the store is deleted. */
  revoke(session: Session): Promise<void>;
  clear(reply: FastifyReply): void;
  /** The store keys this session's extra records use (the ID token kept for sign-out). */
  idTokenKey(session: Session): string;
}

/**
 * A session is live only while its record exists in the store (an allow-list): lost records,
 * a store or an instance restarted without persistence, end sessions rather than revive the
 * ones signed out (security review M3: a deny-list of revoked sessions failed open on restart).
 */
const liveKey = (sid: string) => `session:${sid}`;

export function createSessions(options: {
  settings: SessionSettings;
  secret: Uint8Array;
  secure: boolean;
  store: SessionStore;
  clock: Clock;
}): Sessions {
  const { settings, store, clock, secure } = options;
  // __Host- cookies must be Secure, for the whole host, with no Domain: only possible over HTTPS.
  const cookieName = secure ? '__Host-storey-session' : 'storey-session';
  const codec = createSealedCodec(options.secret, 'session', clock);
  const idleMs = settings.idleMinutes * 60_000;
  const absoluteMs = settings.absoluteHours * 3_600_000;
  const cookieOptions = { path: '/', httpOnly: true, secure, sameSite: 'strict' } as const;

  const write = async (reply: FastifyReply, session: Session) => {
    const remainingSeconds = Math.max(
      1,
      Math.floor((session.startedAt + absoluteMs - clock.now()) / 1000),
    );
    reply.setCookie(cookieName, await codec.seal({ ...session }, remainingSeconds), {
      ...cookieOptions,
      maxAge: remainingSeconds,
    });
  };

  return {
    cookieName,
    secure,
    absoluteMs,
    async read(request) {
      const raw = request.cookies[cookieName];
      if (!raw) return { status: 'none' };
      const session = await codec.unseal<Session>(raw);
      if (!session || typeof session.sid !== 'string') return { status: 'ended' };
      const now = clock.now();
      if (now - session.startedAt > absoluteMs || now - session.seenAt > idleMs)
        return { status: 'ended', session };
      if (!(await store.has(liveKey(session.sid)))) return { status: 'ended', session };
      return { status: 'active', session };
    },
    async start(reply, who) {
      const now = clock.now();
      const session: Session = {
        sid: randomBytes(18).toString('base64url'),
        sub: who.sub,
        name: who.name,
        email: who.email,
        emailVerified: who.emailVerified === true,
        startedAt: now,
        seenAt: now,
      };
      await store.put(liveKey(session.sid), '1', absoluteMs);
      await write(reply, session);
      return session;
    },
    async touch(reply, session) {
      if (clock.now() - session.seenAt > 60_000)
        await write(reply, { ...session, seenAt: clock.now() });
    },
    async revoke(session) {
      await store.take(liveKey(session.sid));
    },
    clear(reply) {
      reply.clearCookie(cookieName, cookieOptions);
    },
    idTokenKey: (session) => `id-token:${session.sid}`,
  };
}
