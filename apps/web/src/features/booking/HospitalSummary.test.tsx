import type { Coverage, Hospital } from '@klaimor/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderWithProviders } from '../../test/render';
import { userKeys } from '../../session/current-user';
import { HospitalSummary } from './HospitalSummary';
import './booking.texts';

const hospital = {
  id: 'ramathibodi-hospital',
  schemes: ['ucs', 'sss', 'csmbs'],
  insurers: ['AIA', 'FWD'],
  address: null,
  district: null,
  province: 'กรุงเทพมหานคร',
  phone: '022011000',
  openingHours: '24/7',
  emergency24h: false,
  depositAmount: 200,
  takesBookings: true,
  mophType: null,
  positionFlag: null,
  source: { name: 'Wikipedia', ref: 'https://en.wikipedia.org/wiki/Ramathibodi_Hospital', licence: 'CC BY-SA 4.0' },
} as unknown as Hospital;

const coverage = (over: Partial<Coverage>): Coverage => ({
  id: 'c',
  kind: 'public',
  scheme: null,
  insurer: null,
  planName: null,
  registeredFacility: null,
  memberNumber: null,
  coverageLimitBaht: null,
  networkNote: null,
  description: null,
  validFrom: null,
  validTo: null,
  status: 'active',
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

describe('HospitalSummary and the patient’s coverage', () => {
  it('marks the schemes and insurers of the patient that the facility takes', async () => {
    mockApi({
      'GET /api/coverage': () =>
        json(200, {
          data: [
            coverage({ id: 'a', scheme: 'csmbs' }),
            coverage({ id: 'b', kind: 'private', insurer: 'AIA' }),
            coverage({ id: 'c', kind: 'private', insurer: 'FWD', status: 'expired' }),
          ],
        }),
    });
    const { queryClient } = renderWithProviders(
      <HospitalSummary hospital={hospital} distanceM={null} onEnterSymptoms={() => undefined} />,
    );
    queryClient.setQueryData(userKeys.me(), { id: 'u1', firstname: 'สมใจ' });

    expect(await screen.findByText('รับสิทธิการรักษาของคุณ')).toBeInTheDocument();
    const chips = within(screen.getByRole('list', { name: 'สิทธิและประกันที่รับ' })).getAllByRole('listitem');
    const marked = chips.filter((li) => li.querySelector('.MuiChip-filled')).map((li) => li.textContent);
    expect(marked).toEqual(['สวัสดิการข้าราชการ', 'เอไอเอ']);
  });

  it('says the deposit and its refund rule before anything is entered, and how to reach the facility', () => {
    mockApi({});
    renderWithProviders(<HospitalSummary hospital={hospital} distanceM={null} onEnterSymptoms={() => undefined} />);
    expect(
      screen.getByText('ค่ามัดจำ 200 บาท ชำระผ่านพร้อมเพย์ตอนจอง ได้คืนเต็มจำนวนเมื่อยกเลิกก่อนเวลานัดอย่างน้อย 24 ชั่วโมง'),
    ).toBeInTheDocument();
    expect(screen.getByText('เปิด 24 ชั่วโมง')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'โทร 02-201-1000' })).toHaveAttribute('href', 'tel:022011000');
  });

  it('names insurers as Thai patients know them', () => {
    mockApi({});
    renderWithProviders(<HospitalSummary hospital={hospital} distanceM={null} onEnterSymptoms={() => undefined} />);
    const chips = within(screen.getByRole('list', { name: 'สิทธิและประกันที่รับ' })).getAllByRole('listitem');
    expect(chips.map((li) => li.textContent)).toEqual([
      'บัตรทอง (สปสช.)',
      'ประกันสังคม',
      'สวัสดิการข้าราชการ',
      'เอไอเอ',
      'เอฟดับบลิวดี ประกันชีวิต',
    ]);
  });

  it('marks nothing for a visitor and asks the server for no coverage', () => {
    const fetchMock = mockApi({});
    renderWithProviders(<HospitalSummary hospital={hospital} distanceM={null} onEnterSymptoms={() => undefined} />);
    expect(screen.queryByText('รับสิทธิการรักษาของคุณ')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/coverage'))).toBe(false);
  });
});

describe('HospitalSummary of a hospital whose outpatients have closed for the night', () => {
  afterEach(() => vi.useRealTimers());

  it('says the outpatients open tomorrow and the 24-hour emergency department is open now', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // Wednesday 25 November 2026, 22:00 in Bangkok.
    vi.setSystemTime(new Date('2026-11-25T15:00:00Z'));
    mockApi({});
    const siriraj = { ...hospital, openingHours: 'Mo-Fr 08:00-16:00', emergency24h: true };
    renderWithProviders(<HospitalSummary hospital={siriraj} distanceM={null} onEnterSymptoms={() => undefined} />);
    expect(screen.getByText('ผู้ป่วยนอก: ปิดอยู่ · เปิดพรุ่งนี้ 08:00 น.')).toBeInTheDocument();
    expect(screen.getByText('ฉุกเฉิน: เปิด 24 ชั่วโมง')).toBeInTheDocument();
    expect(screen.queryByText(/^ปิดอยู่/)).not.toBeInTheDocument();
  });

  it('says only the outpatient hours of a place without an emergency department', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T15:00:00Z'));
    mockApi({});
    const clinic = { ...hospital, openingHours: 'Mo-Fr 08:00-16:00', emergency24h: false };
    renderWithProviders(<HospitalSummary hospital={clinic} distanceM={null} onEnterSymptoms={() => undefined} />);
    expect(screen.getByText('ปิดอยู่ · เปิดพรุ่งนี้ 08:00 น.')).toBeInTheDocument();
    expect(screen.queryByText(/ฉุกเฉิน/)).not.toBeInTheDocument();
  });
});

