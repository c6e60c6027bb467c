import type { Allergy, Condition, HealthBackground } from '@klaimor/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userKeys } from '../../session/current-user';
import { forgetSelectedPatient, selectPatient } from '../../session/selected-patient';
import { careLink, daughter } from '../../test/family-fixtures';
import { json, mockApi, renderWithProviders, testQueryClient } from '../../test/render';
import { HealthBackgroundPage } from './HealthBackgroundPage';
import '../../i18n/care/care.texts';

const siriraj = { id: 'siriraj-hospital', nameTh: 'โรงพยาบาลศิริราช', nameEn: 'Siriraj Hospital' };

const allergy = (id: string, patch: Partial<Allergy> = {}): Allergy => ({
  id,
  substance: 'กุ้ง',
  category: 'food',
  reaction: null,
  severity: 'mild',
  recordedBy: { by: 'patient' },
  recordedAt: '2026-11-20T03:00:00.000Z',
  ...patch,
});
const condition = (id: string, patch: Partial<Condition> = {}): Condition => ({
  id,
  name: 'ความดันโลหิตสูง',
  icd10: 'I10',
  recordedBy: { by: 'patient' },
  recordedAt: '2026-11-21T03:00:00.000Z',
  ...patch,
});

const penicillin = allergy('a1', {
  substance: 'เพนิซิลลิน',
  category: 'medication',
  reaction: 'ผื่นลมพิษ หน้าบวม',
  severity: 'severe',
  recordedBy: { by: 'clinician', clinician: 'นพ.สมชาย ใจดี', facility: siriraj },
});
const shrimp = allergy('a2');
const background: HealthBackground = {
  allergies: [penicillin, shrimp],
  conditions: [condition('c1'), condition('c2', { name: 'ปวดหลังเรื้อรัง', icd10: null })],
};

const reply = (lists: HealthBackground, status = 200) => json(status, { data: [lists] });
const sent = (init: RequestInit) => JSON.parse(init.body as string) as Record<string, unknown>;

