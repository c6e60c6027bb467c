import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n';
import { json, mockApi } from '../../../test/render';
import { formatDateTime } from '../shared/staff-format';
import { apiError, member, staffMember, today, you } from '../staff-test-data';
import { renderStaff } from '../staff-test-render';

const STAFF = '/api/staff/facilities/siriraj-hospital/staff';
const th = i18n.getFixedT('th', 'staff');
/** A date and time as the screen shows it, its no-break space read as a space (as Testing Library reads the page). */
const when = (iso: string) => formatDateTime(th, iso, 'th').replace(/\s/g, ' ');
const LINK = 'http://127.0.0.1:3000/staff/enrol#token=Zq8uXk2mB4vN7rT1';

const piya = staffMember({ id: '3b0c3c53-8a0e-4d62-9a3f-1b0a7d6c9e11' });
const kamon = staffMember({
  id: '3b0c3c53-8a0e-4d62-9a3f-1b0a7d6c9e12',
  email: 'kamon@hospital.example',
  displayName: 'พญ.กมลวรรณ ใจงาม',
  roles: ['clinician'],
  status: 'invited',
  invitationExpiresAt: `${today}T10:30:00.000Z`,
  lastSignInAt: null,
});
const expired = staffMember({
  id: '3b0c3c53-8a0e-4d62-9a3f-1b0a7d6c9e13',
  email: 'sak@hospital.example',
  displayName: 'ศักดิ์ชัย มั่นคง',
  status: 'invitation_expired',
  invitationExpiresAt: `${today}T00:30:00.000Z`,
  lastSignInAt: null,
});

function api(extra: Parameters<typeof mockApi>[0] = {}, members = [you, piya, kamon, expired]) {
  return mockApi({
    'GET /api/staff/me': () => json(200, { data: [member(['admin'])] }),
    [`GET ${STAFF}`]: () => json(200, { data: members }),
    ...extra,
  });
}
const sent = (fetchMock: ReturnType<typeof mockApi>, method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([url, init]) => ({ url: String(url), body: init?.body ? JSON.parse(init.body as string) : undefined }));

/** The open dialog has gone, and the screen behind it is reachable again. */
const closed = () => waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

