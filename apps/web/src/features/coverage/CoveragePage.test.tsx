import type { Coverage } from '@klaimor/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderWithProviders } from '../../test/render';
import { CoveragePage } from './CoveragePage';

const base = {
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
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
};
const csmbs: Coverage = {
  ...base,
  id: 'c1',
  kind: 'public',
  scheme: 'csmbs',
  description: 'รักษาพยาบาลในโรงพยาบาลรัฐ',
  status: 'active',
};
const health: Coverage = {
  ...base,
  id: 'c2',
  kind: 'private',
  insurer: 'AIA',
  planName: 'ประกันสุขภาพเหมาจ่าย',
  memberNumber: 'P-1234',
  coverageLimitBaht: 8_000_000,
  networkNote: 'โรงพยาบาลคู่สัญญา',
  validFrom: '2024-01-01',
  validTo: '2030-12-31',
  status: 'active',
};
const oldPlan: Coverage = {
  ...base,
  id: 'c3',
  kind: 'private',
  insurer: 'Some Insurer',
  planName: 'แผนเก่า',
  validTo: '2020-12-31',
  status: 'expired',
};

describe('CoveragePage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the public scheme, the private plans with baht limits, and expired ones as expired', async () => {
    mockApi({ 'GET /api/coverage': () => json(200, { data: [csmbs, health, oldPlan] }) });
    renderWithProviders(<CoveragePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'สิทธิการรักษาของฉัน' })).toBeInTheDocument();

    const welfare = await screen.findByRole('article', { name: 'สวัสดิการข้าราชการ' });
    expect(within(welfare).getByText('รักษาพยาบาลในโรงพยาบาลรัฐ')).toBeInTheDocument();
    expect(within(welfare).getByText('ใช้ได้')).toBeInTheDocument();

    const plan = screen.getByRole('article', { name: 'ประกันสุขภาพเหมาจ่าย' });
    expect(within(plan).getByText('เอไอเอ')).toBeInTheDocument();
    expect(within(plan).getByText('8,000,000 บาท')).toBeInTheDocument();
    expect(within(plan).getByText('1 ม.ค. 2567 – 31 ธ.ค. 2573')).toBeInTheDocument();

    const expired = screen.getByRole('region', { name: 'หมดอายุแล้ว' });
    expect(within(expired).getByRole('article', { name: 'แผนเก่า' })).toHaveTextContent('หมดอายุ');
  });

  it('says so when there is nothing yet', async () => {
    mockApi({ 'GET /api/coverage': () => json(200, { data: [] }) });
    renderWithProviders(<CoveragePage />);
    expect(await screen.findByText('ยังไม่มีสิทธิการรักษา')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'เพิ่มสิทธิการรักษา' })).toBeInTheDocument();
  });

  it('offers to try again when the list cannot be loaded', async () => {
    mockApi({ 'GET /api/coverage': () => json(500, { error: { code: 'internal_error', message: 'x' } }) });
    renderWithProviders(<CoveragePage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('โหลดข้อมูลไม่สำเร็จ');
    expect(screen.getByRole('button', { name: 'ลองอีกครั้ง' })).toBeInTheDocument();
  });

  it('adds a private plan with only the private fields and the limit as a number', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = mockApi({
      'GET /api/coverage': () => json(200, { data: [] }),
      'POST /api/coverage': () => json(201, { data: [health] }),
    });
    renderWithProviders(<CoveragePage />);
    await user.click(await screen.findByRole('button', { name: 'เพิ่มสิทธิการรักษา' }));
    const dialog = await screen.findByRole('dialog', { name: 'เพิ่มสิทธิการรักษา' });
    await user.click(within(dialog).getByRole('radio', { name: 'ประกันเอกชน' }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'บริษัทประกัน' }), 'AIA');
    await user.click(within(dialog).getByRole('textbox', { name: 'ชื่อแผนประกัน' }));
    await user.paste('ประกันสุขภาพเหมาจ่าย');
    await user.click(within(dialog).getByRole('textbox', { name: 'วงเงินคุ้มครอง (บาท)' }));
    await user.paste('8,000,000');
    expect(within(dialog).getByText('= 8,000,000 บาท')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'บันทึก' }));

    expect(await screen.findByText('บันทึกสิทธิการรักษาแล้ว')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse((post?.[1] as RequestInit).body as string)).toEqual({
      kind: 'private',
      insurer: 'AIA',
      planName: 'ประกันสุขภาพเหมาจ่าย',
      memberNumber: null,
      coverageLimitBaht: 8_000_000,
      networkNote: null,
      description: null,
      validFrom: null,
      validTo: null,
    });
  });

  it('checks the form with the contract before sending, and shows the second public scheme refusal', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = mockApi({
      'GET /api/coverage': () => json(200, { data: [csmbs] }),
      'POST /api/coverage': () =>
        json(409, { error: { code: 'public_scheme_exists', message: 'มีสิทธิการรักษาภาครัฐในช่วงเวลานี้อยู่แล้ว' } }),
    });
    renderWithProviders(<CoveragePage />);
    await user.click(await screen.findByRole('button', { name: 'เพิ่มสิทธิการรักษา' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/คุณมีสิทธิสวัสดิการข้าราชการอยู่แล้ว/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'สิทธิรัฐ' })).toHaveAccessibleDescription(
        'กรุณาเลือกจากตัวเลือกที่มี',
      ),
    );
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'สิทธิรัฐ' }), 'ucs');
    expect(within(dialog).getByRole('textbox', { name: 'หน่วยบริการประจำ' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
    expect(await within(dialog).findByText(/สิทธิรัฐใช้ได้ครั้งละหนึ่งสิทธิ กรุณาระบุวันสิ้นสุด/)).toBeInTheDocument();
  });

  it('removes an entitlement after asking', async () => {
    const user = userEvent.setup({ delay: null });
    let list = [csmbs, health];
    const fetchMock = mockApi({
      'GET /api/coverage': () => json(200, { data: list }),
      'DELETE /api/coverage/c2': () => {
        list = [csmbs];
        return json(204);
      },
    });
    renderWithProviders(<CoveragePage />);
    await user.click(await screen.findByRole('button', { name: 'ลบ ประกันสุขภาพเหมาจ่าย' }));
    const dialog = await screen.findByRole('dialog', { name: 'ลบประกันสุขภาพเหมาจ่าย?' });
    await user.click(within(dialog).getByRole('button', { name: 'ลบ' }));
    expect(await screen.findByText('ลบสิทธิการรักษาแล้ว')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'ประกันสุขภาพเหมาจ่าย' })).not.toBeInTheDocument());
    expect(
      fetchMock.mock.calls.some(([url, init]) => init?.method === 'DELETE' && String(url).endsWith('/api/coverage/c2')),
    ).toBe(true);
  });
});
