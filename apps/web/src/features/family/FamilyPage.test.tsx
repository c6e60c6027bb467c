import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderWithProviders, testQueryClient } from '../../test/render';
import { userKeys } from '../../session/current-user';
import { careLink, daughter } from '../../test/family-fixtures';
import { FamilyPage } from './FamilyPage';
import { forgetSelectedPatient, lostAccess, selectPatient, selectedDependent } from '../../session/selected-patient';
import { wholeText } from '../../test/whole-text';

// Before, not after: forgetting the choice re-renders what is still mounted.
beforeEach(() => forgetSelectedPatient());
afterEach(() => vi.unstubAllGlobals());

/** The daughter's son, a child without a phone: a profile she holds. */
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
  canWiden: true,
});

function signedIn() {
  const queryClient = testQueryClient();
  queryClient.setQueryData(userKeys.me(), daughter);
  return queryClient;
}

/** Chooses day, Thai month and Buddhist-Era year in the birthday's three selects. */
async function chooseBirthday(user: ReturnType<typeof userEvent.setup>, day: string, month: string, year: string) {
  const group = screen.getByRole('group', { name: /วันเกิด/ });
  const [daySelect, monthSelect, yearSelect] = within(group).getAllByRole('combobox');
  await user.selectOptions(daySelect!, day);
  await user.selectOptions(monthSelect!, month);
  await user.selectOptions(yearSelect!, year);
}

async function fillPerson(user: ReturnType<typeof userEvent.setup>, firstname: string) {
  await user.type(screen.getByRole('textbox', { name: /^ชื่อ/ }), firstname);
  await user.type(screen.getByRole('textbox', { name: /^นามสกุล/ }), 'ใจดี');
  await user.type(screen.getByRole('textbox', { name: /เลขประจำตัวประชาชน/ }), '1103700012346');
}

