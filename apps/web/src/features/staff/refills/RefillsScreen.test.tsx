import { addDays, type RefillBox, type StaffRefill } from '@klaimor/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18n } from '../../../i18n';
import { formatBuddhistDate } from '../../../lib/thai-date';
import { json, mockApi } from '../../../test/render';
import { formatDateTime } from '../shared/staff-format';
import { apiError, member, schedule, staffRefill, today } from '../staff-test-data';
import { renderStaff } from '../staff-test-render';

const FACILITY_API = '/api/staff/facilities/siriraj-hospital';
const REFILLS = `${FACILITY_API}/refills`;
const th = i18n.getFixedT('th', 'staff');
/** Text as Testing Library reads the page: a date's no-break spaces are spaces. */
const spaced = (text: string) => text.replace(/\s/g, ' ');
const thaiDate = (date: string) => spaced(formatBuddhistDate(date, 'th', 'short'));

type Handlers = Parameters<typeof mockApi>[0];
type Boxes = Partial<Record<RefillBox, StaffRefill[]>>;

/** The staff API of a member holding `roles`, with the refills of each box (asked again, a box answers anew). */
function api({
  roles,
  boxes = {},
  more = {},
}: {
  roles: Parameters<typeof member>[0];
  boxes?: Boxes | (() => Boxes);
  more?: Handlers;
}) {
  return mockApi({
    'GET /api/staff/me': () => json(200, { data: [member(roles)] }),
    [`GET ${REFILLS}`]: (init) => {
      const box = new URL(init.url, 'http://x').searchParams.get('box') as RefillBox;
      const now = typeof boxes === 'function' ? boxes() : boxes;
      return json(200, { data: now[box] ?? [] });
    },
    // The badge's numbers, as the server counts what the boxes hold.
    [`GET ${REFILLS}/counts`]: () => {
      const now = typeof boxes === 'function' ? boxes() : boxes;
      return json(200, {
        data: [{ toDecide: now.to_decide?.length ?? 0, toDispense: now.to_dispense?.length ?? 0 }],
      });
    },
    [`GET ${FACILITY_API}/appointments`]: () => json(200, { data: [] }),
    [`GET ${FACILITY_API}/schedule`]: () => json(200, { data: [schedule()] }),
    ...more,
  });
}

const calls = (fetchMock: ReturnType<typeof mockApi>, method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => (init?.method ?? 'GET') === method && String(url).split('?')[0] === path,
  );
const listedBoxes = (fetchMock: ReturnType<typeof mockApi>) =>
  calls(fetchMock, 'GET', REFILLS).map(([url]) => new URL(String(url), 'http://x').searchParams.get('box'));
/** The bodies POSTed to one step of one request (undefined for a step without one). */
const posted = (fetchMock: ReturnType<typeof mockApi>, refill: StaffRefill, step: string) =>
  calls(fetchMock, 'POST', `${REFILLS}/${refill.id}/${step}`).map(([, init]) =>
    init?.body === undefined ? undefined : JSON.parse(init.body as string),
  );

const rows = async () => within(await screen.findByRole('list', { name: 'คำขอรับยาต่อ' })).getAllByRole('listitem');

/**
 * axe-core's WCAG 2.1 A and AA rules on the screen, or on a dialog open over it; contrast is left to a browser:
 * happy-dom draws nothing.
 */
async function seriousViolations(context: Element = document.body): Promise<string[]> {
  const results = await axe.run(context, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    rules: { 'color-contrast': { enabled: false } },
    resultTypes: ['violations'],
  });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

