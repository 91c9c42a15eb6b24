import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../clock.ts';
import type { SessionSettings } from '../config.ts';
import { createSealedCodec } from './session-codec.ts';
import type { SessionStore } from './session-store.ts';

/**
 * What the session cookie holds: which session, who, and since when. No token of any kind, and
 * not the person's groups (a person may have hundreds): those are kept in the store's record.
 */
export interface SessionCookie {
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

/** A live session: the cookie's part and the store's (the groups read at sign-in). */
export interface Session extends SessionCookie {
  groups: string[];
  /** When the groups were read from the provider (sign-in, or a refresh since). */
  groupsReadAt: number;
}

/** What the store keeps for a live session. */
interface SessionRecord {
  groups: string[];
  groupsReadAt?: number;
}

export type SessionLookup =
  | { status: 'none' }
  | { status: 'ended'; session?: SessionCookie }
  | { status: 'active'; session: Session };

export interface Sessions {
  readonly cookieName: string;
  readonly secure: boolean;
  readonly absoluteMs: number;
  read(request: FastifyRequest): Promise<SessionLookup>;
  start(
    reply: FastifyReply,
    who: Pick<Session, 'sub' | 'name' | 'email' | 'emailVerified' | 'groups'>,
  ): Promise<Session>;
  /** Writes the cookie again when the idle clock should restart (at most once a minute). */
  touch(reply: FastifyReply, session: Session): Promise<void>;
  /** Ends the session on every instance: its record in the store is deleted. */
  revoke(session: SessionCookie): Promise<void>;
  /**
   * Ends every session of a person on every instance, at once: each request reads this mark
   * beside its session's record, in the same round trip to the store.
   */
  endAllOf(sub: string): Promise<void>;
  clear(reply: FastifyReply): void;
  /**
   * Keeps groups read again from the provider, for every instance's next request; undefined
   * when the session ended meanwhile (it is not brought back).
   */
  regroup(session: Session, groups: string[]): Promise<Session | undefined>;
  /** The store keys this session's extra records use (the ID token kept for sign-out). */
  idTokenKey(session: SessionCookie): string;
  /** The refresh token the groups are read again with (never in the cookie). */
  refreshTokenKey(session: SessionCookie): string;
}

/**
 * A session is live only while its record exists in the store (an allow-list): lost records,
 * a store or an instance restarted without persistence, end sessions rather than revive the
 * ones signed out (security review M3: a deny-list of revoked sessions failed open on restart).
 */
const liveKey = (sid: string) => `session:${sid}`;
/** When a person's sessions were last ended by an administrator (ms since the epoch). */
const endedKey = (sub: string) => `sessions-ended:${sub}`;

function readRecord(raw: string): SessionRecord {
  try {
    const parsed = JSON.parse(raw) as Partial<SessionRecord>;
    return {
      groups: Array.isArray(parsed.groups)
        ? parsed.groups.filter((group): group is string => typeof group === 'string')
        : [],
      ...(typeof parsed.groupsReadAt === 'number' ? { groupsReadAt: parsed.groupsReadAt } : {}),
    };
  } catch {
    return { groups: [] };
  }
}

/**
 * A session from its cookie: none, ended (past its idle or absolute time, revoked, or ended for
 * everyone with its subject) or active with the groups its record keeps.
 */
function sessionReader(parts: {
  cookieName: string;
  codec: ReturnType<typeof createSealedCodec>;
  clock: Clock;
  store: SessionStore;
  idleMs: number;
  absoluteMs: number;
}): Sessions['read'] {
  const { cookieName, codec, clock, store, idleMs, absoluteMs } = parts;
  return async (request) => {
    const raw = request.cookies[cookieName];
    if (!raw) return { status: 'none' };
    const session = await codec.unseal<SessionCookie>(raw);
    if (!session || typeof session.sid !== 'string' || typeof session.sub !== 'string')
      return { status: 'ended' };
    const now = clock.now();
    if (now - session.startedAt > absoluteMs || now - session.seenAt > idleMs)
      return { status: 'ended', session };
    const [record, endedAt] = await store.getMany([liveKey(session.sid), endedKey(session.sub)]);
    if (record === undefined || (endedAt !== undefined && Number(endedAt) >= session.startedAt))
      return { status: 'ended', session };
    const kept = readRecord(record);
    return {
      status: 'active',
      session: {
        ...session,
        groups: kept.groups,
        groupsReadAt: kept.groupsReadAt ?? session.startedAt,
      },
    };
  };
}

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

  const write = async (
    reply: FastifyReply,
    { groups: _groups, groupsReadAt: _readAt, ...session }: Session,
  ) => {
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
    read: sessionReader({ cookieName, codec, clock, store, idleMs, absoluteMs }),
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
        groups: who.groups,
        groupsReadAt: now,
      };
      const record: SessionRecord = { groups: who.groups, groupsReadAt: now };
      await store.put(liveKey(session.sid), JSON.stringify(record), absoluteMs);
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
    async endAllOf(sub) {
      // A session started in this very millisecond ends too: "end sessions" never misses one.
      await store.put(endedKey(sub), String(clock.now()), absoluteMs);
    },
    clear(reply) {
      reply.clearCookie(cookieName, cookieOptions);
    },
    async regroup(session, groups) {
      const now = clock.now();
      const record: SessionRecord = { groups, groupsReadAt: now };
      const kept = await store.replace(
        liveKey(session.sid),
        JSON.stringify(record),
        Math.max(1, session.startedAt + absoluteMs - now),
      );
      return kept ? { ...session, groups, groupsReadAt: now } : undefined;
    },
    idTokenKey: (session) => `id-token:${session.sid}`,
    refreshTokenKey: (session) => `refresh-token:${session.sid}`,
  };
}
