import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n';
import { AppRoutes } from '../../routes';
import { json, mockApi, renderWithProviders } from '../../test/render';
import { apiError, member } from './staff-test-data';

describe('the /staff route', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await changeLanguage('th');
  });

  it('loads the staff screens in their own shell, without the patients’ navigation or session', async () => {
    const fetchMock = mockApi({ 'GET /api/staff/me': () => json(401, apiError('unauthenticated', 'กรุณาเข้าสู่ระบบ')) });
    renderWithProviders(<AppRoutes />, { route: '/staff/sign-in' });
    expect(await screen.findByRole('heading', { level: 1, name: 'เข้าสู่ระบบสำหรับเจ้าหน้าที่' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ใกล้หมอ สำหรับเจ้าหน้าที่' })).toHaveAttribute('href', '/staff');
    expect(screen.getByRole('button', { name: 'EN: Switch to English' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'เมนูหลัก' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContainEqual(
      expect.stringContaining('/api/users/me'),
    );
  });

  it('answers an unknown staff address inside the staff shell', async () => {
    mockApi({ 'GET /api/staff/me': () => json(401, apiError('unauthenticated', 'กรุณาเข้าสู่ระบบ')) });
    renderWithProviders(<AppRoutes />, { route: '/staff/nowhere' });
    expect(await screen.findByRole('heading', { level: 1, name: 'ไม่พบหน้านี้' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'กลับหน้าหลักเจ้าหน้าที่' })).toHaveAttribute('href', '/staff');
  });

  it('names the facilities in the language chosen', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({
      'GET /api/staff/me': () =>
        json(200, {
          data: [
            member(
              ['front_desk'],
              [
                {
                  id: 'ramathibodi-hospital',
                  nameTh: 'โรงพยาบาลรามาธิบดี',
                  nameEn: 'Ramathibodi Hospital',
                  roles: ['front_desk'],
                },
              ],
            ),
          ],
        }),
      'GET /api/staff/facilities/siriraj-hospital/appointments': () => json(200, { data: [] }),
    });
    renderWithProviders(<AppRoutes />, { route: '/staff' });
    expect(await screen.findByRole('option', { name: 'โรงพยาบาลศิริราช' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'EN: Switch to English' }));
    expect(await screen.findByRole('option', { name: 'Siriraj Hospital' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Ramathibodi Hospital' })).toBeInTheDocument();
  });
});
