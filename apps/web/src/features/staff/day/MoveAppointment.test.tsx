import { addDays } from '@klaimor/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../../test/render';
import { apiError, clinics, dayEntry, member, slot, today } from '../staff-test-data';
import { renderStaff } from '../staff-test-render';

const LIST = '/api/staff/facilities/siriraj-hospital/appointments';
const SLOTS = '/api/staff/facilities/siriraj-hospital/schedule/slots';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the desk moves a booked patient', () => {
  async function openMove(moveReply: () => Response) {
    const user = userEvent.setup({ delay: null });
    const tomorrow = addDays(today, 1);
    const held = slot(tomorrow, '09:00');
    const entry = dayEntry(
      '09:00',
      { slotId: held.id, deposit: { amount: 300, state: 'paid', atDesk: null } },
      tomorrow,
    );
    const full = slot(tomorrow, '10:00', { capacity: 2, taken: 2, clinician: 'นพ.เต็ม แล้ว' });
    const free = slot(tomorrow, '11:00', { capacity: 4, taken: 1, clinician: 'นพ.ว่าง อยู่' });
    const posted: unknown[] = [];
    mockApi({
      'GET /api/staff/me': () => json(200, { data: [member(['front_desk'])] }),
      [`GET ${LIST}`]: () => json(200, { data: [entry] }),
      [`GET ${SLOTS}`]: () => json(200, { data: [held, full, free] }),
      [`POST ${LIST}/${entry.id}/move`]: ({ body }) => {
        posted.push(JSON.parse(String(body)));
        return moveReply();
      },
    });
    renderStaff('/staff');
    await user.click(await screen.findByRole('button', { name: 'ปิยะ ใจงาม' }));
    const dialog = await screen.findByRole('dialog', { name: 'ปิยะ ใจงาม' });
    await user.click(within(dialog).getByRole('button', { name: 'ย้ายนัด' }));
    const form = await screen.findByRole('dialog', { name: 'ย้ายนัดของ ปิยะ ใจงาม' });
    return { user, form, dialog, entry, full, free, posted };
  }

  it('offers the day’s times still free, moves the patient to the one chosen and says the patient is told', async () => {
    const { user, form, dialog, entry, free, posted } = await openMove(() =>
      json(200, { data: [dayEntry('11:00', { slotId: crypto.randomUUID() })] }),
    );
    expect(form).toHaveTextContent('มัดจำที่ชำระไว้ 300 บาท ใช้กับนัดใหม่ได้เลย');
    const times = await within(form).findAllByRole('radio');
    // The time already held is not offered; a full one is shown but cannot be chosen.
    expect(times).toHaveLength(2);
    expect(within(form).getByRole('radio', { name: /นพ.เต็ม แล้ว · เต็มแล้ว/ })).toBeDisabled();

    await user.click(within(form).getByRole('button', { name: 'ยืนยันย้ายนัด' }));
    expect(within(form).getByText('กรุณาเลือกช่วงเวลาใหม่')).toBeInTheDocument();
    expect(posted).toEqual([]);

    await user.click(within(form).getByRole('radio', { name: /นพ.ว่าง อยู่ · ว่าง 3 ที่/ }));
    await user.click(within(form).getByRole('button', { name: 'ยืนยันย้ายนัด' }));
    expect(await within(dialog).findByText('ย้ายนัดของ ปิยะ ใจงาม แล้ว ผู้ป่วยได้รับแจ้งเวลาใหม่')).toBeInTheDocument();
    expect(posted).toEqual([{ slotId: free.id }]);
    expect(entry.slotId).not.toBe(free.id);
  });

  it('names each time’s clinic when the facility has several', async () => {
    const user = userEvent.setup({ delay: null });
    const tomorrow = addDays(today, 1);
    const [general, medicine] = clinics();
    const held = slot(tomorrow, '09:00');
    const entry = dayEntry('09:00', { slotId: held.id }, tomorrow);
    const inMedicine = slot(tomorrow, '11:00', { clinicId: medicine.id, clinician: 'นพ.ว่าง อยู่' });
    mockApi({
      'GET /api/staff/me': () => json(200, { data: [member(['front_desk'])] }),
      'GET /api/staff/facilities/siriraj-hospital/clinics': () => json(200, { data: [general, medicine] }),
      [`GET ${LIST}`]: () => json(200, { data: [entry] }),
      [`GET ${SLOTS}`]: () => json(200, { data: [held, inMedicine] }),
    });
    renderStaff('/staff');
    await user.click(await screen.findByRole('button', { name: 'ปิยะ ใจงาม' }));
    const dialog = await screen.findByRole('dialog', { name: 'ปิยะ ใจงาม' });
    await user.click(within(dialog).getByRole('button', { name: 'ย้ายนัด' }));
    const form = await screen.findByRole('dialog', { name: 'ย้ายนัดของ ปิยะ ใจงาม' });
    expect(await within(form).findByRole('radio', { name: /M · อายุรกรรม · นพ.ว่าง อยู่/ })).toBeInTheDocument();
  });

  it('says so when another desk took the last place first', async () => {
    const { user, form } = await openMove(() => json(409, apiError('slot_full', 'ช่วงเวลานี้เต็มแล้ว')));
    await user.click(await within(form).findByRole('radio', { name: /นพ.ว่าง อยู่/ }));
    await user.click(within(form).getByRole('button', { name: 'ยืนยันย้ายนัด' }));
    expect(await within(form).findByText('ช่วงเวลานี้เต็มแล้ว กรุณาเลือกเวลาอื่น')).toBeInTheDocument();
  });
});
