import { CONSENT_VERSION, type UserProfile } from '@klaimor/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderWithProviders } from '../../test/render';
import { userKeys } from '../../session/current-user';
import { careLink, daughter } from '../../test/family-fixtures';
import { forgetSelectedPatient, selectPatient } from '../../session/selected-patient';
import { ProfilePage } from './ProfilePage';

const profile: UserProfile = {
  id: 'u1',
  email: null,
  firstname: 'สมหญิง',
  lastname: 'รักดี',
  id_type: 'thai_id',
  thai_id: '1101700230708',
  passport_number: null,
  nationality: null,
  phone: '0812345678',
  gender: 'female',
  birthday: '1985-11-02',
  address: '12 หมู่ 3',
  subdistrist: 'ชนะสงคราม',
  subdistrict: 'ชนะสงคราม',
  district: 'พระนคร',
  province: 'กรุงเทพมหานคร',
  postcode: '10200',
  blood_group: null,
  consent: { version: CONSENT_VERSION, givenAt: '2026-11-25T03:00:00.000Z' },
  created_at: '2025-01-01T00:00:00Z',
};

function renderProfile(handlers: Parameters<typeof mockApi>[0]) {
  const fetchMock = mockApi({ 'GET /api/users/me': () => json(200, { data: [profile] }), ...handlers });
  const result = renderWithProviders(<ProfilePage />, { route: '/profile' });
  result.queryClient.setQueryData(userKeys.me(), profile);
  return { ...result, fetchMock };
}

