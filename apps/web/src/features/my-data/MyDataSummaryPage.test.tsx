import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderWithProviders } from '../../test/render';
import { userKeys } from '../../session/current-user';
import { MyDataSummaryPage } from './MyDataSummaryPage';

const profile = {
  id: 'u1',
  email: null,
  firstname: 'สมชาย',
  lastname: 'ใจดี',
  thai_id: '1101700230708',
  phone: '0812345678',
  gender: 'male' as const,
  birthday: '1990-03-12',
  address: '99/1 ถนนราชดำเนิน',
  subdistrist: 'ชนะสงคราม',
  subdistrict: 'ชนะสงคราม',
  district: 'พระนคร',
  province: 'กรุงเทพมหานคร',
  postcode: '10200',
  blood_group: 'B' as const,
  created_at: '2025-01-01T00:00:00Z',
};

describe('MyDataSummaryPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('puts everything on one printable page, in Thai with Buddhist-era dates', async () => {
    mockApi({
      'GET /api/coverage': () =>
        json(200, {
          data: [
            {
              id: 'c1',
              kind: 'private',
              scheme: null,
              insurer: 'AIA',
              planName: 'ประกันสุขภาพ',
              registeredFacility: null,
              memberNumber: null,
              coverageLimitBaht: 8_000_000,
              networkNote: null,
              description: null,
              validFrom: null,
              validTo: null,
              status: 'active',
              createdAt: '',
              updatedAt: '',
            },
          ],
        }),
      'GET /api/medications': () => json(200, { data: [] }),
      'GET /api/visits': () =>
        json(200, {
          data: [
            {
              id: 'v1',
              source: 'recorded',
              date: '2023-04-20',
              time: null,
              facility: { id: null, name: 'โรงพยาบาลศิริราช' },
              department: null,
              doctor: null,
              diagnosis: 'ไข้หวัดใหญ่',
              notes: null,
              symptoms: null,
              symptomDuration: null,
            },
          ],
        }),
      'GET /api/symptom-notes': () => json(200, { data: [] }),
    });
    const { queryClient } = renderWithProviders(<MyDataSummaryPage />, { route: '/my-data/summary' });
    queryClient.setQueryData(userKeys.me(), profile);
    expect(await screen.findByRole('heading', { level: 1, name: 'สรุปข้อมูลสุขภาพ' })).toBeInTheDocument();
    expect(screen.getByText('สมชาย ใจดี')).toBeInTheDocument();
    expect(screen.getByText(/12 มีนาคม 2533/)).toBeInTheDocument();
    const coverage = screen.getByRole('heading', { level: 2, name: 'สิทธิการรักษา' }).closest('section')!;
    expect(within(coverage).getByRole('cell', { name: /วงเงินคุ้มครอง 8,000,000 บาท/ })).toBeInTheDocument();
    const medications = screen.getByRole('heading', { level: 2, name: 'รายการยา' }).closest('section')!;
    expect(within(medications).getByText('ไม่มีข้อมูล')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '20 เม.ย. 2566' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'พิมพ์' })).toBeInTheDocument();
  });
});
