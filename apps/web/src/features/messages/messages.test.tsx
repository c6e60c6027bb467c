import type { MessageFacility, SentMessage, Thread, ThreadSummary } from '@klaimor/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetSelectedPatient } from '../../session/selected-patient';
import { json, mockApi, renderWithProviders } from '../../test/render';
import { MessagesPage, NewMessagePage, ThreadPage } from './messages-pages';
import '../../i18n/care/care.texts';

const siriraj: MessageFacility = {
  id: 'siriraj-hospital',
  nameTh: 'โรงพยาบาลศิริราช',
  nameEn: 'Siriraj Hospital',
  replyWithinHours: 24,
};

const summary: ThreadSummary = {
  id: 't1',
  facility: siriraj,
  subject: 'ผื่นที่แขน',
  status: 'open',
  lastMessageAt: '2026-11-20T03:00:00.000Z',
  lastFrom: 'staff',
  unread: true,
};

const thread: Thread = {
  ...summary,
  unread: false,
  messages: [
    {
      id: 'm1',
      from: 'patient',
      authorName: 'สมใจ ใจดี',
      byCaregiver: false,
      text: 'มีผื่นแดงขึ้นที่แขนหลังทานยาใหม่ค่ะ',
      photos: [{ id: 'p1', width: 1600, height: 1067 }],
      createdAt: '2026-11-20T02:00:00.000Z',
    },
    {
      id: 'm2',
      from: 'staff',
      authorName: 'พยาบาลวิไล',
      byCaregiver: false,
      text: 'หยุดยาไว้ก่อน และมาพบแพทย์พรุ่งนี้นะคะ',
      photos: [],
      createdAt: '2026-11-20T03:00:00.000Z',
    },
  ],
};

const render = (route: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/messages" element={<MessagesPage />} />
      <Route path="/messages/new" element={<NewMessagePage />} />
      <Route path="/messages/:threadId" element={<ThreadPage />} />
    </Routes>,
    { route },
  );

const photo = (name: string, type: string, bytes = 10) => new File([new Uint8Array(bytes)], name, { type });

