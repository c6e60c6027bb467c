import type { Visit } from '@klaimor/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderWithProviders } from '../../test/render';
import { formatBuddhistMonth } from './visits-format';
import { VisitsPage } from './VisitsPage';

const visit = (id: string, date: string, patch: Partial<Visit> = {}): Visit => ({
  id,
  source: 'recorded',
  date,
  time: null,
  facility: { id: null, name: 'โรงพยาบาลศิริราช', nameEn: null },
  department: 'อายุรกรรม',
  doctor: 'นพ.สมชาย ใจดี',
  diagnosis: 'ไข้หวัดใหญ่',
  notes: null,
  symptoms: null,
  symptomDuration: null,
  icd10: null,
  followUpDate: null,
  version: null,
  correction: null,
  earlierVersions: [],
  ...patch,
});
const april = [
  visit('v1', '2023-04-20', { time: '09:30' }),
  visit('v2', '2023-04-02', {
    source: 'screening',
    facility: { id: 'siriraj-hospital', name: 'โรงพยาบาลศิริราช', nameEn: 'Siriraj Hospital' },
    department: null,
    doctor: null,
    symptoms: 'ไอ มีเสมหะ',
    symptomDuration: '3 วัน',
    diagnosis: 'ไข้หวัด',
    icd10: 'J06.9',
    notes: 'ดื่มน้ำมาก ๆ',
    followUpDate: '2023-04-16',
  }),
];
const january = [
  visit('v3', '2023-01-11', { facility: { id: null, name: 'คลินิกหมอครอบครัว', nameEn: null }, diagnosis: 'ความดันสูง' }),
];

function api() {
  return mockApi({
    'GET /api/visits/months': () =>
      json(200, {
        data: [
          { month: '2023-04', visits: 2 },
          { month: '2023-01', visits: 1 },
          { month: '2022-12', visits: 0 },
        ],
      }),
    'GET /api/visits': ({ url }) => {
      const month = new URL(url, 'http://x').searchParams.get('month');
      return json(200, {
        data: month === '2023-04' ? april : month === '2023-01' ? january : month ? [] : [...april, ...january],
      });
    },
  });
}

