import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../../test/render';
import { apiError, member, schedule } from '../staff-test-data';
import { renderStaff } from '../staff-test-render';

const signedOut = () => json(401, apiError('unauthenticated', 'กรุณาเข้าสู่ระบบ'));
const sentBody = (fetchMock: ReturnType<typeof mockApi>) => {
  const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/staff/sign-in'));
  return call ? JSON.parse((call[1] as RequestInit).body as string) : undefined;
};

async function fillIn(user: ReturnType<typeof userEvent.setup>, code = '123456') {
  await user.type(await screen.findByRole('textbox', { name: /^อีเมล/ }), 'somying@hospital.example');
  await user.type(screen.getByLabelText(/^รหัสผ่าน/), 'a long staff password');
  await user.type(screen.getByRole('textbox', { name: /^รหัส 6 หลักจากแอป Authenticator/ }), code);
}

describe('StaffSignInPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('checks the form with the shared schema before sending anything', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = mockApi({ 'GET /api/staff/me': signedOut });
    renderStaff('/staff/sign-in');
    await user.click(await screen.findByRole('button', { name: 'เข้าสู่ระบบ' }));
    expect(await screen.findByRole('textbox', { name: /^อีเมล/ })).toHaveAccessibleDescription('กรุณากรอกข้อมูลนี้');
    expect(screen.getByLabelText(/^รหัสผ่าน/)).toHaveAccessibleDescription('กรุณากรอกข้อมูลนี้');
    await user.type(screen.getByRole('textbox', { name: /^อีเมล/ }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'เข้าสู่ระบบ' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^อีเมล/ })).toHaveAccessibleDescription('รูปแบบอีเมลไม่ถูกต้อง'),
    );
    expect(sentBody(fetchMock)).toBeUndefined();
  });

  it('says a wrong answer plainly and clears the used code', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({
      'GET /api/staff/me': signedOut,
      'POST /api/staff/sign-in': () => json(401, apiError('staff_sign_in_failed', 'อีเมล รหัสผ่าน หรือรหัสยืนยันไม่ถูกต้อง')),
    });
    renderStaff('/staff/sign-in');
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'เข้าสู่ระบบ' }));
    expect(await screen.findByText('อีเมล รหัสผ่าน หรือรหัสยืนยันไม่ถูกต้อง')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^รหัส 6 หลัก/ })).toHaveValue('');
  });

  it('shows the Thai message the server sends when sign-ins at the account have to wait', async () => {
    const user = userEvent.setup({ delay: null });
    const locked = 'ลงชื่อเข้าใช้ไม่สำเร็จหลายครั้ง กรุณารอ 14 นาที แล้วลองใหม่';
    mockApi({
      'GET /api/staff/me': signedOut,
      'POST /api/staff/sign-in': () => json(429, apiError('staff_sign_in_slowed', locked), { 'Retry-After': '840' }),
    });
    renderStaff('/staff/sign-in');
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'เข้าสู่ระบบ' }));
    expect(await screen.findByText(locked)).toBeInTheDocument();
  });

  it('signs in with a recovery code and opens the schedule', async () => {
    const user = userEvent.setup({ delay: null });
    let signedIn = false;
    const fetchMock = mockApi({
      'GET /api/staff/me': () => (signedIn ? json(200, { data: [member(['admin'])] }) : signedOut()),
      'POST /api/staff/sign-in': () => {
        signedIn = true;
        return new Response(null, { status: 204 });
      },
      'GET /api/staff/facilities/siriraj-hospital/schedule': () => json(200, { data: [schedule()] }),
    });
    renderStaff('/staff/sign-in');
    await user.type(await screen.findByRole('textbox', { name: /^อีเมล/ }), ' Somying@Hospital.example ');
    await user.type(screen.getByLabelText(/^รหัสผ่าน/), 'a long staff password');
    await user.click(screen.getByRole('button', { name: 'ไม่มีโทรศัพท์อยู่กับตัว? ใช้รหัสสำรองแทน' }));
    await user.type(screen.getByRole('textbox', { name: /^รหัสสำรอง/ }), 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'เข้าสู่ระบบ' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'ตารางออกตรวจ' })).toBeInTheDocument();
    expect(sentBody(fetchMock)).toEqual({
      email: 'Somying@Hospital.example',
      password: 'a long staff password',
      code: 'abcde-fghjk',
    });
    expect(screen.getByText('สมหญิง ผู้ดูแล')).toBeInTheDocument();
  });

  it('sends a visitor without a staff session from /staff to sign-in', async () => {
    mockApi({ 'GET /api/staff/me': signedOut });
    renderStaff('/staff');
    expect(await screen.findByRole('heading', { level: 1, name: 'เข้าสู่ระบบสำหรับเจ้าหน้าที่' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'ออกจากระบบ' })).not.toBeInTheDocument();
  });
});
