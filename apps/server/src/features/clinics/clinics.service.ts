import type { Clinic, ClinicBody, ClinicNamesBody } from '@klaimor/contracts';
import type { z } from 'zod';
import { AppError } from '../../errors.js';
import type { StaffAccess, StaffAtFacility } from '../staff/staff-access.js';
import { type ClinicRow, type ClinicsRepository, PrefixTaken } from './clinics.repository.js';

const clinicNotFound = () => new AppError(404, 'not_found', 'ไม่พบคลินิกนี้');

interface Deps {
  clinics: ClinicsRepository;
  access: StaffAccess;
}

/** A facility's clinics: each has its sessions and its own queue, numbered with its letter. */
export function createClinicsService({ clinics, access }: Deps) {
  const audited = (actor: StaffAtFacility, action: string, before: ClinicRow | null, after: ClinicRow | null) =>
    access.audit(actor, {
      action,
      target: (after ?? before)!.id,
      details: {
        kind: 'clinic',
        queuePrefix: (after ?? before)!.queuePrefix,
        before: before?.nameTh ?? null,
        after: after?.nameTh ?? null,
      },
    });

  return {
    list: (actor: StaffAtFacility): Promise<Clinic[]> => clinics.list(actor.facilityId),

    async add(actor: StaffAtFacility, body: z.output<typeof ClinicBody>): Promise<Clinic> {
      let row: ClinicRow;
      try {
        row = await clinics.create(actor.facilityId, body);
      } catch (error) {
        if (!(error instanceof PrefixTaken)) throw error;
        throw new AppError(409, 'clinic_prefix_taken', `อักษร ${body.queuePrefix} เป็นของคลินิกอื่นแล้ว กรุณาเลือกอักษรอื่น`, {
          queuePrefix: 'taken',
        });
      }
      await audited(actor, 'clinic.created', null, row);
      return { ...row, sessions: 0 };
    },

    async rename(actor: StaffAtFacility, id: string, body: z.output<typeof ClinicNamesBody>): Promise<Clinic> {
      const renamed = await clinics.rename(actor.facilityId, id, body);
      if (!renamed) throw clinicNotFound();
      await audited(actor, 'clinic.renamed', renamed.before, renamed.after);
      const listed = (await clinics.list(actor.facilityId)).find((c) => c.id === id);
      return listed ?? { ...renamed.after, sessions: 0 };
    },

    async remove(actor: StaffAtFacility, id: string): Promise<void> {
      const gone = await clinics.remove(actor.facilityId, id);
      if (gone === null) throw clinicNotFound();
      if (gone === 'in_use') {
        throw new AppError(
          409,
          'clinic_in_use',
          'คลินิกนี้ยังมีรอบตรวจหรือนัดหมายอยู่ ลบรอบตรวจของคลินิกก่อน นัดที่ผ่านมาแล้วทำให้ลบคลินิกไม่ได้ แต่เปลี่ยนชื่อได้',
        );
      }
      await audited(actor, 'clinic.removed', gone, null);
    },
  };
}
export type ClinicsService = ReturnType<typeof createClinicsService>;
