import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderWithProviders } from '../../test/render';
import { AccessLogPage } from './AccessLogPage';
import './my-data.texts';
import { wholeText } from '../../test/whole-text';

afterEach(() => vi.unstubAllGlobals());

describe('AccessLogPage', () => {
  it('lists who at which hospital, or which family caregiver, opened the record, in Thai, with the Buddhist-Era date', async () => {
    mockApi({
      'GET /api/my-data/access-log': () =>
        json(200, {
          data: [
            {
              by: 'caregiver',
              at: '2026-11-24T12:00:00.000Z',
              caregiver: { name: 'มาลี ใจดี' },
              action: 'caregiver.change',
              area: 'appointments',
            },
            {
              by: 'staff',
              at: '2026-11-23T03:15:00.000Z',
              hospital: { id: 'siriraj-hospital', nameTh: 'โรงพยาบาลศิริราช', nameEn: 'Siriraj Hospital' },
              staff: { name: 'พญ.ใจดี รักษา', role: 'clinician' },
              action: 'patient.record_opened',
              reason: null,
            },
          ],
        }),
    });
    renderWithProviders(<AccessLogPage />, { route: '/my-data/access' });
    expect(await screen.findByText('เปิดดูประวัติการรักษาและรายการยาของคุณ')).toBeInTheDocument();
    expect(screen.getByText('โรงพยาบาลศิริราช')).toBeInTheDocument();
    expect(screen.getByText(wholeText('พญ.ใจดี รักษา (แพทย์/พยาบาล)'))).toBeInTheDocument();
    // Marked as Thai, so on the English screen a screen reader reads the name in Thai.
    expect(screen.getByText('พญ.ใจดี รักษา')).toHaveAttribute('lang', 'th');
    expect(screen.getByText(/2569 10:15 น\./)).toBeInTheDocument();
    expect(screen.getByText('ทำรายการแทนคุณ')).toBeInTheDocument();
    expect(screen.getByText('นัดหมาย')).toBeInTheDocument();
    expect(screen.getByText(wholeText('มาลี ใจดี (ผู้ดูแลในครอบครัว)'))).toBeInTheDocument();
  });

  it('shows an opening outside care apart, with the reason the clinician gave', async () => {
    mockApi({
      'GET /api/my-data/access-log': () =>
        json(200, {
          data: [
            {
              by: 'staff',
              at: '2026-11-23T03:15:00.000Z',
              hospital: { id: 'siriraj-hospital', nameTh: 'โรงพยาบาลศิริราช', nameEn: 'Siriraj Hospital' },
              staff: { name: 'พญ.ใจดี รักษา', role: 'clinician' },
              action: 'patient.record_opened_break_glass',
              reason: 'ผู้ป่วยโทรแจ้งอาการแพ้ยา',
            },
          ],
        }),
    });
    renderWithProviders(<AccessLogPage />, { route: '/my-data/access' });
    expect(await screen.findByText('เปิดดูประวัติการรักษาและรายการยาของคุณ นอกการนัดหมาย')).toBeInTheDocument();
    const flagged = screen.getByRole('alert');
    expect(within(flagged).getByText('เปิดดูโดยที่คุณไม่ได้มีนัดวันนี้')).toBeInTheDocument();
    expect(within(flagged).getByText(wholeText('เหตุผลที่แจ้งไว้: ผู้ป่วยโทรแจ้งอาการแพ้ยา'))).toBeInTheDocument();
    expect(within(flagged).getByText('ผู้ป่วยโทรแจ้งอาการแพ้ยา')).toHaveAttribute('lang', 'th');
  });

  it('shows a correction of the record with the reason the clinician gave, not as an opening outside care', async () => {
    mockApi({
      'GET /api/my-data/access-log': () =>
        json(200, {
          data: [
            {
              by: 'staff',
              at: '2026-11-23T03:15:00.000Z',
              hospital: { id: 'siriraj-hospital', nameTh: 'โรงพยาบาลศิริราช', nameEn: 'Siriraj Hospital' },
              staff: { name: 'พญ.ใจดี รักษา', role: 'clinician' },
              action: 'prescription.amended',
              reason: 'แพทย์สั่งขนาดยาผิด',
            },
          ],
        }),
    });
    renderWithProviders(<AccessLogPage />, { route: '/my-data/access' });
    expect(await screen.findByText('แก้ไขรายการยาที่สั่งให้คุณ')).toBeInTheDocument();
    expect(screen.getByText(wholeText('เหตุผลที่แจ้งไว้: แพทย์สั่งขนาดยาผิด'))).toBeInTheDocument();
    expect(screen.queryByText('เปิดดูโดยที่คุณไม่ได้มีนัดวันนี้')).not.toBeInTheDocument();
  });

  it('says plainly when no one has opened it', async () => {
    mockApi({ 'GET /api/my-data/access-log': () => json(200, { data: [] }) });
    renderWithProviders(<AccessLogPage />, { route: '/my-data/access' });
    expect(await screen.findByText('ยังไม่มีเจ้าหน้าที่เปิดดูข้อมูลของคุณ')).toBeInTheDocument();
  });

  it('keeps each caregiver row apart from the staff ones: who, whether they read or changed it, and which part', async () => {
    mockApi({
      'GET /api/my-data/access-log': () =>
        json(200, {
          data: [
            {
              by: 'caregiver',
              at: '2026-11-24T02:00:00.000Z',
              caregiver: { name: 'มาลี ใจดี' },
              action: 'caregiver.change',
              area: 'medications',
            },
            {
              by: 'staff',
              at: '2026-11-23T03:15:00.000Z',
              hospital: { id: 'siriraj-hospital', nameTh: 'โรงพยาบาลศิริราช', nameEn: 'Siriraj Hospital' },
              staff: { name: 'พญ.ใจดี รักษา', role: 'clinician' },
              action: 'patient.record_opened',
              reason: null,
            },
            {
              by: 'caregiver',
              at: '2026-11-22T02:00:00.000Z',
              caregiver: { name: 'มาลี ใจดี' },
              action: 'caregiver.read',
              area: 'visits',
            },
          ],
        }),
    });
    renderWithProviders(<AccessLogPage />, { route: '/my-data/access' });
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByText('ทำรายการแทนคุณ')).toBeInTheDocument();
    expect(within(items[0]!).getByText('ยาและการทานยา')).toBeInTheDocument();
    expect(within(items[0]!).getByText(wholeText('มาลี ใจดี (ผู้ดูแลในครอบครัว)'))).toBeInTheDocument();
    expect(within(items[1]!).getByText('โรงพยาบาลศิริราช')).toBeInTheDocument();
    expect(within(items[1]!).queryByText(/ผู้ดูแลในครอบครัว/)).not.toBeInTheDocument();
    expect(within(items[2]!).getByText('เปิดดูข้อมูลของคุณแทนคุณ')).toBeInTheDocument();
    expect(within(items[2]!).getByText('ประวัติการรักษา')).toBeInTheDocument();
  });
});
