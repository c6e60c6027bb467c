import { CONSENT_VERSION } from '@klaimor/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderWithProviders } from '../../test/render';
import { ConsentRenewalDialog } from './ConsentRenewalDialog';

afterEach(() => vi.unstubAllGlobals());

describe('asking again for consent after the texts changed', () => {
  it('shows both new texts and records the consent to the version in force', async () => {
    const fetchMock = mockApi({
      'POST /api/users/me/consents': () =>
        json(201, { data: [{ version: CONSENT_VERSION, givenAt: '2026-11-25T03:00:00.000Z' }] }),
    });
    const user = userEvent.setup();
    renderWithProviders(<ConsentRenewalDialog />);
    const dialog = await screen.findByRole('dialog', { name: 'ข้อตกลงการใช้งานและนโยบายความเป็นส่วนตัวฉบับใหม่' });
    expect(dialog).toHaveTextContent('ข้อตกลงการใช้งาน');
    expect(dialog).toHaveTextContent('สิทธิของคุณ');
    await user.click(screen.getByRole('button', { name: 'ยอมรับและใช้งานต่อ' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) => String(url).endsWith('/api/users/me/consents') && init?.method === 'POST',
        ),
      ).toBe(true),
    );
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/users/me/consents'))!;
    expect(JSON.parse(String(init?.body))).toEqual({ version: CONSENT_VERSION });
  });
});
