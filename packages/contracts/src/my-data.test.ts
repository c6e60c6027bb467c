import { describe, expect, it } from 'vitest';
import { auditActionsOf } from './audit-log.js';
import { StaffAccessAction, SystemAccessAction } from './my-data.js';

describe("the patient's access log", () => {
  it("can show every action the trail records about a patient's record", () => {
    // The log's reply is checked against StaffAccessAction: an action missing here would fail the whole log.
    const shown = new Set<string>(StaffAccessAction.options);
    expect(auditActionsOf('patient_records').filter((action) => !shown.has(action))).toEqual([]);
  });

  it("can show every act of a hospital's system on an appointment, each of which names its patient", () => {
    const shown = new Set<string>(SystemAccessAction.options);
    const aboutPatients = auditActionsOf('systems').filter(
      (action) =>
        /^fhir_(appointment|encounter|medicationrequest|observation|diagnosticreport)\./.test(action) &&
        action !== 'fhir_appointment.searched',
    );
    expect(aboutPatients.length).toBeGreaterThan(0);
    expect(aboutPatients.filter((action) => !shown.has(action))).toEqual([]);
  });
});
