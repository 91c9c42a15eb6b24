import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import { createMemoryAdapter } from 'oidc-provider/lib/adapters/memory_adapter.js';

export interface DemoUser {
  username: string;
  password: string;
  sub: string;
  name: string;
  email: string;
  /** false: the provider does not vouch for the address (default true). */
  emailVerified?: boolean;
  groups: string[];
  /**
   * Leaves the groups out of the token and says so, as Entra ID does for a person in more than
   * 200 groups (`_claim_names.groups`): Storey must refuse, not take it for "no groups".
   */
  groupsOverage?: boolean;
  /** What the demo person is there to show (printed beside their name at `npm start`). */
  shows?: string;
}

/** People who can sign in to the embedded emulator's identity provider; `npm start` prints them. */
export const demoUsers: DemoUser[] = [
  {
    username: 'dana',
    password: 'storey-demo',
    sub: 'demo-dana',
    name: 'Dana Demo',
    email: 'dana@storey.example',
    groups: ['facility-managers'],
    shows: 'everything',
  },
  {
    username: 'alex',
    password: 'storey-demo',
    sub: 'demo-alex',
    name: 'Alex Admin',
    email: 'alex@storey.example',
    groups: ['storey-admins'],
    shows: 'administers access',
  },
  {
    username: 'pat',
    password: 'storey-demo',
    sub: 'demo-pat',
    name: 'Pat Provider',
    email: 'pat@provider.example',
    groups: ['fm-provider'],
    shows: 'two client organisations',
  },
  {
    username: 'sofia',
    password: 'storey-demo',
    sub: 'demo-sofia',
    name: 'Sofia Site',
    email: 'sofia@storey.example',
    groups: ['site-fm-london'],
    shows: 'one site',
  },
  {
    username: 'tom',
    password: 'storey-demo',
    sub: 'demo-tom',
    name: 'Tom Tenant',
    email: 'tom@tenant.example',
    groups: ['tenant-skyline'],
    shows: 'one building',
  },
  {
    username: 'sam',
    password: 'storey-demo',
    sub: 'demo-sam',
    name: 'Sam Contractor',
    email: 'sam@contractor.example',
    groups: [],
    shows: 'no groups: nothing shared yet',
  },
  {
    username: 'olive',
    password: 'storey-demo',
    sub: 'demo-olive',
    name: 'Olive Overage',
    email: 'olive@storey.example',
    groups: [],
    groupsOverage: true,
    shows: 'too many groups for the token',
  },
];

export interface OpenIdClientRegistration {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
}

export interface RunningOpenIdProvider {
  issuer: string;
  close(): Promise<void>;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!,
  );

