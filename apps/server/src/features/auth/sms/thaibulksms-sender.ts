/**
 * ThaiBulkSMS driver, API v2 "Send SMS" as described at https://developer.thaibulksms.com/reference
 * (same protocol as the vendor's own client, github.com/thaibulksms/tbs src/client.ts):
 *   POST https://api-v2.thaibulksms.com/sms, HTTP Basic auth (API key : API secret),
 *   application/x-www-form-urlencoded body: msisdn, message, sender.
 *   201 → { remaining_credit, total_use_credit, credit_type, phone_number_list: [{ number, message_id, used_credit }],
 *           bad_phone_number_list: [{ number, message }] }
 *   4xx/5xx → { error: { code, name, description } }
 * Errors carry the gateway's status and error text only: never the message, the code or the phone number (PDPA).
 */
import { SmsDeliveryError, type SmsMessage, type SmsSender } from './sms-sender';

export interface ThaiBulkSmsOptions {
  apiKey: string;
  apiSecret: string;
  sender: string;
  url: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface GatewayReply {
  phone_number_list?: unknown[];
  bad_phone_number_list?: { number?: string; message?: string }[];
  error?: { code?: number | string; name?: string; description?: string };
}

/** 0812345678 (stored form) → 66812345678, the international form the gateway reports numbers in. */
function toMsisdn(phone: string): string | undefined {
  const digits = phone.replace(/[\s-]/g, '');
  if (/^0\d{8,9}$/.test(digits)) return `66${digits.slice(1)}`;
  if (/^\+?66\d{8,9}$/.test(digits)) return digits.replace(/^\+/, '');
  return undefined;
}

export function createThaiBulkSmsSender(options: ThaiBulkSmsOptions): SmsSender {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const authorization = `Basic ${Buffer.from(`${options.apiKey}:${options.apiSecret}`, 'utf8').toString('base64')}`;

  return {
    name: 'thaibulksms',
    async send(message: SmsMessage): Promise<void> {
      const msisdn = toMsisdn(message.to);
      if (!msisdn) throw new SmsDeliveryError('ThaiBulkSMS: recipient is not a Thai mobile number');

      // Gateway text may echo what we sent: blank out anything personal before it reaches an error or a log.
      const secrets = [message.text, message.code ?? '', message.to, msisdn, `0${msisdn.slice(2)}`].filter(
        (s) => s.length > 0,
      );
      const scrub = (s: string) => secrets.reduce((acc, secret) => acc.split(secret).join('***'), s).slice(0, 200);
      const fail = (detail: string, status?: number): never => {
        throw new SmsDeliveryError(`ThaiBulkSMS: ${scrub(detail)}`, status);
      };

      const doFetch = options.fetch ?? globalThis.fetch;
      let response: Response;
      let body: string;
      try {
        response = await doFetch(options.url, {
          method: 'POST',
          headers: {
            Authorization: authorization,
            'Content-Type': 'application/x-www-form-urlencoded',
            Accept: 'application/json',
          },
          // URLSearchParams percent-encodes UTF-8, so Thai text arrives intact.
          body: new URLSearchParams({ msisdn, message: message.text, sender: options.sender }).toString(),
          signal: AbortSignal.timeout(timeoutMs),
        });
        body = await response.text();
      } catch (err) {
        if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
          return fail(`no answer within ${timeoutMs} ms`);
        }
        const cause = err instanceof Error ? (err.cause as { code?: unknown } | undefined) : undefined;
        const code =
          typeof cause?.code === 'string' ? cause.code : err instanceof Error ? err.message : 'unknown error';
        return fail(`gateway unreachable (${code})`);
      }

      let reply: GatewayReply | undefined;
      try {
        reply = JSON.parse(body) as GatewayReply;
      } catch {
        reply = undefined;
      }

      const gatewayError = reply?.error;
      if (!response.ok || gatewayError) {
        const parts = [`HTTP ${response.status}`];
        if (gatewayError) {
          parts.push(
            ...[gatewayError.code, gatewayError.name, gatewayError.description]
              .filter((p) => p !== undefined && p !== '')
              .map(String),
          );
        } else if (response.statusText) {
          parts.push(response.statusText);
        }
        return fail(parts.join(' '), response.status);
      }

      if (!reply) return fail(`HTTP ${response.status} unreadable reply`, response.status);
      const bad = reply.bad_phone_number_list?.[0];
      if (bad) return fail(`number rejected: ${bad.message ?? 'no reason given'}`, response.status);
      if (!reply.phone_number_list?.length) return fail(`HTTP ${response.status} no message accepted`, response.status);
    },
  };
}
