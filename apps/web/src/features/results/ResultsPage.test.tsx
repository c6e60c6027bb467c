import { LAB_TESTS, flagOf, labTest, type LabResult, type ResultSeries } from '@klaimor/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n';
import { forgetSelectedPatient } from '../../session/selected-patient';
import { json, mockApi, renderWithProviders } from '../../test/render';
import en from './locales/en.json';
import th from './locales/th.json';
import { ResultsPage } from './ResultsPage';
import '../../i18n/care/care.texts';

const siriraj = { id: 'siriraj-hospital', nameTh: 'โรงพยาบาลศิริราช', nameEn: 'Siriraj Hospital' };
const ramathibodi = { id: 'ramathibodi-hospital', nameTh: 'โรงพยาบาลรามาธิบดี', nameEn: 'Ramathibodi Hospital' };

let ids = 0;
/** A released result as the server sends it: the catalogue's range unless given, flagged against it. */
function result(code: string, value: number, takenOn: string, patch: Partial<LabResult> = {}): LabResult {
  const test = labTest(code)!;
  const low = patch.low !== undefined ? patch.low : test.low;
  const high = patch.high !== undefined ? patch.high : test.high;
  return {
    id: `r${++ids}`,
    code,
    value,
    unit: test.ucum,
    low,
    high,
    flag: flagOf(value, low, high),
    takenOn,
    appointmentId: 'a1',
    facility: siriraj,
    releasedAt: `${takenOn}T09:00:00.000Z`,
    recordedAt: `${takenOn}T08:00:00.000Z`,
    ...patch,
  };
}

const HBA1C = '4548-4';
const series: ResultSeries[] = [
  {
    code: HBA1C,
    results: [
      result(HBA1C, 6.4, '2025-11-03', { facility: ramathibodi }),
      result(HBA1C, 5.5, '2026-02-10'),
      result(HBA1C, 7.2, '2026-05-20'),
    ],
  },
  { code: '13457-7', results: [result('13457-7', 131, '2026-05-20')] },
  { code: '2085-9', results: [result('2085-9', 45, '2026-05-20')] },
  { code: '2160-0', results: [result('2160-0', 0.5, '2026-05-20')] },
  { code: '29463-7', results: [result('29463-7', 72.5, '2026-05-20')] },
];

const reply = (data: ResultSeries[]) => json(200, { data });

