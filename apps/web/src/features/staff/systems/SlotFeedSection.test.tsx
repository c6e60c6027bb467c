import type { SlotFeed } from '@klaimor/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { json, mockApi } from '../../../test/render';
import { apiError, member } from '../staff-test-data';
import { renderStaff } from '../staff-test-render';

const SYSTEMS = '/api/staff/facilities/siriraj-hospital/system-clients';
const FEED = '/api/staff/facilities/siriraj-hospital/slot-feed';
const URL_ = 'https://his.siriraj.example/fhir/$bulk-publish';

/** Read today at 10:42 Bangkok time. */
const today = new Date();
const readAt = new Date(
  `${today.toLocaleDateString('en-CA', { timeZone: 'Asia/Bangkok' })}T10:42:00+07:00`,
).toISOString();

const readWell: SlotFeed = {
  manifestUrl: URL_,
  setAt: '2025-06-16T07:30:00.000Z',
  lastReadAt: readAt,
  lastError: null,
  lastAdded: 12,
  lastChanged: 0,
  lastWithdrawn: 2,
};
const failed: SlotFeed = {
  ...readWell,
  lastError: 'http_status',
  lastAdded: null,
  lastChanged: null,
  lastWithdrawn: null,
};

/** The server's feed as each answer leaves it: a change's answer is what the next read finds. */
function api(feed: SlotFeed | null, extra: Record<string, () => { status: number; body: unknown }> = {}) {
  let current = feed;
  const answers = Object.fromEntries(
    Object.entries(extra).map(([route, answer]) => [
      route,
      () => {
        const { status, body } = answer();
        if (status === 200) current = (body as { data: SlotFeed | null }).data;
        return json(status, body);
      },
    ]),
  );
  return mockApi({
    'GET /api/staff/me': () => json(200, { data: [member(['admin'])] }),
    [`GET ${SYSTEMS}`]: () => json(200, { data: [] }),
    [`GET ${FEED}`]: () => json(200, { data: current }),
    ...answers,
  });
}
const ok = (data: SlotFeed | null) => ({ status: 200, body: { data } });
/** The last read's words, once the feed has loaded. */
const outcome = async (feed: HTMLElement) =>
  (await within(feed).findByText(/อ่านล่าสุด|Last read|ยังไม่ได้อ่าน/)).closest('[role="status"]') as HTMLElement;
const section = async () => screen.findByRole('region', { name: 'ฟีดช่วงเวลานัดจากระบบของโรงพยาบาล' });
const calls = (fetchMock: ReturnType<typeof mockApi>, method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([url, init]) => ({ url: String(url), body: init?.body ? JSON.parse(init.body as string) : undefined }));

