import {
  FHIR_JSON_PAYLOAD,
  FHIR_SUBSCRIPTION_STATUSES,
  type FhirSubscriptionStatus,
  FhirSubscriptionInput,
} from '@klaimor/contracts';
import type { Subscription } from '@medplum/fhirtypes';
import { type SQL, sql } from 'drizzle-orm';
import { fhirSubscriptions } from '../../../db/schema.js';
import { jwksUrlAllowed } from '../../system-clients/token.service.js';
import { expectResourceType, fhirError, idMismatch, invalidResource } from '../fhir-http.js';
import type { FhirResourceDefinition, SearchRequest, SystemAtFacility } from '../fhir-resources.js';
import { type SearchParam, alternatives, anyOf, invalidSearchValue } from '../fhir-search.js';
import { Refusal, refusalAnswer } from '../fhir-store.js';
import type { SubscriptionRepository, SubscriptionValues, SubscriptionView } from './subscription.repository.js';

/*
 * A hospital's system asks to be told when a patient books or cancels at its facility: a FHIR R4 Subscription with a
 * rest-hook channel, the appointment posted to the system's own address. There is no handshake, so a subscription
 * asked for (`requested`) is `active` at once. The address is where the app's server will send patients' appointments,
 * so it is held to the same rule as a system's key address: https (plain http only to this machine in demo mode, or
 * anywhere under SMART_ALLOW_HTTP_JWKS in development), with no user or password in it, and no headers are kept: the
 * app stores no secret of the hospital's, and signs what it sends instead.
 */

const TYPE = 'Subscription';

export function toFhirSubscription(row: SubscriptionView): Subscription {
  return {
    resourceType: TYPE,
    id: row.id,
    meta: { versionId: String(row.version), lastUpdated: row.updatedAt.toISOString() },
    status: row.status,
    reason: row.reason,
    criteria: row.criteria,
    ...(row.error && { error: row.error }),
    channel: {
      type: 'rest-hook',
      endpoint: row.endpoint,
      ...(row.fullPayload && { payload: FHIR_JSON_PAYLOAD }),
    },
  };
}

/** Where plain http may be sent to: the rule of the systems' key addresses. */
export type HttpEndpoints = 'any' | 'loopback' | 'none';

function endpointAllowed(endpoint: string, httpEndpoints: HttpEndpoints): boolean {
  if (!jwksUrlAllowed(endpoint, httpEndpoints)) return false;
  const url = new URL(endpoint);
  // A user or password in the address would be a secret of the hospital's kept here: headers are refused for that too.
  return url.username === '' && url.password === '';
}

/** A body as the values a subscription keeps; refused (400, naming each element at fault) when it is not one we take. */
export function subscriptionValuesOf(
  body: unknown,
  httpEndpoints: HttpEndpoints,
): SubscriptionValues & { id: string | undefined } {
  expectResourceType(TYPE, body);
  const parsed = FhirSubscriptionInput.safeParse(body, { reportInput: true });
  if (!parsed.success) throw invalidResource(TYPE, parsed.error);
  const input = parsed.data;
  if (!endpointAllowed(input.channel.endpoint, httpEndpoints)) {
    throw fhirError(
      400,
      'value',
      'endpoint_not_allowed',
      'ที่อยู่ที่รับการแจ้งต้องขึ้นต้นด้วย https:// และไม่มีชื่อผู้ใช้หรือรหัสผ่านอยู่ในที่อยู่',
      'Subscription.channel.endpoint',
    );
  }
  return {
    id: input.id,
    status: input.status === 'off' ? 'off' : 'active',
    reason: input.reason,
    criteria: input.criteria,
    endpoint: input.channel.endpoint,
    fullPayload: input.channel.payload !== undefined,
  };
}

function conditionOf(param: SearchParam): SQL {
  switch (param.name) {
    case 'status':
      return anyOf(
        alternatives(param).map((v) => {
          if (!FHIR_SUBSCRIPTION_STATUSES.includes(v as FhirSubscriptionStatus)) {
            throw invalidSearchValue('status', FHIR_SUBSCRIPTION_STATUSES.join(', '));
          }
          return sql`${fhirSubscriptions.status} = ${v}`;
        }),
      );
    case 'url':
      // The address exactly as the system gave it (FHIR's uri search matches whole).
      return anyOf(alternatives(param).map((v) => sql`${fhirSubscriptions.endpoint} = ${v}`));
    default:
      throw new Error(`no condition for ${param.name}`);
  }
}

const answered = async <T>(work: Promise<T>): Promise<T> => {
  try {
    return await work;
  } catch (error) {
    if (error instanceof Refusal) throw refusalAnswer(TYPE, error.reason);
    throw error;
  }
};

export function subscriptionResource(
  subscriptions: SubscriptionRepository,
  httpEndpoints: HttpEndpoints,
): FhirResourceDefinition<Subscription> {
  return {
    type: TYPE,
    documentation:
      "Being told when a patient books or cancels at the facility: criteria 'Appointment?status=booked', " +
      "'Appointment?status=cancelled' or 'Appointment' (both); channel.type rest-hook to an https endpoint, " +
      `channel.payload ${FHIR_JSON_PAYLOAD} (the Appointment) or absent (an empty notification); channel.header is ` +
      "refused (no secret is kept: each delivery is signed instead). A subscription sent as 'requested' is 'active' at " +
      "once; 'off' stops it. Deliveries are not sent yet: a subscription kept now receives them once they are.",
    searchParams: [
      { name: 'status', type: 'token', documentation: 'active, off or error' },
      { name: 'url', type: 'uri', documentation: 'The channel endpoint, exactly' },
    ],
    conditionalCreate: false,
    interactions: {
      async read(system: SystemAtFacility, id: string) {
        const row = await subscriptions.one(system.facilityId, id);
        return row && toFhirSubscription(row);
      },

      async 'search-type'(system: SystemAtFacility, request: SearchRequest) {
        const rows = await subscriptions.search(
          system.facilityId,
          request.params.map(conditionOf),
          request.cursor,
          request.count + 1,
        );
        const page = rows.slice(0, request.count);
        const last = page.at(-1);
        return {
          matches: page.map(toFhirSubscription),
          next: rows.length > request.count && last ? { micros: last.cursorMicros, id: last.id } : null,
        };
      },

      async create(system, body) {
        const values = subscriptionValuesOf(body, httpEndpoints);
        return { resource: toFhirSubscription(await subscriptions.create(system, values)), created: true };
      },

      async update(system, id, body, ifMatch) {
        const values = subscriptionValuesOf(body, httpEndpoints);
        if (values.id !== id) throw idMismatch(TYPE);
        return toFhirSubscription(await answered(subscriptions.update(system, id, values, ifMatch)));
      },

      async delete(system, id, ifMatch) {
        await answered(subscriptions.remove(system, id, ifMatch));
      },
    },
  };
}
