import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { captureInstallPrompt } from '../../install-prompt';
import { renderWithProviders } from '../../test/render';
import { InstallAppCard } from './InstallAppCard';

/** What Chromium sends when the app can be installed: the dialog opens only when the page asks. */
function offerInstall(outcome: 'accepted' | 'dismissed') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

beforeAll(() => {
  captureInstallPrompt();
  window.matchMedia ??= (query: string) => ({ matches: false, media: query }) as MediaQueryList;
});
afterEach(() => localStorage.clear());

describe('the install card on My Health', () => {
  it('stays away while the browser offers no install', () => {
    renderWithProviders(<InstallAppCard />);
    expect(screen.queryByRole('heading', { name: 'ติดตั้งใกล้หมอไว้บนหน้าจอโฮม' })).not.toBeInTheDocument();
  });

  it('says why once the browser offers it, and opens the browser’s own dialog', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<InstallAppCard />);
    const offer = offerInstall('accepted');
    expect(offer.defaultPrevented).toBe(true);
    expect(screen.getByRole('heading', { name: 'ติดตั้งใกล้หมอไว้บนหน้าจอโฮม' })).toBeInTheDocument();
    expect(screen.getByText(/หน้าที่เคยเปิดแล้วยังดูได้แม้ไม่มีอินเทอร์เน็ต/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'ติดตั้ง' }));
    expect(offer.prompt).toHaveBeenCalledOnce();
    // The offer is used up: the card goes.
    expect(screen.queryByRole('heading', { name: 'ติดตั้งใกล้หมอไว้บนหน้าจอโฮม' })).not.toBeInTheDocument();
  });

  it('is put off for good with "ไว้ทีหลัง"', async () => {
    const user = userEvent.setup({ delay: null });
    const first = renderWithProviders(<InstallAppCard />);
    offerInstall('dismissed');
    await user.click(screen.getByRole('button', { name: 'ไว้ทีหลัง' }));
    expect(screen.queryByRole('heading', { name: 'ติดตั้งใกล้หมอไว้บนหน้าจอโฮม' })).not.toBeInTheDocument();
    first.unmount();
    renderWithProviders(<InstallAppCard />);
    expect(screen.queryByRole('heading', { name: 'ติดตั้งใกล้หมอไว้บนหน้าจอโฮม' })).not.toBeInTheDocument();
  });
});
