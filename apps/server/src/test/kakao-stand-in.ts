import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInUser {
  id: number;
  email?: string;
  emailVerified?: boolean;
  nickname?: string;
  profileImage?: string;
}

/**
 * A local stand-in for Kakao's OAuth and user API (same paths, parameters and answer shapes as
 * kauth.kakao.com and kapi.kakao.com), so tests run the real adapter without the internet.
 * `appId` is the app of `clientId`; `issueToken` can also hand out tokens of another app, as Kakao
 * does to every other app a user signs in to.
 */
export async function startKakaoStandIn(options: { clientId: string; clientSecret?: string; appId: number }) {
  const codes = new Map<string, { userId: number; redirectUri: string }>();
  /** Access token → the user and the app it was issued to. */
  const tokens = new Map<string, { userId: number; appId: number }>();
  const users = new Map<number, StandInUser>();
  const requests: { method: string; path: string; body: string }[] = [];

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (chunk) => {
        data += chunk;
      });
      req.on('end', () => resolve(data));
    });

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const body = await readBody(req);
    requests.push({ method: req.method ?? 'GET', path: url.pathname, body });
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' });
      res.end(JSON.stringify(payload));
    };

    if (req.method === 'GET' && url.pathname === '/oauth/authorize') {
      // A real person would log in here; the stand-in approves as the user named by `login_as`.
      const userId = Number(url.searchParams.get('login_as'));
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      if (url.searchParams.get('client_id') !== options.clientId || !users.has(userId)) {
        return send(400, { error: 'invalid_request' });
      }
      const code = randomBytes(12).toString('hex');
      codes.set(code, { userId, redirectUri });
      const target = new URL(redirectUri);
      target.searchParams.set('code', code);
      const state = url.searchParams.get('state');
      if (state) target.searchParams.set('state', state);
      res.writeHead(302, { location: target.toString() });
      return res.end();
    }

    if (req.method === 'POST' && url.pathname === '/oauth/token') {
      const form = new URLSearchParams(body);
      const grant = codes.get(form.get('code') ?? '');
      const secretOk = !options.clientSecret || form.get('client_secret') === options.clientSecret;
      if (
        form.get('grant_type') !== 'authorization_code' ||
        form.get('client_id') !== options.clientId ||
        !secretOk ||
        !grant ||
        grant.redirectUri !== form.get('redirect_uri')
      ) {
        return send(400, {
          error: 'invalid_grant',
          error_description: 'authorization code not found',
          error_code: 'KOE320',
        });
      }
      codes.delete(form.get('code') ?? '');
      const accessToken = randomBytes(16).toString('hex');
      tokens.set(accessToken, { userId: grant.userId, appId: options.appId });
      return send(200, {
        token_type: 'bearer',
        access_token: accessToken,
        expires_in: 21599,
        refresh_token: randomBytes(16).toString('hex'),
        refresh_token_expires_in: 5183999,
      });
    }

    const bearer = tokens.get(/^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '');

    // Token info answers for a token of any app (that is the point: the caller checks app_id).
    if (req.method === 'GET' && url.pathname === '/v1/user/access_token_info') {
      if (!bearer || !users.has(bearer.userId)) {
        return send(401, { msg: 'this access token does not exist', code: -401 });
      }
      return send(200, { id: bearer.userId, expires_in: 21599, app_id: bearer.appId });
    }

    if (req.method === 'GET' && url.pathname === '/v2/user/me') {
      // Like Kakao, the user info answers for a token of any app.
      const user = users.get(bearer?.userId ?? -1);
      if (!user) return send(401, { msg: 'this access token does not exist', code: -401 });
      return send(200, {
        id: user.id,
        connected_at: '2025-01-01T00:00:00Z',
        properties: user.nickname ? { nickname: user.nickname } : {},
        kakao_account: {
          profile: user.nickname ? { nickname: user.nickname, profile_image_url: user.profileImage } : undefined,
          ...(user.email
            ? {
                has_email: true,
                email: user.email,
                is_email_valid: true,
                is_email_verified: user.emailVerified ?? true,
              }
            : { has_email: false }),
        },
      });
    }
    send(404, { error: 'not_found' });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    requests,
    addUser(user: StandInUser) {
      users.set(user.id, user);
    },
    /** What a browser would do: follow auth_url as `userId` and read the code from the redirect. */
    async authorize(authUrl: string, userId: number): Promise<{ code: string; state: string | null }> {
      const url = new URL(authUrl);
      url.searchParams.set('login_as', String(userId));
      const res = await fetch(url, { redirect: 'manual' });
      const location = new URL(res.headers.get('location') ?? '');
      return { code: location.searchParams.get('code') ?? '', state: location.searchParams.get('state') };
    },
    /**
     * An access token issued directly (the "login with a provider access token" call), to this
     * app unless another app id is named.
     */
    issueToken(userId: number, appId = options.appId): string {
      const token = randomBytes(16).toString('hex');
      tokens.set(token, { userId, appId });
      return token;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
