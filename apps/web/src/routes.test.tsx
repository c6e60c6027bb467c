import { CONSENT_VERSION, ageInYears } from '@klaimor/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderWithProviders } from './test/render';
import { AppRoutes } from './routes';

const loggedOut = () => json(401, { error: { code: 'unauthenticated', message: 'no session' } });
const profile = {
  id: 'u1',
  email: 'somchai@example.com',
  firstname: 'สมชาย',
  lastname: 'ใจดี',
  thai_id: '1101700230708',
  phone: '0812345678',
  gender: 'male',
  birthday: '1990-03-12',
  address: '99/1 ถนนราชดำเนิน',
  subdistrist: 'ชนะสงคราม',
  subdistrict: 'ชนะสงคราม',
  district: 'พระนคร',
  province: 'กรุงเทพมหานคร',
  postcode: '10200',
  blood_group: 'B',
  consent: { version: CONSENT_VERSION, givenAt: '2026-11-25T03:00:00.000Z' },
  created_at: '2025-01-01T00:00:00Z',
};

describe('routes', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a logged-out visitor of /profile its sign-in card in place, with sign-in and registration', async () => {
    mockApi({ 'GET /api/users/me': loggedOut });
    renderWithProviders(<AppRoutes />, { route: '/profile' });
    expect(await screen.findByRole('heading', { name: 'เข้าสู่ระบบเพื่อดูข้อมูลส่วนตัวของคุณ' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'เข้าสู่ระบบ' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'ลงทะเบียน' })).toHaveAttribute('href', '/signup');
  });

  it('matches /myHealth case-insensitively and invites a logged-out visitor', async () => {
    mockApi({ 'GET /api/users/me': loggedOut });
    renderWithProviders(<AppRoutes />, { route: '/myHealth' });
    expect(await screen.findByRole('link', { name: 'เข้าสู่ระบบ' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'ลงทะเบียน' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'สุขภาพของฉัน' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows the home menu and an empty appointments list when logged in', async () => {
    mockApi({
      'GET /api/users/me': () => json(200, { data: [profile] }),
      'GET /api/appointments': () => json(200, { data: [] }),
      'GET /api/checklist': () => json(200, { data: [{ date: '2025-06-12', doses: [], due: 0, taken: 0 }] }),
      'GET /api/symptom-notes': () => json(200, { data: [] }),
    });
    renderWithProviders(<AppRoutes />, { route: '/myhealth' });
    expect(await screen.findByRole('link', { name: 'ข้อมูลส่วนตัว' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('link', { name: 'สิทธิการรักษา' })).toHaveAttribute('href', '/medicalright');
    expect(screen.getByRole('link', { name: 'ประวัติการรักษา' })).toHaveAttribute('href', '/history');
    expect(screen.getByRole('link', { name: 'บันทึกอาการ' })).toHaveAttribute('href', '/asd');
    expect(screen.getByRole('heading', { level: 2, name: 'นัดหมายของฉัน' })).toBeInTheDocument();
    expect(await screen.findByText('ยังไม่มีนัดหมาย')).toBeInTheDocument();
    expect(await screen.findByText('ไม่มียาที่ต้องทานวันนี้')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /ยาวันนี้/ })).toHaveAttribute('href', '/todo');
    expect(await screen.findByText('ยังไม่มีบันทึกอาการ')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /บันทึกอาการล่าสุด/ })).toHaveAttribute('href', '/asd');
  });

  it('shows the profile with BE birth date, age, grouped ID and formatted phone', async () => {
    mockApi({ 'GET /api/users/me': () => json(200, { data: [profile] }) });
    renderWithProviders(<AppRoutes />, { route: '/profile' });
    expect(await screen.findByRole('heading', { level: 2, name: 'สมชาย ใจดี' })).toBeInTheDocument();
    const age = ageInYears(profile.birthday);
    expect(age).toBeGreaterThanOrEqual(35);
    expect(screen.getByText(`อายุ ${age} ปี`)).toBeInTheDocument();
    expect(screen.getByText('12 มีนาคม 2533')).toBeInTheDocument();
    expect(screen.getByText('1-1017-00230-70-8')).toBeInTheDocument();
    expect(screen.getByText('081-234-5678')).toBeInTheDocument();
    expect(screen.getByText('99/1 ถนนราชดำเนิน แขวงชนะสงคราม เขตพระนคร กรุงเทพมหานคร 10200')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'แก้ไขข้อมูล' })).toBeEnabled();
    // The documents consented to stay readable from the profile, with the day of the consent.
    expect(screen.getByText('คุณให้ความยินยอมเมื่อ 25 พฤศจิกายน 2569')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'นโยบายความเป็นส่วนตัว' })).toHaveAttribute('href', '/privacy');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks a patient who consented to an earlier version of the terms to consent again, on any page', async () => {
    mockApi({
      'GET /api/users/me': () =>
        json(200, { data: [{ ...profile, consent: { version: '2025-01-01', givenAt: '2025-01-01T00:00:00Z' } }] }),
    });
    renderWithProviders(<AppRoutes />, { route: '/profile' });
    expect(
      await screen.findByRole('dialog', { name: 'ข้อตกลงการใช้งานและนโยบายความเป็นส่วนตัวฉบับใหม่' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ยอมรับและใช้งานต่อ' })).toBeInTheDocument();
  });

  it('lets anyone read the terms and the privacy notice', async () => {
    mockApi({ 'GET /api/users/me': loggedOut });
    renderWithProviders(<AppRoutes />, { route: '/privacy' });
    expect(await screen.findByRole('heading', { level: 1, name: 'นโยบายความเป็นส่วนตัว' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'สิทธิของคุณ' })).toBeInTheDocument();
  });

  it.each([
    ['/medicalRight', 'เข้าสู่ระบบเพื่อดูสิทธิการรักษาของคุณ'],
    ['/todo', 'เข้าสู่ระบบเพื่อดูยาที่ต้องทานและสิ่งที่ต้องทำของคุณ'],
    ['/history', 'เข้าสู่ระบบเพื่อดูประวัติการรักษาของคุณ'],
    ['/asd', 'เข้าสู่ระบบเพื่อดูบันทึกอาการของคุณ'],
    ['/symptoms', 'เข้าสู่ระบบเพื่อดูบันทึกอาการของคุณ'],
    ['/appointments/0b6f1a52-1f0e-4c55-8d1c-2f6a9d1e0a01', 'เข้าสู่ระบบเพื่อดูนัดหมายของคุณ'],
    ['/profile', 'เข้าสู่ระบบเพื่อดูข้อมูลส่วนตัวของคุณ'],
    ['/my-data/access', 'เข้าสู่ระบบเพื่อดูข้อมูลของคุณ'],
  ])(
    'shows a logged-out visitor of %s the sign-in card there, saying what the page holds: "%s"',
    async (route, heading) => {
      mockApi({ 'GET /api/users/me': loggedOut });
      renderWithProviders(<AppRoutes />, { route });
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      expect(screen.getByRole('navigation', { name: 'เมนูหลัก' })).toBeInTheDocument();
    },
  );

  it('opens the symptom notes at /symptoms too, under the My Health tab', async () => {
    mockApi({
      'GET /api/users/me': () => json(200, { data: [profile] }),
      'GET /api/symptom-notes': () => json(200, { data: [] }),
    });
    renderWithProviders(<AppRoutes />, { route: '/symptoms' });
    expect(await screen.findByRole('heading', { level: 1, name: 'บันทึกอาการ' })).toBeInTheDocument();
    expect(await screen.findByText('ยังไม่มีบันทึกอาการ')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'สุขภาพของฉัน' })).toHaveAttribute('aria-current', 'page');
  });
});
