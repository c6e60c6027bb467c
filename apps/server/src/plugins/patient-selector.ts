import {
  CARE_ACCESS,
  PATIENT_SELECTOR,
  careAllows,
  type CareAction,
  type CareScopes,
  type RecordArea,
} from '@klaimor/contracts';
import type { FastifyRequest, RouteOptions, onRequestHookHandler } from 'fastify';
import type { UserRow } from '../db/rows.js';
import { AppError } from '../errors.js';
import { setPatientInCare, signedInCaller } from './authenticate.js';

/**
 * What a signed-in route asks of a grant when it acts for someone else: `self` (about the caller's own account; never
 * for another person), or an area of the record and whether the route reads or changes it, which `CARE_ACCESS` (in
 * contracts, shared with the web) turns into the scopes needed. Every route in the signed-in scope declares one
 * (`config.care`); the scope refuses to start otherwise.
 */
export type CareRouteNeed = 'self' | { area: RecordArea; action: CareAction };

declare module 'fastify' {
  interface FastifyContextConfig {
    care?: CareRouteNeed;
  }
}

/** Route config: the route reads or changes a part of the record, for a caregiver as `CARE_ACCESS` allows. */
export const careFor = (area: RecordArea, action: CareAction): { care: CareRouteNeed } => ({ care: { area, action } });
export const selfOnly = { care: 'self' } as const satisfies { care: CareRouteNeed };

const notInYourCare = () => new AppError(404, 'not_found', 'ไม่พบบุคคลนี้ในครอบครัวของคุณ');
const notCovered = () => new AppError(403, 'care_forbidden', 'สิทธิ์ที่ได้รับไม่ครอบคลุมการทำรายการนี้แทนบุคคลนี้');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type CaregiverAct = 'caregiver.read' | 'caregiver.change';

/** What the selector asks of family care (features/family), handed in where the scopes are opened. */
export interface CareGrants {
  /** The caregiver's live grant for the dependent (what it allows) with the dependent's record; null when none. */
  activeGrant(caregiverId: string, dependentId: string): Promise<{ scopes: CareScopes; dependent: UserRow } | null>;
  /** Appends an act for a dependent to the dependent's audit trail. */
  appendCaregiverAct(caregiverId: string, patientId: string, action: CaregiverAct, area: string): Promise<void>;
}

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
export function patientSelector(family: CareGrants): onRequestHookHandler {
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
    if (need === 'self') throw notCovered();
    const { scopes, dependent } = found;
    const holds = dependent.heldBy === caller.userId && dependent.phone === null;
    if (!careAllows({ scopes, holds }, CARE_ACCESS[need.area][need.action])) throw notCovered();
    setPatientInCare(request, { userId: dependent.id, record: dependent, caregiverUserId: caller.userId });
    await family.appendCaregiverAct(
      caller.userId,
      dependent.id,
      need.action === 'read' ? 'caregiver.read' : 'caregiver.change',
      need.area,
    );
  };
}
