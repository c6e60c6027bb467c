import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderWithProviders, testQueryClient } from '../test/render';
import { userKeys } from './current-user';
import { TodoPage } from '../features/medications/TodoPage';
import { MyHealthHome } from '../features/myhealth/MyHealthHome';
import { careLink, daughter } from '../test/family-fixtures';
import { BookingFor } from './BookingFor';
import { PersonGate } from './PersonGate';
import { forgetSelectedPatient, loseAccess, selectPatient, selectedDependent } from './selected-patient';
import '../i18n/care/care.texts';
import { wholeText } from '../test/whole-text';

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
  scopes: { see: false, book: false, medicines: true, alerts: true },
  createdAt: '2026-11-02T03:00:00.000Z',
});

function signedIn() {
  const queryClient = testQueryClient();
  queryClient.setQueryData(userKeys.me(), daughter);
  return queryClient;
}

beforeEach(() => forgetSelectedPatient());
afterEach(() => vi.unstubAllGlobals());

describe('PersonSwitcher', () => {
  it("shows whose data it is, and switches to a dependent's, each with their own colour band", async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({ 'GET /api/family': () => json(200, { data: [son, mother] }) });
    renderWithProviders(
      <PersonGate area="records">
        <p>ประวัติ</p>
      </PersonGate>,
      { queryClient: signedIn() },
    );
    const band = await screen.findByRole('region', { name: 'ข้อมูลของ' });
    expect(within(band).getByText('ข้อมูลของฉัน')).toBeInTheDocument();
    expect(screen.getByText('ประวัติ')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'เปลี่ยนคน (ตอนนี้: ข้อมูลของฉัน)' }));
    const menu = screen.getByRole('menu', { name: 'เลือกคนที่จะดูข้อมูล' });
    const items = within(menu).getAllByRole('menuitem');
    // Oldest grant first: the mother, then the son; then the way to the family screen.
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('ฉัน (มาลี)'),
      expect.stringContaining('สมศรี ใจดี'),
      expect.stringContaining('ต้นกล้า ใจดี'),
      'จัดการครอบครัว',
    ]);
    await user.click(items[1]!);

    expect(selectedDependent('daughter-id')).toBe('mother-id');
    const motherBand = await screen.findByRole('region', { name: 'ข้อมูลของ' });
    expect(within(motherBand).getByText('สมศรี ใจดี')).toBeInTheDocument();
    const motherColour = getComputedStyle(motherBand).borderLeftColor;

    await user.click(screen.getByRole('button', { name: 'เปลี่ยนคน (ตอนนี้: สมศรี ใจดี)' }));
    await user.click(within(screen.getByRole('menu')).getByText('ต้นกล้า ใจดี'));
    const sonBand = await screen.findByRole('region', { name: 'ข้อมูลของ' });
    expect(within(sonBand).getByText('ต้นกล้า ใจดี')).toBeInTheDocument();
    expect(getComputedStyle(sonBand).borderLeftColor).not.toBe(motherColour);
  });

  it('says so, instead of the screen, where the grant does not reach, and goes back to my own data', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({ 'GET /api/family': () => json(200, { data: [mother, son] }) });
    selectPatient('daughter-id', 'son-id');
    renderWithProviders(
      <PersonGate area="records">
        <p>ประวัติ</p>
      </PersonGate>,
      { queryClient: signedIn() },
    );
    expect(await screen.findByText('สิทธิ์ที่ ต้นกล้า ให้คุณไม่รวมส่วนนี้ (ดูข้อมูลสุขภาพ)')).toBeInTheDocument();
    expect(screen.queryByText('ประวัติ')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'กลับไปดูข้อมูลของฉัน' }));
    expect(await screen.findByText('ประวัติ')).toBeInTheDocument();
    expect(selectedDependent('daughter-id')).toBeNull();
  });

  it('draws nothing for a patient who looks after nobody', async () => {
    mockApi({ 'GET /api/family': () => json(200, { data: [] }) });
    renderWithProviders(
      <PersonGate area="records">
        <p>ประวัติ</p>
      </PersonGate>,
      { queryClient: signedIn() },
    );
    expect(await screen.findByText('ประวัติ')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'ข้อมูลของ' })).not.toBeInTheDocument();
  });

  it('goes back to my own data, saying so, when the grant has ended meanwhile', async () => {
    mockApi({ 'GET /api/family': () => json(200, { data: [{ ...mother, status: 'revoked' }] }) });
    selectPatient('daughter-id', 'mother-id');
    renderWithProviders(
      <PersonGate area="records">
        <p>ประวัติ</p>
      </PersonGate>,
      { queryClient: signedIn() },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('สิทธิ์ดูแลข้อมูลของ สมศรี สิ้นสุดแล้ว ตอนนี้แสดงข้อมูลของคุณเอง');
    expect(screen.getByText('ประวัติ')).toBeInTheDocument();
    act(() => loseAccess('daughter-id', { reason: 'narrowed', name: 'สมศรี' }));
    expect(screen.getByRole('alert')).toHaveTextContent('สิทธิ์ดูแลข้อมูลของ สมศรี ไม่รวมส่วนนี้แล้ว');
  });
});

