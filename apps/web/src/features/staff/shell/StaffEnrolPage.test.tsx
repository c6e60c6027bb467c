import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../../test/render';
import { apiError, member, schedule } from '../staff-test-data';
import { renderStaff } from '../staff-test-render';

const TOKEN = 'tok_3q8ZpV';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const recoveryCodes = Array.from({ length: 10 }, (_, i) => `k7m${i}q-x${i}r4t`);
const invalid = () =>
  json(404, apiError('staff_enrolment_invalid', 'ลิงก์ลงทะเบียนนี้หมดอายุหรือถูกใช้ไปแล้ว กรุณาขอลิงก์ใหม่จากผู้ดูแลระบบ'));
const bodyOf = (fetchMock: ReturnType<typeof mockApi>, path: string) => {
  const call = fetchMock.mock.calls.find(([url, init]) => String(url).endsWith(path) && init?.method === 'POST');
  return call ? JSON.parse((call[1] as RequestInit).body as string) : undefined;
};

describe('StaffEnrolPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('explains plainly that a used or expired link no longer works', async () => {
    mockApi({
      'GET /api/staff/me': () => json(401, apiError('unauthenticated', '')),
      [`GET /api/staff/enrolment/${TOKEN}`]: invalid,
    });
    renderStaff(`/staff/enrol#${TOKEN}`);
    expect(await screen.findByText('ลิงก์ลงทะเบียนนี้ใช้ไม่ได้แล้ว')).toBeInTheDocument();
    expect(screen.getByText(/ลิงก์ลงทะเบียนใช้ได้ครั้งเดียว ภายใน 24 ชั่วโมง/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ไปหน้าเข้าสู่ระบบ' })).toHaveAttribute('href', '/staff/sign-in');
  });

  it('says the same of a link cut short before its token, without asking the server', async () => {
    const fetchMock = mockApi({ 'GET /api/staff/me': () => json(401, apiError('unauthenticated', '')) });
    renderStaff('/staff/enrol');
    expect(await screen.findByText('ลิงก์ลงทะเบียนนี้ใช้ไม่ได้แล้ว')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/staff/enrolment'))).toBe(false);
  });

  it('goes from the password to the authenticator to the recovery codes, then to the staff home', async () => {
    const user = userEvent.setup({ delay: null });
    let enrolled = false;
    const fetchMock = mockApi({
      'GET /api/staff/me': () =>
        enrolled ? json(200, { data: [member(['front_desk'])] }) : json(401, apiError('unauthenticated', '')),
      [`GET /api/staff/enrolment/${TOKEN}`]: () =>
        json(200, { data: [{ email: 'somying@hospital.example', displayName: 'สมหญิง ผู้ดูแล' }] }),
      [`POST /api/staff/enrolment/${TOKEN}/start`]: () =>
        json(200, {
          data: [
            {
              secret: SECRET,
              otpauthUri: `otpauth://totp/KlaiMor:somying%40hospital.example?secret=${SECRET}&issuer=KlaiMor`,
            },
          ],
        }),
      [`POST /api/staff/enrolment/${TOKEN}/confirm`]: (init) => {
        if (JSON.parse(init.body as string).code !== '246810')
          return json(400, apiError('staff_code_invalid', 'รหัสยืนยันจากแอป Authenticator ไม่ถูกต้อง กรุณาลองใหม่'));
        enrolled = true;
        return json(200, { data: [{ recoveryCodes }] });
      },
      'GET /api/staff/facilities/siriraj-hospital/schedule': () => json(200, { data: [schedule()] }),
    });
    renderStaff(`/staff/enrol#${TOKEN}`);
    expect(await screen.findByText('ลงทะเบียนให้ สมหญิง ผู้ดูแล (somying@hospital.example)')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('1ตั้งรหัสผ่าน');

    // Step 1: a password of 12 characters at least, checked before it is sent
    const password = screen.getByLabelText(/^รหัสผ่านใหม่/);
    await user.type(password, 'too short');
    await user.click(screen.getByRole('button', { name: 'ตั้งรหัสผ่าน' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription('รหัสผ่านต้องยาวอย่างน้อย 12 ตัวอักษร'));
    expect(bodyOf(fetchMock, '/start')).toBeUndefined();
    await user.type(password, ' but longer now');
    await user.click(screen.getByRole('button', { name: 'ตั้งรหัสผ่าน' }));

    // Step 2: the QR code and the key to type, confirmed by a code
    expect(await screen.findByRole('img', { name: 'คิวอาร์โค้ดสำหรับแอป Authenticator' })).toBeInTheDocument();
    expect(bodyOf(fetchMock, '/start')).toEqual({ password: 'too short but longer now' });
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    const code = screen.getByRole('textbox', { name: /^รหัส 6 หลักที่แอปแสดง/ });
    await user.type(code, '12345');
    await user.click(screen.getByRole('button', { name: 'ยืนยัน' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription('รหัสต้องเป็นตัวเลข 6 หลัก'));
    await user.type(code, '6');
    await user.click(screen.getByRole('button', { name: 'ยืนยัน' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription('รหัสไม่ถูกต้อง กรุณากรอกรหัสใหม่ที่แอปแสดงอยู่ตอนนี้'));
    expect(code).toHaveValue('');
    await user.type(code, '246810');
    await user.click(screen.getByRole('button', { name: 'ยืนยัน' }));

    expect(await screen.findByRole('listitem', { current: 'step' })).toHaveTextContent('3เก็บรหัสสำรอง');
    // Step 3: the ten recovery codes, shown once; going on needs the member to say they kept them
    const list = await screen.findByRole('list', { name: 'รหัสสำรอง 10 รหัส' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(recoveryCodes);
    expect(screen.getByText('เก็บรหัสสำรองเหล่านี้ไว้ในที่ปลอดภัย')).toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'เข้าสู่ระบบเจ้าหน้าที่' });
    expect(next).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'ฉันเก็บรหัสสำรองไว้เรียบร้อยแล้ว' }));
    await user.click(next);
    expect(await screen.findByRole('heading', { level: 1, name: 'นัดหมายวันนี้' })).toBeInTheDocument();
  });
});