describe('the staff screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is a tab of its own for an admin, listing each member with roles, status and last sign-in', async () => {
    api();
    renderStaff('/staff?screen=members');
    expect(await screen.findByRole('tab', { name: 'เจ้าหน้าที่', selected: true })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'ตารางออกตรวจ',
      'เจ้าหน้าที่',
      'ตั้งค่าสถานพยาบาล',
      'ระบบที่เชื่อมต่อ',
      'บันทึกการเข้าถึง',
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'เจ้าหน้าที่' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'รายชื่อเจ้าหน้าที่' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    expect(within(rows[0]).getByText('คุณ')).toBeInTheDocument();
    expect(within(rows[0]).getByText('ผู้ดูแลระบบ')).toBeInTheDocument();
    expect(within(rows[0]).queryByRole('button', { name: /^ลิงก์ใหม่ให้/ })).not.toBeInTheDocument();
    expect(within(rows[1]).getByText('piya@hospital.example')).toBeInTheDocument();
    expect(within(rows[1]).getByText('ใช้งานอยู่')).toBeInTheDocument();
    expect(within(rows[1]).getByText(`เข้าสู่ระบบล่าสุด ${when(piya.lastSignInAt!)}`)).toBeInTheDocument();
    expect(within(rows[2]).getByText('แพทย์และบุคลากรทางการแพทย์')).toBeInTheDocument();
    expect(within(rows[2]).getByText('รอลงทะเบียน')).toBeInTheDocument();
    expect(within(rows[2]).getByText(`ลิงก์ใช้ได้ถึง ${when(kamon.invitationExpiresAt!)}`)).toBeInTheDocument();
    expect(within(rows[3]).getByText('ลิงก์หมดอายุ')).toBeInTheDocument();
    expect(within(rows[3]).getByText(`หมดอายุเมื่อ ${when(expired.invitationExpiresAt!)}`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ลิงก์ใหม่ให้ ศักดิ์ชัย มั่นคง' })).toBeInTheDocument();
  });

  it('tells a member slowed after failed sign-ins apart, with when they may try again, and lets them sign in now', async () => {
    const user = userEvent.setup({ delay: null });
    const waitUntil = new Date(Date.now() + 10 * 60_000).toISOString();
    const slowed = { ...piya, status: 'slowed' as const, signInWaitUntil: waitUntil };
    // Their wait is over, but the failures are recent: the next one waits again.
    const again = { ...kamon, status: 'slowed' as const, signInWaitUntil: null };
    const fetchMock = api({ [`POST ${STAFF}/${piya.id}/unlock-sign-in`]: () => json(200, { data: [piya] }) }, [
      you,
      slowed,
      again,
    ]);
    renderStaff('/staff?screen=members');
    const table = await screen.findByRole('table', { name: 'รายชื่อเจ้าหน้าที่' });
    const row = within(table).getAllByRole('row')[2];
    expect(within(row).getByText('ต้องรอก่อนลงชื่อเข้าใช้')).toBeInTheDocument();
    expect(within(row).getByText(`ลงชื่อเข้าใช้ผิดหลายครั้ง ลองใหม่ได้เวลา ${when(waitUntil)}`)).toBeInTheDocument();
    const againRow = within(table).getAllByRole('row')[3];
    expect(within(againRow).getByText('ลงชื่อเข้าใช้ผิดหลายครั้ง หากผิดอีกจะต้องรอนานขึ้น')).toBeInTheDocument();
    // Not offered for the admin themself.
    expect(screen.getAllByRole('button', { name: /^ให้ลงชื่อเข้าใช้ได้ทันที: / })).toHaveLength(2);

    await user.click(within(row).getByRole('button', { name: `ให้ลงชื่อเข้าใช้ได้ทันที: ${piya.displayName}` }));
    expect(
      await screen.findByText(`${piya.displayName} ลงชื่อเข้าใช้ได้ทันทีแล้ว รหัสผ่านและแอปยืนยันตัวตนยังเหมือนเดิม`),
    ).toBeInTheDocument();
    expect(sent(fetchMock, 'POST').map((c) => c.url)).toEqual([`${STAFF}/${piya.id}/unlock-sign-in`]);
  });

  it('is not offered to the front desk', async () => {
    mockApi({ 'GET /api/staff/me': () => json(200, { data: [member(['front_desk'])] }) });
    renderStaff('/staff?screen=members');
    expect(await screen.findByRole('tab', { name: 'นัดหมายวันนี้', selected: true })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'เจ้าหน้าที่' })).not.toBeInTheDocument();
  });

  it('says so when the list fails, and tries again', async () => {
    const user = userEvent.setup({ delay: null });
    let fail = true;
    mockApi({
      'GET /api/staff/me': () => json(200, { data: [member(['admin'])] }),
      [`GET ${STAFF}`]: () => (fail ? json(500, apiError('internal_error', 'ระบบขัดข้อง')) : json(200, { data: [you] })),
    });
    renderStaff('/staff?screen=members');
    expect(await screen.findByText('โหลดข้อมูลไม่สำเร็จ')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'ลองอีกครั้ง' }));
    expect(await screen.findByText('สมหญิง ผู้ดูแล', { selector: 'table *' })).toBeInTheDocument();
  });

  it('invites with the contract shape and shows the one-time link once, to copy', async () => {
    const user = userEvent.setup({ delay: null });
    const invited = staffMember({
      email: 'new@hospital.example',
      displayName: 'นพ.ใหม่ ทดสอบ',
      roles: ['front_desk', 'clinician'],
      status: 'invited',
      invitationExpiresAt: `${today}T16:00:00.000Z`,
      lastSignInAt: null,
    });
    const fetchMock = api({
      [`POST ${STAFF}`]: () =>
        json(201, { data: [{ member: invited, enrolmentLink: LINK, expiresAt: invited.invitationExpiresAt }] }),
    });
    renderStaff('/staff?screen=members');
    await user.click(await screen.findByRole('button', { name: 'เชิญเจ้าหน้าที่' }));
    const dialog = await screen.findByRole('dialog', { name: 'เชิญเจ้าหน้าที่' });

    // Nothing is sent until the contract is satisfied
    await user.click(within(dialog).getByRole('button', { name: 'เชิญ' }));
    expect(await within(dialog).findByText('กรุณาเลือกอย่างน้อย 1 บทบาท')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^อีเมล/ })).toHaveAccessibleDescription('กรุณากรอกข้อมูลนี้');
    await user.type(within(dialog).getByRole('textbox', { name: /^อีเมล/ }), 'new@');
    await user.click(within(dialog).getByRole('button', { name: 'เชิญ' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /^อีเมล/ })).toHaveAccessibleDescription('รูปแบบอีเมลไม่ถูกต้อง'),
    );
    expect(sent(fetchMock, 'POST')).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /^อีเมล/ }), 'hospital.example');
    await user.type(within(dialog).getByRole('textbox', { name: /^ชื่อ-นามสกุล/ }), 'นพ.ใหม่ ทดสอบ');
    const clinician = within(dialog).getByRole('checkbox', { name: 'แพทย์และบุคลากรทางการแพทย์' });
    expect(clinician).toHaveAccessibleDescription('เรียกผู้ป่วยพบแพทย์ เปิดดูประวัติ บันทึกผลการตรวจและยา และพิจารณาคำขอรับยาต่อ');
    await user.click(clinician);
    await user.click(within(dialog).getByRole('checkbox', { name: 'เจ้าหน้าที่หน้าเคาน์เตอร์' }));
    await user.click(within(dialog).getByRole('button', { name: 'เชิญ' }));

    const shown = await screen.findByRole('dialog', { name: 'ส่งลิงก์ลงทะเบียนให้ นพ.ใหม่ ทดสอบ' });
    expect(sent(fetchMock, 'POST')).toEqual([
      {
        url: STAFF,
        body: { email: 'new@hospital.example', displayName: 'นพ.ใหม่ ทดสอบ', roles: ['front_desk', 'clinician'] },
      },
    ]);
    expect(within(shown).getByRole('textbox', { name: 'ลิงก์ลงทะเบียน' })).toHaveValue(LINK);
    expect(within(shown).getByText('ลิงก์นี้แสดงเพียงครั้งเดียว')).toBeInTheDocument();
    expect(within(shown).getByText(/ทางช่องทางส่วนตัว/)).toBeInTheDocument();
    expect(
      within(shown).getByText(new RegExp(`ภายใน 24 ชั่วโมง \\(ถึง ${when(invited.invitationExpiresAt!)}\\)`)),
    ).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'คัดลอกลิงก์' }));
    expect(await within(shown).findByText('คัดลอกลิงก์แล้ว')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(LINK);

    await user.click(within(shown).getByRole('button', { name: 'เสร็จแล้ว' }));
    await closed();
    expect(screen.queryByDisplayValue(LINK)).not.toBeInTheDocument();
    expect(screen.queryByText(LINK)).not.toBeInTheDocument();
  });

  it('invites a pharmacist, the role saying what it lets them do, and lists them with it', async () => {
    const user = userEvent.setup({ delay: null });
    const pharmacist = staffMember({
      email: 'rx@hospital.example',
      displayName: 'ภญ.สุดา ยาดี',
      roles: ['pharmacist'],
      status: 'invited',
      invitationExpiresAt: `${today}T16:00:00.000Z`,
      lastSignInAt: null,
    });
    let members = [you, piya];
    const fetchMock = mockApi({
      'GET /api/staff/me': () => json(200, { data: [member(['admin'])] }),
      [`GET ${STAFF}`]: () => json(200, { data: members }),
      [`POST ${STAFF}`]: () => {
        members = [you, piya, pharmacist];
        return json(201, {
          data: [{ member: pharmacist, enrolmentLink: LINK, expiresAt: pharmacist.invitationExpiresAt }],
        });
      },
    });
    renderStaff('/staff/members');
    await user.click(await screen.findByRole('button', { name: 'เชิญเจ้าหน้าที่' }));
    const dialog = await screen.findByRole('dialog', { name: 'เชิญเจ้าหน้าที่' });
    await user.type(within(dialog).getByRole('textbox', { name: /^อีเมล/ }), 'rx@hospital.example');
    await user.type(within(dialog).getByRole('textbox', { name: /^ชื่อ-นามสกุล/ }), 'ภญ.สุดา ยาดี');
    const role = within(dialog).getByRole('checkbox', { name: 'เภสัชกร' });
    expect(role).toHaveAccessibleDescription('จัดยาตามคำขอรับยาต่อที่แพทย์อนุมัติ ให้พร้อมรับหรือส่งทางไปรษณีย์');
    await user.click(role);
    await user.click(within(dialog).getByRole('button', { name: 'เชิญ' }));

    const shown = await screen.findByRole('dialog', { name: 'ส่งลิงก์ลงทะเบียนให้ ภญ.สุดา ยาดี' });
    expect(sent(fetchMock, 'POST')).toEqual([
      { url: STAFF, body: { email: 'rx@hospital.example', displayName: 'ภญ.สุดา ยาดี', roles: ['pharmacist'] } },
    ]);
    await user.click(within(shown).getByRole('button', { name: 'เสร็จแล้ว' }));
    await closed();
    const row = (await screen.findByText('ภญ.สุดา ยาดี', { selector: 'table *' })).closest('tr');
    expect(row).toHaveTextContent('เภสัชกร');
  });

  it('says someone already enrolled can sign in now, when no link was needed', async () => {
    const user = userEvent.setup({ delay: null });
    api({
      [`POST ${STAFF}`]: () =>
        json(201, { data: [{ member: { ...piya, displayName: 'สุดา มีสุข' }, enrolmentLink: null, expiresAt: null }] }),
    });
    renderStaff('/staff?screen=members');
    await user.click(await screen.findByRole('button', { name: 'เชิญเจ้าหน้าที่' }));
    const dialog = await screen.findByRole('dialog', { name: 'เชิญเจ้าหน้าที่' });
    await user.type(within(dialog).getByRole('textbox', { name: /^อีเมล/ }), 'suda@hospital.example');
    await user.type(within(dialog).getByRole('textbox', { name: /^ชื่อ-นามสกุล/ }), 'สุดา มีสุข');
    await user.click(within(dialog).getByRole('checkbox', { name: 'เจ้าหน้าที่หน้าเคาน์เตอร์' }));
    await user.click(within(dialog).getByRole('button', { name: 'เชิญ' }));
    const done = await screen.findByRole('dialog', { name: 'เพิ่ม สุดา มีสุข แล้ว' });
    expect(
      within(done).getByText(/มีบัญชีเจ้าหน้าที่อยู่แล้ว.*เข้าสู่ระบบด้วยรหัสผ่านและแอป Authenticator เดิมได้ทันที/),
    ).toBeInTheDocument();
    expect(within(done).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('changes roles, and says plainly that the last admin must stay one', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = api({
      [`PUT ${STAFF}/${you.id}`]: () => json(409, apiError('staff_last_admin', 'ต้องมีผู้ดูแลระบบอย่างน้อย 1 คน')),
      [`PUT ${STAFF}/${piya.id}`]: (init) => json(200, { data: [{ ...piya, ...JSON.parse(init.body as string) }] }),
    });
    renderStaff('/staff?screen=members');
    await user.click(await screen.findByRole('button', { name: 'เปลี่ยนบทบาทของ สมหญิง ผู้ดูแล' }));
    const dialog = await screen.findByRole('dialog', { name: 'เปลี่ยนบทบาทของ สมหญิง ผู้ดูแล' });
    expect(within(dialog).getByRole('checkbox', { name: 'ผู้ดูแลระบบ' })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'เจ้าหน้าที่หน้าเคาน์เตอร์' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'ผู้ดูแลระบบ' }));
    await user.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
    expect(
      await within(dialog).findByText('ต้องมีผู้ดูแลระบบอย่างน้อย 1 คนเสมอ กรุณาให้บทบาทผู้ดูแลระบบกับเจ้าหน้าที่อีกคนก่อน'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('ต้องมีผู้ดูแลระบบอย่างน้อย 1 คน')).toBeInTheDocument();
    expect(sent(fetchMock, 'PUT')).toEqual([{ url: `${STAFF}/${you.id}`, body: { roles: ['front_desk'] } }]);
    await user.click(within(dialog).getAllByRole('button', { name: 'ยกเลิก' }).at(-1)!);
    await closed();

    await user.click(screen.getByRole('button', { name: 'เปลี่ยนบทบาทของ ปิยะ ใจดี' }));
    const other = await screen.findByRole('dialog', { name: 'เปลี่ยนบทบาทของ ปิยะ ใจดี' });
    await user.click(within(other).getByRole('checkbox', { name: 'ผู้ดูแลระบบ' }));
    await user.click(within(other).getByRole('button', { name: 'บันทึก' }));
    expect(await screen.findByText('เปลี่ยนบทบาทของ ปิยะ ใจดี แล้ว')).toBeInTheDocument();
    expect(sent(fetchMock, 'PUT').at(-1)).toEqual({
      url: `${STAFF}/${piya.id}`,
      body: { roles: ['admin', 'front_desk'] },
    });
  });

  it('removes a member after naming them and the facility, and refuses to remove the last admin', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = api({
      [`DELETE ${STAFF}/${you.id}`]: () => json(409, apiError('staff_last_admin', 'ต้องมีผู้ดูแลระบบอย่างน้อย 1 คน')),
      [`DELETE ${STAFF}/${piya.id}`]: () => new Response(null, { status: 204 }),
    });
    renderStaff('/staff?screen=members');
    await user.click(await screen.findByRole('button', { name: 'นำออก: สมหญิง ผู้ดูแล' }));
    const mine = await screen.findByRole('dialog', { name: 'นำ สมหญิง ผู้ดูแล ออกจากโรงพยาบาลศิริราช?' });
    expect(within(mine).getByText(/คุณจะไม่มีสิทธิ์ใดที่โรงพยาบาลศิริราชอีก/)).toBeInTheDocument();
    await user.click(within(mine).getByRole('button', { name: 'นำออก' }));
    expect(await within(mine).findByText(/ต้องมีผู้ดูแลระบบอย่างน้อย 1 คนเสมอ/)).toBeInTheDocument();
    await user.click(within(mine).getByRole('button', { name: 'ยกเลิก' }));
    await closed();

    await user.click(screen.getByRole('button', { name: 'นำออก: ปิยะ ใจดี' }));
    const dialog = await screen.findByRole('dialog', { name: 'นำ ปิยะ ใจดี ออกจากโรงพยาบาลศิริราช?' });
    expect(within(dialog).getByText(/ปิยะ ใจดี จะใช้ระบบของโรงพยาบาลศิริราชไม่ได้อีก/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'นำออก' }));
    expect(await screen.findByText('นำ ปิยะ ใจดี ออกแล้ว')).toBeInTheDocument();
    expect(sent(fetchMock, 'DELETE').map((c) => c.url)).toEqual([`${STAFF}/${you.id}`, `${STAFF}/${piya.id}`]);
  });

  it('issues a new link after saying it resets the password and authenticator, or says why it cannot', async () => {
    const user = userEvent.setup({ delay: null });
    api({
      [`POST ${STAFF}/${piya.id}/enrolment-link`]: () => json(409, apiError('staff_member_elsewhere', 'ทำงานที่อื่นด้วย')),
      [`POST ${STAFF}/${expired.id}/enrolment-link`]: () =>
        json(201, {
          data: [
            { member: { ...expired, status: 'invited' }, enrolmentLink: LINK, expiresAt: `${today}T16:00:00.000Z` },
          ],
        }),
    });
    renderStaff('/staff?screen=members');
    await user.click(await screen.findByRole('button', { name: 'ลิงก์ใหม่ให้ ปิยะ ใจดี' }));
    const dialog = await screen.findByRole('dialog', { name: 'ออกลิงก์ลงทะเบียนใหม่ให้ ปิยะ ใจดี?' });
    expect(within(dialog).getByText(/ต้องตั้งรหัสผ่านและเชื่อมแอป Authenticator ใหม่/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'ออกลิงก์ใหม่' }));
    expect(await within(dialog).findByText(/ทำงานที่สถานพยาบาลอื่นด้วย/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'ยกเลิก' }));
    await closed();

    await user.click(screen.getByRole('button', { name: 'ลิงก์ใหม่ให้ ศักดิ์ชัย มั่นคง' }));
    const again = await screen.findByRole('dialog', { name: 'ออกลิงก์ลงทะเบียนใหม่ให้ ศักดิ์ชัย มั่นคง?' });
    expect(within(again).getByText(/ลิงก์เดิมที่ส่งไปจะใช้ไม่ได้อีก/)).toBeInTheDocument();
    await user.click(within(again).getByRole('button', { name: 'ออกลิงก์ใหม่' }));
    const shown = await screen.findByRole('dialog', { name: 'ส่งลิงก์ลงทะเบียนให้ ศักดิ์ชัย มั่นคง' });
    expect(within(shown).getByRole('textbox', { name: 'ลิงก์ลงทะเบียน' })).toHaveValue(LINK);
  });
});