describe('HealthBackgroundPage', () => {
  beforeEach(() => forgetSelectedPatient());
  afterEach(() => vi.unstubAllGlobals());

  it('shows each allergy with its severity in words and who recorded it, and each condition with its code', async () => {
    mockApi({ 'GET /api/health-background': () => reply(background) });
    renderWithProviders(<HealthBackgroundPage />, { route: '/health-background' });
    const allergies = await screen.findByRole('region', { name: 'ประวัติการแพ้' });

    const severe = within(allergies).getByRole('article', { name: 'เพนิซิลลิน' });
    expect(within(severe).getByRole('heading', { level: 3, name: 'เพนิซิลลิน' })).toBeInTheDocument();
    expect(severe).toHaveTextContent('แพ้รุนแรง');
    expect(severe).toHaveTextContent('ประเภท: ยา');
    expect(severe).toHaveTextContent('อาการที่เกิด: ผื่นลมพิษ หน้าบวม');
    expect(severe).toHaveTextContent('บันทึกโดย นพ.สมชาย ใจดี · โรงพยาบาลศิริราช · 20 พ.ย. 2569');
    // A clinician's entry is the hospital's to remove: the patient is told whom to ask instead.
    expect(within(severe).queryByRole('button')).not.toBeInTheDocument();
    expect(severe).toHaveTextContent('หากไม่ถูกต้อง กรุณาแจ้งโรงพยาบาลที่บันทึกให้แก้ไข');

    const own = within(allergies).getByRole('article', { name: 'กุ้ง' });
    expect(own).toHaveTextContent('แพ้เล็กน้อย');
    expect(own).toHaveTextContent('ประเภท: อาหาร');
    expect(own).toHaveTextContent('คุณบันทึกเอง · 20 พ.ย. 2569');
    expect(within(own).getByRole('button', { name: 'ลบ กุ้ง' })).toHaveTextContent('ลบ');

    const conditions = screen.getByRole('region', { name: 'โรคประจำตัว' });
    expect(
      within(conditions)
        .getAllByRole('article')
        .map((card) => card.getAttribute('aria-label')),
    ).toEqual(['ความดันโลหิตสูง', 'ปวดหลังเรื้อรัง']);
    expect(within(conditions).getByRole('heading', { level: 3, name: 'ความดันโลหิตสูง ICD-10 I10' })).toBeVisible();
    expect(within(conditions).getByRole('heading', { level: 3, name: 'ปวดหลังเรื้อรัง' })).toBeVisible();
    expect(within(conditions).getAllByRole('button', { name: 'เพิ่มโรคประจำตัว' })).toHaveLength(1);
  });

  it('says what to do while nothing is recorded, then adds an allergy once its severity is chosen', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = mockApi({
      'GET /api/health-background': () => reply({ allergies: [], conditions: [] }),
      'POST /api/allergies': (init) =>
        reply(
          { allergies: [allergy('a9', { ...sent(init), recordedAt: '2026-11-28T02:00:00.000Z' })], conditions: [] },
          201,
        ),
    });
    renderWithProviders(<HealthBackgroundPage />, { route: '/health-background' });
    expect(await screen.findByText('ยังไม่มีข้อมูลการแพ้')).toBeInTheDocument();
    expect(screen.getByText('หากเคยแพ้ยาหรืออาหาร เพิ่มไว้ให้แพทย์เห็นก่อนสั่งยา')).toBeInTheDocument();
    expect(screen.getByText('ยังไม่มีข้อมูลโรคประจำตัว')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'เพิ่มประวัติการแพ้' }));
    const dialog = await screen.findByRole('dialog', { name: 'เพิ่มประวัติการแพ้' });
    expect(within(dialog).getByRole('radio', { name: 'ยา' })).toBeChecked();
    await user.type(within(dialog).getByRole('textbox', { name: 'ชื่อยาที่แพ้' }), 'อะม็อกซีซิลลิน');
    await user.type(within(dialog).getByRole('textbox', { name: 'อาการที่เกิดขึ้น' }), 'ผื่นขึ้นทั้งตัว');
    await user.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
    expect(await within(dialog).findByText('กรุณาเลือกหนึ่งข้อ')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    const severe = within(dialog).getByRole('radio', { name: /^รุนแรง เช่น หายใจลำบาก/ });
    await user.click(severe);
    await user.click(within(dialog).getByRole('button', { name: 'บันทึก' }));

    expect(await screen.findByText('บันทึกประวัติการแพ้แล้ว')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(sent(post![1]!)).toEqual({
      substance: 'อะม็อกซีซิลลิน',
      category: 'medication',
      reaction: 'ผื่นขึ้นทั้งตัว',
      severity: 'severe',
    });
    const card = await screen.findByRole('article', { name: 'อะม็อกซีซิลลิน' });
    expect(card).toHaveTextContent('แพ้รุนแรง');
    expect(card).toHaveTextContent('คุณบันทึกเอง · 28 พ.ย. 2569');
  });

  it("names the kind of thing in the substance box, and shows the server's reason on its field", async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({
      'GET /api/health-background': () => reply({ allergies: [], conditions: [] }),
      'POST /api/allergies': () =>
        json(400, { error: { code: 'validation_failed', message: 'x', fields: { substance: 'too_long' } } }),
    });
    renderWithProviders(<HealthBackgroundPage />, { route: '/health-background' });
    await user.click(await screen.findByRole('button', { name: 'เพิ่มประวัติการแพ้' }));
    const dialog = await screen.findByRole('dialog', { name: 'เพิ่มประวัติการแพ้' });
    await user.click(within(dialog).getByRole('radio', { name: 'อาหาร' }));
    const food = within(dialog).getByRole('textbox', { name: 'อาหารที่แพ้' });
    expect(within(dialog).getByText('เช่น กุ้ง ปู ถั่วลิสง นมวัว')).toBeInTheDocument();
    await user.type(food, 'ปู');
    await user.click(within(dialog).getByRole('radio', { name: /^เล็กน้อย/ }));
    await user.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
    expect(await within(dialog).findByText('ข้อความยาวเกินไป')).toBeInTheDocument();
    expect(food).toHaveAccessibleDescription('ข้อความยาวเกินไป');
  });

  it('adds a condition chosen from the list with its code, and one typed in words without a code', async () => {
    const user = userEvent.setup({ delay: null });
    let lists: HealthBackground = { allergies: [], conditions: [condition('c1')] };
    const fetchMock = mockApi({
      'GET /api/health-background': () => reply(lists),
      'POST /api/conditions': (init) => {
        const body = sent(init);
        lists = { ...lists, conditions: [...lists.conditions, condition(`c${lists.conditions.length + 1}`, body)] };
        return reply(lists, 201);
      },
    });
    renderWithProviders(<HealthBackgroundPage />, { route: '/health-background' });
    await user.click(await screen.findByRole('button', { name: 'เพิ่มโรคประจำตัว' }));
    let dialog = await screen.findByRole('dialog', { name: 'เพิ่มโรคประจำตัว' });
    const box = within(dialog).getByRole('combobox', { name: 'ชื่อโรค' });
    await user.click(box);
    // The whole list opens on the first tap, without what is recorded already.
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(21);
    expect(screen.queryByRole('option', { name: /ความดันโลหิตสูง/ })).not.toBeInTheDocument();
    await user.type(box, 'เบาหวาน');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['เบาหวานชนิดที่ 2E11', 'เบาหวานชนิดที่ 1E10']);
    await user.click(screen.getByRole('option', { name: /เบาหวานชนิดที่ 2/ }));
    expect(box).toHaveValue('เบาหวานชนิดที่ 2');
    expect(within(dialog).getByText('โรคจากรายการ รหัส ICD-10: E11')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'เพิ่มโรคประจำตัว' }));
    dialog = await screen.findByRole('dialog', { name: 'เพิ่มโรคประจำตัว' });
    await user.type(within(dialog).getByRole('combobox', { name: 'ชื่อโรค' }), 'ภูมิแพ้อากาศ');
    expect(within(dialog).getByText('ไม่มีในรายการ บันทึกตามที่พิมพ์ได้เลย')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([, init]) => sent(init!));
    expect(posts).toEqual([
      { name: 'เบาหวานชนิดที่ 2', icd10: 'E11' },
      { name: 'ภูมิแพ้อากาศ', icd10: null },
    ]);
    const region = screen.getByRole('region', { name: 'โรคประจำตัว' });
    expect(
      within(region)
        .getAllByRole('article')
        .map((card) => card.getAttribute('aria-label')),
    ).toEqual(['ความดันโลหิตสูง', 'เบาหวานชนิดที่ 2', 'ภูมิแพ้อากาศ']);
  });

  it('removes an own entry after a confirmation naming it, and says in Thai why a refused one stays', async () => {
    const user = userEvent.setup({ delay: null });
    let lists = background;
    mockApi({
      'GET /api/health-background': () => reply(lists),
      'DELETE /api/allergies/a2': () => {
        lists = { ...lists, allergies: [penicillin] };
        return json(204);
      },
      'DELETE /api/conditions/c1': () =>
        json(409, { error: { code: 'recorded_by_clinician', message: 'รายการนี้แพทย์ของโรงพยาบาลเป็นผู้บันทึก' } }),
    });
    renderWithProviders(<HealthBackgroundPage />, { route: '/health-background' });
    await user.click(await screen.findByRole('button', { name: 'ลบ กุ้ง' }));
    let dialog = await screen.findByRole('dialog', { name: 'ลบ “กุ้ง” ออกจากประวัติการแพ้?' });
    await user.click(within(dialog).getByRole('button', { name: 'ลบ' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'กุ้ง' })).not.toBeInTheDocument());
    expect(await screen.findByText('ลบประวัติการแพ้แล้ว')).toBeInTheDocument();

    // Recorded by a clinician meanwhile (this screen still showed it as the patient's own).
    await user.click(await screen.findByRole('button', { name: 'ลบ ความดันโลหิตสูง' }));
    dialog = await screen.findByRole('dialog', { name: 'ลบ “ความดันโลหิตสูง” ออกจากโรคประจำตัว?' });
    await user.click(within(dialog).getByRole('button', { name: 'ลบ' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'รายการนี้โรงพยาบาลบันทึกไว้ จึงลบเองไม่ได้ หากไม่ถูกต้อง กรุณาแจ้งโรงพยาบาลที่บันทึก',
    );
  });

  it('shows a failed load with the way to try again', async () => {
    mockApi({ 'GET /api/health-background': () => json(500, { error: { code: 'internal_error', message: 'x' } }) });
    renderWithProviders(<HealthBackgroundPage />, { route: '/health-background' });
    expect(await screen.findByRole('button', { name: 'ลองอีกครั้ง' })).toBeInTheDocument();
  });
});

