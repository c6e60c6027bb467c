import { describe, expect, it } from 'vitest';
import { auditActionsOf } from './audit-log.js';
import { StaffAccessAction } from './my-data.js';

describe("the patient's access log", () => {
  it("can show every action the trail records about a patient's record", () => {
    // The log's reply is checked against StaffAccessAction: an action missing here would fail the whole log.
    const shown = new Set<string>(StaffAccessAction.options);
    expect(auditActionsOf('patient_records').filter((action) => !shown.has(action))).toEqual([]);
  });
});