describe('ResultsPage', () => {
  beforeEach(() => forgetSelectedPatient());
  afterEach(() => vi.unstubAllGlobals());

  it('groups the tests by panel under Thai headings, in the panels’ order', async () => {
    mockApi({ 'GET /api/results': () => reply(series) });
    renderWithProviders(<ResultsPage />, { route: '/results' });
    expect(await screen.findByRole('region', { name: 'เบาหวาน' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'ผลตรวจของฉัน' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'เบาหวาน',
      'ไขมันในเลือด',
      'การทำงานของไต',
      'ความดันและน้ำหนัก',
    ]);
    const lipids = screen.getByRole('region', { name: 'ไขมันในเลือด' });
    expect(
      within(lipids)
        .getAllByRole('article')
        .map((card) => within(card).getByRole('heading', { level: 3 }).textContent),
    ).toEqual(['ไขมันแอลดีแอล (LDL)', 'ไขมันเอชดีแอล (HDL)']);
  });

  it('shows the latest value large with its unit, in range or not in words, the range in words, the BE date and place, and what the test tells', async () => {
    mockApi({ 'GET /api/results': () => reply(series) });
    renderWithProviders(<ResultsPage />, { route: '/results' });

    const hba1c = await screen.findByRole('article', { name: 'น้ำตาลสะสม (HbA1c)' });
    expect(hba1c).toHaveTextContent('ผลล่าสุด7.2 %');
    expect(hba1c).toHaveTextContent('สูงกว่าเกณฑ์');
    expect(hba1c).not.toHaveTextContent('อยู่ในเกณฑ์ตรวจ');
    expect(hba1c).toHaveTextContent('เกณฑ์ปกติ 4.0–5.6 %');
    expect(hba1c).toHaveTextContent('ตรวจเมื่อ 20 พ.ค. 2569โรงพยาบาลศิริราช');
    expect(hba1c).toHaveTextContent('บอกระดับน้ำตาลเฉลี่ยช่วง 2–3 เดือนที่ผ่านมา ใช้ดูว่าคุมเบาหวานได้ดีแค่ไหน');
    // A question about it goes to the place that took it, its subject written for the patient.
    const ask = within(hba1c).getByRole('link', { name: 'ถามทีมดูแลเรื่องผลนี้ (น้ำตาลสะสม (HbA1c))' });
    const asked = new URL(ask.getAttribute('href')!, 'http://app');
    expect(asked.pathname).toBe('/messages/new');
    expect(asked.searchParams.get('facility')).toBe('siriraj-hospital');
    expect(asked.searchParams.get('subject')).toBe('สอบถามผลน้ำตาลสะสม (HbA1c) ตรวจเมื่อ 20 พ.ค. 2569');

    const ldl = screen.getByRole('article', { name: 'ไขมันแอลดีแอล (LDL)' });
    expect(ldl).toHaveTextContent('131 mg/dL');
    expect(ldl).toHaveTextContent('สูงกว่าเกณฑ์');
    expect(ldl).toHaveTextContent('เกณฑ์ปกติ ไม่เกิน 129 mg/dL');

    const hdl = screen.getByRole('article', { name: 'ไขมันเอชดีแอล (HDL)' });
    expect(hdl).toHaveTextContent('อยู่ในเกณฑ์');
    expect(hdl).toHaveTextContent('เกณฑ์ปกติ ตั้งแต่ 40 mg/dL ขึ้นไป');

    const creatinine = screen.getByRole('article', { name: 'ครีเอตินีน' });
    expect(creatinine).toHaveTextContent('0.50 mg/dL');
    expect(creatinine).toHaveTextContent('ต่ำกว่าเกณฑ์');
    expect(creatinine).toHaveTextContent('เกณฑ์ปกติ 0.60–1.20 mg/dL');

    // Weight has no range: nothing is said about it, and its unit is the Thai one.
    const weight = screen.getByRole('article', { name: 'น้ำหนัก' });
    expect(weight).toHaveTextContent('72.5 กก.');
    expect(weight).toHaveTextContent('วัดเมื่อ 20 พ.ค. 2569');
    expect(weight).not.toHaveTextContent(/เกณฑ์/);
  });

  it('draws a trend only for a test with two or more values, with a table of every date and value for screen readers', async () => {
    mockApi({ 'GET /api/results': () => reply(series) });
    renderWithProviders(<ResultsPage />, { route: '/results' });

    const hba1c = await screen.findByRole('article', { name: 'น้ำตาลสะสม (HbA1c)' });
    const trend = within(hba1c).getByRole('region', { name: 'ผลย้อนหลัง (ตรวจ 3 ครั้ง)' });
    expect(trend).toHaveTextContent('แถบสีเขียวคือช่วงเกณฑ์ปกติ');
    const table = within(trend).getByRole('table', { name: 'น้ำตาลสะสม (HbA1c) ทุกครั้งที่ตรวจ เก่าไปใหม่' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
    expect(rows).toEqual([
      ['วันที่ตรวจ', 'ผล', 'เทียบกับเกณฑ์', 'สถานที่ตรวจ'],
      ['3 พฤศจิกายน 2568', '6.4 %', 'สูงกว่าเกณฑ์', 'โรงพยาบาลรามาธิบดี'],
      ['10 กุมภาพันธ์ 2569', '5.5 %', 'อยู่ในเกณฑ์', 'โรงพยาบาลศิริราช'],
      ['20 พฤษภาคม 2569', '7.2 %', 'สูงกว่าเกณฑ์', 'โรงพยาบาลศิริราช'],
    ]);
    // The chart itself is a picture of that table, out of the screen reader's way.
    const chart = hba1c.querySelector('svg[aria-hidden="true"], [aria-hidden="true"] svg');
    expect(chart).not.toBeNull();

    for (const single of ['ไขมันแอลดีแอล (LDL)', 'น้ำหนัก']) {
      const card = screen.getByRole('article', { name: single });
      expect(within(card).queryByRole('table')).not.toBeInTheDocument();
      expect(within(card).queryByRole('region')).not.toBeInTheDocument();
    }
  });

  it('says kindly what will come while there are no results yet', async () => {
    mockApi({ 'GET /api/results': () => reply([]) });
    renderWithProviders(<ResultsPage />, { route: '/results' });
    expect(await screen.findByText('ยังไม่มีผลตรวจ')).toBeInTheDocument();
    expect(screen.getByText('เมื่อแพทย์ส่งผลตรวจให้ ผลจะแสดงที่นี่ พร้อมความหมาย และแจ้งเตือนคุณ')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('reads in English with Common Era dates', async () => {
    mockApi({ 'GET /api/results': () => reply(series) });
    await changeLanguage('en');
    try {
      renderWithProviders(<ResultsPage />, { route: '/results' });
      const hba1c = await screen.findByRole('article', { name: 'HbA1c' });
      expect(hba1c).toHaveTextContent('Above the range');
      expect(hba1c).toHaveTextContent('Normal range 4.0–5.6 %');
      expect(hba1c).toHaveTextContent('Tested on 20 May 2026Siriraj Hospital');
      expect(screen.getByRole('article', { name: 'HDL cholesterol' })).toHaveTextContent(
        'Normal range: 40 mg/dL or more',
      );
      expect(screen.getByRole('heading', { level: 2, name: 'Blood fats' })).toBeInTheDocument();
    } finally {
      await changeLanguage('th');
    }
  });
});

describe('results texts', () => {
  it('explain every test of the catalogue, in Thai and in English', () => {
    const codes = LAB_TESTS.map((test) => test.code);
    expect(Object.keys(th.about).sort()).toEqual([...codes].sort());
    expect(Object.keys(en.about).sort()).toEqual([...codes].sort());
  });
});