const ranOut = staffRefill({
  requestedAt: `${addDays(today, -3)}T02:30:00.000Z`,
  patient: { name: 'บุญมา ทองดี', age: 71 },
  medication: { id: crypto.randomUUID(), name: 'Amlodipine', strength: '5 mg', form: 'tablet' },
  dosing: {
    ...staffRefill().dosing,
    doses: { afterBreakfast: 1, afterLunch: 0, afterDinner: 0, beforeBed: 0 },
    endDate: addDays(today, -5),
  },
});
const metformin = staffRefill({ note: 'ช่วงนี้น้ำตาลต่ำตอนเช้า' });
const byPost = staffRefill({
  delivery: 'post',
  patient: { name: 'มานี ดีใจ', age: 58 },
  medication: { id: crypto.randomUUID(), name: 'Simvastatin', strength: '20 mg', form: 'tablet' },
  dosing: {
    ...staffRefill().dosing,
    doses: { afterBreakfast: 0, afterLunch: 0, afterDinner: 0, beforeBed: 1 },
    instructions: 'งดเกรปฟรุต',
  },
  shipTo: {
    name: 'มานี ดีใจ',
    phone: '0812345678',
    address: '99/1 ถนนอรุณอมรินทร์',
    subdistrict: 'ศิริราช',
    district: 'บางกอกน้อย',
    province: 'กรุงเทพมหานคร',
    postcode: '10700',
  },
});
const nearHome = staffRefill({
  delivery: 'near_home_pharmacy',
  patient: { name: 'ปิยะ ใจงาม', age: 37 },
  pharmacy: {
    id: 'demo-near-home-pharmacy',
    nameTh: 'ร้านยาใกล้บ้าน (เดโม)',
    nameEn: 'Near-home pharmacy (demo)',
    address: 'ถนนอรุณอมรินทร์',
  },
});

/** A request the clinician approved for 60 days, waiting for the pharmacy. */
const approved = (refill: StaffRefill): StaffRefill => ({
  ...refill,
  status: 'approved',
  decidedAt: new Date().toISOString(),
  decidedBy: 'พญ.กมลวรรณ ใจงาม',
  approvedDays: 60,
  suppliedUntil: addDays(today, 63),
});