describe('FamilyPage', () => {
  it('adds a child on the parent’s declaration, with my address', async () => {
    const user = userEvent.setup({ delay: null });
    const bodies: unknown[] = [];
    mockApi({
      'GET /api/family': () => json(200, { data: [] }),
      'POST /api/family/dependents': async ({ body }) => {
        bodies.push(JSON.parse(String(body)));
        return json(201, {
          data: [careLink({ person: { id: 'son-id', firstname: 'ต้นกล้า' }, relationship: 'parent', basis: 'guardian' })],
        });
      },
    });
    renderWithProviders(<FamilyPage />, { route: '/family', queryClient: signedIn() });
    expect(await screen.findByText('ยังไม่ได้ดูแลใคร')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'เพิ่มสมาชิกครอบครัว' }));
    const dialog = await screen.findByRole('dialog', { name: 'เพิ่มสมาชิกครอบครัว' });
    expect(within(dialog).getByRole('radio', { name: /ยังไม่มีแอปใกล้หมอ/ })).toBeChecked();
    await fillPerson(user, 'ต้นกล้า');
    await chooseBirthday(user, '5', 'พฤษภาคม', '2559');
    await user.click(within(dialog).getByRole('button', { name: 'ที่อยู่เดียวกับฉัน' }));
    // The address filled in at a tap: its label moves up, clear of the text.
    const address = within(dialog).getByRole('textbox', { name: /^ที่อยู่/ });
    expect(address).toHaveValue('99/1 ซอยสุขใจ');
    expect(dialog.querySelector(`label[for="${address.id}"]`)).toHaveAttribute('data-shrink', 'true');
    const relationship = within(dialog).getByRole('combobox', { name: /ความสัมพันธ์/ });
    expect(relationship).toHaveAccessibleDescription('คุณเป็นอะไรของต้นกล้า');
    await user.selectOptions(relationship, 'พ่อหรือแม่');
    expect(within(dialog).getByText('อายุต่ำกว่า 20 ปี: คุณดูแลได้ในฐานะพ่อแม่หรือผู้ปกครองตามกฎหมาย')).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: /เบอร์มือถือของเขา/ })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'เพิ่มสมาชิกครอบครัว' }));
    expect(await within(dialog).findByText('กรุณายืนยันว่าคุณเป็นพ่อแม่หรือผู้ปกครองตามกฎหมาย')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await user.click(within(dialog).getByRole('checkbox', { name: 'ฉันเป็นพ่อแม่หรือผู้ปกครองตามกฎหมายของเด็กคนนี้' }));
    await user.click(within(dialog).getByRole('button', { name: 'เพิ่มสมาชิกครอบครัว' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      id_type: 'thai_id',
      thai_id: '1103700012346',
      firstname: 'ต้นกล้า',
      lastname: 'ใจดี',
      birthday: '2016-05-05',
      address: '99/1 ซอยสุขใจ',
      subdistrist: 'ศิริราช',
      district: 'บางกอกน้อย',
      province: 'กรุงเทพมหานคร',
      postcode: '10700',
      relationship: 'parent',
      scopes: { see: true, book: true, medicines: true, alerts: true },
      guardianDeclared: true,
    });
    expect(await screen.findByText('เพิ่ม ต้นกล้า แล้ว')).toBeInTheDocument();
  });

  it('adds a child who has a passport: its number and country sent, no Thai ID, and a taken one said at its box', async () => {
    const user = userEvent.setup();
    const bodies: Record<string, unknown>[] = [];
    mockApi({
      'GET /api/family': () => json(200, { data: [] }),
      'POST /api/family/dependents': async ({ body }) => {
        bodies.push(JSON.parse(String(body)));
        return bodies.length === 1
          ? json(409, {
              error: { code: 'passport_taken', message: 'x', fields: { passport_number: 'passport_taken' } },
            })
          : json(201, { data: [careLink({ person: { id: 'nilar-id', firstname: 'Nilar' } })] });
      },
    });
    renderWithProviders(<FamilyPage />, { route: '/family', queryClient: signedIn() });
    await user.click(await screen.findByRole('button', { name: 'เพิ่มสมาชิกครอบครัว' }));
    const dialog = await screen.findByRole('dialog', { name: 'เพิ่มสมาชิกครอบครัว' });
    await user.type(within(dialog).getByRole('textbox', { name: /^ชื่อ/ }), 'Nilar');
    await user.type(within(dialog).getByRole('textbox', { name: /^นามสกุล/ }), 'Aung');
    // A number typed for a Thai ID before choosing the passport is not sent.
    await user.type(within(dialog).getByRole('textbox', { name: /เลขประจำตัวประชาชน/ }), '1103700012346');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^เอกสารประจำตัว/ }), 'passport');
    expect(within(dialog).queryByRole('textbox', { name: /เลขประจำตัวประชาชน/ })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^เลขที่หนังสือเดินทาง/ }), 'mb 765 4321');
    await within(dialog).findByRole('option', { name: /เมียนม/ });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^สัญชาติ/ }), 'MMR');
    await chooseBirthday(user, '1', 'มิถุนายน', '2562');
    await user.click(within(dialog).getByRole('button', { name: 'ที่อยู่เดียวกับฉัน' }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /ความสัมพันธ์/ }), 'พ่อหรือแม่');
    await user.click(within(dialog).getByRole('checkbox', { name: 'ฉันเป็นพ่อแม่หรือผู้ปกครองตามกฎหมายของเด็กคนนี้' }));
    await user.click(within(dialog).getByRole('button', { name: 'เพิ่มสมาชิกครอบครัว' }));

    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ id_type: 'passport', passport_number: 'MB7654321', nationality: 'MMR' });
    expect(bodies[0]).not.toHaveProperty('thai_id');
    const passport = within(dialog).getByRole('textbox', { name: /^เลขที่หนังสือเดินทาง/ });
    await waitFor(() => expect(passport).toHaveAttribute('aria-invalid', 'true'));
    expect(passport).toHaveAccessibleDescription(/หนังสือเดินทางเล่มนี้มีบัญชีอยู่แล้ว/);

    await user.clear(passport);
    await user.type(passport, 'MB7654322');
    await user.click(within(dialog).getByRole('button', { name: 'เพิ่มสมาชิกครอบครัว' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(await screen.findByText('เพิ่ม Nilar แล้ว')).toBeInTheDocument();
  }, 30_000);

  it('adds an adult with the code sent to their own phone, which they read out', async () => {
    const user = userEvent.setup({ delay: null });
    const calls: { path: string; body: unknown }[] = [];
    const record =
      (path: string, status: number, reply?: unknown) =>
      async ({ body }: RequestInit) => {
        calls.push({ path, body: JSON.parse(String(body)) });
        return json(status, reply);
      };
    mockApi({
      'GET /api/family': () => json(200, { data: [] }),
      'POST /api/family/consent-code': record('code', 202, { data: [{ expiresInSec: 300, resendAfterSec: 30 }] }),
      'POST /api/family/dependents': record('add', 201, { data: [careLink()] }),
    });
    renderWithProviders(<FamilyPage />, { route: '/family', queryClient: signedIn() });
    await user.click(await screen.findByRole('button', { name: 'เพิ่มสมาชิกครอบครัว' }));
    const dialog = await screen.findByRole('dialog', { name: 'เพิ่มสมาชิกครอบครัว' });
    await fillPerson(user, 'สมศรี');
    await chooseBirthday(user, '1', 'มีนาคม', '2493');
    await user.click(within(dialog).getByRole('button', { name: 'ที่อยู่เดียวกับฉัน' }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /ความสัมพันธ์/ }), 'ลูก');
    expect(within(dialog).queryByRole('checkbox', { name: /ผู้ปกครองตามกฎหมายของเด็ก/ })).not.toBeInTheDocument();

    const send = within(dialog).getByRole('button', { name: 'ส่งรหัส' });
    expect(send).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /เบอร์มือถือของเขา/ }), '0812345678');
    await user.click(send);
    expect(await within(dialog).findByText(/ขอให้เจ้าของเบอร์อ่านรหัส 6 หลักให้คุณฟัง/)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /รหัส 6 หลักที่เขาอ่านให้ฟัง/ }), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'เพิ่มสมาชิกครอบครัว' }));

    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(['code', 'add']));
    expect(calls[0]!.body).toEqual({ phone: '0812345678' });
    expect(calls[1]!.body).toMatchObject({
      firstname: 'สมศรี',
      birthday: '1950-03-01',
      relationship: 'child',
      phone: '0812345678',
      code: '123456',
    });
    expect(calls[1]!.body).not.toHaveProperty('guardianDeclared');
  });

  it('narrows a grant (widening left to the grantor), changes the alert delay, and shows the history', async () => {
    const user = userEvent.setup({ delay: null });
    const patches: unknown[] = [];
    mockApi({
      'GET /api/family': () => json(200, { data: [careLink()] }),
      'PATCH /api/family/links/link-mother': async ({ body }) => {
        patches.push(JSON.parse(String(body)));
        return json(200, { data: [careLink({ scopes: { see: false, book: true, medicines: true, alerts: true } })] });
      },
    });
    renderWithProviders(<FamilyPage />, { route: '/family', queryClient: signedIn() });
    const card = await screen.findByRole('article', { name: 'สมศรี ใจดี' });
    expect(within(card).getByText(wholeText(/คุณเป็นลูกของ สมศรี/))).toBeInTheDocument();
    expect(within(card).getByText(/ให้สิทธิ์ โดยอีกฝ่าย/)).toBeInTheDocument();
    expect(within(card).getByText(/2569/)).toBeInTheDocument();
    expect(within(card).getByText('ขยายสิทธิ์ได้เฉพาะผู้ให้สิทธิ์ คุณลดสิทธิ์ได้เสมอ')).toBeInTheDocument();

    const see = within(card).getByRole('checkbox', { name: /ดูข้อมูลสุขภาพ/ });
    await user.click(see);
    expect(see).not.toBeChecked();
    // Turned off by the caregiver, it cannot be turned on again by them.
    expect(see).toBeDisabled();
    await user.click(within(card).getByRole('button', { name: 'บันทึกการเปลี่ยนแปลง' }));
    await waitFor(() =>
      expect(patches).toEqual([{ scopes: { see: false, book: true, medicines: true, alerts: true } }]),
    );
    expect(await screen.findByText('บันทึกสิทธิ์แล้ว')).toBeInTheDocument();
  });

  it('ends a grant after asking', async () => {
    const user = userEvent.setup({ delay: null });
    let revoked = false;
    mockApi({
      'GET /api/family': () => json(200, { data: [careLink(revoked ? { status: 'revoked', canRevoke: false } : {})] }),
      'POST /api/family/links/link-mother/revoke': () => {
        revoked = true;
        return json(200, { data: [careLink({ status: 'revoked' })] });
      },
    });
    renderWithProviders(<FamilyPage />, { route: '/family', queryClient: signedIn() });
    const card = await screen.findByRole('article', { name: 'สมศรี ใจดี' });
    await user.click(within(card).getByRole('button', { name: 'ยกเลิกการดูแล' }));
    const dialog = await screen.findByRole('dialog', { name: 'ยกเลิกการดูแลระหว่างคุณกับ สมศรี?' });
    expect(revoked).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'ยกเลิกการดูแล' }));
    await waitFor(() => expect(revoked).toBe(true));
    expect(
      await within(await screen.findByRole('article', { name: 'สมศรี ใจดี' })).findByText('สิ้นสุดแล้ว'),
    ).toBeInTheDocument();
  });

  it('accepts an invitation with a code to my own phone, and tells a child which parent looks after the account', async () => {
    const user = userEvent.setup({ delay: null });
    const accepted: unknown[] = [];
    const invitation = careLink({
      id: 'link-invite',
      direction: 'cared_for_by',
      person: { id: 'father-id', firstname: 'สมชาย', lastname: 'ใจดี', birthday: '1980-01-01', phone: null },
      relationship: 'parent',
      status: 'pending',
      awaitingYourAnswer: true,
      scopes: { see: true, book: true, medicines: false, alerts: false },
    });
    const guardian = careLink({
      id: 'link-guardian',
      direction: 'cared_for_by',
      person: { id: 'mother-2', firstname: 'มาลี', lastname: 'ใจดี', birthday: '1985-01-01', phone: null },
      relationship: 'parent',
      basis: 'guardian',
    });
    mockApi({
      'GET /api/family': () => json(200, { data: [invitation, guardian] }),
      'POST /api/family/links/link-invite/code': () => json(202, { data: [{ expiresInSec: 300, resendAfterSec: 30 }] }),
      'POST /api/family/links/link-invite/accept': async ({ body }) => {
        accepted.push(JSON.parse(String(body)));
        return json(200, { data: [{ ...invitation, status: 'active', awaitingYourAnswer: false }] });
      },
    });
    renderWithProviders(<FamilyPage />, { route: '/family', queryClient: signedIn() });
    expect(await screen.findByText('ผู้ปกครองของคุณดูแลบัญชีนี้ได้: มาลี ใจดี')).toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'สมชาย ใจดี ขอดูแลข้อมูลสุขภาพของคุณ' });
    await user.click(within(card).getByRole('checkbox', { name: /จัดการยาและติ๊กยา/ }));
    await user.click(within(card).getByRole('button', { name: 'ส่งรหัสยืนยันไปที่มือถือของฉัน' }));
    await user.type(await within(card).findByRole('textbox', { name: 'รหัสยืนยัน 6 หลัก' }), '654321');
    await user.click(within(card).getByRole('button', { name: 'ยอมรับ' }));
    await waitFor(() =>
      expect(accepted).toEqual([{ code: '654321', scopes: { see: true, book: true, medicines: true, alerts: false } }]),
    );
  });

  it('a parent confirms a teenager’s link with the code the teenager reads out from their own phone', async () => {
    const user = userEvent.setup({ delay: null });
    const confirmed: unknown[] = [];
    const request = careLink({
      id: 'link-teen',
      person: {
        id: 'teen-id',
        firstname: 'ภูมิ',
        lastname: 'ใจดี',
        birthday: '2011-02-02',
        phone: null,
        hasOwnSignIn: true,
      },
      relationship: 'parent',
      basis: 'guardian',
      status: 'pending',
      awaitingChildsCode: true,
    });
    const codes: string[] = [];
    mockApi({
      'GET /api/family': () => json(200, { data: [request] }),
      'POST /api/family/links/link-teen/code': () => {
        codes.push('sent');
        return json(202, { data: [{ expiresInSec: 300, resendAfterSec: 30 }] });
      },
      'POST /api/family/links/link-teen/confirm': async ({ body }) => {
        confirmed.push(JSON.parse(String(body)));
        return json(200, { data: [{ ...request, status: 'active', awaitingChildsCode: false }] });
      },
    });
    renderWithProviders(<FamilyPage />, { route: '/family', queryClient: signedIn() });
    const card = await screen.findByRole('article', { name: 'ภูมิ ใจดี' });
    expect(within(card).queryByText(/รอ ภูมิ ตอบรับในแอปของเขา/)).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'ส่งรหัสไปที่มือถือของ ภูมิ' }));
    await user.type(await within(card).findByRole('textbox', { name: 'รหัส 6 หลัก' }), '246810');
    await user.click(within(card).getByRole('button', { name: 'ยืนยัน' }));
    await waitFor(() => expect(confirmed).toEqual([{ code: '246810' }]));
    expect(codes).toEqual(['sent']);
  });

  it('a teenager reports someone claiming to be their parent: the link is suspended', async () => {
    const user = userEvent.setup({ delay: null });
    const claimed = careLink({
      id: 'link-claimed',
      direction: 'cared_for_by',
      person: { id: 'stranger-id', firstname: 'สมปอง', lastname: 'แปลกหน้า', birthday: '1980-01-01', phone: null },
      relationship: 'parent',
      basis: 'guardian',
      canRevoke: false,
      canReport: true,
    });
    let reported = 0;
    mockApi({
      'GET /api/family': () =>
        json(200, { data: reported ? [{ ...claimed, status: 'suspended', canReport: false }] : [claimed] }),
      'POST /api/family/links/link-claimed/report': () => {
        reported += 1;
        return json(200, { data: [{ ...claimed, status: 'suspended', canReport: false }] });
      },
    });
    renderWithProviders(<FamilyPage />, { route: '/family', queryClient: signedIn() });
    const card = await screen.findByRole('article', { name: 'สมปอง แปลกหน้า' });
    expect(within(card).queryByRole('button', { name: 'ยกเลิกการดูแล' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'ไม่ใช่ผู้ปกครองของฉัน' }));
    const dialog = await screen.findByRole('dialog', { name: 'สมปอง ไม่ใช่พ่อแม่หรือผู้ปกครองของคุณ?' });
    await user.click(within(dialog).getByRole('button', { name: 'แจ้งและระงับทันที' }));
    await waitFor(() => expect(reported).toBe(1));
    expect(await screen.findByText('ระงับแล้ว สมปอง เข้าถึงข้อมูลของคุณไม่ได้ ทีมงานใกล้หมอจะตรวจสอบ')).toBeInTheDocument();
  });

  it('offers deleting a profile only on the held profiles that cannot sign in', async () => {
    const caregiverWithoutPhone = careLink({
      id: 'link-aunt',
      direction: 'cared_for_by',
      person: {
        id: 'aunt-id',
        firstname: 'บุญมี',
        lastname: 'ใจดี',
        birthday: '1970-01-01',
        phone: null,
        hasOwnSignIn: false,
        youHold: false,
      },
      relationship: 'relative',
    });
    const endedHold = careLink({
      id: 'link-nephew',
      person: {
        id: 'nephew-id',
        firstname: 'ภูผา',
        lastname: 'ใจดี',
        birthday: '2018-01-01',
        phone: null,
        hasOwnSignIn: false,
        youHold: true,
      },
      relationship: 'relative',
      status: 'revoked',
      canRevoke: false,
    });
    mockApi({ 'GET /api/family': () => json(200, { data: [careLink(), son, caregiverWithoutPhone, endedHold] }) });
    renderWithProviders(<FamilyPage />, { route: '/family', queryClient: signedIn() });
    const sonCard = await screen.findByRole('article', { name: 'ต้นกล้า ใจดี' });
    expect(within(sonCard).getByRole('button', { name: 'ลบโปรไฟล์' })).toBeInTheDocument();
    for (const name of ['สมศรี ใจดี', 'บุญมี ใจดี', 'ภูผา ใจดี']) {
      expect(
        within(screen.getByRole('article', { name })).queryByRole('button', { name: 'ลบโปรไฟล์' }),
      ).not.toBeInTheDocument();
    }
    expect(screen.getAllByRole('button', { name: 'ลบโปรไฟล์' })).toHaveLength(1);
  });

  it('deletes a held profile with a code to my own phone, then lists the family again and shows my own data', async () => {
    const user = userEvent.setup({ delay: null });
    let deleted = false;
    const calls: { url: string; body: unknown }[] = [];
    const fetchMock = mockApi({
      'GET /api/family': () => json(200, { data: deleted ? [careLink()] : [careLink(), son] }),
      'POST /api/my-data/deletion/code': ({ url }) => {
        calls.push({ url, body: null });
        return json(202, { data: [{ expiresInSec: 300, resendAfterSec: 30 }] });
      },
      'POST /api/my-data/deletion': ({ url, body }) => {
        const sent = JSON.parse(String(body)) as { code: string };
        calls.push({ url, body: sent });
        if (sent.code !== '123456') return json(400, { error: { code: 'otp_invalid', message: 'wrong' } });
        deleted = true;
        return json(204);
      },
    });
    // She was looking at her son's data.
    selectPatient(daughter.id, 'son-id');
    renderWithProviders(<FamilyPage />, { route: '/family', queryClient: signedIn() });
    const card = await screen.findByRole('article', { name: 'ต้นกล้า ใจดี' });
    await user.click(within(card).getByRole('button', { name: 'ลบโปรไฟล์' }));
    const dialog = await screen.findByRole('dialog', { name: 'ลบโปรไฟล์ของ ต้นกล้า?' });
    expect(within(dialog).getByText(/ข้อมูลสุขภาพทั้งหมดของ ต้นกล้า ในแอปจะถูกลบถาวร/)).toBeInTheDocument();
    expect(within(dialog).getByText(/หลักฐานการชำระเงินมัดจำที่ชำระแล้วจะเก็บไว้โดยไม่ระบุตัวตน/)).toBeInTheDocument();
    expect(within(dialog).getByText('ต้นกล้า ไม่มีเบอร์เข้าสู่ระบบของตนเอง รหัสยืนยันจึงส่งไปที่มือถือของคุณ')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    // The code goes to my own number.
    await user.click(within(dialog).getByRole('button', { name: 'ส่งรหัสยืนยันไปที่ 089-111-2222' }));
    expect(await within(dialog).findByRole('textbox', { name: 'หลักที่ 1' })).toHaveAccessibleDescription(
      'กรอกรหัส 6 หลักที่ส่งไปยังมือถือของคุณ 089-111-2222 เพื่อยืนยันการลบโปรไฟล์ของ ต้นกล้า',
    );
    await user.click(within(dialog).getByRole('textbox', { name: 'หลักที่ 1' }));
    await user.keyboard('654321');
    expect(await within(dialog).findByText('รหัส OTP ไม่ถูกต้อง กรุณาลองใหม่')).toBeInTheDocument();
    expect(deleted).toBe(false);

    await user.click(within(dialog).getByRole('textbox', { name: 'หลักที่ 1' }));
    // The last digit confirms, as the confirm button would.
    await user.keyboard('123456');
    expect(await screen.findByText('ลบโปรไฟล์ของ ต้นกล้า แล้ว')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'ต้นกล้า ใจดี' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'สมศรี ใจดี' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // Every call named the son; the family list was read again; I am back on my own data without an "access lost" note.
    expect(calls.map(({ url }) => new URL(url, 'http://app').searchParams.get('patient'))).toEqual([
      'son-id',
      'son-id',
      'son-id',
    ]);
    expect(calls.slice(1).map(({ body }) => body)).toEqual([{ code: '654321' }, { code: '123456' }]);
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/family')).length).toBeGreaterThanOrEqual(
      2,
    );
    expect(selectedDependent(daughter.id)).toBeNull();
    expect(lostAccess()).toBeNull();
  });
});