describe('ProfilePage editing', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('saves e-mail and blood group with PATCH and shows the new values', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderProfile({
      'PATCH /api/users': (init) => {
        const body = JSON.parse(init.body as string) as Partial<UserProfile>;
        return json(200, { data: [{ ...profile, ...body }] });
      },
    });
    expect(await screen.findAllByText('ไม่ระบุ', { selector: 'dd' })).toHaveLength(2); // blood group and e-mail
    await user.click(screen.getByRole('button', { name: 'แก้ไขข้อมูล' }));
    await user.type(await screen.findByRole('textbox', { name: 'อีเมล' }), 'Somying@Example.com');
    await user.selectOptions(screen.getByRole('combobox', { name: 'กรุ๊ปเลือด' }), 'AB');
    await user.click(screen.getByRole('button', { name: 'บันทึก' }));

    expect(await screen.findByText('บันทึกข้อมูลแล้ว')).toBeInTheDocument();
    expect(screen.getByText('somying@example.com')).toBeInTheDocument();
    expect(screen.getByText('AB')).toBeInTheDocument();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse((patch?.[1] as RequestInit).body as string)).toMatchObject({
      email: 'somying@example.com',
      blood_group: 'AB',
      subdistrist: 'ชนะสงคราม',
      postcode: '10200',
    });
  }, 15_000);

  it('shows a server field error at its field and stays in edit mode', async () => {
    const user = userEvent.setup();
    renderProfile({
      'PATCH /api/users': () =>
        json(400, { error: { code: 'validation_failed', message: 'Invalid', fields: { address: 'too_long' } } }),
    });
    await user.click(await screen.findByRole('button', { name: 'แก้ไขข้อมูล' }));
    await user.click(await screen.findByRole('button', { name: 'บันทึก' }));
    const address = screen.getByRole('textbox', { name: 'ที่อยู่' });
    await waitFor(() => expect(address).toHaveAccessibleDescription('ข้อความยาวเกินไป'));
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'บันทึก' })).toBeInTheDocument();
  }, 15_000);

  it('corrects a typo in the name with the ID card number and a code sent to the phone', async () => {
    const user = userEvent.setup();
    let body: Record<string, unknown> = {};
    const { fetchMock } = renderProfile({
      'POST /api/users/me/identity/code': () => json(202, { data: [{ expiresInSec: 300, resendAfterSec: 30 }] }),
      'PUT /api/users/me/identity': (init) => {
        body = JSON.parse(String(init.body));
        return body.thai_id === profile.thai_id
          ? json(200, { data: [{ ...profile, firstname: 'สมหญิง', lastname: 'รักษ์ดี' }] })
          : json(403, { error: { code: 'thai_id_mismatch', message: 'x', fields: { thai_id: 'thai_id_mismatch' } } });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'แก้ไขชื่อ วันเกิด หรือเพศ' }));
    const lastname = await screen.findByRole('textbox', { name: /^นามสกุล/ });
    await user.clear(lastname);
    await user.type(lastname, 'รักษ์ดี');
    // No code is sent before the ID card number is given.
    await user.click(screen.getByRole('button', { name: 'ส่งรหัสยืนยัน' }));
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/identity/code'))).toBe(false);
    await user.type(screen.getByRole('textbox', { name: /^เลขประจำตัวประชาชนที่ลงทะเบียนไว้/ }), '1101700230716');
    await user.click(screen.getByRole('button', { name: 'ส่งรหัสยืนยัน' }));
    expect(await screen.findByText('ส่งรหัส 6 หลักไปที่ 081-234-5678 แล้ว')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^รหัสยืนยัน 6 หลัก/ }), '123456');
    await user.click(screen.getByRole('button', { name: 'บันทึกการแก้ไข' }));
    // Another person's number: said at the ID field, nothing saved.
    const id = screen.getByRole('textbox', { name: /^เลขประจำตัวประชาชนที่ลงทะเบียนไว้/ });
    await waitFor(() => expect(id).toHaveAccessibleDescription('ไม่ตรงกับเลขที่ลงทะเบียนไว้'));
    await user.clear(id);
    await user.type(id, '1101700230708');
    await user.click(screen.getByRole('button', { name: 'บันทึกการแก้ไข' }));
    expect(await screen.findByText('แก้ไขชื่อ วันเกิด หรือเพศแล้ว')).toBeInTheDocument();
    expect(body).toEqual({
      firstname: 'สมหญิง',
      lastname: 'รักษ์ดี',
      birthday: '1985-11-02',
      gender: 'female',
      thai_id: '1101700230708',
      code: '123456',
    });
    expect(screen.getByRole('heading', { level: 2, name: 'สมหญิง รักษ์ดี' })).toBeInTheDocument();
  }, 20_000);

  it('corrects a passport holder’s passport number and country, proved by the passport registered', async () => {
    const user = userEvent.setup();
    const holder: UserProfile = {
      ...profile,
      firstname: 'Aung',
      lastname: 'Min',
      id_type: 'passport',
      thai_id: null,
      passport_number: 'MB1234567',
      nationality: 'MMR',
    };
    const bodies: Record<string, unknown>[] = [];
    mockApi({
      'GET /api/users/me': () => json(200, { data: [holder] }),
      'POST /api/users/me/identity/code': () => json(202, { data: [{ expiresInSec: 300, resendAfterSec: 30 }] }),
      'PUT /api/users/me/identity': (init) => {
        bodies.push(JSON.parse(String(init.body)));
        return bodies.length === 1
          ? json(409, {
              error: { code: 'passport_taken', message: 'x', fields: { new_passport_number: 'passport_taken' } },
            })
          : json(200, { data: [{ ...holder, passport_number: 'MC7654322', nationality: 'LAO' }] });
      },
    });
    const { queryClient } = renderWithProviders(<ProfilePage />, { route: '/profile' });
    queryClient.setQueryData(userKeys.me(), holder);
    await user.click(await screen.findByRole('button', { name: 'แก้ไขชื่อ วันเกิด เพศ หรือหนังสือเดินทาง' }));
    expect(screen.queryByRole('textbox', { name: /เลขประจำตัวประชาชน/ })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^เลขที่ลงทะเบียนไว้/ }), 'mb1234567');
    const corrected = screen.getByRole('textbox', { name: /^เลขที่หนังสือเดินทาง/ });
    expect(corrected).toHaveValue('MB1234567');
    await user.clear(corrected);
    await user.type(corrected, 'MC7654321');
    const country = screen.getByRole('combobox', { name: /^สัญชาติ/ });
    await screen.findAllByRole('option', { name: /ลาว/ });
    expect(country).toHaveValue('MMR');
    await user.selectOptions(country, 'LAO');
    await user.click(screen.getByRole('button', { name: 'ส่งรหัสยืนยัน' }));
    await user.type(await screen.findByRole('textbox', { name: /^รหัสยืนยัน 6 หลัก/ }), '123456');
    await user.click(screen.getByRole('button', { name: 'บันทึกการแก้ไข' }));

    // Another account's passport: said at the corrected number.
    await waitFor(() => expect(corrected).toHaveAttribute('aria-invalid', 'true'));
    expect(corrected).toHaveAccessibleDescription(/หนังสือเดินทางเล่มนี้/);
    expect(bodies[0]).toEqual({
      firstname: 'Aung',
      lastname: 'Min',
      birthday: '1985-11-02',
      gender: 'female',
      passport_number: 'MB1234567',
      new_passport_number: 'MC7654321',
      new_nationality: 'LAO',
      code: '123456',
    });
    await user.clear(corrected);
    await user.type(corrected, 'MC7654322');
    await user.click(screen.getByRole('button', { name: 'บันทึกการแก้ไข' }));
    expect(await screen.findByText('แก้ไขข้อมูลประจำตัวแล้ว')).toBeInTheDocument();
    expect(bodies[1]).toMatchObject({ new_passport_number: 'MC7654322', new_nationality: 'LAO' });
  }, 30_000);
});

