import { addDays } from '@klaimor/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../../test/render';
import { apiError, dayEntry, member, slot, today } from '../staff-test-data';
import { renderStaff } from '../staff-test-render';

const BASE = '/api/staff/facilities/siriraj-hospital';
const LIST = `${BASE}/appointments`;

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const patient = { id: crypto.randomUUID(), name: 'บุญมี ศรีสุข', age: 72, phoneEnding: '5678' };

async function openBooking(
  handlers: Parameters<typeof mockApi>[0],
  roles: Parameters<typeof member>[0] = ['front_desk'],
) {
  const user = userEvent.setup({ delay: null });
  const fetchMock = mockApi({
    'GET /api/staff/me': () => json(200, { data: [member(roles)] }),
    [`GET ${LIST}`]: () => json(200, { data: [] }),
    ...handlers,
  });
  renderStaff('/staff');
  return { user, fetchMock };
}

describe('the desk books for a patient who does not book in the app', () => {
  it('finds a registered patient by their whole number, books a time with the deposit paid in cash, and says so', async () => {
    const free = slot(addDays(today, 1), '09:00', { depositAmount: 200, capacity: 4, taken: 1 });
    const posted: { body: unknown; key: string | null }[] = [];
    let tries = 0;
    const { user } = await openBooking({
      [`GET ${BASE}/patients`]: () => json(200, { data: [patient] }),
      [`GET ${BASE}/schedule/slots`]: () => json(200, { data: [free] }),
      [`POST ${LIST}`]: ({ body, headers }) => {
        posted.push({ body: JSON.parse(String(body)), key: new Headers(headers).get('Idempotency-Key') });
        // The first reply is lost on the way; the second try must carry the same key.
        if (tries++ === 0) return json(503, apiError('service_unavailable', 'ระบบขัดข้องชั่วคราว'));
        return json(201, {
          data: [dayEntry('09:00', { reference: '3F2A9C1B', deposit: { amount: 200, state: 'paid', atDesk: 'paid' } })],
        });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'จองนัดให้ผู้ป่วย' }));
    const dialog = await screen.findByRole('dialog', { name: 'จองนัดให้ผู้ป่วย' });

    await user.type(within(dialog).getByRole('textbox', { name: 'เบอร์มือถือของผู้ป่วย' }), '0812');
    await user.click(within(dialog).getByRole('button', { name: 'ค้นหา' }));
    expect(within(dialog).getByRole('textbox', { name: 'เบอร์มือถือของผู้ป่วย' })).toBeInvalid();

    await user.clear(within(dialog).getByRole('textbox', { name: 'เบอร์มือถือของผู้ป่วย' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'เบอร์มือถือของผู้ป่วย' }), '081 234 5678');
    await user.click(within(dialog).getByRole('button', { name: 'ค้นหา' }));
    expect(await within(dialog).findByText('บุญมี ศรีสุข · อายุ 72 ปี')).toBeInTheDocument();
    expect(within(dialog).getByText('เบอร์ลงท้าย 5678')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'จองนัดให้ผู้ป่วยคนนี้' }));

    expect(await within(dialog).findByText('ผู้ป่วย: บุญมี ศรีสุข')).toBeInTheDocument();
    await user.click(await within(dialog).findByRole('radio', { name: /ว่าง 3 ที่/ }));
    await user.type(within(dialog).getByRole('textbox', { name: 'อาการที่ผู้ป่วยเล่า' }), 'ปวดเข่า เดินลำบาก');
    await user.type(within(dialog).getByRole('textbox', { name: 'เป็นมานานเท่าไร' }), '2 สัปดาห์');
    await user.click(within(dialog).getByRole('button', { name: 'ยืนยันจองนัด' }));
    expect(within(dialog).getByText('กรุณาเลือกว่ารับมัดจำเป็นเงินสดหรือยกเว้น')).toBeInTheDocument();
    expect(posted).toEqual([]);

    await user.click(within(dialog).getByRole('radio', { name: /รับเงินสดที่เคาน์เตอร์แล้ว/ }));
    await user.click(within(dialog).getByRole('button', { name: 'ยืนยันจองนัด' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'ยืนยันจองนัด' }));
    expect(await within(dialog).findByText('จองนัดให้ บุญมี ศรีสุข แล้ว เลขที่นัด 3F2A9C1B ผู้ป่วยได้รับแจ้งแล้ว')).toBeInTheDocument();

    expect(posted).toHaveLength(2);
    expect(posted[0].body).toEqual({
      patientId: patient.id,
      slotId: free.id,
      symptoms: 'ปวดเข่า เดินลำบาก',
      duration: '2 สัปดาห์',
      deposit: 'paid',
    });
    expect(posted[0].key).toMatch(/^[0-9a-f-]{36}$/);
    expect(posted[1].key).toBe(posted[0].key);
  });

  it('offers to register a patient it cannot find; a number already registered is said so, not sent a code', async () => {
    const { user, fetchMock } = await openBooking({
      [`GET ${BASE}/patients`]: () => json(200, { data: [] }),
      [`POST ${BASE}/patients/code`]: () =>
        json(409, apiError('phone_registered', 'หมายเลขนี้ลงทะเบียนในใกล้หมอแล้ว ค้นหาด้วยหมายเลขนี้เพื่อจองนัดให้ผู้ป่วยได้เลย')),
    });
    await user.click(await screen.findByRole('button', { name: 'จองนัดให้ผู้ป่วย' }));
    const dialog = await screen.findByRole('dialog', { name: 'จองนัดให้ผู้ป่วย' });
    await user.type(within(dialog).getByRole('textbox', { name: 'เบอร์มือถือของผู้ป่วย' }), '0899990000');
    await user.click(within(dialog).getByRole('button', { name: 'ค้นหา' }));
    expect(await within(dialog).findByText('ไม่พบผู้ป่วยที่ลงทะเบียนด้วยข้อมูลนี้')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'ลงทะเบียนผู้ป่วยใหม่' }));
    expect(within(dialog).getByText('อ่านให้ผู้ป่วยฟังก่อนส่งรหัส')).toBeInTheDocument();
    // The number searched for carries over.
    expect(within(dialog).getByRole('textbox', { name: 'เบอร์มือถือของผู้ป่วย' })).toHaveValue('0899990000');
    await user.click(within(dialog).getByRole('button', { name: 'ส่งรหัสยินยอมทาง SMS' }));
    expect(await within(dialog).findByText(/หมายเลขนี้ลงทะเบียนในใกล้หมอแล้ว/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: /รหัส 6 หลัก/ })).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalled();
  });

  it('is not offered to a clinician', async () => {
    await openBooking({}, ['clinician']);
    expect(await screen.findByRole('heading', { name: /นัดหมายวันนี้/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'จองนัดให้ผู้ป่วย' })).not.toBeInTheDocument();
  });
});
