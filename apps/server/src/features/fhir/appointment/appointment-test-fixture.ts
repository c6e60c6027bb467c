import { THAI_CID_SYSTEM, addDays, bookingReference, todayInBangkok } from '@klaimor/contracts';
import type { TestApp } from '../../../test/test-app.js';
import { nextPhone, registerPatient } from '../../../test/test-app.js';
import { booked, openSchedule } from '../../front-desk/front-desk-test-helpers.js';
import { FACILITY } from '../../staff/staff-test-helpers.js';
import { adminOf, expectFhir, fhir } from '../fhir-test-helpers.js';
import { BOOKING_REFERENCE_SYSTEM } from './appointment.resource.js';

/**
 * Appointments for the FHIR API's table-driven tests: a patient's booking at the facility, still awaiting its deposit
 * (one event, version 1, as a resource just made is), and an update the facility's system may make of it: cancelling.
 */
/** The places of the session the fixture's patients book: the one slot a day that has so many. */
const PLACES = 60;

export function appointmentFixture(testApp: () => TestApp) {
  let ready: Promise<{ patient: string; slot: string }> | null = null;
  const asRead = new Map<string, Record<string, unknown>>();
  return {
    async make(token: string) {
      const t = testApp();
      ready ??= (async () => {
        await openSchedule(t.app, await adminOf(t.app, t.database, t.config, FACILITY), PLACES);
        const patient = await registerPatient(t.app, nextPhone());
        // The session's own slot: the table's Slot tests publish slots at random times, which may come first that day.
        const day = addDays(todayInBangkok(), 2);
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/hospitals/${FACILITY}/slots?from=${day}&to=${day}`,
        });
        const slot = (res.json().data as { id: string; capacity: number }[]).find((s) => s.capacity === PLACES)!;
        return { patient: patient.session, slot: slot.id };
      })();
      const { patient, slot } = await ready;
      const id = await booked(t.app, patient, slot, 'ไอ มีน้ำมูก', false);
      asRead.set(id, expectFhir(await fhir(t.app, 'GET', `/Appointment/${id}`, { token }), 200));
      return { id, identifier: { system: BOOKING_REFERENCE_SYSTEM, value: bookingReference(id) }, body: {} };
    },
    createBody: () => ({ resourceType: 'Appointment' }),
    updateBody: (made: { id: string }) => ({
      ...asRead.get(made.id),
      status: 'cancelled',
      cancelationReason: { text: 'แพทย์ติดประชุม' },
    }),
    searchSamples: {
      date: 'ge2030-01-01',
      status: 'booked',
      'patient:identifier': `${THAI_CID_SYSTEM}|1234567890121`,
      identifier: 'ABCDEF12',
      _count: '5',
    },
  };
}