describe('HospitalSummary of a place that takes no bookings in the app', () => {
  it('says so plainly and offers the call and the way there instead of a booking', async () => {
    mockApi({ 'GET /api/coverage': () => json(200, { data: [] }) });
    const village = {
      ...hospital,
      kind: 'health_promoting_hospital' as const,
      takesBookings: false,
      lat: 19.15,
      lng: 100.93,
    };
    renderWithProviders(<HospitalSummary hospital={village} distanceM={null} onEnterSymptoms={() => undefined} />);
    expect(await screen.findByText('ยังไม่รับจองผ่านใกล้หมอ โทรสอบถามหรือไปที่สถานพยาบาลได้โดยตรง')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'ระบุอาการ' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'โทร 02-201-1000' })).toHaveAttribute('href', 'tel:022011000');
    expect(screen.getByRole('link', { name: 'ดูเส้นทาง' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=19.15,100.93',
    );
  });

  it('tells a patient at a pharmacy that no booking is needed', async () => {
    mockApi({ 'GET /api/coverage': () => json(200, { data: [] }) });
    const pharmacy = { ...hospital, kind: 'pharmacy' as const, takesBookings: false };
    renderWithProviders(<HospitalSummary hospital={pharmacy} distanceM={null} onEnterSymptoms={() => undefined} />);
    expect(await screen.findByText('ร้านยาไม่ต้องจอง ไปที่ร้านได้เลย')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'ระบุอาการ' })).not.toBeInTheDocument();
  });
});

describe('HospitalSummary says what the place is and where its facts come from', () => {
  const registryRow = {
    ...hospital,
    id: 'moph-11052',
    mophCode: '11052',
    nameTh: 'โรงพยาบาลน้ำขุ่น',
    kind: 'community_hospital' as const,
    mophType: '07',
    serviceLevel: '21-2.1 ทุติยภูมิระดับต้น',
    beds: 30,
    address: '99 หมู่ที่ 5',
    subdistrict: 'ตาเกา',
    district: 'น้ำขุ่น',
    province: 'อุบลราชธานี',
    subdistrictEn: 'Ta Kao',
    districtEn: 'Nam Khun',
    provinceEn: 'Ubon Ratchathani',
    postcode: '34260',
    phone: null,
    positionFlag: 'far_from_subdistrict' as const,
    takesBookings: false,
    source: { name: 'MOPH HDC facility registry', ref: 'registry.csv', licence: 'Thai government open data' },
  };

  it('gives its type, service level, beds, code and address, the approximate pin, and the registry as source', async () => {
    mockApi({ 'GET /api/coverage': () => json(200, { data: [] }) });
    renderWithProviders(<HospitalSummary hospital={registryRow} distanceM={null} onEnterSymptoms={() => undefined} />);
    const facts = await screen.findByRole('region', { name: 'ข้อมูลสถานพยาบาล' });
    const pairs = Array.from(facts.querySelectorAll('dt')).map((dt) => [dt.textContent, dt.nextSibling?.textContent]);
    expect(pairs).toEqual([
      ['ประเภท', 'โรงพยาบาลชุมชน'],
      ['ระดับบริการ', 'ทุติยภูมิระดับต้น'],
      ['จำนวนเตียง', '30 เตียง'],
      ['รหัสสถานพยาบาล', '11052'],
      ['ที่อยู่', '99 หมู่ที่ 5 ต.ตาเกา อ.น้ำขุ่น จ.อุบลราชธานี 34260'],
    ]);
    expect(
      within(facts).getByText('หมุดบนแผนที่อยู่ที่จุดกลางของตำบล (ตำแหน่งโดยประมาณ) กรุณาสอบถามทางกับคนในพื้นที่ก่อนเดินทาง'),
    ).toBeInTheDocument();
    expect(within(facts).getByText('ที่มา: ทะเบียนสถานพยาบาล ศูนย์ข้อมูลสุขภาพ (HDC) กระทรวงสาธารณสุข')).toBeInTheDocument();
  });

  it('credits no registry and notes no approximate pin for a place listed from elsewhere', () => {
    mockApi({});
    const listed = { ...hospital, kind: 'hospital' as const, mophType: null, mophCode: null, positionFlag: null };
    renderWithProviders(
      <HospitalSummary
        hospital={{ ...listed, source: { name: 'Wikipedia', ref: 'x', licence: 'CC BY-SA 4.0' } }}
        distanceM={null}
        onEnterSymptoms={() => undefined}
      />,
    );
    expect(screen.queryByText(/^ที่มา:/)).not.toBeInTheDocument();
    expect(screen.queryByText(/ตำแหน่งโดยประมาณ/)).not.toBeInTheDocument();
    expect(screen.getByText('กรุงเทพมหานคร')).toBeInTheDocument();
  });
});
