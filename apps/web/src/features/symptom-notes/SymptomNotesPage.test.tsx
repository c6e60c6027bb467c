import { todayInBangkok, type SymptomNote } from '@klaimor/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderWithProviders } from '../../test/render';
import { LatestSymptomNote } from './LatestSymptomNote';
import { SymptomNotesPage } from './SymptomNotesPage';

const note = (id: string, date: string, patch: Partial<SymptomNote> = {}): SymptomNote => ({
  id,
  date,
  time: '08:15',
  symptoms: 'ปวดหัว ตัวร้อน',
  severity: 4,
  temperatureC: 37.8,
  bloodPressure: { systolic: 128, diastolic: 84 },
  notes: null,
  triage: { redFlags: [], emergency: false },
  createdAt: `${date}T01:15:00Z`,
  updatedAt: `${date}T01:15:00Z`,
  ...patch,
});
const notes = [
  note('n2', '2025-06-12', {
    symptoms: 'เจ็บหน้าอก',
    severity: 8,
    triage: { redFlags: [{ id: 'chest_pain', matched: 'เจ็บหน้าอก' }], emergency: true },
  }),
  note('n1', '2025-06-10', { time: null, temperatureC: null, bloodPressure: null, severity: 2, symptoms: 'ไอเล็กน้อย' }),
];

describe('SymptomNotesPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists notes newest first with severity, temperature, blood pressure and the red-flag reminder', async () => {
    mockApi({ 'GET /api/symptom-notes': () => json(200, { data: notes }) });
    renderWithProviders(<SymptomNotesPage />, { route: '/asd' });
    const cards = await screen.findAllByRole('article');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(['12 มิ.ย. 2568 · 08:15 น.', '10 มิ.ย. 2568']);
    expect(within(cards[0]).getByText('ความรุนแรง 8/10')).toBeInTheDocument();
    expect(within(cards[0]).getByText('อุณหภูมิ 37.8 °C')).toBeInTheDocument();
    expect(within(cards[0]).getByText('ความดัน 128/84 มม.ปรอท')).toBeInTheDocument();
    expect(within(cards[0]).getByText(/อาจเป็นภาวะฉุกเฉิน หากยังมีอาการ โทร 1669/)).toBeInTheDocument();
    expect(within(cards[1]).queryByText(/ภาวะฉุกเฉิน/)).not.toBeInTheDocument();
  });

  it('warns about red-flag symptoms while typing, and still saves the note', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = mockApi({
      'GET /api/symptom-notes': () => json(200, { data: [] }),
      'POST /api/symptom-notes': (init) =>
        json(201, { data: [note('n9', JSON.parse(init.body as string).date as string)] }),
    });
    renderWithProviders(<SymptomNotesPage />, { route: '/asd' });
    await user.click(await screen.findByRole('button', { name: 'เพิ่มบันทึกอาการ' }));
    const dialog = await screen.findByRole('dialog', { name: 'เพิ่มบันทึกอาการ' });
    await user.click(within(dialog).getByRole('textbox', { name: 'อาการที่รู้สึก' }));
    await user.paste('เจ็บหน้าอก หายใจไม่ออก');
    const warning = await within(dialog).findByRole('alert');
    expect(warning).toHaveTextContent('อาการของคุณอาจเป็นภาวะฉุกเฉิน');
    expect(within(warning).getByRole('link', { name: 'โทร 1669' })).toHaveAttribute('href', 'tel:1669');

    const slider = within(dialog).getByRole('slider', { name: 'ความรุนแรง (0–10)' });
    fireEvent.change(slider, { target: { value: '7' } });
    await user.click(within(dialog).getByRole('textbox', { name: 'อุณหภูมิร่างกาย (°C)' }));
    await user.paste('38,24');
    await user.click(within(dialog).getByRole('textbox', { name: 'ตัวบน' }));
    await user.paste('120');
    await user.click(within(dialog).getByRole('textbox', { name: 'ตัวล่าง' }));
    await user.paste('130');
    await user.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
    expect(await within(dialog).findByText('ความดันตัวล่างต้องน้อยกว่าตัวบน')).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: 'ตัวล่าง' }));
    await user.click(within(dialog).getByRole('textbox', { name: 'ตัวล่าง' }));
    await user.paste('80');
    await user.click(within(dialog).getByRole('button', { name: 'บันทึก' }));

    expect(await screen.findByText('บันทึกอาการแล้ว')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    const body = JSON.parse((post?.[1] as RequestInit).body as string) as Record<string, unknown>;
    expect(body).toMatchObject({
      date: todayInBangkok(),
      symptoms: 'เจ็บหน้าอก หายใจไม่ออก',
      severity: 7,
      temperatureC: 38.2,
      bloodPressure: { systolic: 120, diastolic: 80 },
      notes: null,
    });
    expect(body.time).toMatch(/^\d\d:\d\d$/);
  });

  it('deletes a note after asking', async () => {
    const user = userEvent.setup({ delay: null });
    let list = notes;
    mockApi({
      'GET /api/symptom-notes': () => json(200, { data: list }),
      'DELETE /api/symptom-notes/n1': () => {
        list = [notes[0]];
        return json(204);
      },
    });
    renderWithProviders(<SymptomNotesPage />, { route: '/asd' });
    await user.click(await screen.findByRole('button', { name: 'ลบบันทึกวันที่ 10 มิ.ย. 2568' }));
    const dialog = await screen.findByRole('dialog', { name: 'ลบบันทึกอาการวันที่ 10 มิ.ย. 2568?' });
    await user.click(within(dialog).getByRole('button', { name: 'ลบ' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
  });

  it('shows the empty diary and a failed load plainly', async () => {
    mockApi({ 'GET /api/symptom-notes': () => json(200, { data: [] }) });
    const { unmount } = renderWithProviders(<SymptomNotesPage />, { route: '/asd' });
    expect(await screen.findByText('ยังไม่มีบันทึกอาการ')).toBeInTheDocument();
    unmount();
    mockApi({ 'GET /api/symptom-notes': () => json(500, { error: { code: 'internal_error', message: 'x' } }) });
    renderWithProviders(<SymptomNotesPage />, { route: '/asd' });
    expect(await screen.findByRole('button', { name: 'ลองอีกครั้ง' })).toBeInTheDocument();
  });
});

describe('LatestSymptomNote', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the newest note and links to the diary', async () => {
    mockApi({ 'GET /api/symptom-notes': () => json(200, { data: notes }) });
    renderWithProviders(<LatestSymptomNote />);
    expect(await screen.findByText('เจ็บหน้าอก')).toBeInTheDocument();
    expect(screen.getByText('12 มิ.ย. 2568 · 08:15 น. · ความรุนแรง 8/10')).toBeInTheDocument();
    expect(screen.getByRole('link')).toHaveAttribute('href', '/asd');
  });
});
