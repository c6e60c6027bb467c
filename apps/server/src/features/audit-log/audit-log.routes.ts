import { AuditLogExportQuery, AuditLogQuery, AuditLogReply, FacilityParams } from '@klaimor/contracts';
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
          summary:
            "What the facility's staff read and did between two Bangkok dates (today by default), newest first, 50 at a time",
          params: FacilityParams,
          querystring: AuditLogQuery,
          response: { 200: AuditLogReply },
        },
      },
      async (request) => ({ data: await auditLog.page(staffAtFacility(request), request.query) }),
    );

    app.get(
      '/staff/facilities/:facilityId/audit/export',
      {
        config: { staff: 'audit' },
        schema: {
          tags: ['staff: audit log'],
          summary:
            'Every entry of the range and filters at once (at most 10,000), for the admin to keep as a file; the export is itself recorded',
          params: FacilityParams,
          querystring: AuditLogExportQuery,
          response: { 200: AuditLogReply },
        },
      },
      async (request) => ({ data: await auditLog.export(staffAtFacility(request), request.query) }),
    );
  };
}
