import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollToTopOnNavigate } from './ScrollToTopOnNavigate';

function Screens() {
  const navigate = useNavigate();
  return (
    <>
      <Link to="/todo">ยาวันนี้</Link>
      <Link to="/myhealth?tab=visits">filter</Link>
      <button type="button" onClick={() => void navigate(-1)}>
        back
      </button>
    </>
  );
}

const renderAt = (route: string) =>
  render(
    <MemoryRouter initialEntries={[route]}>
      <ScrollToTopOnNavigate />
      <Screens />
    </MemoryRouter>,
  );

afterEach(() => vi.restoreAllMocks());

describe('moving between screens', () => {
  it('opens another screen at its top, and leaves the scroll alone on the first screen', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderAt('/myhealth');
    expect(scrollTo).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('link', { name: 'ยาวันนี้' }));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it("keeps the place when only the screen's search changes, and leaves going back to the browser", async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderAt('/myhealth');
    await userEvent.click(screen.getByRole('link', { name: 'filter' }));
    expect(scrollTo).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('link', { name: 'ยาวันนี้' }));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    await act(() => userEvent.click(screen.getByRole('button', { name: 'back' })));
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });
});
