import type { FhirIdentifier } from '@klaimor/contracts';
import { type SQL, and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.js';
import { uniqueViolation } from '../../../db/results.js';
import { appointments, fhirDiagnosticReports, labResults, users } from '../../../db/schema.js';
import { releaseResultsIn, tellReleased } from '../../lab-results/lab-results.repository.js';
import type { SystemAtFacility } from '../fhir-resources.js';
import { Refusal, recordSystemAct } from '../fhir-store.js';

export interface DiagnosticReportValues {
  identifier: FhirIdentifier | null;
  encounterId: string;
  status: 'final' | 'preliminary';
  name: string;
  loincCode: string | null;
  conclusion: string | null;
  resultIds: string[];
}

const view = {
  id: fhirDiagnosticReports.id,
  appointmentId: fhirDiagnosticReports.appointmentId,
  status: fhirDiagnosticReports.status,
  name: fhirDiagnosticReports.name,
  loincCode: fhirDiagnosticReports.loincCode,
  conclusion: fhirDiagnosticReports.conclusion,
  resultIds: fhirDiagnosticReports.resultIds,
  identifierSystem: fhirDiagnosticReports.identifierSystem,
  identifierValue: fhirDiagnosticReports.identifierValue,
  createdAt: fhirDiagnosticReports.createdAt,
  patient: {
    idType: users.idType,
    thaiId: users.thaiId,
    passportNumber: users.passportNumber,
    nationality: users.nationality,
  },
};
export type DiagnosticReportView = Awaited<ReturnType<ReturnType<typeof selectView>>>[number];

function selectView(executor: Db | Tx) {
  return (where: SQL | undefined) =>
    executor
      .select(view)
      .from(fhirDiagnosticReports)
      .innerJoin(appointments, eq(appointments.id, fhirDiagnosticReports.appointmentId))
      .innerJoin(users, eq(users.id, appointments.userId))
      .where(and(isNotNull(appointments.userId), where));
}

export function createDiagnosticReportRepository(db: Db) {
  const one = async (executor: Db | Tx, facilityId: string, id: string) => {
    const [row] = await selectView(executor)(
      and(eq(fhirDiagnosticReports.facilityId, facilityId), eq(fhirDiagnosticReports.id, id)),
    );
    return row ?? null;
  };
  const byIdentifier = async (facilityId: string, identifier: FhirIdentifier) => {
    const [row] = await selectView(db)(
      and(
        eq(fhirDiagnosticReports.facilityId, facilityId),
        eq(fhirDiagnosticReports.identifierSystem, identifier.system),
        eq(fhirDiagnosticReports.identifierValue, identifier.value),
      ),
    );
    return row ?? null;
  };

  return {
    one: (facilityId: string, id: string) => one(db, facilityId, id),
    byIdentifier,

    /**
     * The report, in one transaction with its audit entry: every result it names must be of its visit here; a final
     * report releases the held ones (the clinician's release: each once, the patient told once).
     */
    async create(
      system: SystemAtFacility,
      values: DiagnosticReportValues,
      userId: string,
      conditional: boolean,
    ): Promise<{ row: DiagnosticReportView; created: boolean }> {
      const { identifier } = values;
      const existing = async () => {
        const found = identifier && (await byIdentifier(system.facilityId, identifier));
        if (found && !conditional) throw new Refusal('identifier_taken');
        return found ? { row: found, created: false } : null;
      };
      const before = await existing();
      if (before) return before;
      const visit = { appointmentId: values.encounterId, facilityId: system.facilityId };
      try {
        return await db.transaction(async (tx) => {
          const ofVisit = await tx
            .select({ id: labResults.id })
            .from(labResults)
            .where(
              and(
                eq(labResults.appointmentId, visit.appointmentId),
                eq(labResults.facilityId, visit.facilityId),
                inArray(labResults.id, values.resultIds),
              ),
            );
          if (ofVisit.length !== new Set(values.resultIds).size) throw new Refusal('result_not_in_visit');
          const [made] = await tx
            .insert(fhirDiagnosticReports)
            .values({
              facilityId: system.facilityId,
              appointmentId: values.encounterId,
              status: values.status,
              name: values.name,
              loincCode: values.loincCode,
              conclusion: values.conclusion,
              resultIds: values.resultIds,
              createdBy: system.systemClientId,
              identifierSystem: identifier?.system ?? null,
              identifierValue: identifier?.value ?? null,
            })
            .returning({ id: fhirDiagnosticReports.id });
          await recordSystemAct(tx, system, 'fhir_diagnosticreport.created', made!.id);
          if (values.status === 'final') {
            const released = await releaseResultsIn(
              tx,
              visit,
              { releasedBySystem: system.systemClientId },
              values.resultIds,
            );
            await tellReleased(tx, { appointmentId: values.encounterId, userId, released });
          }
          return { row: (await one(tx, system.facilityId, made!.id))!, created: true };
        });
      } catch (error) {
        if (uniqueViolation(error) === 'fhir_diagnostic_reports_identifier_idx') {
          const after = await existing();
          if (after) return after;
          throw new Refusal('identifier_taken');
        }
        throw error;
      }
    },
  };
}
export type DiagnosticReportRepository = ReturnType<typeof createDiagnosticReportRepository>;
