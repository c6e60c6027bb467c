import { todayInBangkok, type Medication } from '@klaimor/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderWithProviders } from '../../test/render';
import { MedicationForm } from './MedicationForm';

const today = todayInBangkok();
const id = '33333333-3333-4333-8333-333333333333';

const saved: Medication = {
  id,
  name: 'Paracetamol',
  atcCode: null,
  strength: '500 mg',
  form: 'tablet',
  doses: { afterBreakfast: 0, afterLunch: 0, afterDinner: 0, beforeBed: 0 },
  customDose: null,
  mealTiming: 'after',
  intervalDose: null,
  asNeeded: { amount: 2, maxPerDay: 4, reason: 'เมื่อปวดหัว' },
  startDate: '2025-01-01',
  endDate: null,
  instructions: null,
  stock: null,
  status: 'active',
  stoppedAt: null,
  dailyUnits: 0,
  daysOfStockLeft: null,
  runningLow: false,
  prescribedBy: null,
  version: 1,
  longTerm: false,
  refillOffered: false,
  replaces: null,
  correction: null,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
};

function setup(medication: Medication | null = null, reply = () => json(201, { data: [saved] })) {
  const user = userEvent.setup({ delay: null });
  const fetchMock = mockApi({ 'POST /api/medications': reply, [`PUT /api/medications/${id}`]: reply });
  const onSaved = vi.fn();
  renderWithProviders(<MedicationForm medication={medication} onSaved={onSaved} onCancel={() => undefined} />);
  const sent = () => {
    const call = fetchMock.mock.calls.find(([url, init]) => init?.method && String(url).includes('/api/medications'));
    return call ? (JSON.parse((call[1] as RequestInit).body as string) as Record<string, unknown>) : undefined;
  };
  return { user, onSaved, sent };
}

const NO_DOSES = { afterBreakfast: 0, afterLunch: 0, afterDinner: 0, beforeBed: 0 };

async function typeName(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('textbox', { name: 'ชื่อยา' }));
  await user.paste(name);
}