describe('messages to the care team', () => {
  beforeEach(() => {
    forgetSelectedPatient();
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says first that messages are not for emergencies, and marks a thread with a new reply', async () => {
    mockApi({
      'GET /api/messages': () => json(200, { data: [summary] }),
      'GET /api/messages/facilities': () => json(200, { data: [siriraj] }),
    });
    render('/messages');
    expect(await screen.findByRole('heading', { level: 1, name: 'ข้อความถึงทีมดูแล' })).toBeInTheDocument();
    expect(screen.getByText(/ข้อความไม่ใช่ช่องทางสำหรับเหตุฉุกเฉิน/)).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'ข้อความทั้งหมด' });
    const link = within(list).getByRole('link', { name: /ผื่นที่แขน/ });
    expect(link).toHaveTextContent('มีคำตอบใหม่');
    expect(link).toHaveTextContent('โรงพยาบาลศิริราช');
    expect(link).toHaveTextContent(/ทีมดูแลตอบเมื่อ .+ พ\.ย\. 10:00 น\./);
    expect(await screen.findByRole('link', { name: 'เขียนข้อความใหม่' })).toHaveAttribute('href', '/messages/new');
  });

  it('says where a patient may write when they have no facility yet, and offers no form', async () => {
    mockApi({
      'GET /api/messages': () => json(200, { data: [] }),
      'GET /api/messages/facilities': () => json(200, { data: [] }),
    });
    render('/messages');
    expect(await screen.findByText('ส่งข้อความได้เมื่อมีนัดหรือเคยรักษากับโรงพยาบาลในแอปใกล้หมอ')).toBeInTheDocument();
    expect(screen.getByText('ยังไม่มีข้อความ')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'เขียนข้อความใหม่' })).not.toBeInTheDocument();
  });

  it('sends a question with a photo to the one facility, with its reply time shown, and opens the thread', async () => {
    const user = userEvent.setup();
    let sent: FormData | null = null;
    mockApi({
      'GET /api/messages/facilities': () => json(200, { data: [siriraj] }),
      'POST /api/messages': (init) => {
        sent = init.body as FormData;
        return json(201, { data: [{ thread, redFlags: [] } satisfies SentMessage] });
      },
      'GET /api/messages/t1': () => json(200, { data: [thread] }),
    });
    render('/messages/new');
    expect(await screen.findByText('โดยปกติทีมดูแลตอบภายใน 24 ชั่วโมง')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /เรื่อง/ }), 'ผื่นที่แขน');
    await user.type(screen.getByRole('textbox', { name: /ข้อความ/ }), 'มีผื่นแดงขึ้นที่แขนหลังทานยาใหม่ค่ะ');
    await user.upload(
      document.querySelector('input[type="file"]') as HTMLInputElement,
      photo('rash.jpg', 'image/jpeg'),
    );
    expect(screen.getByRole('img', { name: 'รูปที่ 1 ที่จะส่ง' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'ส่งข้อความ' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'ผื่นที่แขน' })).toBeInTheDocument();
    const form = sent as unknown as FormData;
    expect(form.get('facilityId')).toBe('siriraj-hospital');
    expect(form.get('subject')).toBe('ผื่นที่แขน');
    expect((form.get('photo') as File).name).toBe('rash.jpg');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('opened from a result, writes to the place that took it, about that result', async () => {
    const ramathibodi = { ...siriraj, id: 'ramathibodi-hospital', nameTh: 'โรงพยาบาลรามาธิบดี' };
    mockApi({ 'GET /api/messages/facilities': () => json(200, { data: [ramathibodi, siriraj] }) });
    const subject = 'สอบถามผลน้ำตาลสะสม (HbA1c) ตรวจเมื่อ 20 พ.ค. 2569';
    render(`/messages/new?facility=siriraj-hospital&subject=${encodeURIComponent(subject)}`);
    expect(await screen.findByRole('combobox', { name: /ส่งถึงโรงพยาบาล/ })).toHaveTextContent('โรงพยาบาลศิริราช');
    const subjectBox = screen.getByRole('textbox', { name: /เรื่อง/ });
    expect(subjectBox).toHaveValue(subject);
    // Long, it wraps to be read whole; Enter still sends rather than starting a second line.
    await userEvent.setup().type(subjectBox, '{Enter}');
    expect(subjectBox).toHaveValue(subject);
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^ข้อความ/ })).toHaveAttribute('aria-invalid', 'true'),
    );
  });

  it('leaves the place to choose when the link names one the patient may not write to', async () => {
    const ramathibodi = { ...siriraj, id: 'ramathibodi-hospital', nameTh: 'โรงพยาบาลรามาธิบดี' };
    mockApi({ 'GET /api/messages/facilities': () => json(200, { data: [ramathibodi, siriraj] }) });
    render('/messages/new?facility=elsewhere&subject=');
    expect(await screen.findByRole('combobox', { name: /ส่งถึงโรงพยาบาล/ })).not.toHaveTextContent(
      /โรงพยาบาล(ศิริราช|รามาธิบดี)/,
    );
    expect(screen.getByRole('textbox', { name: /เรื่อง/ })).toHaveValue('');
  });

  it('warns of an emergency while typing, and after sending says not to wait for a reply, with 1669', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/messages/facilities': () => json(200, { data: [siriraj] }),
      'POST /api/messages': () =>
        json(201, { data: [{ thread, redFlags: [{ id: 'chest_pain', matched: 'เจ็บหน้าอก' }] }] }),
      'GET /api/messages/t1': () => json(200, { data: [thread] }),
    });
    render('/messages/new');
    await user.type(await screen.findByRole('textbox', { name: /เรื่อง/ }), 'แน่นหน้าอก');
    await user.type(screen.getByRole('textbox', { name: /ข้อความ/ }), 'เจ็บหน้าอกมาก หายใจไม่ออก');
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent('อย่ารอคำตอบทางข้อความ');
    expect(within(warning).getByRole('link', { name: /1669/ })).toHaveAttribute('href', 'tel:1669');
    await user.click(screen.getByRole('button', { name: 'ส่งข้อความ' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'ผื่นที่แขน' })).toBeInTheDocument();
    const after = screen.getByRole('alert');
    expect(after).toHaveTextContent('ส่งข้อความแล้ว แต่อย่ารอคำตอบ');
    expect(within(after).getByRole('button', { name: 'หาห้องฉุกเฉินที่ใกล้ที่สุด' })).toBeInTheDocument();
  });

  it('leaves out a file that is not a photo, one over 5 MB and a fourth photo, saying why', async () => {
    const user = userEvent.setup({ applyAccept: false });
    mockApi({ 'GET /api/messages/facilities': () => json(200, { data: [siriraj] }) });
    render('/messages/new');
    const input = (await screen.findByRole('button', { name: 'แนบรูปภาพ' })).parentElement!.querySelector('input')!;
    await user.upload(input, [
      photo('report.pdf', 'application/pdf'),
      photo('huge.jpg', 'image/jpeg', 5 * 1024 * 1024 + 1),
      photo('1.jpg', 'image/jpeg'),
      photo('2.png', 'image/png'),
      photo('3.webp', 'image/webp'),
      photo('4.jpg', 'image/jpeg'),
    ]);
    expect(screen.getByText('report.pdf ไม่ใช่รูปภาพแบบ JPEG, PNG หรือ WebP')).toBeInTheDocument();
    expect(screen.getByText('huge.jpg ใหญ่เกิน 5 MB')).toBeInTheDocument();
    expect(screen.getByText('แนบได้ไม่เกิน 3 รูปต่อข้อความ')).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: /ที่จะส่ง/ })).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'แนบรูปภาพ' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'ลบรูปที่ 2' }));
    expect(screen.getAllByRole('img', { name: /ที่จะส่ง/ })).toHaveLength(2);
  });

  it('shows the conversation with who wrote each message and its photos, and says a refused photo in Thai', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/messages/t1': () => json(200, { data: [thread] }),
      'POST /api/messages/t1': () => json(413, { error: { code: 'photo_too_large', message: 'รูปภาพมีขนาดใหญ่เกินไป' } }),
    });
    render('/messages/t1');
    const messages = await screen.findByRole('list', { name: 'ข้อความในเรื่องนี้' });
    const [mine, theirs] = within(messages).getAllByRole('listitem');
    expect(mine).toHaveTextContent('คุณ');
    expect(within(mine).getByRole('img', { name: /รูปที่ 1/ })).toHaveAttribute('src', '/api/messages/photos/p1');
    expect(theirs).toHaveTextContent('พยาบาลวิไล · ทีมดูแล');
    expect(screen.getByText('โดยปกติทีมดูแลตอบภายใน 24 ชั่วโมง')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /ข้อความของคุณ/ }), 'หยุดยาแล้วค่ะ');
    await user.click(screen.getByRole('button', { name: 'ส่งข้อความ' }));
    await waitFor(() => expect(screen.getByText('รูปภาพใหญ่เกินไป ส่งได้รูปละไม่เกิน 5 MB')).toBeInTheDocument());
  });
});