describe('HealthBackgroundPage for a family member', () => {
  beforeEach(() => forgetSelectedPatient());
  afterEach(() => vi.unstubAllGlobals());

  function signedIn() {
    const queryClient = testQueryClient();
    queryClient.setQueryData(userKeys.me(), daughter);
    return queryClient;
  }

  it('opens nothing to a medicines-only grant: conditions say more than giving medicines needs', async () => {
    const urls: string[] = [];
    const mother = careLink({ scopes: { see: false, book: false, medicines: true, alerts: true } });
    mockApi({
      'GET /api/family': () => json(200, { data: [mother] }),
      'GET /api/health-background': ({ url }) => {
        urls.push(url);
        return reply({ allergies: [shrimp], conditions: [] });
      },
    });
    selectPatient('daughter-id', 'mother-id');
    renderWithProviders(<HealthBackgroundPage />, { route: '/health-background', queryClient: signedIn() });
    expect(await screen.findByText(/ไม่รวมส่วนนี้ \(ประวัติแพ้ยาและโรคประจำตัว\)/)).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'กุ้ง' })).not.toBeInTheDocument();
    expect(urls).toEqual([]);
  });

  it('lets a see grant add for the mother, sending ?patient=', async () => {
    const user = userEvent.setup({ delay: null });
    const urls: string[] = [];
    mockApi({
      'GET /api/family': () => json(200, { data: [careLink()] }),
      'GET /api/health-background': () => reply({ allergies: [], conditions: [] }),
      'POST /api/conditions': ({ url }) => {
        urls.push(url);
        return reply({ allergies: [], conditions: [condition('c1')] }, 201);
      },
    });
    selectPatient('daughter-id', 'mother-id');
    renderWithProviders(<HealthBackgroundPage />, { route: '/health-background', queryClient: signedIn() });
    await user.click(await screen.findByRole('button', { name: 'เพิ่มโรคประจำตัว' }));
    const dialog = await screen.findByRole('dialog', { name: 'เพิ่มโรคประจำตัว' });
    await user.type(within(dialog).getByRole('combobox', { name: 'ชื่อโรค' }), 'ความดันโลหิตสูง');
    await user.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
    expect(await screen.findByRole('article', { name: 'ความดันโลหิตสูง' })).toBeInTheDocument();
    expect(urls).toEqual([expect.stringContaining('patient=mother-id')]);
  });
});
