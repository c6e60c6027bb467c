import { AUDIT_LOG_PAGE } from '@klaimor/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../../test/render';
import { apiError, auditEntry, member, staffMember, today, you } from '../staff-test-data';
import { renderStaff } from '../staff-test-render';

const AUDIT = '/api/staff/facilities/siriraj-hospital/audit';
const STAFF = '/api/staff/facilities/siriraj-hospital/staff';
const nurse = staffMember({
  id: '3b0c3c53-8a0e-4d62-9a3f-1b0a7d6c9e21',
  displayName: 'ปิยะ ใจดี',
  roles: ['front_desk'],
});

function api(audit: (url: URL) => Response) {
  return mockApi({
    'GET /api/staff/me': () => json(200, { data: [member(['admin'])] }),
    [`GET ${STAFF}`]: () => json(200, { data: [you, nurse] }),
    [`GET ${AUDIT}`]: (init) => audit(new URL(init.url, 'http://localhost')),
  });
}
const auditCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === AUDIT)
    .map((url) => Object.fromEntries(url.searchParams));

describe('the audit log screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('labels each entry: time, who in which role, what in words, and the patient by code or the member concerned', async () => {
    const fetchMock = api(() =>
      json(200, {
        data: [
          auditEntry('14:05', {
            action: 'patient.record_opened',
            role: 'clinician',
            member: { id: nurse.id, displayName: 'พญ.กมลวรรณ ใจงาม', email: 'k@h.example' },
            patientRef: '1A2B3C4D',
          }),
          auditEntry('13:30', {
            action: 'staff.role_granted',
            subject: { id: nurse.id, displayName: 'ปิยะ ใจดี' },
            subjectRole: 'admin',
          }),
          auditEntry('12:00', { action: 'facility.settings_changed' }),
          auditEntry('09:15', { action: 'appointment.rescheduled', role: 'front_desk' }),
          auditEntry('08:00', { action: 'mystery', member: null, role: null }),
        ],
      }),
    );
    renderStaff('/staff?screen=audit');
    const table = await screen.findByRole('table', { name: 'รายการบันทึก' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['14:05 น.', 'พญ.กมลวรรณ ใจงามแพทย์และบุคลากรทางการแพทย์', 'เปิดดูประวัติผู้ป่วย', 'ผู้ป่วย #1A2B3C4D'],
      ['13:30 น.', 'สมหญิง ผู้ดูแลผู้ดูแลระบบ', 'ให้บทบาท: ผู้ดูแลระบบ', 'ปิยะ ใจดี'],
      ['12:00 น.', 'สมหญิง ผู้ดูแลผู้ดูแลระบบ', 'เปลี่ยนการตั้งค่าสถานพยาบาล', ''],
      ['09:15 น.', 'สมหญิง ผู้ดูแลเจ้าหน้าที่หน้าเคาน์เตอร์', 'นัดหมาย: appointment.rescheduled', ''],
      ['08:00 น.', 'ระบบ', 'การดำเนินการอื่น: mystery', ''],
    ]);
    expect(screen.getByText('5 รายการ')).toBeInTheDocument();
    expect(screen.getByText('แสดงครบทุกรายการแล้ว')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'โหลดเพิ่ม' })).not.toBeInTheDocument();
    expect(auditCalls(fetchMock)).toEqual([{ date: today }]);
  });

  it('loads 50 more after the last entry shown, on request', async () => {
    const user = userEvent.setup({ delay: null });
    const page = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) =>
        auditEntry('10:00', {
          action: 'patient.listed',
          role: 'front_desk',
          patientRef: `P${from + i}`,
          cursor: `c${from + i}`,
        }),
      );
    const fetchMock = api((url) =>
      json(200, {
        data:
          url.searchParams.get('after') === `c${AUDIT_LOG_PAGE - 1}`
            ? page(AUDIT_LOG_PAGE, 3)
            : page(0, AUDIT_LOG_PAGE),
      }),
    );
    renderStaff('/staff?screen=audit');
    const table = await screen.findByRole('table', { name: 'รายการบันทึก' });
    expect(within(table).getAllByRole('row')).toHaveLength(AUDIT_LOG_PAGE + 1);
    expect(screen.getByText('50 รายการแรก')).toBeInTheDocument();
    expect(within(table).getAllByText('ดูรายชื่อผู้ป่วยที่นัดหมาย')).toHaveLength(AUDIT_LOG_PAGE);
    await user.click(screen.getByRole('button', { name: 'โหลดเพิ่ม' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(AUDIT_LOG_PAGE + 4));
    expect(within(table).getByText('ผู้ป่วย #P52')).toBeInTheDocument();
    expect(screen.getByText('53 รายการ')).toBeInTheDocument();
    expect(screen.getByText('แสดงครบทุกรายการแล้ว')).toBeInTheDocument();
    expect(auditCalls(fetchMock)).toEqual([{ date: today }, { date: today, after: 'c49' }]);
  });

  it('shows one member’s entries, and says when there are none', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = api((url) => json(200, { data: url.searchParams.get('memberId') ? [] : [auditEntry('11:00')] }));
    renderStaff('/staff?screen=audit');
    await screen.findByRole('table', { name: 'รายการบันทึก' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'เจ้าหน้าที่' }), 'ปิยะ ใจดี');
    expect(await screen.findByText('ไม่มีบันทึกของ ปิยะ ใจดี ในวันนี้')).toBeInTheDocument();
    expect(auditCalls(fetchMock).at(-1)).toEqual({ date: today, memberId: nurse.id });
    await user.click(screen.getByRole('button', { name: 'ดูของทุกคน' }));
    expect(await screen.findByRole('table', { name: 'รายการบันทึก' })).toBeInTheDocument();
  });

  it('says when a day has nothing, and when the log fails', async () => {
    let fail = false;
    api(() => (fail ? json(500, apiError('internal_error', 'ระบบขัดข้อง')) : json(200, { data: [] })));
    const first = renderStaff('/staff?screen=audit');
    expect(await screen.findByText('ไม่มีบันทึกในวันนี้')).toBeInTheDocument();
    first.unmount();
    fail = true;
    renderStaff('/staff?screen=audit');
    expect(await screen.findByText('โหลดข้อมูลไม่สำเร็จ')).toBeInTheDocument();
  });
});
