import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useLocation } from 'react-router';
import { json, mockApi, renderWithProviders } from '../../test/render';
import { LoginPage } from './LoginPage';
import type { ReturnToState } from './return-to';

function SignupProbe() {
  const state = useLocation().state as ReturnToState | null;
  return (
    <p>
      signup page, back to {state?.returnTo}, booking at {state?.booking?.nameTh}
    </p>
  );
}

const booking: ReturnToState = {
  returnTo: '/?hospital=ramathibodi-hospital',
  booking: { nameTh: 'โรงพยาบาลรามาธิบดี', nameEn: 'Ramathibodi Hospital' },
};

function renderLogin(state: ReturnToState) {
  mockApi({ 'GET /api/users/me': () => json(401, { error: { code: 'unauthenticated', message: 'no session' } }) });
  return renderWithProviders(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/signup" element={<SignupProbe />} />
    </Routes>,
    { route: { pathname: '/login', state } },
  );
}

describe('LoginPage in the middle of a booking', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says which booking it returns to, and offers registering as a button as large as signing in', async () => {
    const user = userEvent.setup();
    renderLogin(booking);
    expect(
      await screen.findByText('เข้าสู่ระบบหรือลงทะเบียนแล้ว จะกลับไปจองนัดที่ โรงพยาบาลรามาธิบดี ต่อ อาการที่กรอกไว้ยังอยู่ครบ'),
    ).toBeInTheDocument();
    const register = screen.getByRole('link', { name: 'ลงทะเบียน' });
    expect(register).toHaveClass('MuiButton-sizeLarge', 'MuiButton-fullWidth');
    await user.click(register);
    expect(
      screen.getByText('signup page, back to /?hospital=ramathibodi-hospital, booking at โรงพยาบาลรามาธิบดี'),
    ).toBeInTheDocument();
  });

  it('says nothing of a booking when opened otherwise', async () => {
    renderLogin({ returnTo: '/history' });
    expect(await screen.findByRole('link', { name: 'ลงทะเบียน' })).toBeInTheDocument();
    expect(screen.queryByText(/จะกลับไปจองนัดที่/)).not.toBeInTheDocument();
  });
});
