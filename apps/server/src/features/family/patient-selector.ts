import { PATIENT_SELECTOR, type CareScope } from '@klaimor/contracts';
import type { FastifyRequest, RouteOptions, onRequestHookHandler } from 'fastify';
import { AppError } from '../../errors.js';
import { setPatientInCare, signedInCaller } from '../../plugins/authenticate.js';
import { scopesOf, type FamilyRepository } from './family.repository.js';

/** The part of a patient's record a route reads or changes, as the patient's access log names it. */
export type RecordArea = 'profile' | 'appointments' | 'coverage' | 'visits' | 'medications' | 'symptom_notes' | 'my_data';

/**
 * What a signed-in route asks of a grant when it acts for someone else: `self` (about the caller's own account; never
 * for another person), `holder` (only the caregiver who registered a profile that cannot sign in), or any one of
 * `scopes`. Every route in the signed-in scope declares one (`config.care`); the scope refuses to start otherwise.
 */
export type CareNeed = 'self' | 'holder' | { area: RecordArea; scopes: readonly CareScope[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    care?: CareNeed;
  }
}

/** Route config: the route is about a part of the record and works for a caregiver holding any of `scopes`. */
export const careFor = (area: RecordArea, ...scopes: CareScope[]): { care: CareNeed } => ({ care: { area, scopes } });
export const selfOnly = { care: 'self' } as const satisfies { care: CareNeed };
export const holderOnly = { care: 'holder' } as const satisfies { care: CareNeed };

const notInYourCare = () => new AppError(404, 'not_found', 'ไม่พบบุคคลนี้ในครอบครัวของคุณ');
const notCovered = () => new AppError(403, 'care_forbidden', 'สิทธิ์ที่ได้รับไม่ครอบคลุมการทำรายการนี้แทนบุคคลนี้');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The onRoute hook of the signed-in scope: a route that does not say what it asks of a grant is a mistake. */
export function requireCareNeed(route: RouteOptions): void {
  if (!route.config?.care) throw new Error(`${route.method} ${route.url} does not declare config.care`);
}

/**
 * The onRequest hook after the authentication guard: reads the `patient` selector and decides whom the request is
 * about. Omitted (or the caller's own id), the caller. Otherwise the caller needs a live grant for that person (none:
 * 404, as if nobody were there) that covers the route (otherwise 403 `care_forbidden`). The grant is read on every
 * request, so a revocation stops access at once. An act for a dependent is appended to their audit trail.
 */
export function patientSelector(family: FamilyRepository): onRequestHookHandler {
  return async function selectPatient(request: FastifyRequest) {
    const caller = signedInCaller(request);
    const query = request.query as Record<string, unknown> | undefined;
    const selected = query?.[PATIENT_SELECTOR];
    // The selector is the guard's, not the route's: routes validate their own query without it.
    if (query) delete query[PATIENT_SELECTOR];
    if (selected === undefined || selected === caller.userId) {
      setPatientInCare(request, { ...caller, caregiverUserId: null });
      return;
    }
    if (typeof selected !== 'string' || !UUID.test(selected)) throw notInYourCare();
    const found = await family.activeGrant(caller.userId, selected);
    if (!found) throw notInYourCare();
    const need = request.routeOptions.config.care!;
    const { grant, dependent } = found;
    const covered =
      need === 'holder'
        ? dependent.heldBy === caller.userId && dependent.phone === null
        : need !== 'self' && need.scopes.some((scope) => scopesOf(grant)[scope]);
    if (!covered) throw notCovered();
    setPatientInCare(request, { userId: dependent.id, record: dependent, caregiverUserId: caller.userId });
    const area = need === 'holder' ? 'my_data' : (need as { area: RecordArea }).area;
    await family.appendCaregiverAct(caller.userId, dependent.id, request.method === 'GET' ? 'caregiver.read' : 'caregiver.change', area);
  };
}