describe('VisitsPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('writes months in the Buddhist Era', () => {
    expect(formatBuddhistMonth('2023-04', 'th')).toBe('เมษายน 2566');
    expect(formatBuddhistMonth('2022-12', 'th')).toBe('ธันวาคม 2565');
  });

  it('lists every visit newest first, with the screening and its symptoms', async () => {
    api();
    renderWithProviders(<VisitsPage />, { route: '/history' });
    const list = await screen.findByRole('region', { name: 'รายการการรักษา' });
    const headings = within(list)
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    expect(headings).toEqual(['20 เม.ย. 2566 · 09:30 น.', '2 เม.ย. 2566', '11 ม.ค. 2566']);
    expect(within(list).getByText('ตรวจคัดกรองผ่านแอป')).toBeInTheDocument();
    expect(within(list).getByText('ไอ มีเสมหะ')).toBeInTheDocument();
    // what the clinician recorded at the screening
    expect(within(list).getByText('ไข้หวัด (ICD-10 J06.9)')).toBeInTheDocument();
    expect(within(list).getByText('คำแนะนำจากแพทย์')).toBeInTheDocument();
    expect(within(list).getByText('16 เม.ย. 2566')).toBeInTheDocument();
    expect(within(list).getByText('คลินิกหมอครอบครัว')).toBeInTheDocument();
    // a screening is the appointment's own record: nothing to edit here
    expect(within(list).getAllByRole('button', { name: /^แก้ไขการรักษาวันที่/ })).toHaveLength(2);
  });

  it('says a visit the hospital corrected was corrected, when and why, and keeps the version it replaced', async () => {
    mockApi({
      'GET /api/visits/months': () => json(200, { data: [{ month: '2023-04', visits: 1 }] }),
      'GET /api/visits': () =>
        json(200, {
          data: [
            {
              ...april[1],
              diagnosis: 'คออักเสบจากเชื้อแบคทีเรีย',
              icd10: 'J02.0',
              version: 2,
              correction: { status: 'amended', at: '2023-04-03T02:00:00Z', reason: 'ลงรหัสโรคผิด' },
              earlierVersions: [
                {
                  version: 1,
                  diagnosis: 'ไข้หวัด',
                  icd10: 'J06.9',
                  notes: null,
                  followUpDate: null,
                  recordedAt: '2023-04-02T02:00:00Z',
                  replacedAt: '2023-04-03T02:00:00Z',
                },
              ],
            },
          ],
        }),
    });
    renderWithProviders(<VisitsPage />, { route: '/history' });
    const list = await screen.findByRole('region', { name: 'รายการการรักษา' });
    expect(within(list).getByText('แก้ไขแล้ว')).toBeInTheDocument();
    expect(within(list).getByText('โรงพยาบาลแก้ไขบันทึกนี้เมื่อ 3 เม.ย. 2566')).toBeInTheDocument();
    expect(within(list).getByText('เหตุผล: ลงรหัสโรคผิด')).toBeInTheDocument();
    expect(within(list).getByText('คออักเสบจากเชื้อแบคทีเรีย (ICD-10 J02.0)')).toBeInTheDocument();
    const earlier = within(list).getByRole('region', { name: 'บันทึกก่อนแก้ไข (ฉบับที่ 1)' });
    expect(within(earlier).getByText('ไข้หวัด (ICD-10 J06.9)')).toBeInTheDocument();
  });

  it("marks a visit entered in error as not the patient's result", async () => {
    mockApi({
      'GET /api/visits/months': () => json(200, { data: [{ month: '2023-04', visits: 1 }] }),
      'GET /api/visits': () =>
        json(200, {
          data: [
            {
              ...april[1],
              version: 2,
              correction: { status: 'entered_in_error', at: '2023-04-03T02:00:00Z', reason: 'บันทึกผิดคน' },
            },
          ],
        }),
    });
    renderWithProviders(<VisitsPage />, { route: '/history' });
    const list = await screen.findByRole('region', { name: 'รายการการรักษา' });
    expect(within(list).getByText('บันทึกผิดพลาด')).toBeInTheDocument();
    expect(list).toHaveTextContent('ไม่ใช่ผลการตรวจของคุณ');
  });

  it('filters by the month chosen in the period dropdown', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = api();
    renderWithProviders(<VisitsPage />, { route: '/history' });
    const period = await screen.findByRole('combobox', { name: 'ช่วงเวลา' });
    await waitFor(() =>
      expect(
        within(period)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['ทั้งหมด', 'เมษายน 2566', 'มกราคม 2566', 'ธันวาคม 2565']),
    );
    await user.selectOptions(period, 'มกราคม 2566');
    await waitFor(() => expect(screen.queryByText('20 เม.ย. 2566 · 09:30 น.')).not.toBeInTheDocument());
    expect(screen.getByText('11 ม.ค. 2566')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/visits?month=2023-01'))).toBe(true);

    await user.selectOptions(period, 'ธันวาคม 2565');
    expect(await screen.findByText('ไม่มีประวัติการรักษาในธันวาคม 2565')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'ดูทั้งหมด' }));
    expect(await screen.findByText('20 เม.ย. 2566 · 09:30 น.')).toBeInTheDocument();
  });

  it('shows an empty history plainly', async () => {
    mockApi({
      'GET /api/visits/months': () => json(200, { data: [] }),
      'GET /api/visits': () => json(200, { data: [] }),
    });
    renderWithProviders(<VisitsPage />, { route: '/history' });
    expect(await screen.findByText('ยังไม่มีประวัติการรักษา')).toBeInTheDocument();
  });

  it('records a visit with the contract shape', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = mockApi({
      'GET /api/visits/months': () => json(200, { data: [] }),
      'GET /api/visits': () => json(200, { data: [] }),
      'POST /api/visits': (init) => json(201, { data: [visit('v9', JSON.parse(init.body as string).date as string)] }),
    });
    renderWithProviders(<VisitsPage />, { route: '/history' });
    await user.click(await screen.findByRole('button', { name: 'เพิ่มประวัติการรักษา' }));
    const dialog = await screen.findByRole('dialog', { name: 'เพิ่มประวัติการรักษา' });
    await user.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'สถานพยาบาล' })).toHaveAccessibleDescription('กรุณากรอกข้อมูลนี้'),
    );
    await user.click(within(dialog).getByRole('textbox', { name: 'สถานพยาบาล' }));
    await user.paste('โรงพยาบาลรามาธิบดี');
    await user.click(within(dialog).getByRole('textbox', { name: /ผลการวินิจฉัย/ }));
    await user.paste('กระเพาะอักเสบ');
    await user.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
    expect(await screen.findByText('บันทึกประวัติการรักษาแล้ว')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse((post?.[1] as RequestInit).body as string)).toMatchObject({
      facility: 'โรงพยาบาลรามาธิบดี',
      diagnosis: 'กระเพาะอักเสบ',
      department: null,
      time: null,
    });
  });
});

describe('a link to one visit', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows every visit and marks the one the link names, brought into view', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    api();
    renderWithProviders(<VisitsPage />, { route: '/history?visit=v2' });
    const list = await screen.findByRole('region', { name: 'รายการการรักษา' });
    const pointed = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.getAttribute('aria-current') === 'true');
    expect(pointed).toHaveLength(1);
    expect(pointed[0]).toHaveTextContent('ไอ มีเสมหะ');
    await waitFor(() => expect(scrolled).toHaveBeenCalled());
    expect(scrolled.mock.contexts[0]).toBe(pointed[0]);
  });
});
