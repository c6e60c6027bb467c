import { STAFF_ACCESS, type StaffArea, type StaffRole, staffMay } from '@klaimor/contracts';
import type { FastifyRequest, RouteOptions, preHandlerHookHandler } from 'fastify';
import { AppError } from '../errors.js';
import { letInByGuard, signedInStaff } from './authenticate.js';

/**
 * What a route in the staff signed-in scope does: an area of `STAFF_ACCESS` (in contracts, shared with the staff
 * screens) at the facility its URL names, or `self`, the member's own account, at no facility. Every route in the scope
 * declares one (`config.staff`); the scope refuses to start otherwise.
 */
export type StaffRouteArea = StaffArea | 'self';

declare module 'fastify' {
  interface FastifyContextConfig {
    staff?: StaffRouteArea;
  }
}

/** A member acting at one facility, in the role the route's area let them in by. */
export interface StaffAtFacility {
  memberId: string;
  /** The facility's internal id and its stable id (the one in URLs). */
  facilityId: string;
  facilityStableId: string;
  role: StaffRole;
}

/** What the check asks of the staff feature, handed in where the scopes are opened. */
export interface StaffRoles {
  /** The roles the member holds at the facility (by its stable id), with its internal id; null when none. */
  rolesAt(memberId: string, facilityStableId: string): Promise<{ facilityId: string; roles: StaffRole[] } | null>;
}

/** The URL parameter naming the facility a staff route acts at. */
const FACILITY_PARAM = 'facilityId';

const facilityNotFound = () => new AppError(404, 'not_found', 'ไม่พบสถานพยาบาลนี้');
const forbidden = () => new AppError(403, 'staff_forbidden', 'บัญชีของคุณไม่มีสิทธิ์ทำรายการนี้ที่สถานพยาบาลนี้');

/**
 * The onRoute hook of the staff signed-in scope: a route that does not say which area it is in is a mistake, and so is
 * an area at a facility on a URL that names none.
 */
export function requireStaffArea(route: RouteOptions): void {
  const area = route.config?.staff;
  if (!area) throw new Error(`${route.method} ${route.url} does not declare config.staff`);
  if (area !== 'self' && !route.url.includes(`:${FACILITY_PARAM}`)) {
    const names = `(:${FACILITY_PARAM})`;
    throw new Error(`${route.method} ${route.url} acts in ${area} at a facility but its URL names none ${names}`);
  }
}

const actors = letInByGuard<StaffAtFacility>();

/**
 * The preHandler hook of the staff signed-in scope: the member at the facility named in the URL, in the route's area.
 * A facility where the member holds no role answers 404, as if it did not exist (another hospital's schedules and
 * patients are not even confirmed to exist); a role the area does not allow answers 403 `staff_forbidden`. It runs
 * after validation, where each handler used to make the check, so a malformed request is 400 whoever sends it.
 */
export function staffAreaCheck(staff: StaffRoles): preHandlerHookHandler {
  return async function checkStaffArea(request: FastifyRequest) {
    const area = request.routeOptions.config.staff!;
    if (area === 'self') return;
    const { memberId } = signedInStaff(request);
    const facilityStableId = (request.params as Record<string, string>)[FACILITY_PARAM]!;
    const held = await staff.rolesAt(memberId, facilityStableId);
    if (!held) throw facilityNotFound();
    if (!staffMay(held.roles, area)) throw forbidden();
    // The first of the area's roles the member holds: the role the audit trail records them acting in.
    const role = (STAFF_ACCESS[area] as readonly StaffRole[]).find((r) => held.roles.includes(r))!;
    actors.set(request, { memberId, facilityId: held.facilityId, facilityStableId, role });
  };
}

/** The member at the facility the staff area check let in; 401 `unauthenticated` for a route it did not check. */
export const staffAtFacility = (request: FastifyRequest): StaffAtFacility => actors.of(request);
