import { CONSENT_VERSION, type UserProfile } from '@klaimor/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderWithProviders } from '../../test/render';
import { userKeys } from '../../session/current-user';
import { careLink } from '../../test/family-fixtures';
import { MyDataSection } from './MyDataSection';

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

const bundle = { resourceType: 'Bundle', type: 'collection', timestamp: '2025-06-12T00:00:00Z', entry: [] };

function renderSection(handlers: Parameters<typeof mockApi>[0]) {
  const fetchMock = mockApi({ 'GET /api/users/me': () => json(200, { data: [profile] }), ...handlers });
  const result = renderWithProviders(
    <Routes>
      <Route path="/profile" element={<MyDataSection />} />
      <Route path="/account-deleted" element={<p>deleted page</p>} />
    </Routes>,
    { route: '/profile' },
  );
  result.queryClient.setQueryData(userKeys.me(), profile);
  return { ...result, fetchMock };
}

describe('MyDataSection', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('downloads the FHIR bundle as a JSON file', async () => {
    const user = userEvent.setup({ delay: null });
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:fhir');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const { fetchMock } = renderSection({ 'GET /api/my-data/fhir': () => json(200, bundle) });

    await user.click(screen.getByRole('button', { name: 'ดาวน์โหลดไฟล์ข้อมูลสุขภาพ' }));
    expect(await screen.findByText('ดาวน์โหลดไฟล์แล้ว')).toBeInTheDocument();
    // What the file is for, in plain words before the standard's name.
    expect(screen.getByText(/^ไฟล์ข้อมูลสุขภาพสำหรับส่งให้โรงพยาบาลหรือแอปอื่น/)).toBeInTheDocument();
    expect(clicked).toHaveLength(1);
    expect(clicked[0].download).toMatch(/^klaimor-fhir-\d{4}-\d\d-\d\d\.json$/);
    const blob = createObjectURL.mock.calls[0][0] as Blob;
    expect(JSON.parse(await blob.text())).toEqual(bundle);
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/my-data/fhir'));
    expect((call?.[1] as RequestInit).headers).toMatchObject({ Accept: 'application/fhir+json, application/json' });
  });

  it('links to the printable summary', () => {
    renderSection({});
    expect(screen.getByRole('link', { name: 'ดูสรุปข้อมูลสุขภาพ (พิมพ์ได้)' })).toHaveAttribute('href', '/my-data/summary');
  });

  it('deletes the account only with a fresh code, then leaves for the deleted page', async () => {
    const user = userEvent.setup({ delay: null });
    const { fetchMock, queryClient } = renderSection({
      'GET /api/family': () => json(200, { data: [] }),
      'POST /api/my-data/deletion/code': () => json(202, { data: [{ expiresInSec: 300, resendAfterSec: 30 }] }),
      'POST /api/my-data/deletion': (init) =>
        JSON.parse(init.body as string).code === '123456'
          ? json(204)
          : json(400, { error: { code: 'otp_invalid', message: 'wrong' } }),
    });
    await user.click(screen.getByRole('button', { name: 'ลบบัญชี' }));
    const dialog = await screen.findByRole('dialog', { name: 'ลบบัญชีและข้อมูลทั้งหมด?' });
    await user.click(within(dialog).getByRole('button', { name: 'ส่งรหัสยืนยันไปที่ 081-234-5678' }));
    expect(await within(dialog).findByRole('textbox', { name: 'หลักที่ 1' })).toHaveAccessibleDescription(
      'กรอกรหัส 6 หลักที่ส่งไปยัง 081-234-5678 เพื่อยืนยันการลบบัญชี',
    );

    await user.click(within(dialog).getByRole('textbox', { name: 'หลักที่ 1' }));
    await user.keyboard('654321');
    expect(await within(dialog).findByText('รหัส OTP ไม่ถูกต้อง กรุณาลองใหม่')).toBeInTheDocument();
    expect(screen.queryByText('deleted page')).not.toBeInTheDocument();

    // the boxes empty themselves for another try
    expect(within(dialog).getByRole('textbox', { name: 'หลักที่ 6' })).toHaveValue('');
    await user.click(within(dialog).getByRole('textbox', { name: 'หลักที่ 1' }));
    await user.keyboard('123456');
    expect(await screen.findByText('deleted page')).toBeInTheDocument();
    await waitFor(() => expect(queryClient.getQueryData(userKeys.me())).toBeNull());
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/my-data/deletion'))).toHaveLength(2);
    // One's own account: no dependent is named.
    expect(
      fetchMock.mock.calls
        .filter(([url]) => String(url).includes('/api/my-data/deletion'))
        .every(([url]) => !String(url).includes('patient=')),
    ).toBe(true);
  });

  it('says, before the account goes, which held profiles go with it and who keeps their own account', async () => {
    const user = userEvent.setup({ delay: null });
    const held = (id: string, firstname: string) =>
      careLink({
        id: `link-${id}`,
        person: {
          id,
          firstname,
          lastname: 'รักดี',
          birthday: '2016-05-05',
          phone: null,
          hasOwnSignIn: false,
          youHold: true,
        },
        relationship: 'parent',
      });
    renderSection({
      'GET /api/family': () =>
        json(200, {
          data: [
            held('son-id', 'ต้นกล้า'),
            held('daughter-id', 'ใบข้าว'),
            careLink({ person: { firstname: 'สมศรี', lastname: 'รักดี' } }),
            // Ended, and someone looking after me: neither is mine to take along.
            careLink({ ...held('nephew-id', 'ภูผา'), status: 'revoked' }),
            careLink({
              id: 'link-father',
              direction: 'cared_for_by',
              person: {
                id: 'father-id',
                firstname: 'สมชาย',
                lastname: 'รักดี',
                phone: null,
                hasOwnSignIn: false,
                youHold: false,
              },
            }),
          ],
        }),
    });
    await user.click(screen.getByRole('button', { name: 'ลบบัญชี' }));
    const dialog = await screen.findByRole('dialog', { name: 'ลบบัญชีและข้อมูลทั้งหมด?' });
    const heldNote = (
      await within(dialog).findByText(/โปรไฟล์ที่คุณดูแลซึ่งไม่มีเบอร์เข้าสู่ระบบของตนเองจะถูกลบไปด้วย เว้นแต่มีผู้ดูแลคนอื่น/)
    ).closest<HTMLElement>('[role="note"]')!;
    expect(
      within(heldNote)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['ต้นกล้า รักดี', 'ใบข้าว รักดี']);
    const ownNote = within(dialog)
      .getByText(/มีเบอร์เข้าสู่ระบบของตนเองจะยังมีบัญชีอยู่ เพียงแต่การดูแลของคุณสิ้นสุดลง/)
      .closest<HTMLElement>('[role="note"]')!;
    expect(
      within(ownNote)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['สมศรี รักดี']);
    expect(within(dialog).queryByText(/ภูผา|สมชาย/)).not.toBeInTheDocument();
  });

  it('says nothing of family to a patient who looks after nobody', async () => {
    const user = userEvent.setup({ delay: null });
    renderSection({ 'GET /api/family': () => json(200, { data: [] }) });
    await user.click(screen.getByRole('button', { name: 'ลบบัญชี' }));
    const dialog = await screen.findByRole('dialog', { name: 'ลบบัญชีและข้อมูลทั้งหมด?' });
    await waitFor(() => expect(within(dialog).queryByText('กำลังตรวจสอบคนที่คุณดูแล…')).not.toBeInTheDocument());
    expect(within(dialog).queryByRole('note')).not.toBeInTheDocument();
  });
});
