import type { UserProfile } from '@klaimor/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderWithProviders } from '../../test/render';
import type { OcrReview } from './ocr/ocr-review';
import { RegisterForm } from './RegisterForm';
import { emptyRegisterDraft } from './signup-state';

const VALID_THAI_ID = '1101700230708';

function renderForm(review?: OcrReview, defaultValues = emptyRegisterDraft) {
  const onRegistered = vi.fn<(profile: UserProfile) => void>();
  renderWithProviders(
    <RegisterForm
      phone="0812345678"
      defaultValues={defaultValues}
      onDraftChange={() => {}}
      onBack={() => {}}
      onRegistered={onRegistered}
      review={review}
    />,
    { route: '/signup' },
  );
  return { onRegistered };
}

async function fillValidForm(user: UserEvent) {
  await user.type(screen.getByRole('textbox', { name: 'ชื่อ' }), 'สมชาย');
  await user.type(screen.getByRole('textbox', { name: 'นามสกุล' }), 'ใจดี');
  await user.type(screen.getByRole('textbox', { name: 'เลขประจำตัวประชาชน' }), VALID_THAI_ID);
  await user.selectOptions(screen.getByRole('combobox', { name: 'วัน' }), '12');
  await user.selectOptions(screen.getByRole('combobox', { name: 'เดือน' }), 'มีนาคม');
  await user.selectOptions(screen.getByRole('combobox', { name: 'ปี พ.ศ.' }), '2533');
  await user.type(screen.getByRole('textbox', { name: 'ที่อยู่' }), '99/1 ถนนราชดำเนิน');
  // Address autocomplete: typing a subdistrict offers real places; picking one fills the rest.
  await user.type(screen.getByRole('combobox', { name: 'ตำบล/แขวง' }), 'ชนะสงคราม');
  const option = await screen.findByRole('option', { name: /ชนะสงคราม/ }, { timeout: 5000 });
  await user.click(option);
}

