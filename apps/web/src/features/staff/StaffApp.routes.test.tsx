import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderWithProviders } from '../../test/render';
import { StaffApp } from './StaffApp';
import { member, schedule, you } from './staff-test-data';

const FACILITY_API = '/api/staff/facilities/siriraj-hospital';

/** Where the router is, and the browser's back button, beside the staff screens. */
function Browser() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output aria-label="address">{`${pathname}${search}`}</output>
      <button type="button" onClick={() => void navigate(-1)}>
        back
      </button>
    </>
  );
}

const renderAt = (route: string) =>
  renderWithProviders(
    <>
      <Routes>
        <Route path="/staff/*" element={<StaffApp />} />
      </Routes>
      <Browser />
    </>,
    { route },
  );

const address = () => screen.getByRole('status', { name: 'address' });

function api(roles: Parameters<typeof member>[0]) {
  return mockApi({
    'GET /api/staff/me': () => json(200, { data: [member(roles)] }),
    [`GET ${FACILITY_API}/schedule`]: () => json(200, { data: [schedule()] }),
    [`GET ${FACILITY_API}/appointments`]: () => json(200, { data: [] }),
    [`GET ${FACILITY_API}/staff`]: () => json(200, { data: [you] }),
    [`GET ${FACILITY_API}/audit`]: () => json(200, { data: [] }),
  });
}

describe('each staff screen’s own address', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('opens the schedule at /staff/schedule for an admin, its tab chosen', async () => {
    api(['admin']);
    renderAt('/staff/schedule');
    expect(await screen.findByRole('heading', { level: 1, name: 'ตารางออกตรวจ' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'ตารางออกตรวจ', selected: true })).toBeInTheDocument();
    expect(address()).toHaveTextContent(/^\/staff\/schedule$/);
  });

  it('opens the audit log at /staff/audit for an admin, and every tab is a link to its screen', async () => {
    api(['admin']);
    renderAt('/staff/audit');
    expect(await screen.findByRole('heading', { level: 1, name: 'บันทึกการเข้าถึง' })).toBeInTheDocument();
    const tabs = screen.getByRole('tablist', { name: 'หน้าจอของเจ้าหน้าที่' });
    expect(within(tabs).getByRole('tab', { name: 'บันทึกการเข้าถึง', selected: true })).toBeInTheDocument();
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.getAttribute('href')),
    ).toEqual(['/staff/schedule', '/staff/members', '/staff/settings', '/staff/systems', '/staff/audit']);
  });

  it('sends /staff on to the member’s first screen', async () => {
    api(['admin']);
    renderAt('/staff');
    expect(await screen.findByRole('heading', { level: 1, name: 'ตารางออกตรวจ' })).toBeInTheDocument();
    expect(address()).toHaveTextContent(/^\/staff\/schedule$/);
  });

  it('sends the front desk asking for /staff/audit to a screen of theirs, without offering the audit log', async () => {
    const fetchMock = api(['front_desk']);
    renderAt('/staff/audit');
    expect(await screen.findByRole('heading', { level: 1, name: 'นัดหมายวันนี้' })).toBeInTheDocument();
    expect(address()).toHaveTextContent(/^\/staff\/day$/);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'นัดหมายวันนี้',
      'ข้อความผู้ป่วย',
      'ตารางออกตรวจ',
    ]);
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/audit'))).toBe(false);
  });

  it('goes back to the previous tab with the back button', async () => {
    const user = userEvent.setup({ delay: null });
    api(['admin']);
    renderAt('/staff/schedule');
    await user.click(await screen.findByRole('tab', { name: 'เจ้าหน้าที่' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'เจ้าหน้าที่' })).toBeInTheDocument();
    expect(address()).toHaveTextContent(/^\/staff\/members$/);
    await user.click(screen.getByRole('button', { name: 'back' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'ตารางออกตรวจ' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'ตารางออกตรวจ', selected: true })).toBeInTheDocument();
    expect(address()).toHaveTextContent(/^\/staff\/schedule$/);
  });

  it('keeps an old ?screen= link working, and the facility chosen in it', async () => {
    api(['admin']);
    renderAt('/staff?facility=siriraj-hospital&screen=members');
    expect(await screen.findByRole('heading', { level: 1, name: 'เจ้าหน้าที่' })).toBeInTheDocument();
    expect(address()).toHaveTextContent(/^\/staff\/members\?facility=siriraj-hospital$/);
    const scheduleTab = screen.getByRole('tab', { name: 'ตารางออกตรวจ' });
    expect(scheduleTab).toHaveAttribute('href', '/staff/schedule?facility=siriraj-hospital');
  });
});
