import { addDays, type Allergy, type VisitRecordInput } from '@klaimor/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/client';
import { renderWithProviders } from '../../../test/render';
import { penicillinAllergy, today } from '../staff-test-data';
import '../staff.texts';
import { ConsultationForm } from './ConsultationForm';

function renderForm(
  onSubmit = vi.fn(async (_body: VisitRecordInput): Promise<unknown> => undefined),
  allergies: Allergy[] = [],
) {
  const user = userEvent.setup({ delay: null });
  renderWithProviders(
    <ConsultationForm
      allergies={allergies}
      conditions={[{ id: 'c1', name: 'ความดันโลหิตสูง', icd10: 'I10', recordedBy: { by: 'patient' }, recordedAt: today }]}
      onSubmit={onSubmit}
      onCancel={() => undefined}
    />,
  );
  return { user, onSubmit, submit: () => user.click(screen.getByRole('button', { name: 'บันทึกผลการตรวจ' })) };
}

const drug = (n: number) => screen.getByRole('group', { name: `ยารายการที่ ${n}` });

describe('the visit and prescription form', () => {
  it('needs the findings, and checks the ICD-10 code with the shared schema', async () => {
    const { user, onSubmit, submit } = renderForm();
    await submit();
    const findings = screen.getByRole('textbox', { name: /^ผลการตรวจ/ });
    await waitFor(() => expect(findings).toHaveAccessibleDescription('กรุณากรอกข้อมูลนี้'));
    await user.type(findings, 'คออักเสบจากไวรัส ไม่ต้องใช้ยาปฏิชีวนะ');
    await user.type(screen.getByRole('textbox', { name: /^รหัส ICD-10/ }), 'J069');
    await submit();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^รหัส ICD-10/ })).toHaveAccessibleDescription(
        'รหัส ICD-10 ไม่ถูกต้อง (เช่น J06.9)',
      ),
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  // Types into some twenty boxes one key at a time: 11-20 s on a loaded 2-core machine, past the default 20 s.
  it('adds and removes prescription rows, checks each, and sends the body the server expects', async () => {
    const { user, onSubmit, submit } = renderForm();
    expect(screen.getByText('ยังไม่ได้สั่งยา')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^ผลการตรวจ/ }), 'คออักเสบ');
    await user.type(screen.getByRole('textbox', { name: /^รหัส ICD-10/ }), 'j06.9');
    await user.type(screen.getByRole('textbox', { name: /^คำแนะนำ/ }), 'ดื่มน้ำมากๆ พักผ่อน');

    await user.click(screen.getByRole('button', { name: 'เพิ่มยา' }));
    await user.click(screen.getByRole('button', { name: 'เพิ่มยา' }));
    expect(screen.getAllByRole('group', { name: /^ยารายการที่/ })).toHaveLength(2);
    await user.type(within(drug(1)).getByRole('combobox', { name: /^ชื่อยา/ }), 'ยาที่จะลบ');
    await user.click(screen.getByRole('button', { name: 'ลบยารายการที่ 1' }));
    expect(screen.getAllByRole('group', { name: /^ยารายการที่/ })).toHaveLength(1);
    expect(within(drug(1)).getByRole('combobox', { name: /^ชื่อยา/ })).toHaveValue('');

    // A drug needs its number of days, and a dose at some time of day.
    await user.type(within(drug(1)).getByRole('combobox', { name: /^ชื่อยา/ }), 'Paracetamol');
    await submit();
    const days = within(drug(1)).getByRole('textbox', { name: /^จำนวนวัน/ });
    await waitFor(() => expect(days).toHaveAccessibleDescription('กรุณากรอกข้อมูลนี้'));
    await user.type(days, '5');
    await submit();
    const doses = within(drug(1)).getByRole('group', { name: 'จำนวนต่อมื้อ' });
    await waitFor(() => expect(doses).toHaveAccessibleDescription('กรุณาระบุจำนวนยาอย่างน้อยหนึ่งมื้อ'));
    expect(onSubmit).not.toHaveBeenCalled();

    // Chosen from the drug list: strength, form and its ATC code come with it.
    await user.click(within(drug(1)).getByRole('combobox', { name: /^ชื่อยา/ }));
    await user.click(await screen.findByRole('option', { name: /^Paracetamol 500 mg · ยาเม็ด/ }));
    expect(within(drug(1)).getByRole('textbox', { name: /^ความแรง/ })).toHaveValue('500 mg');
    await user.type(within(doses).getByRole('textbox', { name: 'หลังอาหารเช้า' }), '1');
    await user.type(within(doses).getByRole('textbox', { name: 'ก่อนนอน' }), '2');
    await user.type(within(drug(1)).getByRole('textbox', { name: /^วิธีใช้เพิ่มเติม/ }), 'ทานเมื่อมีไข้');
    await user.click(within(drug(1)).getByRole('checkbox', { name: /^ยาประจำ/ }));

    await user.click(screen.getByRole('button', { name: 'เพิ่มยา' }));
    await user.type(within(drug(2)).getByRole('combobox', { name: /^ชื่อยา/ }), 'ยาอมแก้เจ็บคอ');
    // Checked again as typed, once the form was sent: the row's "required" gives way to the note.
    await waitFor(() =>
      expect(within(drug(2)).getByRole('combobox', { name: /^ชื่อยา/ })).toHaveAccessibleDescription(
        'ไม่อยู่ในบัญชียา (พิมพ์เอง): ตรวจชื่อยา ความแรง และรูปแบบยาให้ถูกต้อง',
      ),
    );
    await user.selectOptions(within(drug(2)).getByRole('combobox', { name: 'รูปแบบยา' }), 'อื่นๆ');
    await user.type(within(drug(2)).getByRole('textbox', { name: 'หลังอาหารกลางวัน' }), '1');
    await user.type(within(drug(2)).getByRole('textbox', { name: /^จำนวนวัน/ }), '3');
    await submit();

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toEqual({
      findings: 'คออักเสบ',
      icd10: 'J06.9',
      advice: 'ดื่มน้ำมากๆ พักผ่อน',
      followUpDate: null,
      prescriptions: [
        {
          drug: 'Paracetamol',
          atcCode: 'N02BE01',
          strength: '500 mg',
          form: 'tablet',
          doses: { afterBreakfast: 1, afterLunch: 0, afterDinner: 0, beforeBed: 2 },
          mealTiming: 'after',
          days: 5,
          longTerm: true,
          instructions: 'ทานเมื่อมีไข้',
        },
        {
          drug: 'ยาอมแก้เจ็บคอ',
          atcCode: null,
          strength: null,
          form: 'other',
          doses: { afterBreakfast: 0, afterLunch: 1, afterDinner: 0, beforeBed: 0 },
          mealTiming: 'after',
          days: 3,
          longTerm: false,
          instructions: null,
        },
      ],
    });
  }, 45_000);

  /** A new row with a drug of the list, found by what is typed. */
  async function prescribe(user: ReturnType<typeof userEvent.setup>, n: number, typed: string, option: RegExp) {
    await user.click(screen.getByRole('button', { name: 'เพิ่มยา' }));
    await user.type(within(drug(n)).getByRole('combobox', { name: /^ชื่อยา/ }), typed);
    await user.click(await screen.findByRole('option', { name: option }));
  }

  it('writes paracetamol 1 tablet when feverish, at most 4 a day, in a few clicks, and sends only that way', async () => {
    const { user, onSubmit, submit } = renderForm();
    await user.type(screen.getByRole('textbox', { name: /^ผลการตรวจ/ }), 'ไข้หวัด');
    await prescribe(user, 1, 'Paracetamol', /^Paracetamol 500 mg · ยาเม็ด/);
    // A new row says nothing of the boxes not reached yet.
    expect(within(drug(1)).getByRole('textbox', { name: /^จำนวนวัน/ })).not.toHaveAttribute('aria-invalid', 'true');
    expect(within(drug(1)).getByRole('button', { name: 'ตามมื้อ' })).toHaveAttribute('aria-pressed', 'true');
    // A meal's box typed before the way changed is not sent.
    await user.type(within(drug(1)).getByRole('textbox', { name: 'หลังอาหารเช้า' }), '2');
    await user.click(within(drug(1)).getByRole('button', { name: 'เมื่อมีอาการ (PRN)' }));
    expect(within(drug(1)).getByRole('button', { name: 'เมื่อมีอาการ (PRN)' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(drug(1)).queryByRole('textbox', { name: 'หลังอาหารเช้า' })).not.toBeInTheDocument();
    const prn = within(drug(1)).getByRole('group', { name: 'ทานเมื่อมีอาการ' });
    await user.type(within(prn).getByRole('textbox', { name: /^ครั้งละ/ }), '1');
    await user.type(within(drug(1)).getByRole('textbox', { name: /^จำนวนวัน/ }), '5');
    await submit();
    const most = within(prn).getByRole('textbox', { name: /^ไม่เกินวันละ/ });
    await waitFor(() => expect(most).toHaveAccessibleDescription('กรุณากรอกข้อมูลนี้'));
    await user.type(most, '13');
    await waitFor(() => expect(most).toHaveAccessibleDescription('วันละ 1 ถึง 12 ครั้ง'));
    expect(onSubmit).not.toHaveBeenCalled();
    await user.clear(most);
    await user.type(most, '4');
    await user.click(within(prn).getByRole('button', { name: 'เมื่อมีไข้' }));
    expect(within(prn).getByRole('textbox', { name: /^ใช้เมื่อ/ })).toHaveValue('เมื่อมีไข้');
    await submit();

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0].prescriptions).toEqual([
      {
        drug: 'Paracetamol',
        atcCode: 'N02BE01',
        strength: '500 mg',
        form: 'tablet',
        asNeeded: { amount: 1, maxPerDay: 4, reason: 'เมื่อมีไข้' },
        days: 5,
        longTerm: false,
        instructions: null,
      },
    ]);
  });

  it('writes a drug before breakfast, the boxes saying "before", and sends the meal timing', async () => {
    const { user, onSubmit, submit } = renderForm();
    await user.type(screen.getByRole('textbox', { name: /^ผลการตรวจ/ }), 'กรดไหลย้อน');
    await prescribe(user, 1, 'Omeprazole', /^Omeprazole 20 mg · แคปซูล/);
    await user.click(within(drug(1)).getByRole('button', { name: 'ก่อนอาหาร' }));
    expect(within(drug(1)).getByRole('button', { name: 'ก่อนอาหาร' })).toHaveAttribute('aria-pressed', 'true');
    const meals = within(drug(1)).getByRole('group', { name: 'จำนวนต่อมื้อ' });
    expect(within(meals).queryByRole('textbox', { name: 'หลังอาหารเช้า' })).not.toBeInTheDocument();
    expect(meals).toHaveAccessibleDescription('ทานก่อนอาหารประมาณ 30 นาที ใส่ 0 ในมื้อที่ไม่ต้องทาน');
    await user.type(within(meals).getByRole('textbox', { name: 'ก่อนอาหารเช้า' }), '1');
    expect(within(meals).getByRole('textbox', { name: 'ก่อนนอน' })).toHaveValue('');
    await user.type(within(drug(1)).getByRole('textbox', { name: /^จำนวนวัน/ }), '14');
    await submit();

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0].prescriptions).toEqual([
      {
        drug: 'Omeprazole',
        atcCode: 'A02BC01',
        strength: '20 mg',
        form: 'capsule',
        doses: { afterBreakfast: 1, afterLunch: 0, afterDinner: 0, beforeBed: 0 },
        mealTiming: 'before',
        days: 14,
        longTerm: false,
        instructions: null,
      },
    ]);
  });

  it('writes a drug every 8 hours from 07:00, spelling out the times of the day', async () => {
    const { user, onSubmit, submit } = renderForm();
    await user.type(screen.getByRole('textbox', { name: /^ผลการตรวจ/ }), 'แผลติดเชื้อ');
    await prescribe(user, 1, 'Amoxicillin', /^Amoxicillin 500 mg · แคปซูล/);
    await user.click(within(drug(1)).getByRole('button', { name: 'ทุก N ชั่วโมง' }));
    const interval = within(drug(1)).getByRole('group', { name: 'ทานทุกกี่ชั่วโมง' });
    await user.selectOptions(within(interval).getByRole('combobox', { name: 'ทุก' }), '8 ชั่วโมง');
    const first = within(interval).getByRole('group', { name: 'เวลามื้อแรก' });
    expect(interval).toHaveAccessibleDescription('ทานเวลา 06:00 · 14:00 · 22:00 (วันละ 3 ครั้ง)');
    await user.selectOptions(within(first).getByRole('combobox', { name: 'ชั่วโมง' }), '07');
    expect(interval).toHaveAccessibleDescription('ทานเวลา 07:00 · 15:00 · 23:00 (วันละ 3 ครั้ง)');
    await user.type(within(interval).getByRole('textbox', { name: /^ครั้งละ/ }), '1');
    await user.type(within(drug(1)).getByRole('textbox', { name: /^จำนวนวัน/ }), '7');
    await submit();

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0].prescriptions).toEqual([
      {
        drug: 'Amoxicillin',
        atcCode: 'J01CA04',
        strength: '500 mg',
        form: 'capsule',
        intervalDose: { everyHours: 8, firstTime: '07:00', amount: 1 },
        days: 7,
        longTerm: false,
        instructions: null,
      },
    ]);
  });

  it("asks for the hours of a drug every N hours, and shows the server's refusal of two ways at once", async () => {
    const onSubmit = vi.fn(async (_body: VisitRecordInput): Promise<unknown> => {
      throw new ApiError(400, 'validation_failed', 'ข้อมูลไม่ถูกต้อง', {
        'prescriptions.0.intervalDose': 'mixed_dose_kinds',
      });
    });
    const { user, submit } = renderForm(onSubmit);
    await user.type(screen.getByRole('textbox', { name: /^ผลการตรวจ/ }), 'ปอดอักเสบ');
    await user.click(screen.getByRole('button', { name: 'เพิ่มยา' }));
    await user.type(within(drug(1)).getByRole('combobox', { name: /^ชื่อยา/ }), 'ยาปฏิชีวนะ');
    await user.click(within(drug(1)).getByRole('button', { name: 'ทุก N ชั่วโมง' }));
    const interval = within(drug(1)).getByRole('group', { name: 'ทานทุกกี่ชั่วโมง' });
    await user.type(within(interval).getByRole('textbox', { name: /^ครั้งละ/ }), '1');
    await user.type(within(drug(1)).getByRole('textbox', { name: /^จำนวนวัน/ }), '7');
    await submit();
    const every = within(interval).getByRole('combobox', { name: 'ทุก' });
    await waitFor(() => expect(every).toHaveAccessibleDescription('กรุณาเลือกจากตัวเลือกที่มี'));
    expect(onSubmit).not.toHaveBeenCalled();

    await user.selectOptions(every, '12 ชั่วโมง');
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0].prescriptions?.[0]).toMatchObject({
      intervalDose: { everyHours: 12, firstTime: '06:00', amount: 1 },
    });
    await waitFor(() =>
      expect(interval).toHaveAccessibleDescription('เลือกวิธีทานได้แบบเดียว: ตามมื้อ ทุก N ชั่วโมง หรือเมื่อมีอาการ'),
    );
  });

  it('takes a follow-up date after today only, and shows what the server refused', async () => {
    const conflict = 'บันทึกผลการตรวจได้เฉพาะผู้ป่วยที่เช็กอินแล้วและยังไม่ได้บันทึก';
    const onSubmit = vi.fn(async (_body: VisitRecordInput): Promise<unknown> => {
      throw new ApiError(409, 'appointment_status_conflict', conflict);
    });
    const { user, submit } = renderForm(onSubmit);
    await user.type(screen.getByRole('textbox', { name: /^ผลการตรวจ/ }), 'ความดันสูงเล็กน้อย');
    const followUp = screen.getByRole('group', { name: 'วันนัดติดตามอาการ' });
    const pick = async (date: string) => {
      const [y, m, d] = date.split('-').map(Number);
      await user.selectOptions(within(followUp).getByRole('combobox', { name: 'ปี พ.ศ.' }), String(y + 543));
      await user.selectOptions(within(followUp).getByRole('combobox', { name: 'เดือน' }), String(m));
      await user.selectOptions(within(followUp).getByRole('combobox', { name: 'วัน' }), String(d));
    };
    await pick(today);
    await submit();
    expect(await screen.findByText('เลือกวันหลังจากวันนี้')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await pick(addDays(today, 14));
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ followUpDate: addDays(today, 14), prescriptions: [] });
    expect(await screen.findByText(conflict)).toBeInTheDocument();
  });

  it('shows the allergies above the drugs, and sends a drug of an allergy group only with a reason', async () => {
    const onSubmit = vi.fn(async (_body: VisitRecordInput): Promise<unknown> => undefined);
    const { user, submit } = renderForm(onSubmit, [penicillinAllergy()]);
    const banner = screen.getByRole('region', { name: 'ประวัติแพ้และโรคประจำตัว' });
    expect(banner).toHaveTextContent('ผู้ป่วยมีประวัติแพ้');
    expect(banner).toHaveTextContent('เพนิซิลลิน (ยา) · รุนแรง · ผื่นลมพิษ หน้าบวม');
    expect(banner).toHaveTextContent('โรคประจำตัว: ความดันโลหิตสูง (I10)');

    await user.type(screen.getByRole('textbox', { name: /^ผลการตรวจ/ }), 'ทอนซิลอักเสบ');
    await user.click(screen.getByRole('button', { name: 'เพิ่มยา' }));
    await user.type(within(drug(1)).getByRole('combobox', { name: /^ชื่อยา/ }), 'Paracetamol');
    expect(within(drug(1)).queryByText(/ยานี้อยู่ในกลุ่มเดียวกัน/)).not.toBeInTheDocument();
    await user.clear(within(drug(1)).getByRole('combobox', { name: /^ชื่อยา/ }));
    await user.type(within(drug(1)).getByRole('combobox', { name: /^ชื่อยา/ }), 'Amoxicillin');
    expect(within(drug(1)).getByText('ผู้ป่วยแพ้ เพนิซิลลิน (รุนแรง) ยานี้อยู่ในกลุ่มเดียวกัน')).toBeInTheDocument();
    await user.type(within(drug(1)).getByRole('textbox', { name: 'หลังอาหารเช้า' }), '1');
    await user.type(within(drug(1)).getByRole('textbox', { name: /^จำนวนวัน/ }), '7');
    await submit();
    const reason = within(drug(1)).getByRole('textbox', { name: /^เหตุผลที่ยังสั่งยานี้/ });
    await waitFor(() => expect(reason).toHaveAccessibleDescription('ผู้ป่วยมีประวัติแพ้ยานี้ ต้องระบุเหตุผลที่ยังสั่ง'));
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(reason, 'ทดสอบผิวหนังแล้วไม่แพ้ แพทย์เฝ้าระวัง');
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0].prescriptions?.[0]).toMatchObject({
      drug: 'Amoxicillin',
      allergyOverrideReason: 'ทดสอบผิวหนังแล้วไม่แพ้ แพทย์เฝ้าระวัง',
    });
  });

  it('says when the allergies are not read yet, and asks for a reason the server wants for an allergy recorded since', async () => {
    const onSubmit = vi.fn(async (_body: VisitRecordInput): Promise<unknown> => {
      throw new ApiError(400, 'validation_failed', 'ข้อมูลไม่ถูกต้อง', {
        'prescriptions.0.allergyOverrideReason': 'allergy_override_required',
      });
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ConsultationForm onSubmit={onSubmit} onCancel={() => undefined} />);
    expect(screen.getByRole('region', { name: 'ประวัติแพ้และโรคประจำตัว' })).toHaveTextContent(
      'ยังอ่านประวัติแพ้ของผู้ป่วยไม่ได้ ถามผู้ป่วยก่อนสั่งยา',
    );
    await user.type(screen.getByRole('textbox', { name: /^ผลการตรวจ/ }), 'ทอนซิลอักเสบ');
    await user.click(screen.getByRole('button', { name: 'เพิ่มยา' }));
    await user.type(within(drug(1)).getByRole('combobox', { name: /^ชื่อยา/ }), 'Augmentin');
    await user.type(within(drug(1)).getByRole('textbox', { name: 'หลังอาหารเช้า' }), '1');
    await user.type(within(drug(1)).getByRole('textbox', { name: /^จำนวนวัน/ }), '7');
    await user.click(screen.getByRole('button', { name: 'บันทึกผลการตรวจ' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const reason = await within(drug(1)).findByRole('textbox', { name: /^เหตุผลที่ยังสั่งยานี้/ });
    expect(reason).toHaveAccessibleDescription('ผู้ป่วยมีประวัติแพ้ยานี้ ต้องระบุเหตุผลที่ยังสั่ง');
    expect(within(drug(1)).getByText('ผู้ป่วยมีประวัติแพ้ยานี้ที่เพิ่งบันทึก ดูประวัติแพ้ด้านบน')).toBeInTheDocument();
  });
});
