import { AuditLogQuery, AuditLogReply, FacilityParams } from '@klaimor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { StaffAccess } from '../staff/staff-access.js';
import type { AuditLogService } from './audit-log.service.js';

/** Who may read a facility's audit trail. */
export const AUDIT_LOG_READERS = ['admin'] as const;

/** A facility's audit trail, read only: nothing in the API changes it. In the staff signed-in scope. */
export function auditLogRoutes(auditLog: AuditLogService, access: StaffAccess): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/staff/facilities/:facilityId/audit',
      {
        schema: {
          tags: ['staff: audit log'],
          summary: "One day of what the facility's staff read and did, newest first, 50 at a time",
          params: FacilityParams,
          querystring: AuditLogQuery,
          response: { 200: AuditLogReply },
        },
      },
      async (request) => ({ data: await auditLog.day(await access.at(request, request.params.facilityId, AUDIT_LOG_READERS), request.query) }),
    );
  };
}
