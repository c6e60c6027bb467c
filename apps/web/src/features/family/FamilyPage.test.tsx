import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderWithProviders, testQueryClient } from '../../test/render';
import { userKeys } from '../auth/auth.queries';
import { careLink, daughter } from './family-fixtures';
import { FamilyPage } from './FamilyPage';

afterEach(() => vi.unstubAllGlobals());

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
        return json(201, { data: [careLink({ person: { id: 'son-id', firstname: 'ต้นกล้า' }, relationship: 'parent', basis: 'guardian' })] });
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

  it('adds an adult with the code sent to their own phone, which they read out', async () => {
    const user = userEvent.setup({ delay: null });
    const calls: { path: string; body: unknown }[] = [];
    const record = (path: string, status: number, reply?: unknown) => async ({ body }: RequestInit) => {
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
    expect(calls[1]!.body).toMatchObject({ firstname: 'สมศรี', birthday: '1950-03-01', relationship: 'child', phone: '0812345678', code: '123456' });
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
    expect(within(card).getByText(/คุณเป็นลูกของ สมศรี/)).toBeInTheDocument();
    expect(within(card).getByText(/ให้สิทธิ์ โดยอีกฝ่าย/)).toBeInTheDocument();
    expect(within(card).getByText(/2569/)).toBeInTheDocument();
    expect(within(card).getByText('ขยายสิทธิ์ได้เฉพาะผู้ให้สิทธิ์ คุณลดสิทธิ์ได้เสมอ')).toBeInTheDocument();

    const see = within(card).getByRole('checkbox', { name: /ดูข้อมูลสุขภาพ/ });
    await user.click(see);
    expect(see).not.toBeChecked();
    // Turned off by the caregiver, it cannot be turned on again by them.
    expect(see).toBeDisabled();
    await user.click(within(card).getByRole('button', { name: 'บันทึกการเปลี่ยนแปลง' }));
    await waitFor(() => expect(patches).toEqual([{ scopes: { see: false, book: true, medicines: true, alerts: true } }]));
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
    expect(await within(await screen.findByRole('article', { name: 'สมศรี ใจดี' })).findByText('สิ้นสุดแล้ว')).toBeInTheDocument();
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
    await waitFor(() => expect(accepted).toEqual([{ code: '654321', scopes: { see: true, book: true, medicines: true, alerts: false } }]));
  });
});
