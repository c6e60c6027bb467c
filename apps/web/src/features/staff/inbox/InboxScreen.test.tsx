import { redFlagMessage, type StaffThread } from '@klaimor/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { formatBuddhistDate } from '../../../lib/thai-date';
import { json, mockApi } from '../../../test/render';
import {
  apiError,
  hoursAgo,
  inboxThread,
  member,
  staffThread,
  threadMessage,
  today,
  type ThreadMessage,
} from '../staff-test-data';
import { renderStaff } from '../staff-test-render';
import { INBOX_POLL_MS } from './inbox.queries';

const INBOX = '/api/staff/facilities/siriraj-hospital/messages';
const me = { id: member([]).id, name: 'สมหญิง ผู้ดูแล' };
const nurse = { id: '3b0c3c53-8a0e-4d62-9a3f-1b0a7d6c9e21', name: 'ปิยะ ใจดี' };
const leaver = { id: '3b0c3c53-8a0e-4d62-9a3f-1b0a7d6c9e22', name: 'อดีต พนักงาน' };

type Handlers = Parameters<typeof mockApi>[0];

/** The inbox of a front desk member: the threads listed, the one opened, two waiting unassigned and one of theirs. */
function api({
  threads = [inboxThread()],
  thread = staffThread(),
  counts = { unassigned: 2, mine: 1 },
  roles = ['front_desk'],
  more = {},
}: {
  threads?: ReturnType<typeof inboxThread>[] | ((url: URL) => ReturnType<typeof inboxThread>[]);
  thread?: StaffThread | (() => StaffThread);
  counts?: { unassigned: number; mine: number };
  roles?: Parameters<typeof member>[0];
  more?: Handlers;
} = {}) {
  const threadOf = () => (typeof thread === 'function' ? thread() : thread);
  return mockApi({
    'GET /api/staff/me': () => json(200, { data: [member(roles)] }),
    [`GET ${INBOX}`]: (init) =>
      json(200, { data: typeof threads === 'function' ? threads(new URL(init.url, 'http://x')) : threads }),
    [`GET ${INBOX}/counts`]: () => json(200, { data: [counts] }),
    [`GET ${INBOX}/members`]: () => json(200, { data: [me, nurse, leaver] }),
    [`GET ${INBOX}/${threadOf().id}`]: () => json(200, { data: [threadOf()] }),
    ...more,
  });
}

const calls = (fetchMock: ReturnType<typeof mockApi>, method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => (init?.method ?? 'GET') === method && String(url).split('?')[0] === path,
  );
const listCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  calls(fetchMock, 'GET', INBOX).map(([url]) => Object.fromEntries(new URL(String(url), 'http://x').searchParams));
const bodies = (fetchMock: ReturnType<typeof mockApi>, method: string, path: string) =>
  calls(fetchMock, method, path).map(([, init]) => JSON.parse((init as RequestInit).body as string));

/** Opens the thread in the list whose button names the patient; answers the thread's part of the screen. */
async function open(user: ReturnType<typeof userEvent.setup>, patient: RegExp, subject = 'ขอเลื่อนนัดตรวจเลือด') {
  const list = await screen.findByRole('list', { name: 'รายการข้อความ' });
  await user.click(within(list).getByRole('button', { name: patient }));
  return screen.findByRole('region', { name: subject });
}

/**
 * axe-core's WCAG 2.1 A and AA rules on the screen, or on a dialog open over it (MUI hides the page behind from
 * assistive technology); contrast is left to a browser: happy-dom draws nothing.
 */
async function seriousViolations(context: Element = document.body): Promise<string[]> {
  const results = await axe.run(context, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    rules: { 'color-contrast': { enabled: false } },
    resultTypes: ['violations'],
  });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

