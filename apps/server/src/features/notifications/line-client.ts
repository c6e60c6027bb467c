import type { Config } from '../../config.js';

export type LineSettings = NonNullable<Config['line']>;

/** LINE answered with an error or could not be reached; the message says which call, never what was sent. */
export class LineError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'LineError';
  }
}

/**
 * LINE's documented HTTP APIs, nothing more: LINE Login v2.1 (authorize, token, verify, friendship status) to learn
 * which LINE user a patient is, and the Messaging API's push (developers.line.biz/en/reference/messaging-api) to write
 * to them from the Official Account. Tests point `apiUrl`/`accessUrl` at a local server speaking the same protocol.
 */
export function createLineClient(settings: LineSettings, doFetch: typeof fetch = globalThis.fetch) {
  const form = (fields: Record<string, string>) => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  async function call<T>(what: string, url: string, init: RequestInit): Promise<T> {
    let response: Response;
    try {
      response = await doFetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
    } catch (error) {
      throw new LineError(`LINE ${what}: unreachable (${error instanceof Error ? error.message : 'unknown error'})`);
    }
    if (!response.ok) throw new LineError(`LINE ${what}: HTTP ${response.status}`, response.status);
    return (await response.json()) as T;
  }

  return {
    /** Where the patient's browser goes to log in with LINE and, on the same screen, add the Official Account. */
    authorizeUrl(redirectUri: string, state: string, nonce: string): string {
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: settings.loginChannelId,
        redirect_uri: redirectUri,
        state,
        scope: 'openid profile',
        nonce,
        bot_prompt: 'aggressive',
      });
      return `${settings.accessUrl}/oauth2/v2.1/authorize?${query.toString()}`;
    },

    /** The LINE user behind an authorization code, and whether they are the Official Account's friend. */
    async userOf(code: string, redirectUri: string, nonce: string): Promise<{ lineUserId: string; friend: boolean }> {
      const tokens = await call<{ access_token: string; id_token: string }>(
        'token',
        `${settings.apiUrl}/oauth2/v2.1/token`,
        form({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          client_id: settings.loginChannelId,
          client_secret: settings.loginChannelSecret,
        }),
      );
      // LINE checks the ID token's signature, audience, expiry and nonce for us.
      const claims = await call<{ sub: string; nonce?: string }>(
        'verify',
        `${settings.apiUrl}/oauth2/v2.1/verify`,
        form({ id_token: tokens.id_token, client_id: settings.loginChannelId, nonce }),
      );
      const { friendFlag } = await call<{ friendFlag: boolean }>(
        'friendship status',
        `${settings.apiUrl}/friendship/v1/status`,
        {
          headers: { Authorization: `Bearer ${tokens.access_token}` },
        },
      );
      return { lineUserId: claims.sub, friend: friendFlag };
    },

    /**
     * Pushes one text to a LINE user. The retry key makes a repeated request (after a timeout) deliver once: LINE
     * answers 409 to a key it already accepted, which is a message sent.
     */
    async push(lineUserId: string, retryKey: string, text: string): Promise<void> {
      try {
        await call('push', `${settings.apiUrl}/v2/bot/message/push`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Authorization: `Bearer ${settings.channelAccessToken}`,
            'X-Line-Retry-Key': retryKey,
          },
          body: JSON.stringify({ to: lineUserId, messages: [{ type: 'text', text }] }),
        });
      } catch (error) {
        if (error instanceof LineError && error.status === 409) return;
        throw error;
      }
    },
  };
}
export type LineClient = ReturnType<typeof createLineClient>;
