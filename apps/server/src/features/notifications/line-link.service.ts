import { randomBytes } from 'node:crypto';
import type { LineStatus } from '@klaimor/contracts';
import { sameHash } from '../../shared/secrets.js';
import type { LineClient } from './line-client.js';
import type { LineLinksRepository } from './line-links.repository.js';

/** What the browser carries between leaving for LINE Login and coming back: the state and the nonce, together. */
export const LINE_STATE_COOKIE = 'klaimor_line';

/**
 * Linking a patient's LINE account: the browser goes to LINE Login (which also offers to add the Official Account as
 * a friend) with a one-time state kept in a cookie; LINE sends it back with a code the server exchanges for the LINE
 * user's id. A state that does not match (another browser, a forged link) links nothing.
 */
export function createLineLinkService(
  line: LineClient,
  links: LineLinksRepository,
  settings: { redirectUri: string; addFriendUrl: string | null },
) {
  return {
    /** Where to send the browser, and the cookie value to keep meanwhile. */
    start(): { url: string; cookie: string } {
      const state = randomBytes(16).toString('base64url');
      const nonce = randomBytes(16).toString('base64url');
      return { url: line.authorizeUrl(settings.redirectUri, state, nonce), cookie: `${state}.${nonce}` };
    },

    /** Links the patient when LINE came back with a code for the state this browser left with; false otherwise. */
    async finish(
      userId: string,
      cookie: string | undefined,
      query: { code?: string; state?: string; error?: string },
    ): Promise<boolean> {
      const [state, nonce] = (cookie ?? '').split('.');
      if (!state || !nonce || !query.code || !query.state || query.error || !sameHash(state, query.state)) return false;
      try {
        const { lineUserId, friend } = await line.userOf(query.code, settings.redirectUri, nonce);
        await links.link(userId, lineUserId, friend);
        return true;
      } catch {
        return false;
      }
    },

    async status(userId: string): Promise<LineStatus> {
      const link = await links.of(userId);
      return { linked: link !== null, friend: link?.friend ?? null, addFriendUrl: settings.addFriendUrl };
    },

    unlink: (userId: string) => links.unlink(userId),
  };
}
export type LineLinkService = ReturnType<typeof createLineLinkService>;