describe('the repeat prescriptions screen', () => {
  afterEach(async () => {
    // Unmounted first: a screen left behind (the schedule an admin lands on) asks for more after fetch is unstubbed.
    cleanup();
    vi.unstubAllGlobals();
    await changeLanguage('th');
  });

  it.each([
    [['front_desk'] as const, 'นัดหมายวันนี้'],
    [['admin'] as const, 'ตารางออกตรวจ'],
  ])('is not offered to %s', async (roles, home) => {
    const fetchMock = api({ roles: [...roles] });
    renderStaff('/staff/refills');
    expect(await screen.findByRole('heading', { level: 1, name: home })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: /ขอรับยาต่อ/ })).not.toBeInTheDocument();
    expect(listedBoxes(fetchMock)).toEqual([]);
  });

  it('is a clinician’s tab, counting the requests waiting for a decision, and opens on them', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = api({
      roles: ['clinician'],
      boxes: { to_decide: [ranOut, metformin], to_dispense: [approved(nearHome)] },
    });
    renderStaff('/staff/refills');
    expect(await screen.findByRole('heading', { level: 1, name: 'ขอรับยาต่อ' })).toBeInTheDocument();
    expect(
      await screen.findByRole('tab', { name: /^ขอรับยาต่อ\s?\(รอ 2 รายการ\)$/, selected: true }),
    ).toBeInTheDocument();
    const boxes = screen.getByRole('tablist', { name: 'กล่องคำขอรับยาต่อ' });
    expect(within(boxes).getByRole('tab', { name: /^รอแพทย์พิจารณา\s?\(รอ 2 รายการ\)$/, selected: true })).toBeVisible();
    expect(within(boxes).getByRole('tab', { name: 'รอจัดยา' })).toBeInTheDocument();
    expect(within(boxes).getByRole('tab', { name: 'เสร็จแล้ว' })).toBeInTheDocument();
    expect(new Set(listedBoxes(fetchMock))).toEqual(new Set(['to_decide']));

    // The pharmacy's step is not the clinician's: the approved one says where it is
    await user.click(within(boxes).getByRole('tab', { name: 'รอจัดยา' }));
    await waitFor(() => expect(listedBoxes(fetchMock)).toContain('to_dispense'));
    const [row] = await rows();
    expect(row).toHaveTextContent('ปิยะ ใจงาม');
    expect(row).toHaveTextContent('รอเภสัชกรจัดยา');
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
  });

  it('counts what waits on the tab from another screen without reading a patient of the list', async () => {
    const fetchMock = api({ roles: ['clinician'], boxes: { to_decide: [ranOut, metformin] } });
    renderStaff('/staff/day');
    expect(await screen.findByRole('tab', { name: /^ขอรับยาต่อ\s?\(รอ 2 รายการ\)$/ })).toBeInTheDocument();
    expect(calls(fetchMock, 'GET', `${REFILLS}/counts`).length).toBeGreaterThan(0);
    // The list is read (and each patient in it audited) only when the member opens the tab.
    expect(listedBoxes(fetchMock)).toEqual([]);
  });

  it('is where a pharmacist lands after signing in, on the requests to dispense', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = api({
      roles: ['pharmacist'],
      boxes: { to_dispense: [approved(metformin)], to_decide: [ranOut] },
    });
    renderStaff('/staff');
    expect(await screen.findByRole('heading', { level: 1, name: 'ขอรับยาต่อ' })).toBeInTheDocument();
    const boxes = screen.getByRole('tablist', { name: 'กล่องคำขอรับยาต่อ' });
    expect(await within(boxes).findByRole('tab', { name: /^รอจัดยา\s?\(รอ 1 รายการ\)$/, selected: true })).toBeVisible();
    // Their only screen: no bar of screens to choose from
    expect(screen.queryByRole('tablist', { name: 'หน้าจอของเจ้าหน้าที่' })).not.toBeInTheDocument();
    expect(new Set(listedBoxes(fetchMock))).toEqual(new Set(['to_dispense']));
    const [row] = await rows();
    expect(within(row).getByRole('button', { name: 'ยาพร้อมรับ' })).toBeInTheDocument();

    // What comes next, which only a clinician decides
    await user.click(within(boxes).getByRole('tab', { name: 'รอแพทย์พิจารณา' }));
    await waitFor(() => expect(listedBoxes(fetchMock)).toContain('to_decide'));
    const [waiting] = await rows();
    expect(waiting).toHaveTextContent('บุญมา ทองดี');
    expect(waiting).toHaveTextContent('รอแพทย์พิจารณา');
    expect(within(waiting).queryByRole('button')).not.toBeInTheDocument();
  });

  it('lists each request in a few lines: who, the medicine in dose words, the supply’s end, when, how, the note', async () => {
    api({ roles: ['clinician'], boxes: { to_decide: [ranOut, metformin, byPost, nearHome] } });
    renderStaff('/staff/refills');
    const [first, second, third, fourth] = await rows();

    expect(within(first).getByRole('heading', { level: 2, name: 'บุญมา ทองดี · 71 ปี' })).toBeInTheDocument();
    expect(first).toHaveTextContent(spaced(`ขอเมื่อ ${formatDateTime(th, ranOut.requestedAt, 'th')}`));
    expect(first).toHaveTextContent('Amlodipine 5 mg');
    expect(first).toHaveTextContent('หลังอาหารเช้า 1 เม็ด');
    expect(first).toHaveTextContent(`ยาหมดหลัง ${thaiDate(addDays(today, -5))} ขาดยามา 5 วันแล้ว`);
    expect(first).toHaveTextContent('รับที่ห้องยาโรงพยาบาล');

    expect(second).toHaveTextContent('Metformin 500 mg');
    expect(second).toHaveTextContent('หลังอาหารเช้า 1 เม็ด · หลังอาหารเย็น 1 เม็ด');
    expect(second).toHaveTextContent(`ยาเดิมพอถึง ${thaiDate(addDays(today, 3))} (อีก 3 วัน)`);
    expect(thaiDate(addDays(today, 3))).toMatch(/25\d\d$/);
    expect(second).toHaveTextContent('หมายเหตุ: ช่วงนี้น้ำตาลต่ำตอนเช้า');

    expect(third).toHaveTextContent('ก่อนนอน 1 เม็ด · งดเกรปฟรุต');
    expect(third).toHaveTextContent('ส่งทางไปรษณีย์');
    expect(third).toHaveTextContent('99/1 ถนนอรุณอมรินทร์ แขวงศิริราช เขตบางกอกน้อย กรุงเทพมหานคร 10700');
    expect(fourth).toHaveTextContent('รับที่ร้านยาใกล้บ้าน: ร้านยาใกล้บ้าน (เดโม)');

    // Each button says whose request it is to a screen reader
    const approve = within(first).getByRole('button', { name: 'อนุมัติ' });
    expect(approve).toHaveAccessibleDescription('บุญมา ทองดี · 71 ปี Amlodipine 5 mg');
    expect(within(first).getByRole('button', { name: 'ไม่อนุมัติ' })).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: 'ยาพร้อมรับ' })).not.toBeInTheDocument();
    expect(await seriousViolations()).toEqual([]);

    await changeLanguage('en');
    expect(await within(second).findByText(/^Current supply lasts to/)).toHaveTextContent(
      spaced(`Current supply lasts to ${formatBuddhistDate(addDays(today, 3), 'en', 'short')} (3 days left)`),
    );
    expect(second).toHaveTextContent(String(Number(addDays(today, 3).slice(0, 4))));
    expect(second).toHaveTextContent('After breakfast 1 tablet · After dinner 1 tablet');
    expect(first).toHaveTextContent('without it for 5 days');
    expect(third).toHaveTextContent('99/1 ถนนอรุณอมรินทร์, ศิริราช, บางกอกน้อย, กรุงเทพมหานคร, 10700');
  });

  it('shows what became of the done ones: the queue number, the parcel, the clinician’s reason', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = api({
      roles: ['clinician'],
      boxes: {
        done: [
          { ...approved(metformin), status: 'ready', readyAt: new Date().toISOString(), pickupQueueNumber: 12 },
          {
            ...approved(byPost),
            status: 'sent',
            sentAt: new Date().toISOString(),
            carrier: 'thailand_post',
            trackingNumber: 'EB123456785TH',
          },
          {
            ...ranOut,
            status: 'declined',
            decidedBy: 'พญ.กมลวรรณ ใจงาม',
            decidedAt: new Date().toISOString(),
            declineReason: 'ต้องมาตรวจวัดความดันก่อน',
          },
        ],
      },
    });
    renderStaff('/staff/refills');
    await user.click(await screen.findByRole('tab', { name: 'เสร็จแล้ว' }));
    await waitFor(() => expect(listedBoxes(fetchMock)).toContain('done'));
    const [ready, sent, declined] = await rows();
    expect(ready).toHaveTextContent('ยาพร้อมรับแล้ว');
    expect(ready).toHaveTextContent('คิว 12');
    expect(ready).toHaveTextContent(`อนุมัติ 60 วัน ถึง ${thaiDate(addDays(today, 63))} โดย พญ.กมลวรรณ ใจงาม`);
    expect(sent).toHaveTextContent('ส่งแล้ว');
    expect(sent).toHaveTextContent('ไปรษณีย์ไทย EB123456785TH');
    expect(declined).toHaveTextContent('ไม่อนุมัติ');
    expect(declined).toHaveTextContent('เหตุผลที่ไม่อนุมัติ: ต้องมาตรวจวัดความดันก่อน');
    expect(declined).toHaveTextContent('พิจารณาโดย พญ.กมลวรรณ ใจงาม');
    expect(within(declined).queryByRole('button')).not.toBeInTheDocument();
  });

  it('approves for 60 days: a month by default, two a click away, the new end said first', async () => {
    const user = userEvent.setup({ delay: null });
    let waiting = [metformin];
    const fetchMock = api({
      roles: ['clinician'],
      boxes: () => ({ to_decide: waiting }),
      more: {
        [`POST ${REFILLS}/${metformin.id}/approve`]: () => {
          waiting = [];
          return json(200, { data: [approved(metformin)] });
        },
      },
    });
    renderStaff('/staff/refills');
    const [row] = await rows();
    await user.click(within(row).getByRole('button', { name: 'อนุมัติ' }));
    const dialog = await screen.findByRole('dialog', { name: 'อนุมัติคำขอรับยาต่อ' });
    expect(dialog).toHaveTextContent('สมศรี มีสุข · 64 ปี');
    expect(dialog).toHaveTextContent('Metformin 500 mg');
    const days = within(dialog).getByRole('textbox', { name: /^จำนวนวัน/ });
    expect(days).toHaveValue('30');
    expect(days).toHaveAccessibleDescription(`นับต่อจากวันที่ยาเดิมหมด ยาจะพอถึง ${thaiDate(addDays(today, 33))}`);
    expect(within(dialog).getByRole('button', { name: '30 วัน', pressed: true })).toBeInTheDocument();
    expect(await seriousViolations(dialog)).toEqual([]);

    await user.clear(days);
    await user.type(days, '400');
    await user.click(within(dialog).getByRole('button', { name: 'อนุมัติ' }));
    await waitFor(() => expect(days).toHaveAccessibleDescription('1 ถึง 365 วัน'));
    expect(posted(fetchMock, metformin, 'approve')).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: '60 วัน' }));
    expect(days).toHaveValue('60');
    expect(days).toHaveAccessibleDescription(`นับต่อจากวันที่ยาเดิมหมด ยาจะพอถึง ${thaiDate(addDays(today, 63))}`);
    const listed = listedBoxes(fetchMock).length;
    await user.click(within(dialog).getByRole('button', { name: 'อนุมัติ 60 วัน' }));

    expect(
      await screen.findByText(`อนุมัติแล้ว: สมศรี มีสุข · 64 ปี ยาพอถึง ${thaiDate(addDays(today, 63))} ผู้ป่วยจะได้รับแจ้ง`),
    ).toBeInTheDocument();
    expect(posted(fetchMock, metformin, 'approve')).toEqual([{ days: 60 }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(listedBoxes(fetchMock).length).toBeGreaterThan(listed));
    expect(await screen.findByText('ไม่มีคำขอรอแพทย์พิจารณา')).toBeInTheDocument();
  });

  it('declines with a reason the patient reads, too short refused before it is sent', async () => {
    const user = userEvent.setup({ delay: null });
    const reason = 'ต้องมาตรวจเลือดก่อน กรุณานัดพบแพทย์';
    const fetchMock = api({
      roles: ['clinician'],
      boxes: { to_decide: [metformin] },
      more: {
        [`POST ${REFILLS}/${metformin.id}/decline`]: () =>
          json(200, { data: [{ ...metformin, status: 'declined', declineReason: reason }] }),
      },
    });
    renderStaff('/staff/refills');
    const [row] = await rows();
    await user.click(within(row).getByRole('button', { name: 'ไม่อนุมัติ' }));
    const dialog = await screen.findByRole('dialog', { name: 'ไม่อนุมัติคำขอรับยาต่อ' });
    const box = within(dialog).getByRole('textbox', { name: /^เหตุผล \(ผู้ป่วยจะอ่านข้อความนี้\)/ });
    expect(box).toHaveAccessibleDescription(/^ผู้ป่วยจะเห็นเหตุผลนี้ในแอป/);

    await user.type(box, 'ตรวจก่อน');
    await user.click(within(dialog).getByRole('button', { name: 'ไม่อนุมัติและแจ้งผู้ป่วย' }));
    await waitFor(() => expect(box).toHaveAccessibleDescription('กรุณาระบุเหตุผลให้ชัดเจน อย่างน้อย 10 ตัวอักษร'));
    expect(posted(fetchMock, metformin, 'decline')).toEqual([]);

    await user.clear(box);
    await user.type(box, reason);
    await user.click(within(dialog).getByRole('button', { name: 'ไม่อนุมัติและแจ้งผู้ป่วย' }));
    expect(await screen.findByText('ไม่อนุมัติคำขอของ สมศรี มีสุข · 64 ปี แล้ว ผู้ป่วยจะได้รับแจ้งพร้อมเหตุผล')).toBeInTheDocument();
    expect(posted(fetchMock, metformin, 'decline')).toEqual([{ reason }]);
  });

  it('explains a request someone decided first (409 refill_moved_on) and shows the list as it now is', async () => {
    const user = userEvent.setup({ delay: null });
    let waiting = [metformin, ranOut];
    const fetchMock = api({
      roles: ['clinician'],
      boxes: () => ({ to_decide: waiting }),
      more: {
        [`POST ${REFILLS}/${metformin.id}/approve`]: () => {
          waiting = [ranOut];
          return json(409, apiError('refill_moved_on', 'คำขอนี้มีการดำเนินการไปแล้ว'));
        },
      },
    });
    renderStaff('/staff/refills');
    const [row] = await rows();
    await user.click(within(row).getByRole('button', { name: 'อนุมัติ' }));
    const dialog = await screen.findByRole('dialog', { name: 'อนุมัติคำขอรับยาต่อ' });
    await user.click(within(dialog).getByRole('button', { name: 'อนุมัติ 30 วัน' }));

    expect(
      await screen.findByText(
        'คำขอ Metformin 500 mg ของ สมศรี มีสุข · 64 ปี มีผู้ดำเนินการไปแล้ว เช่น แพทย์ท่านอื่นพิจารณาก่อน รายการด้านล่างโหลดใหม่เป็นสถานะล่าสุดแล้ว',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(async () => expect(await rows()).toHaveLength(1));
    expect((await rows())[0]).toHaveTextContent('บุญมา ทองดี');
    expect(posted(fetchMock, metformin, 'approve')).toEqual([{ days: 30 }]);
  });

  it('marks a pickup at the hospital ready and shows its queue number large, to write on the bag', async () => {
    const user = userEvent.setup({ delay: null });
    let toDispense = [approved(metformin), approved(nearHome)];
    const fetchMock = api({
      roles: ['pharmacist'],
      boxes: () => ({ to_dispense: toDispense }),
      more: {
        [`POST ${REFILLS}/${metformin.id}/ready`]: () => {
          toDispense = [approved(nearHome)];
          const marked = { ...approved(metformin), status: 'ready', readyAt: new Date().toISOString() };
          return json(200, { data: [{ ...marked, pickupQueueNumber: 12 }] });
        },
        [`POST ${REFILLS}/${nearHome.id}/ready`]: () =>
          json(200, { data: [{ ...approved(nearHome), status: 'ready', readyAt: new Date().toISOString() }] }),
      },
    });
    renderStaff('/staff/refills');
    const [hospital] = await rows();
    expect(hospital).toHaveTextContent(`อนุมัติ 60 วัน ถึง ${thaiDate(addDays(today, 63))} โดย พญ.กมลวรรณ ใจงาม`);
    await user.click(within(hospital).getByRole('button', { name: 'ยาพร้อมรับ' }));

    const dialog = await screen.findByRole('dialog', { name: 'ยาพร้อมรับ: คิวรับยา' });
    expect(dialog).toHaveTextContent('สมศรี มีสุข · 64 ปี');
    expect(dialog).toHaveTextContent('Metformin 500 mg');
    const number = within(dialog).getByText('12');
    expect(number.tagName).toBe('P');
    expect(within(dialog).getByText(/^เขียนหมายเลขนี้บนถุงยา/)).toBeInTheDocument();
    expect(posted(fetchMock, metformin, 'ready')).toEqual([undefined]);
    expect(await seriousViolations(dialog)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'เขียนบนถุงแล้ว ปิด' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // A nearby pharmacy's has no queue number: the patient is told where
    await waitFor(async () => expect(await rows()).toHaveLength(1));
    const [near] = await rows();
    await user.click(within(near).getByRole('button', { name: 'ยาพร้อมรับ' }));
    expect(await screen.findByText('แจ้ง ปิยะ ใจงาม · 37 ปี แล้ว: รับที่ร้านยาใกล้บ้าน: ร้านยาใกล้บ้าน (เดโม)')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posted(fetchMock, nearHome, 'ready')).toEqual([undefined]);
  });

  it('records a parcel by Thailand Post, its number checked as the server checks it, and shows the server’s reason', async () => {
    const user = userEvent.setup({ delay: null });
    let answer = 400;
    const fetchMock = api({
      roles: ['pharmacist'],
      boxes: { to_dispense: [approved(byPost)] },
      more: {
        [`POST ${REFILLS}/${byPost.id}/sent`]: () =>
          answer === 400
            ? json(400, apiError('validation_failed', 'ข้อมูลไม่ถูกต้อง', { trackingNumber: 'invalid_tracking_number' }))
            : json(200, {
                data: [
                  { ...approved(byPost), status: 'sent', carrier: 'thailand_post', trackingNumber: 'EB123456785TH' },
                ],
              }),
      },
    });
    renderStaff('/staff/refills');
    const [row] = await rows();
    expect(within(row).queryByRole('button', { name: 'ยาพร้อมรับ' })).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'บันทึกการส่งพัสดุ' }));
    const dialog = await screen.findByRole('dialog', { name: 'บันทึกการส่งพัสดุ' });
    expect(dialog).toHaveTextContent('มานี ดีใจ · 081-234-5678');
    expect(dialog).toHaveTextContent('99/1 ถนนอรุณอมรินทร์ แขวงศิริราช เขตบางกอกน้อย กรุงเทพมหานคร 10700');
    expect(within(dialog).getByRole('radio', { name: 'ไปรษณีย์ไทย' })).toBeChecked();
    const tracking = within(dialog).getByRole('textbox', { name: /^เลขพัสดุ/ });
    const save = within(dialog).getByRole('button', { name: 'บันทึกและแจ้งผู้ป่วย' });
    const wrongNumber = 'เลขพัสดุไม่ถูกต้อง ตรวจตัวอักษรและตัวเลขอีกครั้ง (เช่น EB123456785TH)';

    // The last digit but one is the check digit: 0 is wrong for these serial digits
    await user.type(tracking, 'EB123456780TH');
    await user.click(save);
    await waitFor(() => expect(tracking).toHaveAccessibleDescription(wrongNumber));

    // Another carrier is named, and has numbers of its own
    await user.click(within(dialog).getByRole('radio', { name: 'อื่น ๆ' }));
    await waitFor(() => expect(tracking).toHaveAccessibleDescription('ตัวอักษรภาษาอังกฤษและตัวเลขตามใบรับฝาก'));
    const carrierName = within(dialog).getByRole('textbox', { name: /^ชื่อผู้ให้บริการขนส่ง/ });
    await user.click(save);
    await waitFor(() => expect(carrierName).toHaveAccessibleDescription('กรุณากรอกข้อมูลนี้'));
    expect(posted(fetchMock, byPost, 'sent')).toEqual([]);
    expect(await seriousViolations(dialog)).toEqual([]);

    await user.click(within(dialog).getByRole('radio', { name: 'ไปรษณีย์ไทย' }));
    await waitFor(() => expect(tracking).toHaveAccessibleDescription(wrongNumber));
    await user.clear(tracking);
    await user.type(tracking, 'eb 1234 5678 5 th');
    await user.click(save);
    await waitFor(() => expect(tracking).toHaveAccessibleDescription(wrongNumber));
    expect(posted(fetchMock, byPost, 'sent')).toEqual([{ carrier: 'thailand_post', trackingNumber: 'EB123456785TH' }]);

    answer = 200;
    await user.click(save);
    expect(await screen.findByText('บันทึกเลขพัสดุ EB123456785TH แล้ว มานี ดีใจ · 58 ปี จะได้รับแจ้ง')).toBeInTheDocument();
    expect(posted(fetchMock, byPost, 'sent')).toHaveLength(2);
  });
});