describe('the inbox', () => {
  afterEach(async () => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    await changeLanguage('th');
  });

  it('lists the threads with who wrote, about what, how long they wait, a red flag in words, and who has them', async () => {
    const user = userEvent.setup({ delay: null });
    const flagged = inboxThread({
      patient: { name: 'สมศรี มีสุข', age: 64 },
      subject: 'เจ็บหน้าอกตั้งแต่เมื่อคืน',
      redFlag: true,
      lastMessageAt: hoursAgo(0.5),
    });
    const waiting = inboxThread({ lastMessageAt: hoursAgo(26) });
    const answered = inboxThread({
      patient: { name: 'มานี ดีใจ', age: null },
      subject: 'สอบถามผลตรวจ',
      lastFrom: 'staff',
      awaitingReply: false,
      assignedTo: me,
      lastMessageAt: `${today}T03:15:00.000Z`,
    });
    const fetchMock = api({
      threads: (url) => (url.searchParams.get('status') === 'done' ? [] : [flagged, waiting, answered]),
    });
    renderStaff('/staff/inbox');

    expect(await screen.findByRole('heading', { level: 1, name: 'ข้อความผู้ป่วย' })).toBeInTheDocument();
    // The staff screens' tab says how many wait for the member: unassigned and their own
    expect(
      await screen.findByRole('tab', { name: /^ข้อความผู้ป่วย\s?\(รอตอบ 3 เรื่อง\)$/, selected: true }),
    ).toBeInTheDocument();
    const boxes = screen.getByRole('tablist', { name: 'กล่องข้อความ' });
    expect(
      within(boxes).getByRole('tab', { name: /^ยังไม่มีผู้รับผิดชอบ\s?\(รอตอบ 2 เรื่อง\)$/, selected: true }),
    ).toBeInTheDocument();
    expect(within(boxes).getByRole('tab', { name: /^ของฉัน\s?\(รอตอบ 1 เรื่อง\)$/ })).toBeInTheDocument();
    expect(within(boxes).getByRole('tab', { name: 'ทั้งหมด' })).toBeInTheDocument();

    const list = await screen.findByRole('list', { name: 'รายการข้อความ' });
    const [first, second, third] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('สมศรี มีสุข · 64 ปี');
    expect(first).toHaveTextContent('เจ็บหน้าอกตั้งแต่เมื่อคืน');
    expect(first).toHaveTextContent('รอ 30 นาที');
    expect(first).toHaveTextContent('ผู้ป่วยได้รับคำแนะนำให้โทร 1669');
    expect(first).toHaveTextContent('ยังไม่มีผู้รับผิดชอบ');
    expect(second).toHaveTextContent('ปิยะ ใจงาม · 37 ปี');
    expect(second).toHaveTextContent('รอ 1 วัน');
    expect(second).not.toHaveTextContent('1669');
    expect(third).toHaveTextContent('มานี ดีใจ');
    expect(third).toHaveTextContent('ตอบแล้ว วันนี้ 10:15 น.');
    expect(third).toHaveTextContent('ผู้รับผิดชอบ: สมหญิง ผู้ดูแล (คุณ)');
    expect(listCalls(fetchMock).at(-1)).toEqual({ box: 'unassigned', status: 'open' });
    expect(screen.getByText('เลือกข้อความจากรายการ')).toBeInTheDocument();
    expect(await seriousViolations()).toEqual([]);

    await user.click(within(boxes).getByRole('tab', { name: /^ของฉัน/ }));
    await waitFor(() => expect(listCalls(fetchMock).at(-1)).toEqual({ box: 'mine', status: 'open' }));
    await user.click(screen.getByRole('button', { name: 'เสร็จแล้ว' }));
    await waitFor(() => expect(listCalls(fetchMock).at(-1)).toEqual({ box: 'mine', status: 'done' }));
    expect(await screen.findByText('ไม่มีข้อความที่เสร็จแล้วในกล่องนี้')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'เสร็จแล้ว', pressed: true })).toBeInTheDocument();
  });

  it('opens a thread beside the list: the conversation, a caregiver’s message, photos to open larger, Thai dates', async () => {
    const user = userEvent.setup({ delay: null });
    const photo = { id: '9d7e5a4c-1b2a-4c3d-8e9f-0a1b2c3d4e5f', width: 1200, height: 1600 };
    const thread = staffThread({
      messages: [
        threadMessage({ text: 'ผื่นขึ้นที่แขนค่ะ', photos: [photo], createdAt: '2025-06-16T07:30:00.000Z' }),
        threadMessage({ authorName: 'สมชาย ใจงาม', byCaregiver: true, text: 'ผมเป็นลูกชายครับ ผื่นยังไม่หาย' }),
        threadMessage({ from: 'staff', authorName: 'ปิยะ ใจดี', text: 'รับทราบค่ะ', createdAt: hoursAgo(1) }),
      ],
    });
    const fetchMock = api({ threads: [inboxThread({ id: thread.id })], thread });
    renderStaff('/staff/inbox');

    const panel = await open(user, /ปิยะ ใจงาม/);
    expect(within(panel).getByRole('heading', { level: 2, name: 'ขอเลื่อนนัดตรวจเลือด' })).toBeInTheDocument();
    expect(panel).toHaveTextContent('ปิยะ ใจงาม · 37 ปี · รอ 2 ชม.');
    expect(calls(fetchMock, 'GET', `${INBOX}/${thread.id}`)).toHaveLength(1);
    const list = screen.getByRole('list', { name: 'รายการข้อความ' });
    expect(within(list).getByRole('button', { name: /ปิยะ ใจงาม/ })).toHaveAttribute('aria-current', 'true');

    const conversation = within(panel).getByRole('list', { name: 'ข้อความในเรื่องนี้ เก่าไปใหม่' });
    const [patient, caregiver, staff] = within(conversation).getAllByRole('article');
    expect(patient).toHaveTextContent('ผู้ป่วย');
    expect(patient).toHaveTextContent(`${formatBuddhistDate('2025-06-16', 'th', 'short')} 14:30 น.`);
    expect(patient).toHaveTextContent('2568');
    expect(patient).toHaveTextContent('ผื่นขึ้นที่แขนค่ะ');
    expect(within(caregiver).getByText('เขียนโดยผู้ดูแล')).toBeInTheDocument();
    expect(caregiver).toHaveTextContent('สมชาย ใจงาม');
    expect(within(patient).queryByText('เขียนโดยผู้ดูแล')).not.toBeInTheDocument();
    expect(within(staff).getByText('เจ้าหน้าที่')).toBeInTheDocument();
    expect(staff).toHaveTextContent('รับทราบค่ะ');

    const thumbnail = within(patient).getByRole('img', { name: 'รูปที่ 1 จาก ปิยะ ใจงาม' });
    expect(thumbnail).toHaveAttribute('src', `${INBOX}/photos/${photo.id}`);
    await user.click(within(patient).getByRole('button', { name: 'รูปที่ 1 จาก ปิยะ ใจงาม' }));
    const dialog = await screen.findByRole('dialog', { name: 'รูปที่ 1 จาก ปิยะ ใจงาม' });
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', `${INBOX}/photos/${photo.id}`);
    expect(await seriousViolations(dialog)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'ปิดรูป' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await changeLanguage('en');
    expect(await within(caregiver).findByText('Written by a caregiver')).toBeInTheDocument();
    expect(patient).toHaveTextContent(`${formatBuddhistDate('2025-06-16', 'en', 'short')} 14:30`);
    expect(patient).toHaveTextContent('2025');
    expect(within(panel).getByRole('button', { name: 'Mark as done' })).toBeInTheDocument();
  });

  it('marks a red-flag thread in words: the 1669 advice the patient was given, and each warning sign of a message', async () => {
    const thread = staffThread({
      redFlag: true,
      subject: 'เจ็บหน้าอก',
      messages: [
        threadMessage({ text: 'เจ็บแน่นหน้าอกมาก หายใจไม่ค่อยออก', redFlags: ['chest_pain', 'sign_of_a_later_version'] }),
        threadMessage({ text: 'ตอนนี้ดีขึ้นแล้วค่ะ' }),
      ],
    });
    api({ threads: [inboxThread({ id: thread.id, redFlag: true, subject: 'เจ็บหน้าอก' })], thread });
    renderStaff(`/staff/inbox?thread=${thread.id}`);

    const panel = await screen.findByRole('region', { name: 'เจ็บหน้าอก' });
    const advice = within(panel).getAllByRole('alert')[0];
    expect(advice).toHaveTextContent('ผู้ป่วยได้รับคำแนะนำให้โทร 1669');
    expect(advice).toHaveTextContent('ไปห้องฉุกเฉินทันที');
    const [flaggedMessage, calmer] = within(panel).getAllByRole('article');
    const signs = within(flaggedMessage).getByRole('alert');
    expect(signs).toHaveTextContent('อาการเตือนในข้อความนี้');
    const [chestPain, unknown] = within(signs).getAllByRole('listitem');
    expect(chestPain).toHaveTextContent('เจ็บหน้าอก');
    expect(chestPain).toHaveTextContent(`ผู้ป่วยได้รับแจ้งว่า: ${redFlagMessage('chest_pain', 'th')}`);
    expect(unknown).toHaveTextContent('อาการเตือนอื่น');
    expect(within(calmer).queryByRole('alert')).not.toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'รายการข้อความ' });
    expect(within(list).getByRole('button', { name: /ผู้ป่วยได้รับคำแนะนำให้โทร 1669/ })).toBeInTheDocument();
    expect(await seriousViolations()).toEqual([]);
  });

  it('sends a reply checked with the contract, counting its characters, and shows the thread as the server answers', async () => {
    const user = userEvent.setup({ delay: null });
    const thread = staffThread();
    const replied: ThreadMessage = threadMessage({ from: 'staff', authorName: me.name, text: 'เลื่อนเป็นวันจันทร์ได้ค่ะ' });
    const fetchMock = api({
      threads: [inboxThread({ id: thread.id })],
      thread,
      more: {
        [`POST ${INBOX}/${thread.id}/replies`]: () =>
          json(201, {
            data: [
              {
                ...thread,
                assignedTo: me,
                lastFrom: 'staff',
                awaitingReply: false,
                lastMessageAt: replied.createdAt,
                messages: [...thread.messages, replied],
              },
            ],
          }),
      },
    });
    renderStaff('/staff/inbox');
    const panel = await open(user, /ปิยะ ใจงาม/);
    const box = within(panel).getByRole('textbox', { name: 'ตอบกลับผู้ป่วย' });
    expect(box).toHaveAccessibleDescription(/เมื่อตอบ เรื่องนี้จะเป็นของคุณ/);
    expect(box).toHaveAttribute('maxlength', '2000');

    await user.click(within(panel).getByRole('button', { name: 'ส่งคำตอบ' }));
    await waitFor(() => expect(box).toHaveAccessibleDescription(/กรุณากรอกข้อมูลนี้/));
    expect(calls(fetchMock, 'POST', `${INBOX}/${thread.id}/replies`)).toHaveLength(0);

    await user.type(box, 'เลื่อนเป็นวันจันทร์ได้ค่ะ');
    expect(within(panel).getByText('25/2000 ตัวอักษร')).toBeInTheDocument();
    const listed = listCalls(fetchMock).length;
    await user.click(within(panel).getByRole('button', { name: 'ส่งคำตอบ' }));

    expect(await screen.findByText('ส่งคำตอบแล้ว ผู้ป่วยจะได้รับการแจ้งเตือน')).toBeInTheDocument();
    expect(bodies(fetchMock, 'POST', `${INBOX}/${thread.id}/replies`)).toEqual([{ text: 'เลื่อนเป็นวันจันทร์ได้ค่ะ' }]);
    const messages = within(within(panel).getByRole('list', { name: /ข้อความในเรื่องนี้/ })).getAllByRole('article');
    expect(messages).toHaveLength(2);
    expect(messages[1]).toHaveTextContent('เลื่อนเป็นวันจันทร์ได้ค่ะ');
    expect(within(messages[1]).getByText('เจ้าหน้าที่')).toBeInTheDocument();
    expect(within(panel).getByRole('textbox', { name: 'ตอบกลับผู้ป่วย' })).toHaveValue('');
    expect(within(panel).getByRole('combobox', { name: 'มอบหมายให้' })).toHaveDisplayValue('สมหญิง ผู้ดูแล (คุณ)');
    // The boxes are asked again; the thread is not opened again (each opening is audited)
    await waitFor(() => expect(listCalls(fetchMock).length).toBeGreaterThan(listed));
    expect(calls(fetchMock, 'GET', `${INBOX}/${thread.id}`)).toHaveLength(1);
  });

  it('gives the thread to a member who answers here or to no one, and says when someone no longer answers', async () => {
    const user = userEvent.setup({ delay: null });
    const thread = staffThread();
    const fetchMock = api({
      threads: [inboxThread({ id: thread.id })],
      thread,
      more: {
        [`PUT ${INBOX}/${thread.id}/assignee`]: (init) => {
          const { memberId } = JSON.parse(init.body as string) as { memberId: string | null };
          if (memberId === leaver.id)
            return json(400, apiError('validation_failed', 'ข้อมูลไม่ถูกต้อง', { memberId: 'invalid_choice' }));
          const assignedTo = [me, nurse].find((m) => m.id === memberId) ?? null;
          return json(200, { data: [{ ...thread, assignedTo }] });
        },
      },
    });
    renderStaff('/staff/inbox');
    const panel = await open(user, /ปิยะ ใจงาม/);
    const assignee = within(panel).getByRole('combobox', { name: 'มอบหมายให้' });
    expect(assignee).toHaveDisplayValue('ไม่มีผู้รับผิดชอบ');
    await waitFor(() => expect(within(assignee).getAllByRole('option')).toHaveLength(4));
    expect(within(assignee).getByRole('option', { name: 'สมหญิง ผู้ดูแล (คุณ)' })).toBeInTheDocument();

    await user.selectOptions(assignee, 'ปิยะ ใจดี');
    expect(await screen.findByText('มอบหมายให้ ปิยะ ใจดี แล้ว')).toBeInTheDocument();
    expect(assignee).toHaveDisplayValue('ปิยะ ใจดี');

    await user.selectOptions(assignee, 'อดีต พนักงาน');
    await waitFor(() =>
      expect(assignee).toHaveAccessibleDescription('เจ้าหน้าที่คนนี้ไม่ได้ตอบข้อความที่สถานพยาบาลนี้แล้ว กรุณาเลือกคนอื่น'),
    );
    expect(assignee).toHaveDisplayValue('ปิยะ ใจดี');

    await user.selectOptions(assignee, 'ไม่มีผู้รับผิดชอบ');
    expect(await screen.findByText('เรื่องนี้ไม่มีผู้รับผิดชอบแล้ว')).toBeInTheDocument();
    expect(bodies(fetchMock, 'PUT', `${INBOX}/${thread.id}/assignee`)).toEqual([
      { memberId: nurse.id },
      { memberId: leaver.id },
      { memberId: null },
    ]);
  });

  it('marks the thread done and opens it again', async () => {
    const user = userEvent.setup({ delay: null });
    const thread = staffThread();
    const fetchMock = api({
      threads: [inboxThread({ id: thread.id })],
      thread,
      more: {
        [`PUT ${INBOX}/${thread.id}/status`]: (init) => {
          const { status } = JSON.parse(init.body as string) as { status: 'open' | 'done' };
          return json(200, { data: [{ ...thread, status, awaitingReply: status === 'open' }] });
        },
      },
    });
    renderStaff('/staff/inbox');
    const panel = await open(user, /ปิยะ ใจงาม/);
    await user.click(within(panel).getByRole('button', { name: 'ทำเครื่องหมายว่าเสร็จแล้ว' }));
    expect(await screen.findByText('ทำเครื่องหมายว่าเสร็จแล้ว ย้ายไปอยู่ในรายการที่เสร็จแล้ว')).toBeInTheDocument();
    expect(within(panel).getByText('เรื่องนี้เสร็จแล้ว ถ้าผู้ป่วยเขียนมาอีก เรื่องจะเปิดอีกครั้งเอง')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'เปิดอีกครั้ง' }));
    expect(await screen.findByText('เปิดเรื่องนี้อีกครั้งแล้ว')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'ทำเครื่องหมายว่าเสร็จแล้ว' })).toBeInTheDocument();
    expect(bodies(fetchMock, 'PUT', `${INBOX}/${thread.id}/status`)).toEqual([{ status: 'done' }, { status: 'open' }]);
  });

  it('says in Thai what went wrong: a thread gone, a role that may not act', async () => {
    const user = userEvent.setup({ delay: null });
    const thread = staffThread();
    api({
      threads: [inboxThread({ id: thread.id })],
      thread,
      more: {
        [`POST ${INBOX}/${thread.id}/replies`]: () => json(404, apiError('not_found', 'ไม่พบข้อความนี้')),
        [`PUT ${INBOX}/${thread.id}/status`]: () => json(403, apiError('staff_forbidden', 'บัญชีของคุณไม่มีสิทธิ์ทำรายการนี้')),
      },
    });
    renderStaff('/staff/inbox');
    const panel = await open(user, /ปิยะ ใจงาม/);
    await user.type(within(panel).getByRole('textbox', { name: 'ตอบกลับผู้ป่วย' }), 'รับทราบค่ะ');
    await user.click(within(panel).getByRole('button', { name: 'ส่งคำตอบ' }));
    expect(await within(panel).findByText('ไม่พบรายการนี้ อาจมีผู้อื่นแก้ไขไปแล้ว กรุณาโหลดใหม่')).toBeInTheDocument();
    expect(within(panel).getByRole('textbox', { name: 'ตอบกลับผู้ป่วย' })).toHaveValue('รับทราบค่ะ');

    await user.click(within(panel).getByRole('button', { name: 'ทำเครื่องหมายว่าเสร็จแล้ว' }));
    expect(await within(panel).findByText('บัญชีของคุณไม่มีสิทธิ์ทำรายการนี้ที่สถานพยาบาลนี้')).toBeInTheDocument();
  });

  it('says when the list cannot be loaded, and loads it on asking', async () => {
    const user = userEvent.setup({ delay: null });
    let fail = true;
    api({
      more: {
        [`GET ${INBOX}`]: () =>
          fail ? json(500, apiError('internal_error', 'ระบบขัดข้อง')) : json(200, { data: [inboxThread()] }),
      },
    });
    renderStaff('/staff/inbox');
    expect(await screen.findByText('โหลดข้อมูลไม่สำเร็จ')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'ลองอีกครั้ง' }));
    expect(await screen.findByRole('list', { name: 'รายการข้อความ' })).toBeInTheDocument();
  });

  it('offers newer messages the list has seen, and asks the counts again every minute', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
    const first = staffThread({ lastMessageAt: hoursAgo(2) });
    let current = first;
    let listed = inboxThread({ id: first.id, lastMessageAt: first.lastMessageAt });
    let counts = { unassigned: 1, mine: 0 };
    const fetchMock = mockApi({
      'GET /api/staff/me': () => json(200, { data: [member(['clinician'])] }),
      [`GET ${INBOX}`]: () => json(200, { data: [listed] }),
      [`GET ${INBOX}/counts`]: () => json(200, { data: [counts] }),
      [`GET ${INBOX}/members`]: () => json(200, { data: [me] }),
      [`GET ${INBOX}/${first.id}`]: () => json(200, { data: [current] }),
    });
    renderStaff(`/staff/inbox?thread=${first.id}`);
    const panel = await screen.findByRole('region', { name: 'ขอเลื่อนนัดตรวจเลือด' });
    expect(await screen.findByRole('tab', { name: /^ข้อความผู้ป่วย\s?\(รอตอบ 1 เรื่อง\)$/ })).toBeInTheDocument();

    const later = threadMessage({ text: 'ขอเป็นช่วงเช้านะคะ', createdAt: new Date().toISOString() });
    current = { ...first, lastMessageAt: later.createdAt, messages: [...first.messages, later] };
    listed = { ...listed, lastMessageAt: later.createdAt };
    counts = { unassigned: 2, mine: 0 };
    await act(() => vi.advanceTimersByTimeAsync(INBOX_POLL_MS));
    expect(await screen.findByRole('tab', { name: /^ข้อความผู้ป่วย\s?\(รอตอบ 2 เรื่อง\)$/ })).toBeInTheDocument();
    expect(await within(panel).findByText('มีข้อความใหม่ในเรื่องนี้')).toBeInTheDocument();
    expect(calls(fetchMock, 'GET', `${INBOX}/${first.id}`)).toHaveLength(1);

    await user.click(within(panel).getByRole('button', { name: 'แสดงข้อความใหม่' }));
    expect(await within(panel).findByText('ขอเป็นช่วงเช้านะคะ')).toBeInTheDocument();
    expect(within(panel).queryByText('มีข้อความใหม่ในเรื่องนี้')).not.toBeInTheDocument();
    expect(calls(fetchMock, 'GET', `${INBOX}/${first.id}`)).toHaveLength(2);
  });

  it('is offered to the front desk and clinicians only', async () => {
    const fetchMock = api({ roles: ['admin'] });
    renderStaff('/staff/inbox');
    expect(await screen.findByRole('heading', { level: 1, name: 'ตารางออกตรวจ' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: /ข้อความผู้ป่วย/ })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/messages'))).toBe(false);
  });
});
