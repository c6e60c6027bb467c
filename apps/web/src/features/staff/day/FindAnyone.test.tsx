import { addDays, type PatientRegistration } from '@klaimor/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../../test/render';
import { apiError, dayEntry, member, today } from '../staff-test-data';
import { renderStaff } from '../staff-test-render';

const LIST = '/api/staff/facilities/siriraj-hospital/appointments';

const registration = (patch: Partial<PatientRegistration> = {}): PatientRegistration => ({
  name: 'ปิยะ ใจงาม',
  idDocument: { type: 'thai_id', number: '1101700203451', nationality: null },
  birthday: '1988-02-14',
  gender: 'male',
  address: '45 หมู่ 2 ศรีภูมิ เมืองเชียงใหม่ เชียงใหม่ 50200',
  phone: '0812345678',
  hospitalNumber: null,
  publicScheme: { scheme: 'ucs', registeredFacility: 'รพ.สต.บ้านใหม่', memberNumber: null },
  insurances: [],
  ...patch,
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the desk finds a patient on any date', () => {
  it('lists what the search finds on other days, and opens that day with the appointment', async () => {
    const user = userEvent.setup({ delay: null });
    const nextWeek = addDays(today, 7);
    const elsewhere = dayEntry(
      '09:00',
      {
        reference: 'AB12CD34',
        patient: { name: 'บุญมา ทองดี', age: 60, phone: '0891234567', hospitalNumber: '5512/68' },
      },
      nextWeek,
    );
    const fetchMock = mockApi({
      'GET /api/staff/me': () => json(200, { data: [member(['front_desk'])] }),
      [`GET ${LIST}`]: ({ url }) => {
        const params = new URL(url, 'http://x').searchParams;
        return json(200, { data: params.get('date') === nextWeek ? [elsewhere] : [] });
      },
      [`GET ${LIST}/search`]: () => json(200, { data: [elsewhere] }),
    });
    renderStaff('/staff');
    await screen.findByText('ยังไม่มีผู้ป่วยนัดในวันนี้');

    await user.type(screen.getByRole('searchbox', { name: 'ค้นหาผู้ป่วย' }), 'ab12cd34');
    const found = await screen.findByRole('region', { name: 'พบในวันอื่น 1 นัด' });
    expect(screen.getByText('ไม่พบในวันที่เลือก แต่พบนัดหมายในวันอื่นด้านล่าง')).toBeInTheDocument();
    expect(found).toHaveTextContent('บุญมา ทองดี · HN 5512/68');
    expect(found).toHaveTextContent('AB12CD34');
    const searched = fetchMock.mock.calls.map(([u]) => String(u)).find((u) => u.includes('/search?'));
    expect(new URL(searched!, 'http://x').searchParams.get('q')).toBe('ab12cd34');

    await user.click(within(found).getByRole('button', { name: /บุญมา ทองดี/ }));
    const dialog = await screen.findByRole('dialog', { name: 'บุญมา ทองดี' });
    expect(dialog).toHaveTextContent('5512/68');
    await user.click(within(dialog).getByRole('button', { name: 'ปิด' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'นัดหมายประจำวัน' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'บุญมา ทองดี' })).toBeInTheDocument();
    // The day shown is now the appointment's, where the day list finds it; nothing is left "on other days".
    await waitFor(() => expect(screen.queryByRole('region', { name: /พบในวันอื่น/ })).not.toBeInTheDocument());
  });

  it('does not search other days for fewer than three characters', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = mockApi({
      'GET /api/staff/me': () => json(200, { data: [member(['front_desk'])] }),
      [`GET ${LIST}`]: () => json(200, { data: [] }),
    });
    renderStaff('/staff');
    await screen.findByText('ยังไม่มีผู้ป่วยนัดในวันนี้');
    await user.type(screen.getByRole('searchbox', { name: 'ค้นหาผู้ป่วย' }), 'ab');
    await screen.findByText('ไม่พบนัดหมายที่ตรงกับการค้นหา');
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/search'))).toBe(false);
  });
});

