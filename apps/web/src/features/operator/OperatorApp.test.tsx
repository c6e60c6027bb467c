import type { OperatorFacility } from '@klaimor/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderWithProviders } from '../../test/render';
import { member } from '../staff/staff-test-data';
import { OperatorApp } from './OperatorApp';

const renderAt = (route: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/operator/*" element={<OperatorApp />} />
    </Routes>,
    { route },
  );

const operator = { ...member([]), facilities: [], operator: true };

const facility: OperatorFacility = {
  id: 'moph-10669',
  nameTh: 'โรงพยาบาลส่งเสริมสุขภาพตำบลบ้านทดสอบ',
  nameEn: 'โรงพยาบาลส่งเสริมสุขภาพตำบลบ้านทดสอบ',
  kind: 'health_promoting_hospital',
  ownership: 'public',
  address: null,
  subdistrict: 'ทดสอบ',
  district: 'เมืองน่าน',
  province: 'น่าน',
  mophCode: '10669',
  takesBookings: false,
  positionFlag: 'other_province',
  hiddenReason: null,
  promptPay: 'none',
  admins: 0,
  lat: 18.78,
  lng: 100.77,
  phone: null,
  openingHours: { kind: 'not_stated' },
  openingHoursText: null,
  emergency24h: false,
  promptPayId: null,
  promptPayPending: null,
  corrected: [],
  mergedInto: null,
  source: { name: 'MOPH HDC facility registry', ref: 'chospital' },
  upcomingAppointments: 0,
};

afterEach(() => vi.unstubAllGlobals());

describe("the operator's console", () => {
  it('tells a facility admin it is not for them, asking nothing of /api/operator', async () => {
    const calls = mockApi({ 'GET /api/staff/me': () => json(200, { data: [member(['admin'])] }) });
    renderAt('/operator');
    expect(await screen.findByText('บัญชีนี้ไม่ใช่ผู้ดูแลแอป')).toBeInTheDocument();
    expect(calls.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/api/operator'))).toEqual([]);
  });

  it("lists facilities with what needs the operator's eye", async () => {
    mockApi({
      'GET /api/staff/me': () => json(200, { data: [operator] }),
      'GET /api/operator/facilities': () => json(200, { data: [facility], total: 1 }),
    });
    renderAt('/operator');
    const link = await screen.findByRole('link', { name: facility.nameTh });
    expect(link).toHaveAttribute('href', '/operator/facilities/moph-10669');
    expect(screen.getByText('ตำแหน่งต้องตรวจ')).toBeInTheDocument();
    expect(screen.getByText('ยังไม่มีผู้ดูแล')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('พบ 1 แห่ง');
  });

  it('refuses a PromptPay id with a wrong check digit before sending it', async () => {
    const calls = mockApi({
      'GET /api/staff/me': () => json(200, { data: [operator] }),
      'GET /api/operator/facilities/moph-10669': () => json(200, { data: [facility] }),
    });
    renderAt('/operator/facilities/moph-10669');
    await userEvent.type(await screen.findByRole('textbox', { name: /เลขประจำตัวผู้เสียภาษี/ }), '0994000165511');
    await userEvent.click(screen.getByRole('button', { name: 'แสดง QR เพื่อตรวจ' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('เลขนี้ไม่ถูกต้อง');
    expect(calls.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'PUT')).toEqual([]);
  });

  it("merges a duplicate into the listing found by its name, sending that listing's id", async () => {
    const kept = { ...facility, id: 'ban-thotsop-health-post', nameTh: 'รพ.สต.บ้านทดสอบ', mophCode: null };
    let merged: unknown = null;
    mockApi({
      'GET /api/staff/me': () => json(200, { data: [operator] }),
      'GET /api/operator/facilities/moph-10669': () => json(200, { data: [facility] }),
      'GET /api/operator/facilities': () => json(200, { data: [facility, kept], total: 2 }),
      'POST /api/operator/facilities/moph-10669/merge': (init) => {
        merged = JSON.parse(String(init.body));
        return json(200, {
          data: [{ ...facility, hiddenReason: 'duplicate', mergedInto: { id: kept.id, nameTh: kept.nameTh } }],
        });
      },
    });
    renderAt('/operator/facilities/moph-10669');
    await userEvent.type(await screen.findByRole('combobox', { name: /รวมเข้ากับ/ }), 'บ้านทดสอบ');
    // The facility itself is not offered as the one to keep.
    const option = await screen.findByRole('option', { name: /^รพ\.สต\.บ้านทดสอบ/ });
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(1);
    await userEvent.click(option);
    await userEvent.click(screen.getByRole('button', { name: 'รวมรายการซ้ำ' }));
    expect(await screen.findByRole('status')).toHaveTextContent('รวมเข้ากับ รพ.สต.บ้านทดสอบ แล้ว');
    expect(merged).toEqual({ into: 'ban-thotsop-health-post' });
  });

  it('sets a 24-hour emergency department with the corrections, and offers none to a pharmacy', async () => {
    let corrected: unknown = null;
    mockApi({
      'GET /api/staff/me': () => json(200, { data: [operator] }),
      'GET /api/operator/facilities/moph-10669': () =>
        json(200, { data: [{ ...facility, kind: 'community_hospital' }] }),
      'PATCH /api/operator/facilities/moph-10669': (init) => {
        corrected = JSON.parse(String(init.body));
        return json(200, { data: [{ ...facility, kind: 'community_hospital', emergency24h: true }] });
      },
    });
    renderAt('/operator/facilities/moph-10669');
    expect(await screen.findByRole('radiogroup', { name: 'เวลาทำการผู้ป่วยนอก (OPD)' })).toBeInTheDocument();
    const emergency = screen.getByRole('checkbox', { name: 'มีห้องฉุกเฉินเปิด 24 ชั่วโมง' });
    expect(emergency).not.toBeChecked();
    await userEvent.click(emergency);
    await userEvent.click(screen.getByRole('button', { name: 'บันทึกการแก้ไข' }));
    expect(await screen.findByRole('status')).toHaveTextContent('บันทึกแล้ว');
    expect(corrected).toMatchObject({ kind: 'community_hospital', emergency24h: true });
    expect(emergency).toBeChecked();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'ประเภท' }), 'pharmacy');
    expect(screen.queryByRole('checkbox', { name: 'มีห้องฉุกเฉินเปิด 24 ชั่วโมง' })).not.toBeInTheDocument();
  });
});
