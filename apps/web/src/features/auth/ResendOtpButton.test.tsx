import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderWithProviders } from '../../test/render';
import { ResendOtpButton } from './ResendOtpButton';

describe('ResendOtpButton (spec section 4 states)', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('resending 3 s (disabled, spinner), then OTP sent 3 s, then normal; one real request', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const fetchMock = mockApi({
      'POST /api/auth/otp': () => json(202, { data: [{ expiresInSec: 300, resendAfterSec: 30 }] }),
    });
    const onResent = vi.fn();
    renderWithProviders(<ResendOtpButton phone="0812345678" onResent={onResent} />);

    await user.click(screen.getByRole('button', { name: 'ส่งรหัส OTP อีกครั้ง' }));
    const resending = screen.getByRole('button', { name: 'กำลังส่งรหัส OTP อีกครั้ง…' });
    expect(resending).toBeDisabled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(JSON.parse((fetchMock.mock.calls[0][1] as RequestInit).body as string)).toEqual({ phone: '0812345678' });

    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(screen.getByRole('button', { name: 'กำลังส่งรหัส OTP อีกครั้ง…' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    const sent = screen.getByRole('button', { name: 'ส่งรหัส OTP แล้ว!' });
    expect(sent).toHaveClass('MuiButton-colorSuccess');
    expect(onResent).toHaveBeenCalledTimes(1);

    await act(() => vi.advanceTimersByTimeAsync(3100));
    expect(screen.getByRole('button', { name: 'ส่งรหัส OTP อีกครั้ง' })).toBeEnabled();
  });

  it('on 429 says how many seconds to wait, counting down', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    mockApi({
      'POST /api/auth/otp': () =>
        json(429, { error: { code: 'otp_rate_limited', message: 'Too many' } }, { 'Retry-After': '25' }),
    });
    renderWithProviders(<ResendOtpButton phone="0812345678" />);
    await user.click(screen.getByRole('button', { name: 'ส่งรหัส OTP อีกครั้ง' }));
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.getByRole('status')).toHaveTextContent('กรุณารอ 25 วินาทีก่อนขอรหัสใหม่');
    expect(screen.getByRole('button', { name: 'ส่งรหัส OTP อีกครั้ง' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(screen.getByRole('status')).toHaveTextContent('กรุณารอ 20 วินาที');
  });
});