describe('the slot feed on the hospital systems screen', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await changeLanguage('th');
  });

  it('shows a feed that read well: when, how many times were added and withdrawn', async () => {
    api(readWell);
    renderStaff('/staff/systems');
    const feed = await section();
    expect(await within(feed).findByRole('textbox', { name: 'ที่อยู่ฟีด ($bulk-publish)' })).toHaveValue(URL_);
    expect(await outcome(feed)).toHaveTextContent('อ่านล่าสุด 10:42 น. · เพิ่ม 12 ช่วงเวลา · ถอน 2');
  });

  it('shows a feed that failed in words, and that nothing on offer changed', async () => {
    api(failed);
    renderStaff('/staff/systems');
    const status = await outcome(await section());
    expect(status).toHaveTextContent('อ่านล่าสุด 10:42 น. ไม่สำเร็จ');
    expect(status).toHaveTextContent('ระบบของโรงพยาบาลตอบกลับว่ามีข้อผิดพลาด');
    expect(status).toHaveTextContent('ไม่มีอะไรถูกลบหรือเปลี่ยน');
  });

  it('checks the address with the contract before saving, and saves a good one', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = api(null, {
      [`PUT ${FEED}`]: () => ok({ ...readWell, lastReadAt: null, lastAdded: null, lastWithdrawn: null }),
    });
    renderStaff('/staff/systems');
    const feed = await section();
    expect(await within(feed).findByText('ยังไม่ได้ตั้งฟีด')).toBeInTheDocument();
    const box = within(feed).getByRole('textbox', { name: 'ที่อยู่ฟีด ($bulk-publish)' });
    await user.type(box, 'his.siriraj.example');
    await user.click(within(feed).getByRole('button', { name: 'บันทึกที่อยู่' }));
    expect(await within(feed).findByText(/ที่อยู่ไม่ถูกต้อง/)).toBeInTheDocument();
    expect(calls(fetchMock, 'PUT')).toEqual([]);

    await user.clear(box);
    await user.type(box, URL_);
    await user.click(within(feed).getByRole('button', { name: 'บันทึกที่อยู่' }));
    await waitFor(() =>
      expect(calls(fetchMock, 'PUT')).toEqual([{ url: expect.stringContaining(FEED), body: { manifestUrl: URL_ } }]),
    );
    expect(await screen.findByText('บันทึกที่อยู่ฟีดแล้ว จะอ่านภายใน 1 นาที')).toBeInTheDocument();
    expect(await within(feed).findByText(/ยังไม่ได้อ่าน/)).toBeInTheDocument();
  });

  it("puts the server's refusal of a plain http address on the field", async () => {
    const user = userEvent.setup({ delay: null });
    api(null, {
      [`PUT ${FEED}`]: () => ({
        status: 400,
        body: apiError('validation_failed', 'ข้อมูลไม่ถูกต้อง', { manifestUrl: 'insecure_url' }),
      }),
    });
    renderStaff('/staff/systems');
    const feed = await section();
    await user.type(await within(feed).findByRole('textbox', { name: /ที่อยู่ฟีด/ }), 'http://his.siriraj.example/x');
    await user.click(within(feed).getByRole('button', { name: 'บันทึกที่อยู่' }));
    expect(await within(feed).findByText('ต้องเป็นที่อยู่ https:// ที่อ่านได้จากอินเทอร์เน็ต')).toBeInTheDocument();
  });

  it('reads now and shows the new outcome; says so when a server is reading it already', async () => {
    const user = userEvent.setup({ delay: null });
    let busy = false;
    const fetchMock = api(failed, {
      [`POST ${FEED}/read`]: () =>
        busy ? { status: 409, body: apiError('slot_feed_busy', 'busy') } : ok({ ...readWell, lastWithdrawn: 0 }),
    });
    renderStaff('/staff/systems');
    const feed = await section();
    await user.click(await within(feed).findByRole('button', { name: 'อ่านตอนนี้' }));
    await waitFor(async () => expect(await outcome(feed)).toHaveTextContent('อ่านล่าสุด 10:42 น. · เพิ่ม 12 ช่วงเวลา'));
    expect(calls(fetchMock, 'POST')).toHaveLength(1);
    busy = true;
    await user.click(within(feed).getByRole('button', { name: 'อ่านตอนนี้' }));
    expect(await screen.findByText('กำลังอ่านฟีดนี้อยู่ ลองใหม่อีกครั้งในอีกสักครู่')).toBeInTheDocument();
  });

  it('clears the feed', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = api(readWell, { [`DELETE ${FEED}`]: () => ok(null) });
    renderStaff('/staff/systems');
    const feed = await section();
    await user.click(await within(feed).findByRole('button', { name: 'เลิกอ่านฟีด' }));
    expect(await within(feed).findByText('ยังไม่ได้ตั้งฟีด')).toBeInTheDocument();
    expect(calls(fetchMock, 'DELETE')).toHaveLength(1);
    expect(within(feed).getByRole('textbox', { name: /ที่อยู่ฟีด/ })).toHaveValue('');
  });

  it('is in English through the staff locales', async () => {
    await changeLanguage('en');
    api(readWell);
    renderStaff('/staff/systems');
    const feed = await screen.findByRole('region', { name: "Slot feed from the hospital's system" });
    expect(await outcome(feed)).toHaveTextContent('Last read 10:42 · 12 times added · 2 withdrawn');
  });
});
