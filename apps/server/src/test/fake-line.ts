import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * LINE's APIs on 127.0.0.1, answering as developers.line.biz documents them: LINE Login v2.1's token endpoint
 * (form body, client id and secret, the redirect URI the authorization used), ID token verification (the nonce must
 * match), friendship status (the user's access token), and the Messaging API's push (the channel access token; `to`
 * must be a user who added the Official Account; an X-Line-Retry-Key already accepted answers 409).
 * The authorization screen itself is the patient's, in LINE: a test plays it with `approve`.
 */
export interface FakeLine {
  url: string;
  channelAccessToken: string;
  loginChannelId: string;
  loginChannelSecret: string;
  /** The patient logs in on LINE's screen for this authorize URL (and adds the OA, or not): the code LINE redirects back with. */
  approve(authorizeUrl: string, user: { lineUserId: string; friend: boolean }): { code: string; state: string };
  /** Messages the Official Account pushed, in order. */
  pushed: { to: string; text: string; retryKey: string }[];
  close(): Promise<void>;
}

export async function startFakeLine(): Promise<FakeLine> {
  const channelAccessToken = randomBytes(24).toString('base64url');
  const loginChannelId = '1650000001';
  const loginChannelSecret = randomBytes(16).toString('hex');
  const codes = new Map<string, { lineUserId: string; friend: boolean; redirectUri: string; nonce: string }>();
  const accessTokens = new Map<string, { lineUserId: string; friend: boolean }>();
  const idTokens = new Map<string, { lineUserId: string; nonce: string }>();
  const friends = new Set<string>();
  const acceptedKeys = new Set<string>();
  const pushed: FakeLine['pushed'] = [];

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const send = (status: number, body: object, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(body));
      };
      const form = () => new URLSearchParams(raw);
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const path = req.url?.split('?')[0];

      if (req.method === 'POST' && path === '/oauth2/v2.1/token') {
        const f = form();
        const grant = codes.get(f.get('code') ?? '');
        if (f.get('client_id') !== loginChannelId || f.get('client_secret') !== loginChannelSecret)
          return send(401, { error: 'invalid_client' });
        if (f.get('grant_type') !== 'authorization_code' || !grant || f.get('redirect_uri') !== grant.redirectUri)
          return send(400, { error: 'invalid_grant' });
        codes.delete(f.get('code')!);
        const accessToken = randomBytes(16).toString('hex');
        const idToken = randomBytes(16).toString('hex');
        accessTokens.set(accessToken, grant);
        idTokens.set(idToken, grant);
        return send(200, {
          access_token: accessToken,
          expires_in: 2592000,
          id_token: idToken,
          refresh_token: 'r',
          scope: 'openid profile',
          token_type: 'Bearer',
        });
      }
      if (req.method === 'POST' && path === '/oauth2/v2.1/verify') {
        const f = form();
        const token = idTokens.get(f.get('id_token') ?? '');
        if (!token || f.get('client_id') !== loginChannelId)
          return send(400, { error: 'invalid_request', error_description: 'Invalid IdToken.' });
        if (f.get('nonce') !== token.nonce)
          return send(400, { error: 'invalid_request', error_description: 'Invalid IdToken Nonce.' });
        const now = Math.floor(Date.now() / 1000);
        return send(200, {
          iss: 'https://access.line.me',
          sub: token.lineUserId,
          aud: loginChannelId,
          exp: now + 3600,
          iat: now,
          nonce: token.nonce,
          amr: ['linesso'],
          name: 'LINE user',
        });
      }
      if (req.method === 'GET' && path === '/friendship/v1/status') {
        const user = accessTokens.get(bearer ?? '');
        if (!user) return send(401, { message: 'invalid token' });
        return send(200, { friendFlag: user.friend });
      }
      if (req.method === 'POST' && path === '/v2/bot/message/push') {
        if (bearer !== channelAccessToken)
          return send(401, {
            message: 'Authentication failed. Confirm that the access token in the authorization header is valid.',
          });
        const retryKey = String(req.headers['x-line-retry-key'] ?? '');
        if (retryKey && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(retryKey))
          return send(400, { message: 'The retry key is invalid' });
        if (acceptedKeys.has(retryKey))
          return send(
            409,
            { message: 'The retry key is already accepted' },
            { 'x-line-accepted-request-id': randomUUID() },
          );
        const body = JSON.parse(raw) as { to?: string; messages?: { type: string; text: string }[] };
        const messages = body.messages ?? [];
        if (
          messages.length < 1 ||
          messages.length > 5 ||
          messages.some((m) => m.type !== 'text' || !m.text || m.text.length > 5000)
        ) {
          return send(400, { message: 'A message (messages[0]) in the request body is invalid' });
        }
        if (!body.to || !friends.has(body.to)) return send(400, { message: 'Failed to send messages' });
        if (retryKey) acceptedKeys.add(retryKey);
        for (const m of messages) pushed.push({ to: body.to, text: m.text, retryKey });
        return send(200, {
          sentMessages: messages.map(() => ({
            id: randomBytes(8).toString('hex'),
            quoteToken: randomBytes(8).toString('hex'),
          })),
        });
      }
      send(404, { message: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    channelAccessToken,
    loginChannelId,
    loginChannelSecret,
    pushed,
    approve(authorizeUrl, user) {
      const query = new URL(authorizeUrl).searchParams;
      if (query.get('client_id') !== loginChannelId || query.get('response_type') !== 'code')
        throw new Error('not an authorization request for this channel');
      const code = randomBytes(8).toString('hex');
      codes.set(code, { ...user, redirectUri: query.get('redirect_uri')!, nonce: query.get('nonce')! });
      if (user.friend) friends.add(user.lineUserId);
      return { code, state: query.get('state')! };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