describe('My Health for a dependent', () => {
  it('shows only the medicines and the home readings for a medicines-only grant', async () => {
    mockApi({
      'GET /api/family': () => json(200, { data: [mother, son] }),
      'GET /api/checklist': () =>
        json(200, { data: [{ date: '2026-11-25', due: 2, taken: 1, doses: [], asNeeded: [] }] }),
    });
    selectPatient('daughter-id', 'son-id');
    renderWithProviders(<MyHealthHome firstname="มาลี" />, { queryClient: signedIn() });
    expect(await screen.findByRole('heading', { name: 'ยาวันนี้' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'สุขภาพของคุณต้นกล้า' })).toBeInTheDocument();
    // Whoever gives the medicines often measures the blood pressure too: that tile alone.
    const menu = screen.getByRole('navigation', { name: 'เมนูสุขภาพ' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['ค่าที่วัดเองที่บ้าน']);
    expect(screen.queryByText('นัดหมายของฉัน')).not.toBeInTheDocument();
  });

  it("shows a see-only grant's checklist and medicines without ticking or changing them, asking with ?patient=", async () => {
    const urls: string[] = [];
    const dose = {
      medicationId: 'med-1',
      name: 'Amlodipine',
      strength: '5 mg',
      form: 'tablet',
      instructions: null,
      doseTime: 'afterBreakfast',
      label: null,
      time: null,
      mealTiming: 'after',
      everyHours: null,
      amount: 1,
      taken: false,
      takenAt: null,
      stock: 10,
      daysOfStockLeft: 10,
      runningLow: false,
    };
    mockApi({
      'GET /api/family': () =>
        json(200, { data: [{ ...mother, scopes: { see: true, book: false, medicines: false, alerts: false } }] }),
      'GET /api/checklist': ({ url }) => {
        urls.push(url);
        return json(200, { data: [{ date: '2026-11-25', due: 1, taken: 0, doses: [dose], asNeeded: [] }] });
      },
      'GET /api/medications': () => json(200, { data: [] }),
      'GET /api/adherence': () => json(200, { data: [] }),
    });
    selectPatient('daughter-id', 'mother-id');
    renderWithProviders(<TodoPage />, { route: '/todo', queryClient: signedIn() });
    const box = await screen.findByRole('checkbox', { name: /Amlodipine/ });
    expect(box).toBeDisabled();
    expect(urls.every((url) => url.includes('patient=mother-id'))).toBe(true);
    expect(await screen.findByText('ยังไม่มีรายการยา')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'เพิ่มยา' })).not.toBeInTheDocument();
  });
});

describe('BookingFor', () => {
  it('says for whom a booking is when it is for a dependent, and nothing for my own', async () => {
    mockApi({ 'GET /api/family': () => json(200, { data: [mother, son] }) });
    selectPatient('daughter-id', 'mother-id');
    const view = renderWithProviders(<BookingFor />, { queryClient: signedIn() });
    expect(await screen.findByText(wholeText('จองให้: สมศรี ใจดี'))).toBeInTheDocument();
    act(() => selectPatient('daughter-id', null));
    expect(screen.queryByText(/จองให้/)).not.toBeInTheDocument();
    view.unmount();
  });
});