describe("the patient's registration and queue ticket", () => {
  type Handlers = (id: string) => Parameters<typeof mockApi>[0];
  async function openAs(roles: ('front_desk' | 'clinician')[], handlers: Handlers = () => ({})) {
    const user = userEvent.setup({ delay: null });
    const entry = dayEntry('09:00', { status: 'checked_in', queue: { number: 12, label: 'A012', ahead: 3 } });
    const fetchMock = mockApi({
      'GET /api/staff/me': () => json(200, { data: [member(roles)] }),
      [`GET ${LIST}`]: () => json(200, { data: [entry] }),
      ...handlers(entry.id),
    });
    renderStaff('/staff');
    await user.click(await screen.findByRole('button', { name: 'ปิยะ ใจงาม' }));
    const dialog = await screen.findByRole('dialog', { name: 'ปิยะ ใจงาม' });
    return { user, dialog, fetchMock, entry };
  }
  const regPath = (id: string) => `${LIST}/${id}/registration`;

  it('shows the desk the ID number, birthday, address and scheme only when asked, and keeps the HN typed', async () => {
    let saved: PatientRegistration | null = null;
    const handlers: Handlers = (id) => ({
      [`GET ${regPath(id)}`]: () => json(200, { data: [registration()] }),
      [`PUT ${LIST}/${id}/hospital-number`]: ({ body }) => {
        saved = registration({ hospitalNumber: JSON.parse(String(body)).hospitalNumber });
        return json(200, { data: [saved] });
      },
    });
    const { user, dialog, fetchMock } = await openAs(['front_desk'], handlers);
    const section = within(dialog).getByRole('region', { name: 'ข้อมูลลงทะเบียนโรงพยาบาล' });
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/registration'))).toBe(false);

    await user.click(within(section).getByRole('button', { name: 'แสดงเลขประจำตัว ที่อยู่ และสิทธิการรักษา' }));
    expect(await within(section).findByText('1-1017-00203-45-1')).toBeInTheDocument();
    expect(section).toHaveTextContent('14 กุมภาพันธ์ 2531');
    expect(section).toHaveTextContent('ชาย');
    expect(section).toHaveTextContent('50200');
    expect(section).toHaveTextContent('บัตรทอง (สปสช.)');
    expect(section).toHaveTextContent('หน่วยบริการ: รพ.สต.บ้านใหม่');

    const hn = within(section).getByRole('textbox', { name: /^HN/ });
    await user.type(hn, '12 34');
    await user.click(within(section).getByRole('button', { name: 'บันทึก HN' }));
    expect(await within(section).findByText(/^HN ไม่ถูกต้อง/)).toBeInTheDocument();
    expect(saved).toBeNull();

    await user.clear(hn);
    await user.type(hn, 'hn-0042/69');
    await user.click(within(section).getByRole('button', { name: 'บันทึก HN' }));
    expect(await within(section).findByText('บันทึก HN HN-0042/69 แล้ว จะแสดงทุกครั้งที่ผู้ป่วยมาที่นี่')).toBeInTheDocument();
    expect(saved!.hospitalNumber).toBe('HN-0042/69');
  });

  it('says so when the HN belongs to another patient here', async () => {
    const handlers: Handlers = (id) => ({
      [`GET ${regPath(id)}`]: () => json(200, { data: [registration()] }),
      [`PUT ${LIST}/${id}/hospital-number`]: () =>
        json(409, apiError('hospital_number_taken', 'HN นี้เป็นของผู้ป่วยคนอื่นของโรงพยาบาลนี้แล้ว')),
    });
    const { user, dialog } = await openAs(['front_desk'], handlers);
    await user.click(within(dialog).getByRole('button', { name: 'แสดงเลขประจำตัว ที่อยู่ และสิทธิการรักษา' }));
    await user.type(await within(dialog).findByRole('textbox', { name: /^HN/ }), '77001');
    await user.click(within(dialog).getByRole('button', { name: 'บันทึก HN' }));
    expect(await within(dialog).findByText(/HN นี้เป็นของผู้ป่วยคนอื่น/)).toBeInTheDocument();
  });

  it('gives the clinician neither the registration nor the ticket', async () => {
    const { dialog } = await openAs(['clinician']);
    expect(within(dialog).queryByRole('region', { name: 'ข้อมูลลงทะเบียนโรงพยาบาล' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'พิมพ์บัตรคิว' })).not.toBeInTheDocument();
  });

  it('prints a queue ticket with the number, the day, the short name and the booking’s QR', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { user, dialog } = await openAs(['front_desk']);
    await user.click(within(dialog).getByRole('button', { name: 'พิมพ์บัตรคิว' }));
    const ticket = await screen.findByRole('dialog', { name: 'บัตรคิว' });
    expect(ticket).toHaveTextContent('บัตรคิวหมายเลขA012ผู้ป่วยนอกทั่วไป');
    expect(ticket).toHaveTextContent('ปิยะ ใ.');
    expect(ticket).not.toHaveTextContent('ปิยะ ใจงาม');
    expect(ticket).toHaveTextContent('เลขที่การจอง KM-7Q4X2B');
    expect(within(ticket).getByTitle('QR เลขที่การจอง')).toBeInTheDocument();
    // The printed copy sits apart from the app, out of the screen reader's way.
    expect(document.querySelector('body > .klaimor-printed-ticket')).toHaveAttribute('aria-hidden', 'true');
    await user.click(within(ticket).getByRole('button', { name: 'พิมพ์' }));
    expect(print).toHaveBeenCalledOnce();
  });
});
