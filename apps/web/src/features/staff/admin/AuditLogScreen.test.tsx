import { AUDIT_LOG_PAGE, addDays } from '@klaimor/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { formatBuddhistDate } from '../../../lib/thai-date';
import { json, mockApi } from '../../../test/render';
import { apiError, auditEntry, member, staffMember, today, you } from '../staff-test-data';
import { renderStaff } from '../staff-test-render';

const shortDay = formatBuddhistDate(today, 'th', 'short');

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
    [`GET ${AUDIT}/export`]: (init) => audit(new URL(init.url, 'http://localhost')),
  });
}
const auditCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === AUDIT)
    .map((url) => Object.fromEntries(url.searchParams));

describe('the audit log screen', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    await changeLanguage('th');
  });

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
          auditEntry('07:30', {
            action: 'fhir_slot.created',
            member: null,
            role: null,
            system: { id: '7d1f0a52-3c4b-4e8a-9f10-2b3c4d5e6f70', name: 'HIS ศิริราช' },
          }),
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
      [`${shortDay}14:05 น.`, 'พญ.กมลวรรณ ใจงามแพทย์และบุคลากรทางการแพทย์', 'เปิดดูประวัติผู้ป่วย', 'ผู้ป่วย #1A2B3C4D'],
      [`${shortDay}13:30 น.`, 'สมหญิง ผู้ดูแลผู้ดูแลระบบ', 'ให้บทบาท: ผู้ดูแลระบบ', 'ปิยะ ใจดี'],
      [`${shortDay}12:00 น.`, 'สมหญิง ผู้ดูแลผู้ดูแลระบบ', 'เปลี่ยนการตั้งค่าสถานพยาบาล', ''],
      [`${shortDay}09:15 น.`, 'สมหญิง ผู้ดูแลเจ้าหน้าที่หน้าเคาน์เตอร์', 'นัดหมาย: appointment.rescheduled', ''],
      [`${shortDay}08:00 น.`, 'ระบบ', 'การดำเนินการอื่น: mystery', ''],
      [`${shortDay}07:30 น.`, 'HIS ศิริราชระบบของโรงพยาบาล', 'เพิ่มช่วงเวลานัด (FHIR)', ''],
    ]);
    expect(screen.getByText('6 รายการ')).toBeInTheDocument();
    expect(screen.getByText('แสดงครบทุกรายการแล้ว')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'โหลดเพิ่ม' })).not.toBeInTheDocument();
    expect(auditCalls(fetchMock)).toEqual([{ from: today, to: today }]);
  });

  it('says what each change was: the day closed and why, a session before and after, the settings changed', async () => {
    const day = addDays(today, 10);
    const session = {
      weekdays: [1, 2, 3, 4, 5],
      onDate: null,
      sessionStart: '08:00',
      sessionEnd: '12:00',
      slotMinutes: 30,
      places: 2,
      clinician: 'พญ.ทดสอบ',
      depositAmount: 150,
    };
    const entries = [
      auditEntry('15:00', { action: 'schedule.day_closed', details: { kind: 'day', date: day, reason: 'น้ำท่วม' } }),
      auditEntry('14:00', {
        action: 'schedule.template_changed',
        details: { kind: 'session', before: session, after: { ...session, sessionStart: '09:00', places: 3 } },
      }),
      auditEntry('13:00', {
        action: 'schedule.template_created',
        details: { kind: 'session', before: null, after: session },
      }),
      auditEntry('12:00', {
        action: 'facility.settings_changed',
        details: {
          kind: 'settings',
          changes: [
            { field: 'phone', before: '024197000', after: '024199999' },
            { field: 'openingHours', before: '24/7', after: 'Mo-Fr 08:00-16:00; Sa 08:00-12:00' },
            { field: 'emergency24h', before: false, after: true },
            { field: 'schemes', before: ['ucs', 'sss'], after: ['ucs'] },
            { field: 'replyWithinHours', before: null, after: 24 },
            { field: 'replyWithinHours', before: 1, after: null },
          ],
        },
      }),
      auditEntry('11:00', {
        action: 'appointment.cancelled_by_hospital',
        patientRef: '1A2B3C4D',
        details: { kind: 'day', date: day, reason: 'น้ำท่วม' },
      }),
    ];
    api(() => json(200, { data: entries }));
    renderStaff('/staff/audit');
    const table = await screen.findByRole('table', { name: 'รายการบันทึก' });
    const actionCells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[2]);
    const lines = (cell: HTMLElement) => [...cell.querySelectorAll('p, span')].map((e) => e.textContent);
    const dayBE = formatBuddhistDate(day, 'th', 'short');
    expect(lines(actionCells[0])).toEqual([`ปิดทำการวันที่ ${dayBE}`, 'เหตุผล: น้ำท่วม']);
    expect(lines(actionCells[1])).toEqual(['แก้ไขรอบตรวจ', 'ช่วงเวลา: 08:00–12:00 → 09:00–12:00', 'รับต่อช่วง (คน): 2 → 3']);
    expect(lines(actionCells[2])).toEqual([
      'เพิ่มรอบตรวจ',
      'จ.–ศ. 08:00–12:00',
      'ช่วงละ 30 นาที · รับ 2 คนต่อช่วง · มัดจำ 150 บาท',
      'แพทย์: พญ.ทดสอบ',
    ]);
    expect(lines(actionCells[3])).toEqual([
      'เปลี่ยนการตั้งค่าสถานพยาบาล',
      'เบอร์โทรศัพท์: 02-419-7000 → 02-419-9999',
      'เวลาทำการผู้ป่วยนอก: เปิด 24 ชั่วโมง → จ.–ศ. 08:00–16:00, ส. 08:00–12:00',
      'ห้องฉุกเฉิน 24 ชั่วโมง: ไม่มี → มี',
      'สิทธิการรักษาที่รับ: บัตรทอง (สปสช.), ประกันสังคม → บัตรทอง (สปสช.)',
      'เวลาตอบข้อความผู้ป่วย: ไม่ระบุ → ภายใน 24 ชั่วโมง',
      'เวลาตอบข้อความผู้ป่วย: ภายใน 1 ชั่วโมง → ไม่ระบุ',
    ]);
    expect(lines(actionCells[4])).toEqual(['ยกเลิกนัด (โดยสถานพยาบาล)', `เพราะปิดทำการวันที่ ${dayBE}`, 'เหตุผล: น้ำท่วม']);

    await changeLanguage('en');
    expect(await within(table).findByText(`Closed ${formatBuddhistDate(day, 'en', 'short')}`)).toBeInTheDocument();
    expect(within(table).getByText('Hours: 08:00–12:00 → 09:00–12:00')).toBeInTheDocument();
    expect(within(table).getByText('24-hour emergency department: No → Yes')).toBeInTheDocument();
    expect(
      within(table).getByText("Reply time for patients' messages: Not stated → Within 24 hours"),
    ).toBeInTheDocument();
    expect(
      within(table).getByText("Reply time for patients' messages: Within 1 hour → Not stated"),
    ).toBeInTheDocument();
  });

  it('reads a range of days, an action or a group of them and one patient, and clears them', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = api(() =>
      json(200, {
        data: [auditEntry('10:00', { action: 'patient.listed', role: 'front_desk', patientRef: '0A1B2C3D' })],
      }),
    );
    renderStaff('/staff/audit');
    const table = await screen.findByRole('table', { name: 'รายการบันทึก' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'ช่วงวันที่' }), 'last30');
    await waitFor(() => expect(auditCalls(fetchMock).at(-1)).toEqual({ from: addDays(today, -29), to: today }));

    await user.selectOptions(screen.getByRole('combobox', { name: 'การดำเนินการ' }), 'การเข้าสู่ระบบ ทั้งหมด');
    await waitFor(() => expect(auditCalls(fetchMock).at(-1)).toMatchObject({ action: 'sign_ins' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'การดำเนินการ' }), 'ปิดทำการ 1 วัน');
    await waitFor(() => expect(auditCalls(fetchMock).at(-1)).toMatchObject({ action: 'schedule.day_closed' }));

    // A patient's code in a row filters to that patient; a code typed in is taken in any case, with or without '#'.
    await user.click(within(table).getByRole('button', { name: 'ผู้ป่วย #0A1B2C3D (ดูเฉพาะผู้ป่วยนี้)' }));
    await waitFor(() => expect(auditCalls(fetchMock).at(-1)).toMatchObject({ patientRef: '0A1B2C3D' }));
    const ref = screen.getByRole('textbox', { name: 'รหัสผู้ป่วย' });
    expect(ref).toHaveValue('0A1B2C3D');
    await user.clear(ref);
    await user.type(ref, '#ab12');
    await user.tab();
    expect(await screen.findByText('รหัสผู้ป่วยมี 8 ตัว (ตัวเลข 0–9 และ A–F)')).toBeInTheDocument();
    const callsWhileWrong = auditCalls(fetchMock).length;
    await user.type(ref, 'cd34');
    await waitFor(() => expect(auditCalls(fetchMock).at(-1)).toMatchObject({ patientRef: 'AB12CD34' }));
    expect(
      auditCalls(fetchMock)
        .slice(callsWhileWrong)
        .every((c) => c.patientRef === 'AB12CD34'),
    ).toBe(true);

    await user.click(screen.getByRole('button', { name: 'ล้างตัวกรอง' }));
    await waitFor(() => expect(auditCalls(fetchMock).at(-1)).toEqual({ from: today, to: today }));
  });

  it('refuses a range that ends before it starts or is longer than 366 days, and asks nothing of the server', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = api(() => json(200, { data: [] }));
    renderStaff('/staff/audit');
    await screen.findByText('ไม่มีบันทึกตามตัวกรองนี้');
    await user.selectOptions(screen.getByRole('combobox', { name: 'ช่วงวันที่' }), 'custom');
    const from = screen.getByRole('group', { name: 'ตั้งแต่วันที่' });
    const year = Number(today.slice(0, 4));
    const calls = auditCalls(fetchMock).length;
    await user.selectOptions(within(from).getByRole('combobox', { name: 'ปี พ.ศ.' }), String(year - 2));
    expect(await screen.findByText('เลือกได้ครั้งละไม่เกิน 366 วัน')).toBeInTheDocument();
    expect(auditCalls(fetchMock)).toHaveLength(calls);
    expect(screen.getByRole('button', { name: 'ดาวน์โหลด CSV' })).toBeDisabled();
  });

  it('downloads every entry of the filters as a CSV file Excel reads in Thai, patients by code only', async () => {
    const user = userEvent.setup({ delay: null });
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:audit');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue();
    const fetchMock = api((url) =>
      json(200, {
        data: url.pathname.endsWith('/export')
          ? [
              auditEntry('10:00', {
                action: 'patient.record_opened',
                role: 'clinician',
                member: { id: nurse.id, displayName: '=HYPERLINK("x")', email: 'k@h.example' },
                patientRef: '1E234567',
              }),
              auditEntry('09:00', {
                action: 'schedule.day_closed',
                details: { kind: 'day', date: today, reason: 'ฝน, ลมแรง' },
              }),
            ]
          : [auditEntry('10:00')],
      }),
    );
    renderStaff('/staff/audit');
    await screen.findByRole('table', { name: 'รายการบันทึก' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'เจ้าหน้าที่' }), 'ปิยะ ใจดี');
    await user.click(screen.getByRole('button', { name: 'ดาวน์โหลด CSV' }));
    expect(await screen.findByText('ดาวน์โหลดแล้ว 2 รายการ')).toBeInTheDocument();

    const exportCall = fetchMock.mock.calls
      .map(([url]) => new URL(String(url), 'http://localhost'))
      .find((url) => url.pathname.endsWith('/export'))!;
    expect(Object.fromEntries(exportCall.searchParams)).toEqual({ from: today, to: today, memberId: nurse.id });
    const blob = createObjectURL.mock.calls[0][0] as Blob;
    expect(blob.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      'วันเวลา (เวลาประเทศไทย),ผู้ทำรายการ,อีเมล,บทบาท,การดำเนินการ,รายละเอียด,รหัสผู้ป่วย,เจ้าหน้าที่ที่เกี่ยวข้อง,รหัสการดำเนินการ',
    );
    expect(lines[1]).toBe(
      `${today} 10:00:00,"'=HYPERLINK(""x"")",k@h.example,แพทย์และบุคลากรทางการแพทย์,เปิดดูประวัติผู้ป่วย,,#1E234567,,patient.record_opened`,
    );
    expect(lines[2]).toBe(
      `${today} 09:00:00,สมหญิง ผู้ดูแล,somying@hospital.example,ผู้ดูแลระบบ,ปิดทำการวันที่ ${shortDay},"เหตุผล: ฝน, ลมแรง",,,schedule.day_closed`,
    );
    expect(lines.slice(3)).toEqual(['']);
  });

  it('asks for fewer days when the range holds too many entries to download', async () => {
    const user = userEvent.setup({ delay: null });
    api((url) =>
      url.pathname.endsWith('/export')
        ? json(409, { error: { code: 'audit_export_too_large', message: 'มีบันทึกเกิน', details: { limit: 10000 } } })
        : json(200, { data: [auditEntry('10:00')] }),
    );
    renderStaff('/staff/audit');
    await screen.findByRole('table', { name: 'รายการบันทึก' });
    await user.click(screen.getByRole('button', { name: 'ดาวน์โหลด CSV' }));
    expect(
      await screen.findByText('มีบันทึกเกิน 10,000 รายการ กรุณาเลือกช่วงวันที่ให้สั้นลงหรือกรองเพิ่ม แล้วดาวน์โหลดอีกครั้ง'),
    ).toBeInTheDocument();
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
    expect(auditCalls(fetchMock)).toEqual([
      { from: today, to: today },
      { from: today, to: today, after: 'c49' },
    ]);
  });

  it('shows one member’s entries, and says when there are none', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = api((url) => json(200, { data: url.searchParams.get('memberId') ? [] : [auditEntry('11:00')] }));
    renderStaff('/staff?screen=audit');
    await screen.findByRole('table', { name: 'รายการบันทึก' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'เจ้าหน้าที่' }), 'ปิยะ ใจดี');
    expect(await screen.findByText('ไม่มีบันทึกตามตัวกรองนี้')).toBeInTheDocument();
    expect(auditCalls(fetchMock).at(-1)).toEqual({ from: today, to: today, memberId: nurse.id });
    await user.click(screen.getAllByRole('button', { name: 'ล้างตัวกรอง' }).at(-1)!);
    expect(await screen.findByRole('table', { name: 'รายการบันทึก' })).toBeInTheDocument();
  });

  it('says when a day has nothing, and when the log fails', async () => {
    let fail = false;
    api(() => (fail ? json(500, apiError('internal_error', 'ระบบขัดข้อง')) : json(200, { data: [] })));
    const first = renderStaff('/staff?screen=audit');
    expect(await screen.findByText('ไม่มีบันทึกตามตัวกรองนี้')).toBeInTheDocument();
    first.unmount();
    fail = true;
    renderStaff('/staff?screen=audit');
    expect(await screen.findByText('โหลดข้อมูลไม่สำเร็จ')).toBeInTheDocument();
  });
});
