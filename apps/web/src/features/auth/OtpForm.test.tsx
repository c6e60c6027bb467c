import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderWithProviders } from '../../test/render';
import { OtpForm } from './OtpForm';

function renderOtpForm(verifyReply: () => Response, devSmsOutbox = false) {
  const onVerified = vi.fn();
  const fetchMock = mockApi({
    'POST /api/auth/otp/verify': verifyReply,
    'GET /api/app-config': () => json(200, { data: [{ devSmsOutbox }] }),
    'GET /api/dev/sms': () =>
      json(200, {
        data: [{ to: '0812345678', text: 'รหัส OTP 654321', code: '654321', sentAt: '2025-01-01T00:00:00Z' }],
      }),
  });
  renderWithProviders(<OtpForm phone="0812345678" submitLabel="ถัดไป" onVerified={onVerified} />);
  return { onVerified, fetchMock };
}

async function enterCodeAndSubmit(code = '123456') {
  const user = userEvent.setup();
  await user.click(screen.getByRole('textbox', { name: 'หลักที่ 1' }));
  await user.paste(code);
  await user.click(screen.getByRole('button', { name: 'ถัดไป' }));
}

const otpError = (code: string) => () => json(code === 'otp_locked' ? 429 : 400, { error: { code, message: code } });

describe('OtpForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('passes next to the caller after a correct code', async () => {
    const { onVerified, fetchMock } = renderOtpForm(() => json(200, { data: [{ next: 'register' }] }));
    await enterCodeAndSubmit();
    await waitFor(() => expect(onVerified).toHaveBeenCalledWith('register'));
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/auth/otp/verify');
    expect(JSON.parse((call?.[1] as RequestInit).body as string)).toEqual({ phone: '0812345678', code: '123456' });
  });

  it.each([
    ['otp_invalid', 'รหัส OTP ไม่ถูกต้อง กรุณาลองใหม่'],
    ['otp_expired', 'รหัส OTP หมดอายุหรือถูกใช้ไปแล้ว กรุณากดส่งรหัสอีกครั้ง'],
    ['otp_locked', 'กรอกรหัสผิดหลายครั้งเกินไป รหัสนี้ถูกยกเลิกแล้ว กรุณากดส่งรหัสอีกครั้ง'],
  ])('explains %s in Thai and empties the boxes', async (code, message) => {
    const { onVerified } = renderOtpForm(otpError(code));
    await enterCodeAndSubmit();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'หลักที่ 1' })).toHaveValue('');
    expect(onVerified).not.toHaveBeenCalled();
  });

  it('asks for all six digits before calling the server', async () => {
    const { fetchMock } = renderOtpForm(() => json(200, { data: [{ next: 'home' }] }));
    await enterCodeAndSubmit('123');
    expect(screen.getByText('กรุณากรอกรหัสให้ครบ 6 หลัก')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/auth/otp/verify')).toBe(false);
  });

  it('shows the dev SMS banner with the latest code when the server has a dev outbox', async () => {
    renderOtpForm(() => json(200, { data: [{ next: 'home' }] }), true);
    const banner = await screen.findByRole('status', { name: 'SMS ทดสอบ' });
    expect(banner).toHaveTextContent('โหมดพัฒนา: ระบบไม่ได้ส่ง SMS จริง');
    await waitFor(() => expect(screen.getByTestId('dev-sms-code')).toHaveTextContent('654321'));
  });

  it('shows no dev banner on a real server', async () => {
    const { fetchMock } = renderOtpForm(() => json(200, { data: [{ next: 'home' }] }), false);
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/app-config')).toBe(true));
    expect(screen.queryByRole('status', { name: 'SMS ทดสอบ' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/dev/sms'))).toBe(false);
  });
});
