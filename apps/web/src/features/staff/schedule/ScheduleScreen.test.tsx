import { addDays } from '@klaimor/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n';
import { formatBuddhistDate, toBuddhistYear } from '../../../lib/thai-date';
import { json, mockApi } from '../../../test/render';
import { formatDateWithWeekday } from '../shared/staff-format';
import { apiError, clinics, extraSession, member, morning, schedule, slot, today } from '../staff-test-data';
import { renderStaff } from '../staff-test-render';

const SCHEDULE = '/api/staff/facilities/siriraj-hospital/schedule';
const th = i18n.getFixedT('th', 'staff');
const bodiesOf = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls
    .filter(([url, init]) => String(url).endsWith(path) && init?.method === 'POST')
    .map(([, init]) => JSON.parse((init as RequestInit).body as string));

describe('the schedule screen', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('lists weekly and extra sessions with Thai weekdays, hours, places, clinician and baht', async () => {
    mockApi({
      'GET /api/staff/me': () => json(200, { data: [member(['admin'])] }),
      [`GET ${SCHEDULE}`]: () => json(200, { data: [schedule()] }),
      'GET /api/staff/facilities/siriraj-hospital/clinics': () => json(200, { data: clinics() }),
    });
    renderStaff('/staff');
    const weekly = await screen.findByRole('region', { name: 'ตารางประจำสัปดาห์' });
    await within(weekly).findByText('A · ผู้ป่วยนอกทั่วไป');
    const row = within(weekly).getAllByRole('row')[1];
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'จ.–ศ.',
      'A · ผู้ป่วยนอกทั่วไป',
      '09:00–12:00 น.3 ช่วงต่อรอบ',
      '60 นาที',
      '4 คน',
      'พญ.กมลวรรณ ใจงาม',
      '1,200 บาท',
      'ดูช่วงเวลาแก้ไขลบ',
    ]);
    const extra = screen.getByRole('region', { name: 'รอบตรวจพิเศษ' });
    expect(within(extra).getByText(formatBuddhistDate(extraSession.onDate!, 'th', 'short'))).toBeInTheDocument();
    expect(within(extra).getByText('ไม่เก็บมัดจำ')).toBeInTheDocument();
    expect(within(extra).getByText('ไม่ระบุ')).toBeInTheDocument();
  });

  it('is read-only for the front desk: no adding, changing, removing or closing', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({
      'GET /api/staff/me': () => json(200, { data: [member(['front_desk'])] }),
      [`GET ${SCHEDULE}`]: () => json(200, { data: [schedule()] }),
    });
    renderStaff('/staff?screen=schedule');
    expect(await screen.findByText('คุณดูตารางได้อย่างเดียว เฉพาะผู้ดูแลระบบที่เพิ่มหรือแก้ไขตารางได้')).toBeInTheDocument();
    expect(screen.getByText('สมหญิง ผู้ดูแล')).toBeInTheDocument();
    expect(screen.getByText('· เจ้าหน้าที่หน้าเคาน์เตอร์', { exact: false })).toBeInTheDocument();
    expect(await screen.findAllByRole('button', { name: /^ดูช่วงเวลาของรอบ/ })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^เพิ่ม/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^แก้ไข/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^ลบ/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'วันปิดทำการ' }));
    expect(await screen.findByText('อบรมบุคลากร')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'ปิดทำการ 1 วัน' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^เปิดทำการอีกครั้ง วันที่/ })).not.toBeInTheDocument();
  });

  it('shows a clinician the day list and not the schedule', async () => {
    const fetchMock = mockApi({
      'GET /api/staff/me': () => json(200, { data: [member(['clinician'])] }),
      'GET /api/staff/facilities/siriraj-hospital/appointments': () => json(200, { data: [] }),
    });
    renderStaff('/staff?screen=schedule');
    expect(await screen.findByRole('heading', { level: 1, name: 'นัดหมายวันนี้' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'ตารางออกตรวจ' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/schedule'))).toBe(false);
  });

  it('offers the facilities of a member who works at several, and shows the chosen one', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({
      'GET /api/staff/me': () =>
        json(200, {
          data: [
            member(
              ['admin'],
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
      [`GET ${SCHEDULE}`]: () => json(200, { data: [schedule()] }),
      'GET /api/staff/facilities/ramathibodi-hospital/schedule': () =>
        json(200, { data: [schedule({ templates: [], closures: [] })] }),
      'GET /api/staff/facilities/ramathibodi-hospital/appointments': () => json(200, { data: [] }),
    });
    renderStaff('/staff');
    const picker = await screen.findByRole('combobox', { name: 'สถานพยาบาล' });
    expect(await screen.findByRole('button', { name: 'เพิ่มตารางประจำสัปดาห์' })).toBeInTheDocument();
    await user.selectOptions(picker, 'โรงพยาบาลรามาธิบดี');
    // The front desk there starts from the day's list; its schedule is the other tab.
    await user.click(await screen.findByRole('tab', { name: 'ตารางออกตรวจ' }));
    expect(await screen.findByText('ยังไม่มีตารางประจำสัปดาห์')).toBeInTheDocument();
    expect(screen.getByText('คุณดูตารางได้อย่างเดียว เฉพาะผู้ดูแลระบบที่เพิ่มหรือแก้ไขตารางได้')).toBeInTheDocument();
  });

  it('says when the schedule cannot be loaded, and loads it again on request', async () => {
    const user = userEvent.setup({ delay: null });
    let fail = true;
    mockApi({
      'GET /api/staff/me': () => json(200, { data: [member(['admin'])] }),
      [`GET ${SCHEDULE}`]: () =>
        fail ? json(500, apiError('internal_error', 'ระบบขัดข้อง')) : json(200, { data: [schedule()] }),
    });
    renderStaff('/staff');
    expect(await screen.findByText('โหลดข้อมูลไม่สำเร็จ')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'ลองอีกครั้ง' }));
    expect(await screen.findByRole('region', { name: 'ตารางประจำสัปดาห์' })).toBeInTheDocument();
  });
});

describe('closing a day', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks again when patients are booked, in the server’s words, and confirms with confirm: true', async () => {
    const user = userEvent.setup({ delay: null });
    const date = addDays(today, 10);
    const warning = 'วันนี้มีผู้ป่วยนัดไว้ 2 ราย การปิดวันจะยกเลิกนัดทั้งหมดและคืนมัดจำเต็มจำนวน กรุณายืนยันอีกครั้ง';
    let closures = schedule().closures;
    const fetchMock = mockApi({
      'GET /api/staff/me': () => json(200, { data: [member(['admin'])] }),
      [`GET ${SCHEDULE}`]: () => json(200, { data: [schedule({ closures })] }),
      [`POST ${SCHEDULE}/closures`]: (init) => {
        const body = JSON.parse(init.body as string);
        if (!body.confirm) return json(409, apiError('day_has_bookings', warning));
        closures = [...closures, { date: body.date, reason: body.reason }];
        return json(201, { data: [{ date: body.date, reason: body.reason, cancelledAppointments: 2 }] });
      },
    });
    renderStaff('/staff?view=closures');
    await user.click(await screen.findByRole('button', { name: 'ปิดทำการ 1 วัน' }));
    const dialog = await screen.findByRole('dialog', { name: 'ปิดทำการ 1 วัน' });
    await user.click(within(dialog).getByRole('button', { name: 'ปิดทำการวันนี้' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /^เหตุผล/ })).toHaveAccessibleDescription('กรุณากรอกข้อมูลนี้'),
    );

    const [y, m, d] = date.split('-').map(Number);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'วัน' }), String(d));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'เดือน' }), String(m));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'ปี พ.ศ.' }), String(toBuddhistYear(y)));
    await user.type(within(dialog).getByRole('textbox', { name: /^เหตุผล/ }), 'น้ำท่วมทางเข้าโรงพยาบาล');
    await user.click(within(dialog).getByRole('button', { name: 'ปิดทำการวันนี้' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('วันนี้มีผู้ป่วยนัดไว้แล้ว');
    expect(alert).toHaveTextContent(warning);
    await user.click(within(alert).getByRole('button', { name: 'ปิดวันและยกเลิกนัดทั้งหมด' }));
    expect(
      await screen.findByText(
        `ปิดทำการวันที่ ${formatBuddhistDate(date, 'th', 'short')} แล้ว ยกเลิกนัด 2 ราย และคืนมัดจำเต็มจำนวน`,
      ),
    ).toBeInTheDocument();
    expect(bodiesOf(fetchMock, '/closures')).toEqual([
      { date, reason: 'น้ำท่วมทางเข้าโรงพยาบาล', confirm: false },
      { date, reason: 'น้ำท่วมทางเข้าโรงพยาบาล', confirm: true },
    ]);
    expect(await screen.findByText('น้ำท่วมทางเข้าโรงพยาบาล')).toBeInTheDocument();
  });

  it('keeps the day open when the admin says so', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = mockApi({
      'GET /api/staff/me': () => json(200, { data: [member(['admin'])] }),
      [`GET ${SCHEDULE}`]: () => json(200, { data: [schedule()] }),
      [`POST ${SCHEDULE}/closures`]: () => json(409, apiError('day_has_bookings', 'วันนี้มีผู้ป่วยนัดไว้ 1 ราย')),
    });
    renderStaff('/staff?view=closures');
    await user.click(await screen.findByRole('button', { name: 'ปิดทำการ 1 วัน' }));
    const dialog = await screen.findByRole('dialog', { name: 'ปิดทำการ 1 วัน' });
    const [y, m, d] = addDays(today, 2).split('-').map(Number);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'วัน' }), String(d));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'เดือน' }), String(m));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'ปี พ.ศ.' }), String(toBuddhistYear(y)));
    await user.type(within(dialog).getByRole('textbox', { name: /^เหตุผล/ }), 'ประชุม');
    await user.click(within(dialog).getByRole('button', { name: 'ปิดทำการวันนี้' }));
    await user.click(await within(dialog).findByRole('button', { name: 'ไม่ปิด' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodiesOf(fetchMock, '/closures')).toHaveLength(1);
  });

  it('opens a closed day again, and closes the year’s public holidays', async () => {
    const user = userEvent.setup({ delay: null });
    const closed = schedule().closures[0];
    const fetchMock = mockApi({
      'GET /api/staff/me': () => json(200, { data: [member(['admin'])] }),
      [`GET ${SCHEDULE}`]: () => json(200, { data: [schedule()] }),
      [`DELETE ${SCHEDULE}/closures/${closed.date}`]: () => new Response(null, { status: 204 }),
      [`POST ${SCHEDULE}/closures/public-holidays`]: () =>
        json(200, {
          data: [
            { date: '2026-12-05', reason: 'วันพ่อแห่งชาติ' },
            { date: '2026-12-10', reason: 'วันรัฐธรรมนูญ' },
          ],
        }),
    });
    renderStaff('/staff?view=closures');
    const short = formatBuddhistDate(closed.date, 'th', 'short');
    expect(await screen.findByText(formatDateWithWeekday(th, closed.date, 'th'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `เปิดทำการอีกครั้ง วันที่ ${short}` }));
    const confirm = await screen.findByRole('dialog', { name: `เปิดทำการวันที่ ${short} อีกครั้ง?` });
    await user.click(within(confirm).getByRole('button', { name: 'เปิดทำการอีกครั้ง' }));
    expect(await screen.findByText(`เปิดทำการวันที่ ${short} อีกครั้งแล้ว`)).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => String(url).endsWith(`/closures/${closed.date}`) && init?.method === 'DELETE',
      ),
    ).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'ปิดวันหยุดนักขัตฤกษ์' }));
    const holidays = await screen.findByRole('dialog', { name: 'ปิดวันหยุดนักขัตฤกษ์' });
    expect(within(holidays).getByText(/มาฆบูชา/)).toBeInTheDocument();
    const thisYear = Number(today.slice(0, 4));
    await user.click(within(holidays).getByRole('radio', { name: `พ.ศ. ${toBuddhistYear(thisYear + 1)}` }));
    await user.click(within(holidays).getByRole('button', { name: 'ปิดวันหยุด' }));
    expect(await screen.findByText('ปิดวันหยุดนักขัตฤกษ์แล้ว 2 วัน')).toBeInTheDocument();
    expect(bodiesOf(fetchMock, '/public-holidays')).toEqual([{ year: thisYear + 1 }]);
  });
});

