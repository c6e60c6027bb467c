import { addDays } from '@klaimor/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toBuddhistYear } from '../../../lib/thai-date';
import { json, mockApi } from '../../../test/render';
import { apiError, clinics, dayEntry, member, today } from '../staff-test-data';
import { renderStaff } from '../staff-test-render';
import { DAY_LIST_POLL_MS } from './day.queries';

const LIST = '/api/staff/facilities/siriraj-hospital/appointments';
const listCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .map(([url]) => String(url))
    .filter((url) => url.includes(`${LIST}?`))
    .map((url) => new URL(url, 'http://x').searchParams);

describe("the day's list", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows each patient with time, queue, age, phone, red flags, deposit and status', async () => {
    mockApi({
      'GET /api/staff/me': () => json(200, { data: [member(['front_desk'])] }),
      [`GET ${LIST}`]: () =>
        json(200, {
          data: [
            dayEntry('09:00', { status: 'checked_in', queue: { number: 3, label: 'A003', ahead: 1 } }),
            dayEntry('10:00', {
              patient: { name: 'สมศรี มีสุข', age: 64, phone: '0898765432', hospitalNumber: null },
              symptoms: 'เจ็บหน้าอก หายใจไม่ออก',
              redFlags: ['chest_pain', 'breathing_difficulty'],
              deposit: { amount: 300, state: 'awaiting', atDesk: null },
              status: 'awaiting_deposit',
            }),
          ],
        }),
    });
    renderStaff('/staff');
    expect(await screen.findByRole('heading', { level: 1, name: 'นัดหมายวันนี้' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'รายชื่อผู้ป่วยที่นัดหมาย' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('09:00');
    expect(first).toHaveTextContent('คิวที่ A003');
    expect(first).toHaveTextContent('ปิยะ ใจงาม');
    expect(first).toHaveTextContent('37 ปี · 081-234-5678');
    expect(first).toHaveTextContent('ชำระแล้ว 300 บาท');
    expect(first).toHaveTextContent('เช็กอินแล้ว');
    expect(within(first).queryByText('อาการเตือน')).not.toBeInTheDocument();
    expect(within(second).getByText('อาการเตือน')).toBeInTheDocument();
    expect(second).toHaveTextContent('เจ็บหน้าอก, หายใจลำบาก');
    expect(second).toHaveTextContent('รอชำระ 300 บาท');
    expect(second).toHaveTextContent('รอชำระมัดจำ');
    expect(screen.getByText('2 ราย')).toBeInTheDocument();
  });

  it('narrows the list to one clinic, and a clinician to the sessions they see patients in (remembered)', async () => {
    const user = userEvent.setup({ delay: null });
    const [, medicine] = clinics();
    const api = (roles: Parameters<typeof member>[0]) =>
      mockApi({
        'GET /api/staff/me': () => json(200, { data: [member(roles)] }),
        'GET /api/staff/facilities/siriraj-hospital/clinics': () => json(200, { data: clinics() }),
        [`GET ${LIST}`]: () => json(200, { data: [dayEntry('09:00')] }),
      });
    let fetchMock = api(['front_desk']);
    const { unmount } = renderStaff('/staff');
    await screen.findByRole('list', { name: 'รายชื่อผู้ป่วยที่นัดหมาย' });
    expect(screen.queryByRole('switch', { name: 'เฉพาะรอบที่ฉันตรวจ' })).not.toBeInTheDocument();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'คลินิก' }), 'M · อายุรกรรม');
    await waitFor(() => expect(listCalls(fetchMock).at(-1)?.get('clinicId')).toBe(medicine.id));
    expect(listCalls(fetchMock).at(-1)?.has('clinician')).toBe(false);
    unmount();
    vi.unstubAllGlobals();

    fetchMock = api(['clinician']);
    const again = renderStaff('/staff');
    const own = await screen.findByRole('switch', { name: 'เฉพาะรอบที่ฉันตรวจ' });
    expect(own).not.toBeChecked();
    await user.click(own);
    await waitFor(() => expect(listCalls(fetchMock).at(-1)?.get('clinician')).toBe('me'));
    again.unmount();
    vi.unstubAllGlobals();

    fetchMock = api(['clinician']);
    renderStaff('/staff');
    expect(await screen.findByRole('switch', { name: 'เฉพาะรอบที่ฉันตรวจ' })).toBeChecked();
    await waitFor(() => expect(listCalls(fetchMock)[0]?.get('clinician')).toBe('me'));
  });

  it('asks the server with the search, the status and the date chosen, and says when nothing matches', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = mockApi({
      'GET /api/staff/me': () => json(200, { data: [member(['front_desk'])] }),
      [`GET ${LIST}`]: ({ url }) =>
        new URL(url, 'http://x').searchParams.has('q')
          ? json(200, { data: [] })
          : json(200, { data: [dayEntry('09:00')] }),
    });
    renderStaff('/staff');
    await screen.findByRole('list', { name: 'รายชื่อผู้ป่วยที่นัดหมาย' });
    expect(listCalls(fetchMock)[0].get('date')).toBe(today);

    await user.type(screen.getByRole('searchbox', { name: 'ค้นหาผู้ป่วย' }), '0899');
    expect(await screen.findByText('ไม่พบนัดหมายที่ตรงกับการค้นหา')).toBeInTheDocument();
    expect(listCalls(fetchMock).at(-1)?.get('q')).toBe('0899');

    await user.click(screen.getByRole('button', { name: 'ล้างการค้นหา' }));
    expect(await screen.findByRole('list', { name: 'รายชื่อผู้ป่วยที่นัดหมาย' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'ค้นหาผู้ป่วย' })).toHaveValue('');

    await user.selectOptions(screen.getByRole('combobox', { name: 'สถานะ' }), 'เช็กอินแล้ว');
    await waitFor(() => expect(listCalls(fetchMock).at(-1)?.get('status')).toBe('checked_in'));

    const tomorrow = addDays(today, 1);
    const [y, m, d] = tomorrow.split('-').map(Number);
    const date = screen.getByRole('group', { name: 'วันที่' });
    await user.selectOptions(within(date).getByRole('combobox', { name: 'ปี พ.ศ.' }), String(toBuddhistYear(y)));
    await user.selectOptions(within(date).getByRole('combobox', { name: 'เดือน' }), String(m));
    await user.selectOptions(within(date).getByRole('combobox', { name: 'วัน' }), String(d));
    await waitFor(() => expect(listCalls(fetchMock).at(-1)?.get('date')).toBe(tomorrow));
    expect(screen.getByRole('heading', { level: 1, name: 'นัดหมายประจำวัน' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'วันนี้' }));
    await waitFor(() => expect(listCalls(fetchMock).at(-1)?.get('date')).toBe(today));
  });

  it('asks again every 5 seconds, so a new booking and another desk’s check-in show by themselves', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let entries = [dayEntry('09:00')];
    const fetchMock = mockApi({
      'GET /api/staff/me': () => json(200, { data: [member(['front_desk'])] }),
      [`GET ${LIST}`]: () => json(200, { data: entries }),
    });
    renderStaff('/staff');
    const list = await screen.findByRole('list', { name: 'รายชื่อผู้ป่วยที่นัดหมาย' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    const asked = listCalls(fetchMock).length;

    entries = [
      dayEntry('09:00', { status: 'checked_in', queue: { number: 1, label: 'A001', ahead: 0 } }),
      dayEntry('11:00', { patient: { name: 'มานี ใหม่', age: 30, phone: '0811111111', hospitalNumber: null } }),
    ];
    await act(() => vi.advanceTimersByTimeAsync(DAY_LIST_POLL_MS));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(listCalls(fetchMock).length).toBe(asked + 1);
    expect(within(list).getByText('คิวที่ A001')).toBeInTheDocument();
    expect(within(list).getByText('มานี ใหม่')).toBeInTheDocument();
  });

  it('says when there is nobody booked, and when the list cannot be loaded', async () => {
    const user = userEvent.setup({ delay: null });
    let fail = true;
    mockApi({
      'GET /api/staff/me': () => json(200, { data: [member(['clinician'])] }),
      [`GET ${LIST}`]: () => (fail ? json(500, apiError('internal_error', 'ระบบขัดข้อง')) : json(200, { data: [] })),
    });
    renderStaff('/staff');
    expect(await screen.findByText('โหลดข้อมูลไม่สำเร็จ')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'ลองอีกครั้ง' }));
    expect(await screen.findByText('ยังไม่มีผู้ป่วยนัดในวันนี้')).toBeInTheDocument();
  });

  it('shows the front desk both its screens, the day first', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({
      'GET /api/staff/me': () => json(200, { data: [member(['front_desk'])] }),
      [`GET ${LIST}`]: () => json(200, { data: [] }),
      'GET /api/staff/facilities/siriraj-hospital/schedule': () => json(500, apiError('internal_error', 'ระบบขัดข้อง')),
    });
    renderStaff('/staff');
    expect(await screen.findByRole('tab', { name: 'นัดหมายวันนี้', selected: true })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'ตารางออกตรวจ' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'ตารางออกตรวจ' })).toBeInTheDocument();
  });
});