describe('ProfilePage for a foreign resident with a 13-digit ID', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the foreigner’s number registered, not a Thai ID card’s, to correct the name', async () => {
    const user = userEvent.setup();
    const resident: UserProfile = { ...profile, id_type: 'foreign_id', thai_id: '6101700230701' };
    mockApi({ 'GET /api/users/me': () => json(200, { data: [resident] }) });
    const { queryClient } = renderWithProviders(<ProfilePage />, { route: '/profile' });
    queryClient.setQueryData(userKeys.me(), resident);
    await user.click(await screen.findByRole('button', { name: 'แก้ไขชื่อ วันเกิด หรือเพศ' }));
    expect(await screen.findByRole('textbox', { name: /^เลข 13 หลักที่ลงทะเบียนไว้/ })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /เลขประจำตัวประชาชน/ })).not.toBeInTheDocument();
  }, 15_000);
});

describe('ProfilePage for a family member', () => {
  afterEach(() => {
    forgetSelectedPatient();
    vi.unstubAllGlobals();
  });

  /** The daughter looks at her mother (an adult with her own sign-in) or her son (a profile she holds). */
  function renderFor(dependent: 'mother' | 'son') {
    const mother = careLink();
    const son = careLink({
      id: 'link-son',
      person: {
        id: 'son-id',
        firstname: 'ต้นกล้า',
        lastname: 'ใจดี',
        birthday: '2016-05-05',
        phone: null,
        hasOwnSignIn: false,
        youHold: true,
      },
      relationship: 'parent',
      basis: 'guardian',
    });
    const link = dependent === 'mother' ? mother : son;
    mockApi({
      'GET /api/family': () => json(200, { data: [mother, son] }),
      'GET /api/users/me': ({ url }) =>
        json(200, {
          data: [
            url.includes(`patient=${link.person.id}`)
              ? { ...profile, id: link.person.id, firstname: link.person.firstname }
              : { ...profile, id: daughter.id },
          ],
        }),
    });
    selectPatient(daughter.id, link.person.id);
    const result = renderWithProviders(<ProfilePage />, { route: '/profile' });
    result.queryClient.setQueryData(userKeys.me(), daughter);
    return link.person.firstname;
  }

  it('offers changing contact details only for a profile the patient holds, as the grant table says', async () => {
    renderFor('mother');
    expect(await screen.findByRole('heading', { name: 'สมศรี รักดี' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'แก้ไขข้อมูล' })).toBeNull();
  });

  it('the holder of a child’s profile changes its contact details', async () => {
    renderFor('son');
    expect(await screen.findByRole('heading', { name: 'ต้นกล้า รักดี' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'แก้ไขข้อมูล' })).toBeInTheDocument();
  });
});