describe('MedicationForm: how the medicine is taken', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('starts at meals, after the meal, and names the times before the meal once that is chosen', async () => {
    const { user, sent, onSaved } = setup();
    expect(screen.getByRole('radio', { name: /^ทานตามมื้ออาหาร/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'หลังอาหาร' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'หลังอาหารเช้า' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'ก่อนอาหาร' }));
    expect(screen.queryByRole('combobox', { name: 'หลังอาหารเช้า' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'ก่อนอาหารเช้า' }), '1 เม็ด');
    expect(screen.getByRole('combobox', { name: 'ก่อนนอน' })).toBeInTheDocument();
    await typeName(user, 'Omeprazole');
    await user.click(screen.getByRole('button', { name: 'บันทึก' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent()).toMatchObject({
      doses: { ...NO_DOSES, afterBreakfast: 1 },
      mealTiming: 'before',
      customDose: null,
      intervalDose: null,
      asNeeded: null,
    });
  });

  it('takes every N hours from a first time, shows the times of the day, and sends only that way', async () => {
    const { user, sent, onSaved } = setup();
    await typeName(user, 'Amoxicillin');
    // Meal doses set first, then another way chosen: they are not sent.
    await user.selectOptions(screen.getByRole('combobox', { name: 'หลังอาหารเช้า' }), '1 เม็ด');
    await user.click(screen.getByRole('radio', { name: /^ทานทุก ๆ กี่ชั่วโมง/ }));
    expect(screen.queryByRole('combobox', { name: 'หลังอาหารเช้า' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'บันทึก' }));
    expect(await screen.findByText('กรุณาเลือกจากตัวเลือกที่มี')).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
    await user.selectOptions(screen.getByRole('combobox', { name: 'ทานทุก' }), '8 ชั่วโมง');
    expect(screen.getByText('วันละ 3 ครั้ง')).toBeInTheDocument();
    const first = screen.getByLabelText(/เวลาทานครั้งแรกของวัน/);
    await user.clear(first);
    await user.type(first, '06:00');
    expect(await screen.findByText('เวลาทานแต่ละวัน: 06:00, 14:00, 22:00 น.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'บันทึก' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent()).toMatchObject({
      name: 'Amoxicillin',
      doses: NO_DOSES,
      mealTiming: 'after',
      customDose: null,
      intervalDose: { everyHours: 8, firstTime: '06:00', amount: 1 },
      asNeeded: null,
    });
  });

  it('takes as needed: the amount each time, the most a day (asked for), and what it is for', async () => {
    const { user, sent, onSaved } = setup();
    await typeName(user, 'Paracetamol');
    await user.click(screen.getByRole('radio', { name: /^ทานเมื่อมีอาการ/ }));
    await user.click(screen.getByRole('button', { name: 'บันทึก' }));
    expect(await screen.findByText('กรุณากรอกหรือเลือกข้อมูลนี้')).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
    await user.selectOptions(screen.getByRole('combobox', { name: 'ทานได้ไม่เกินวันละ' }), '4 ครั้ง');
    await user.click(screen.getByRole('textbox', { name: 'ใช้เมื่อมีอาการอะไร' }));
    await user.paste('เมื่อมีไข้');
    await user.click(screen.getByRole('button', { name: 'บันทึก' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent()).toEqual({
      name: 'Paracetamol',
      strength: null,
      form: 'tablet',
      doses: NO_DOSES,
      mealTiming: 'after',
      customDose: null,
      intervalDose: null,
      asNeeded: { amount: 1, maxPerDay: 4, reason: 'เมื่อมีไข้' },
      startDate: today,
      endDate: null,
      instructions: null,
      stock: null,
    });
  });

  it('opens a medicine taken as needed with that way chosen and its values', () => {
    setup(saved);
    expect(screen.getByRole('radio', { name: /^ทานเมื่อมีอาการ/ })).toBeChecked();
    expect(screen.queryByRole('combobox', { name: 'หลังอาหารเช้า' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'จำนวนต่อครั้ง' })).toHaveValue('2');
    expect(screen.getByRole('combobox', { name: 'ทานได้ไม่เกินวันละ' })).toHaveValue('4');
    expect(screen.getByRole('textbox', { name: 'ใช้เมื่อมีอาการอะไร' })).toHaveValue('เมื่อปวดหัว');
  });

  it('opens a medicine taken every N hours with that way chosen and its times', () => {
    setup({ ...saved, asNeeded: null, intervalDose: { everyHours: 6, firstTime: '08:00', amount: 1 } });
    expect(screen.getByRole('radio', { name: /^ทานทุก ๆ กี่ชั่วโมง/ })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'ทานทุก' })).toHaveValue('6');
    expect(screen.getByText('เวลาทานแต่ละวัน: 08:00, 14:00, 20:00, 02:00 น.')).toBeInTheDocument();
  });

  it('puts the server’s refusal of two ways at once on the choice of the way', async () => {
    const { user } = setup(null, () =>
      json(400, { error: { code: 'validation_failed', message: 'x', fields: { asNeeded: 'mixed_dose_kinds' } } }),
    );
    await typeName(user, 'Paracetamol');
    await user.click(screen.getByRole('radio', { name: /^ทานเมื่อมีอาการ/ }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'ทานได้ไม่เกินวันละ' }), '4 ครั้ง');
    await user.click(screen.getByRole('button', { name: 'บันทึก' }));
    const message = await screen.findByText('เลือกวิธีทานยาได้แบบเดียว: ตามมื้ออาหาร ทุก ๆ กี่ชั่วโมง หรือเมื่อมีอาการ');
    expect(screen.getByRole('radiogroup', { name: 'ยานี้ทานอย่างไร' })).toHaveAttribute('aria-describedby', message.id);
  });
});
