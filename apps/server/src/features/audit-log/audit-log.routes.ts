import { AuditLogQuery, AuditLogReply, FacilityParams } from '@klaimor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffAtFacility } from '../../plugins/staff-areas.js';
import type { AuditLogService } from './audit-log.service.js';

/** A facility's audit trail, read only: nothing in the API changes it. In the staff signed-in scope. */
export function auditLogRoutes(auditLog: AuditLogService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/staff/facilities/:facilityId/audit',
      {
        config: { staff: 'audit' },
        schema: {
          tags: ['staff: audit log'],
          summary: "One day of what the facility's staff read and did, newest first, 50 at a time",
          params: FacilityParams,
          querystring: AuditLogQuery,
          response: { 200: AuditLogReply },
        },
      },
      async (request) => ({ data: await auditLog.day(staffAtFacility(request), request.query) }),
    );
  };
}