describe('the slot preview', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('groups the slots by day in the Buddhist Era, with clinician and places taken, and marks closed days', async () => {
    const user = userEvent.setup({ delay: null });
    const closure = schedule().closures[0];
    const fetchMock = mockApi({
      'GET /api/staff/me': () => json(200, { data: [member(['admin'])] }),
      [`GET ${SCHEDULE}`]: () => json(200, { data: [schedule()] }),
      [`GET ${SCHEDULE}/slots`]: () =>
        json(200, {
          data: [
            slot(addDays(today, 1), '09:00', { taken: 1 }),
            slot(addDays(today, 1), '10:00', { taken: 4 }),
            slot(addDays(today, 3), '13:00', { templateId: extraSession.id, clinician: '', capacity: 2 }),
          ],
        }),
    });
    renderStaff('/staff');
    await user.click(await screen.findByRole('tab', { name: 'ช่วงเวลาจอง' }));
    const days = await screen.findByRole('list', { name: 'ช่วงเวลาแยกตามวัน' });
    const day = (date: string) =>
      within(days)
        .getByRole('heading', { level: 3, name: formatDateWithWeekday(th, date, 'th') })
        .closest('li')!;
    expect(within(days).getAllByRole('heading', { level: 3 })).toHaveLength(7);
    const tomorrow = day(addDays(today, 1));
    expect(within(tomorrow).getByText('2 ช่วง')).toBeInTheDocument();
    expect(
      within(tomorrow)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['09:00–10:00 น.พญ.กมลวรรณ ใจงามจองแล้ว 1/4', '10:00–11:00 น.พญ.กมลวรรณ ใจงามจองแล้ว 4/4 · เต็ม']);
    expect(within(day(closure.date)).getByText('ปิดทำการ: อบรมบุคลากร')).toBeInTheDocument();
    expect(within(day(today)).getByText('ไม่มีช่วงเวลา')).toBeInTheDocument();
    const slotsCall = fetchMock.mock.calls.find(([url]) => String(url).includes('/slots?'));
    expect(String(slotsCall?.[0])).toContain(`from=${today}&to=${addDays(today, 6)}`);

    // One session's slots only
    await user.selectOptions(screen.getByRole('combobox', { name: 'รอบตรวจ' }), extraSession.id);
    await waitFor(() => expect(within(days).queryByText('2 ช่วง')).not.toBeInTheDocument());
    expect(within(day(addDays(today, 3))).getByText('13:00–14:00 น.')).toBeInTheDocument();

    // The next seven days
    await user.click(screen.getByRole('button', { name: '7 วันถัดไป' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url]) =>
          String(url).includes(`from=${addDays(today, 7)}&to=${addDays(today, 13)}`),
        ),
      ).toBe(true),
    );
    expect(screen.getByRole('button', { name: '7 วันก่อนหน้า' })).toBeEnabled();
  });

  it('opens on one session from its row, and says when there are no slots', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({
      'GET /api/staff/me': () => json(200, { data: [member(['admin'])] }),
      [`GET ${SCHEDULE}`]: () => json(200, { data: [schedule({ closures: [] })] }),
      [`GET ${SCHEDULE}/slots`]: () => json(200, { data: [] }),
    });
    renderStaff('/staff');
    await user.click(await screen.findByRole('button', { name: `ดูช่วงเวลาของรอบ จ.–ศ. 09:00–12:00 น.` }));
    expect(await screen.findByRole('tab', { name: 'ช่วงเวลาจอง', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'รอบตรวจ' })).toHaveValue(morning.id);
    expect(await screen.findByText('ไม่มีช่วงเวลาในช่วงนี้')).toBeInTheDocument();
  });
});