describe('RegisterForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('groups the ID number as typed and fills the address from a suggestion', async () => {
    const user = userEvent.setup();
    mockApi({});
    renderForm();
    await fillValidForm(user);
    expect(screen.getByRole('textbox', { name: 'เลขประจำตัวประชาชน' })).toHaveValue('1-1017-00230-70-8');
    expect(screen.getByRole('combobox', { name: 'ตำบล/แขวง' })).toHaveValue('ชนะสงคราม');
    expect(screen.getByRole('combobox', { name: 'อำเภอ/เขต' })).toHaveValue('พระนคร');
    expect(screen.getByRole('textbox', { name: 'จังหวัด' })).toHaveValue('กรุงเทพมหานคร');
    // The label moves up out of the way of the value the suggestion put there.
    expect(document.querySelector('label[for$="-province"]')).toHaveAttribute('data-shrink', 'true');
    expect(screen.getByRole('combobox', { name: 'รหัสไปรษณีย์' })).toHaveValue('10200');
  });

  it('shows translated client-side errors and sends nothing while the form is invalid', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({});
    renderForm();
    await user.click(screen.getByRole('button', { name: 'ลงทะเบียน' }));
    const firstname = screen.getByRole('textbox', { name: 'ชื่อ' });
    await waitFor(() => expect(firstname).toHaveAccessibleDescription('กรุณากรอกข้อมูลนี้'));
    expect(firstname).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a server field error at its field (subdistrict alias included)', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      'POST /api/users': () =>
        json(400, {
          error: {
            code: 'validation_failed',
            message: 'Invalid body',
            fields: { lastname: 'too_long', subdistrict: 'address_mismatch' },
          },
        }),
    });
    const { onRegistered } = renderForm();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'ลงทะเบียน' }));

    const lastname = screen.getByRole('textbox', { name: 'นามสกุล' });
    await waitFor(() => expect(lastname).toHaveAccessibleDescription('ข้อความยาวเกินไป'));
    expect(lastname).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('combobox', { name: 'ตำบล/แขวง' })).toHaveAccessibleDescription(
      'ไม่ตรงกับที่อยู่อื่น กรุณาเลือกจากรายการที่แนะนำ',
    );
    expect(onRegistered).not.toHaveBeenCalled();

    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toMatchObject({
      phone: '0812345678',
      thai_id: VALID_THAI_ID,
      birthday: '1990-03-12',
      subdistrist: 'ชนะสงคราม',
      district: 'พระนคร',
      province: 'กรุงเทพมหานคร',
      postcode: '10200',
      email: null,
    });
  }, 20_000);

  it('registers with a passport: its number, its country as alpha-3, and no Thai ID sent', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      'POST /api/users': () => json(201, { data: [{ id: 'u1', firstname: 'Aung' }] }),
    });
    // Everything else filled in, and a Thai ID typed before the patient saw they need the passport: it is not sent.
    const { onRegistered } = renderForm(undefined, {
      ...emptyRegisterDraft,
      firstname: 'Aung',
      lastname: 'Min',
      thai_id: VALID_THAI_ID,
      birthday: '1990-03-12',
      address: '99/1 ถนนราชดำเนิน',
      subdistrist: 'ชนะสงคราม',
      district: 'พระนคร',
      province: 'กรุงเทพมหานคร',
      postcode: '10200',
    });
    await user.selectOptions(screen.getByRole('combobox', { name: 'เอกสารประจำตัว' }), 'passport');
    expect(screen.queryByRole('textbox', { name: 'เลขประจำตัวประชาชน' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'เลขที่หนังสือเดินทาง' }), 'mb 123');
    // The country names load when the passport is chosen.
    await screen.findByRole('option', { name: /เมียนม/ });
    await user.selectOptions(screen.getByRole('combobox', { name: /^สัญชาติ/ }), 'MMR');
    await user.click(screen.getByRole('button', { name: 'ลงทะเบียน' }));
    const passport = screen.getByRole('textbox', { name: 'เลขที่หนังสือเดินทาง' });
    await waitFor(() => expect(passport).toHaveAttribute('aria-invalid', 'true'));
    expect(passport).toHaveAccessibleDescription(/ตัวอักษรภาษาอังกฤษและตัวเลข 6–9 ตัว/);
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(passport, '4567');
    await user.click(screen.getByRole('button', { name: 'ลงทะเบียน' }));
    await waitFor(() => expect(onRegistered).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    const body = JSON.parse(init.body as string);
    expect(body).toMatchObject({ id_type: 'passport', passport_number: 'MB1234567', nationality: 'MMR' });
    expect(body).not.toHaveProperty('thai_id');
  }, 30_000);

  it('explains a taken ID number (409) at the ID field', async () => {
    const user = userEvent.setup();
    mockApi({
      'POST /api/users': () => json(409, { error: { code: 'thai_id_taken', message: 'Conflict' } }),
    });
    renderForm();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'ลงทะเบียน' }));
    const thaiId = screen.getByRole('textbox', { name: 'เลขประจำตัวประชาชน' });
    await waitFor(() => expect(thaiId).toHaveAttribute('aria-invalid', 'true'));
    expect(thaiId).toHaveAccessibleDescription(/เลขประจำตัวประชาชนนี้ลงทะเบียนไว้แล้ว/);
  }, 20_000);

  it('asks for a fresh code on 403 phone_not_verified, keeping everything typed, then resubmits', async () => {
    const user = userEvent.setup();
    let registerCalls = 0;
    const fetchMock = mockApi({
      'POST /api/users': () =>
        ++registerCalls === 1
          ? json(403, { error: { code: 'phone_not_verified', message: 'Forbidden' } })
          : json(201, { data: [{ id: 'u1', firstname: 'สมชาย' }] }),
      'POST /api/auth/otp': () => json(202, { data: [{ expiresInSec: 300, resendAfterSec: 30 }] }),
      'POST /api/auth/otp/verify': () => json(200, { data: [{ next: 'register' }] }),
      'GET /api/app-config': () => json(200, { data: [{ devSmsOutbox: false }] }),
    });
    const { onRegistered } = renderForm();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'ลงทะเบียน' }));

    const dialog = await screen.findByRole('dialog', { name: 'ยืนยันเบอร์โทรศัพท์อีกครั้ง' });
    await user.click(within(dialog).getByRole('button', { name: 'ส่งรหัส OTP ใหม่' }));
    await user.click(await within(dialog).findByRole('textbox', { name: 'หลักที่ 1' }));
    await user.paste('123456');
    await user.click(within(dialog).getByRole('button', { name: 'ยืนยันและลงทะเบียน' }));

    await waitFor(() => expect(onRegistered).toHaveBeenCalledTimes(1));
    expect(registerCalls).toBe(2);
    const verify = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/auth/otp/verify'));
    expect(JSON.parse((verify?.[1] as RequestInit).body as string)).toEqual({ phone: '0812345678', code: '123456' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'ชื่อ' })).toHaveValue('สมชาย');
    expect(screen.getByRole('textbox', { name: 'เลขประจำตัวประชาชน' })).toHaveValue('1-1017-00230-70-8');
  }, 20_000);

  it('marks the fields a card scan filled, and sends nothing until the patient confirms checking them', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({ 'POST /api/users': () => json(201, { data: [{ id: 'u1', firstname: 'สมชาย' }] }) });
    const scanned = {
      ...emptyRegisterDraft,
      firstname: 'สมชาย',
      lastname: 'ใจดี',
      thai_id: VALID_THAI_ID,
      birthday: '1990-03-12',
      address: '99/1 ถนนราชดำเนิน',
      subdistrist: 'ชนะสงคราม',
      district: 'พระนคร',
      province: 'กรุงเทพมหานคร',
      postcode: '10200',
    };
    const { onRegistered } = renderForm(
      {
        fields: {
          firstname: { value: 'สมชาย', confidence: 'high' },
          lastname: { value: 'ใจดี', confidence: 'low' },
          thai_id: { value: VALID_THAI_ID, confidence: 'high' },
        },
        thaiIdRejected: false,
      },
      scanned,
    );
    const lastname = screen.getByRole('textbox', { name: 'นามสกุล' });
    expect(screen.getByRole('textbox', { name: 'ชื่อ' })).toHaveAccessibleDescription('อ่านจากบัตร โปรดตรวจสอบ');
    expect(lastname).toHaveAccessibleDescription('อ่านได้ไม่ชัด โปรดตรวจสอบให้ตรงกับบัตร');

    await user.click(screen.getByRole('button', { name: 'ลงทะเบียน' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('โปรดตรวจสอบข้อมูลที่อ่านจากบัตร แล้วติ๊กยืนยันก่อนลงทะเบียน');
    expect(fetchMock).not.toHaveBeenCalled();

    // A corrected field is the patient's own: its mark goes.
    await user.clear(lastname);
    await user.type(lastname, 'ใจดีมาก');
    expect(lastname).not.toHaveAccessibleDescription(/โปรดตรวจสอบ/);
    await user.click(screen.getByRole('checkbox', { name: /ข้าพเจ้าได้ตรวจสอบข้อมูลที่อ่านจากบัตรแล้ว/ }));
    await user.click(screen.getByRole('button', { name: 'ลงทะเบียน' }));
    await waitFor(() => expect(onRegistered).toHaveBeenCalledTimes(1));
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toMatchObject({
      firstname: 'สมชาย',
      lastname: 'ใจดีมาก',
      thai_id: VALID_THAI_ID,
    });
  }, 30_000);
});