// Self-contained pages: no fonts or scripts from elsewhere (nothing may call out here).
function page(title: string, body: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f6fb;margin:0;display:grid;place-items:center;min-height:100vh}main{background:#fff;padding:32px;border-radius:8px;box-shadow:0 2px 8px #0002;width:320px}h1{font-size:1.3rem;margin-top:0}label{display:block;margin:12px 0 4px}input{width:100%;padding:8px;box-sizing:border-box}button{margin-top:16px;width:100%;padding:10px;background:#1d4ed8;color:#fff;border:0;border-radius:4px;font-size:1rem}p.error{color:#b91c1c}p.hint{color:#475569;font-size:.9rem}</style>
</head><body><main>${body}</main></body></html>`;
}

function loginPage(uid: string, error?: string, hint?: readonly DemoUser[]): string {
  return page(
    'Sign in · Storey emulator',
    `<h1>Sign in to the building platform (emulator)</h1>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
${
  hint && hint.length > 0
    ? `<p class="hint">Demo users of this emulator: ${hint
        .map(
          (user) =>
            `<b>${escapeHtml(user.username)}</b> / ${escapeHtml(user.password)} (${escapeHtml(user.name)})`,
        )
        .join(', ')}.</p>`
    : ''
}
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<label for="username">Username</label><input id="username" name="username" autocomplete="username" required autofocus>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>`,
  );
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 16 * 1024) throw new Error('form too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** The demo account behind a subject, with its claims as the ID token carries them. */
function findDemoAccount(users: readonly DemoUser[], issuer: string) {
  return async (_ctx: KoaContextWithOIDC, sub: string) => {
    const user = users.find((candidate) => candidate.sub === sub);
    if (!user) return undefined;
    return {
      accountId: user.sub,
      claims: async () => ({
        sub: user.sub,
        name: user.name,
        email: user.email,
        email_verified: user.emailVerified ?? true,
        ...(user.groupsOverage
          ? {
              _claim_names: { groups: 'src1' },
              _claim_sources: {
                src1: { endpoint: `${issuer}/directory/users/${user.sub}/groups` },
              },
            }
          : { groups: user.groups }),
      }),
    };
  };
}

/** Storey is the organisation's own application: its consent is implied, not asked for. */
async function impliedConsent(ctx: KoaContextWithOIDC) {
  const grantId =
    ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(ctx.oidc.client!.clientId);
  if (grantId) return ctx.oidc.provider.Grant.find(grantId);
  const grant = new ctx.oidc.provider.Grant({
    clientId: ctx.oidc.client!.clientId,
    accountId: ctx.oidc.session!.accountId!,
  });
  grant.addOIDCScope('openid profile email');
  await grant.save();
  return grant;
}

/** The provider's features: no development interactions, and RP-initiated logout on our pages. */
const providerFeatures = {
  devInteractions: { enabled: false },
  rpInitiatedLogout: {
    enabled: true,
    logoutSource: async (ctx: KoaContextWithOIDC, form: string) => {
      ctx.body = page(
        'Sign out · Storey emulator',
        `<h1>Sign out of the building platform (emulator)?</h1>${form}<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Yes, sign me out</button>`,
      );
    },
    postLogoutSuccessSource: async (ctx: KoaContextWithOIDC) => {
      ctx.body = page('Signed out', '<h1>You are signed out.</h1>');
    },
  },
};

/** oidc-provider for one issuer: its key, the one client, lifetimes, claims and pages. */
async function createProvider(
  issuer: string,
  client: OpenIdClientRegistration,
  users: readonly DemoUser[],
): Promise<Provider> {
  // A signing key of its own for each start, rather than the library's shared development key.
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = {
    ...(await exportJWK(privateKey)),
    kid: 'emulator',
    use: 'sig',
    alg: 'RS256',
  };
  return new Provider(issuer, {
    // A demo's provider keeps what it issues in memory, on purpose and per provider. Named here,
    // oidc-provider does not warn a person trying Storey that they "MUST change" a setting they
    // never made (UX walk, 2026-11-27).
    adapter: createMemoryAdapter(),
    jwks: { keys: [signingKey] },
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: client.redirectUris,
        post_logout_redirect_uris: client.postLogoutRedirectUris,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    // A refresh token with every sign-in, as Entra ID and Keycloak issue one for offline_access
    // (oidc-provider would drop that scope without prompt=consent): Storey reads the groups
    // again with it (GROUPS_REFRESH_MINUTES), and a person removed here is refused at the next.
    issueRefreshToken: async (_ctx, registered) => registered.grantTypeAllowed('refresh_token'),
    ttl: {
      AuthorizationCode: 60,
      IdToken: 3600,
      AccessToken: 3600,
      Interaction: 600,
      Session: 12 * 3600,
      Grant: 12 * 3600,
      // As long as the provider's own session, beyond Storey's (8 h by default): the groups are
      // read again with it for as long as a person stays signed in.
      RefreshToken: 12 * 3600,
    },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: {
      openid: ['sub'],
      profile: ['name', 'groups', '_claim_names', '_claim_sources'],
      email: ['email', 'email_verified'],
    },
    // Claims in the ID token itself, so the BFF needs no userinfo call (and keeps no access token).
    conformIdTokenClaims: false,
    features: providerFeatures,
    findAccount: findDemoAccount(users, issuer),
    loadExistingGrant: impliedConsent,
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = page(
        'Sign-in error',
        `<h1>Sign-in failed</h1><p class="error">${escapeHtml(String(out.error))}: ${escapeHtml(String(out.error_description ?? ''))}</p>`,
      );
    },
  });
}

/** The sign-in page and its form: a demo user's name and password finish the interaction. */
function interactionHandler(
  provider: Provider,
  users: readonly DemoUser[],
  hint: readonly DemoUser[] | undefined,
) {
  return async (request: IncomingMessage, response: ServerResponse) => {
    const details = await provider.interactionDetails(request, response);
    const send = (status: number, html: string) => {
      response.writeHead(status, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
      });
      response.end(html);
    };
    if (request.method === 'GET') return send(200, loginPage(details.uid, undefined, hint));
    if (request.method === 'POST' && request.url?.endsWith('/login')) {
      const form = await readForm(request);
      const user = users.find(
        (candidate) =>
          candidate.username === form.get('username') &&
          candidate.password === form.get('password'),
      );
      if (!user)
        return send(401, loginPage(details.uid, 'Unknown username or wrong password.', hint));
      return provider.interactionFinished(
        request,
        response,
        { login: { accountId: user.sub } },
        { mergeWithLastSubmission: false },
      );
    }
    return send(405, page('Not allowed', '<h1>Not allowed</h1>'));
  };
}

/**
 * A real OpenID Connect provider (the oidc-provider package) for the embedded default: authorization
 * code with PKCE, the demo users above, consent granted for the one first-party client, and
 * RP-initiated logout. It listens on its own loopback port.
 */
export async function startOpenIdProvider(options: {
  client: OpenIdClientRegistration;
  users?: DemoUser[];
  /**
   * Name the demo users and their password on the sign-in page: only for `npm start`'s embedded
   * default, where a person meets this page without having read the terminal.
   */
  showDemoUsers?: boolean;
  host?: string;
  port?: number;
}): Promise<RunningOpenIdProvider> {
  const users = options.users ?? demoUsers;
  const server = createServer();
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const address = server.address();
  if (!address || typeof address === 'string')
    throw new Error('The OpenID provider did not bind a port');
  const issuer = `http://${options.host ?? '127.0.0.1'}:${address.port}`;
  const provider = await createProvider(issuer, options.client, users);
  const handleOidc = provider.callback();
  const handleInteraction = interactionHandler(
    provider,
    users,
    options.showDemoUsers ? users : undefined,
  );

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (request.url?.startsWith('/interaction/')) {
      handleInteraction(request, response).catch(() => {
        if (!response.headersSent)
          response.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
        response.end(
          page(
            'Sign-in error',
            '<h1>This sign-in has expired or is unknown.</h1><p>Start again from Storey.</p>',
          ),
        );
      });
      return;
    }
    // Koa inside oidc-provider answers its own errors; the promise only says when it is done.
    void handleOidc(request, response);
  });

  return {
    issuer,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
