import { flagOf, labTest, type LabResult } from '@klaimor/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderWithProviders } from '../../../test/render';
import { formatBuddhistDate, toBuddhistYear } from '../../../lib/thai-date';
import { apiError, FACILITY, today } from '../staff-test-data';
import '../staff.texts';
import { ResultsPanel } from './ResultsPanel';

const VISIT = 'appt-1';
const RESULTS = `/api/staff/facilities/${FACILITY}/appointments/${VISIT}/results`;
const siriraj = { id: FACILITY, nameTh: 'โรงพยาบาลศิริราช', nameEn: 'Siriraj Hospital' };

/** A result as the server answers it: the catalogue's range, flagged against it. */
function result(code: string, value: number, patch: Partial<LabResult> = {}): LabResult {
  const test = labTest(code)!;
  const low = patch.low !== undefined ? patch.low : test.low;
  const high = patch.high !== undefined ? patch.high : test.high;
  return {
    id: `${code}-${patch.takenOn ?? today}`,
    code,
    value,
    unit: test.ucum,
    low,
    high,
    flag: flagOf(value, low, high),
    takenOn: today,
    appointmentId: VISIT,
    facility: siriraj,
    releasedAt: null,
    recordedAt: `${today}T03:00:00.000Z`,
    ...patch,
  };
}

const lastYear = `${Number(today.slice(0, 4)) - 1}${today.slice(4, 10)}`;
/** Last year's HbA1c, given to the patient then, from another visit. */
const earlier = result('4548-4', 6.4, {
  id: 'old-hba1c',
  takenOn: lastYear,
  appointmentId: 'appt-0',
  releasedAt: `${lastYear}T05:00:00.000Z`,
  recordedAt: `${lastYear}T04:00:00.000Z`,
});

function renderPanel(handlers: Parameters<typeof mockApi>[0]) {
  const user = userEvent.setup({ delay: null });
  const fetchMock = mockApi(handlers);
  renderWithProviders(<ResultsPanel facilityId={FACILITY} appointmentId={VISIT} />);
  return { user, fetchMock };
}

const sent = (fetchMock: ReturnType<typeof mockApi>, path = RESULTS) =>
  fetchMock.mock.calls
    .filter(([url, init]) => init?.method === 'POST' && String(url).endsWith(path))
    .map(([, init]) => JSON.parse(init!.body as string) as unknown);

const reads = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).endsWith(RESULTS) && (init?.method ?? 'GET') === 'GET')
    .length;

/** The table's rows as read: each sitting's status and date, then its tests' value and range, and reading. */
const rowTexts = () =>
  within(screen.getByRole('table', { name: 'ผลตรวจ' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

const box = (name: string) => screen.getByRole('textbox', { name });

describe("the clinician's results panel", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists the held results first, with the reading in words, the range, the Buddhist-Era date and who has them', async () => {
    renderPanel({
      [`GET ${RESULTS}`]: () =>
        json(200, {
          data: [result('4548-4', 7.2), result('2160-0', 0.9), result('98979-8', 84), earlier],
        }),
    });
    expect(await screen.findByRole('table', { name: 'ผลตรวจ' })).toBeInTheDocument();
    // By sitting, held first; each sitting says whether the patient has it, and when it was taken (Buddhist Era).
    expect(rowTexts()).toEqual([
      [`ยังไม่ส่งให้ผู้ป่วยตรวจเมื่อ ${formatBuddhistDate(today, 'th', 'short')}`],
      ['น้ำตาลสะสม (HbA1c)', '7.2 %ค่าปกติ 4–5.6', 'สูงส่งผล'],
      ['ครีเอตินีน', '0.9 mg/dLค่าปกติ 0.6–1.2', 'ปกติส่งผล'],
      ['อัตราการกรองของไต (eGFR)', '84 mL/min/1.73m²ค่าปกติ ตั้งแต่ 90', 'ต่ำส่งผล'],
      [`ส่งให้ผู้ป่วยแล้วตรวจเมื่อ ${formatBuddhistDate(lastYear, 'th', 'short')}`],
      ['น้ำตาลสะสม (HbA1c)', '6.4 %ค่าปกติ 4–5.6', 'สูง'],
    ]);
    expect(formatBuddhistDate(today, 'th', 'short')).toMatch(String(toBuddhistYear(Number(today.slice(0, 4)))));
    // Only this visit's held results are offered to the patient here: three of them.
    expect(screen.getByRole('button', { name: 'ส่งผลให้ผู้ป่วย (3 รายการ)' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^ส่งผล .* ให้ผู้ป่วย$/ })).toHaveLength(3);
  });

  it('sends only the boxes filled in, held unless told, and shows the answer without reading the results again', async () => {
    const { user, fetchMock } = renderPanel({
      [`GET ${RESULTS}`]: () => json(200, { data: [earlier] }),
      [`POST ${RESULTS}`]: () =>
        json(201, { data: [result('4548-4', 7.2), result('2160-0', 1.05), result('98979-8', 70), earlier] }),
    });
    await user.click(await screen.findByRole('button', { name: 'บันทึกผลตรวจ' }));
    const form = screen.getByRole('region', { name: 'บันทึกผลตรวจ' });
    // Each box says its unit and the facility's range; eGFR and BMI are not typed.
    expect(within(form).getByRole('group', { name: 'เบาหวาน' })).toBeInTheDocument();
    expect(box('น้ำตาลสะสม (HbA1c)')).toHaveAccessibleDescription('ค่าปกติ 4–5.6');
    expect(box('ไขมันเอชดีแอล (HDL)')).toHaveAccessibleDescription('ค่าปกติ ตั้งแต่ 40');
    expect(within(form).queryByRole('textbox', { name: /eGFR|BMI/ })).not.toBeInTheDocument();
    expect(form).toHaveTextContent('eGFR: คำนวณให้อัตโนมัติ');
    expect(form).toHaveTextContent('BMI: คำนวณให้อัตโนมัติ');
    expect(within(form).getByRole('radio', { name: 'เก็บไว้ก่อน ยังไม่ส่งให้ผู้ป่วย' })).toBeChecked();

    await user.type(box('น้ำตาลสะสม (HbA1c)'), '7.2');
    await user.type(box('ครีเอตินีน'), '1.05');
    await user.click(within(form).getByRole('button', { name: 'บันทึกผลตรวจ' }));

    expect(await screen.findByText('บันทึกผลตรวจแล้ว ยังไม่ส่งให้ผู้ป่วย')).toBeInTheDocument();
    expect(sent(fetchMock)).toEqual([
      {
        takenOn: today,
        release: false,
        results: [
          { code: '4548-4', value: 7.2 },
          { code: '2160-0', value: 1.05 },
        ],
      },
    ]);
    expect(screen.queryByRole('region', { name: 'บันทึกผลตรวจ' })).not.toBeInTheDocument();
    expect(rowTexts().map((row) => row[0])).toEqual([
      expect.stringMatching(/^ยังไม่ส่งให้ผู้ป่วย/),
      'น้ำตาลสะสม (HbA1c)',
      'ครีเอตินีน',
      'อัตราการกรองของไต (eGFR)',
      expect.stringMatching(/^ส่งให้ผู้ป่วยแล้ว/),
      'น้ำตาลสะสม (HbA1c)',
    ]);
    // Each reading is audited: the answer took the list's place.
    expect(reads(fetchMock)).toBe(1);
  });

  it("gives them at once when told, with the lab's printed range only where it differs", async () => {
    const { user, fetchMock } = renderPanel({
      [`GET ${RESULTS}`]: () => json(200, { data: [] }),
      [`POST ${RESULTS}`]: () =>
        json(201, { data: [result('2160-0', 1.25, { low: 0.5, high: 1.3, releasedAt: today })] }),
    });
    expect(await screen.findByText('ยังไม่มีผลตรวจที่สถานพยาบาลนี้')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'บันทึกผลตรวจ' }));
    const form = screen.getByRole('region', { name: 'บันทึกผลตรวจ' });
    // The range boxes stay out of the way until asked for.
    expect(within(form).queryByRole('textbox', { name: /^สูงสุด/ })).not.toBeInTheDocument();
    await user.click(within(form).getByRole('switch', { name: 'ใช้ช่วงค่าปกติตามใบผลแล็บ' }));
    const low = box('ต่ำสุด: ค่าปกติของ ครีเอตินีน');
    expect(low).toHaveValue('0.6');
    await user.clear(low);
    await user.type(low, '0.5');
    await user.clear(box('สูงสุด: ค่าปกติของ ครีเอตินีน'));
    await user.type(box('สูงสุด: ค่าปกติของ ครีเอตินีน'), '1.3');
    await user.type(box('ครีเอตินีน'), '1.25');
    await user.type(box('ความดันตัวบน'), '152');
    await user.click(within(form).getByRole('radio', { name: 'ส่งให้ผู้ป่วยดูทันที' }));
    await user.click(within(form).getByRole('button', { name: 'บันทึกผลตรวจ' }));

    expect(await screen.findByText('บันทึกผลตรวจและส่งให้ผู้ป่วยแล้ว')).toBeInTheDocument();
    expect(sent(fetchMock)).toEqual([
      {
        takenOn: today,
        release: true,
        results: [
          { code: '2160-0', value: 1.25, low: 0.5, high: 1.3 },
          { code: '8480-6', value: 152 },
        ],
      },
    ]);
    // Read against the lab's own range, which the row keeps.
    expect(rowTexts()).toEqual([
      [expect.stringMatching(/^ส่งให้ผู้ป่วยแล้ว/)],
      ['ครีเอตินีน', '1.25 mg/dLค่าปกติ 0.5–1.3', 'ปกติ'],
    ]);
  });

  it('says what is wrong on the box it is about, before sending and from the server', async () => {
    const { user, fetchMock } = renderPanel({
      [`GET ${RESULTS}`]: () => json(200, { data: [] }),
      [`POST ${RESULTS}`]: () =>
        json(
          400,
          apiError('validation_failed', 'ข้อมูลไม่ถูกต้อง', {
            takenOn: 'out_of_range',
            'results.1.value': 'out_of_range',
          }),
        ),
    });
    await user.click(await screen.findByRole('button', { name: 'บันทึกผลตรวจ' }));
    const form = screen.getByRole('region', { name: 'บันทึกผลตรวจ' });
    const submit = () => user.click(within(form).getByRole('button', { name: 'บันทึกผลตรวจ' }));

    // Nothing typed: nothing to send.
    await submit();
    expect(await within(form).findByText('กรอกผลอย่างน้อยหนึ่งช่อง')).toBeInTheDocument();
    // 72 for 7.2 is a slip, not a result: said on its box with what the test can be.
    await user.type(box('น้ำตาลสะสม (HbA1c)'), '72');
    await user.type(box('ไตรกลีเซอไรด์'), 'สูง');
    await submit();
    await waitFor(() =>
      expect(box('น้ำตาลสะสม (HbA1c)')).toHaveAccessibleDescription(
        'ค่านี้ผิดปกติเกินกว่าจะเป็นผลจริง (รับได้ 2–20 %) กรุณาตรวจสอบ',
      ),
    );
    expect(box('ไตรกลีเซอไรด์')).toHaveAccessibleDescription('กรุณากรอกเป็นตัวเลข เช่น 7.2');
    expect(sent(fetchMock)).toEqual([]);

    // The server's reasons: the second value sent is the creatinine's, not the second box of the form.
    await user.clear(box('น้ำตาลสะสม (HbA1c)'));
    await user.type(box('น้ำตาลสะสม (HbA1c)'), '7.2');
    await user.clear(box('ไตรกลีเซอไรด์'));
    await user.type(box('ครีเอตินีน'), '29');
    await submit();
    await waitFor(() =>
      expect(box('ครีเอตินีน')).toHaveAccessibleDescription('ค่านี้ผิดปกติเกินกว่าจะเป็นผลจริง (รับได้ 0.1–30 mg/dL) กรุณาตรวจสอบ'),
    );
    expect(box('น้ำตาลสะสม (HbA1c)')).toHaveAccessibleDescription('ค่าปกติ 4–5.6');
    expect(within(form).getByText('วันที่ตรวจต้องไม่ก่อนวันนัดนี้และไม่เกินวันนี้')).toBeInTheDocument();
    expect(sent(fetchMock)).toHaveLength(1);
  });

  it("gives this visit's held results to the patient after asking once, all or one", async () => {
    let released: string[] | 'all' = [];
    const data = () =>
      [result('4548-4', 7.2), result('2160-0', 0.9)].map((r) =>
        released === 'all' || released.includes(r.id) ? { ...r, releasedAt: `${today}T04:00:00.000Z` } : r,
      );
    const { user, fetchMock } = renderPanel({
      [`GET ${RESULTS}`]: () => json(200, { data: data() }),
      [`POST ${RESULTS}/release`]: (init) => {
        const body = JSON.parse(init.body as string) as { resultIds?: string[] };
        released = body.resultIds ?? 'all';
        return json(200, { data: data() });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'ส่งผล ครีเอตินีน ให้ผู้ป่วย' }));
    const one = await screen.findByRole('dialog', { name: 'ส่งผล ครีเอตินีน ให้ผู้ป่วย?' });
    await user.click(within(one).getByRole('button', { name: 'ส่งผลให้ผู้ป่วย' }));
    await waitFor(() =>
      expect(rowTexts()).toEqual([
        [expect.stringMatching(/^ยังไม่ส่งให้ผู้ป่วย/)],
        ['น้ำตาลสะสม (HbA1c)', '7.2 %ค่าปกติ 4–5.6', 'สูงส่งผล'],
        [expect.stringMatching(/^ส่งให้ผู้ป่วยแล้ว/)],
        ['ครีเอตินีน', '0.9 mg/dLค่าปกติ 0.6–1.2', 'ปกติ'],
      ]),
    );
    expect(sent(fetchMock, `${RESULTS}/release`)).toEqual([{ resultIds: [`2160-0-${today}`] }]);

    await user.click(screen.getByRole('button', { name: 'ส่งผลให้ผู้ป่วย (1 รายการ)' }));
    const all = await screen.findByRole('dialog', { name: 'ส่งผลตรวจ 1 รายการให้ผู้ป่วย?' });
    expect(all).toHaveTextContent('ผู้ป่วยจะเห็นผลในแอปและได้รับการแจ้งเตือน ส่งแล้วเรียกคืนไม่ได้');
    await user.click(within(all).getByRole('button', { name: 'ส่งผลให้ผู้ป่วย' }));
    expect(await screen.findByText('ส่งผลตรวจให้ผู้ป่วยแล้ว ผู้ป่วยจะได้รับการแจ้งเตือน')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent(fetchMock, `${RESULTS}/release`)).toEqual([{ resultIds: [`2160-0-${today}`] }, {}]);
    expect(rowTexts()).toEqual([
      [expect.stringMatching(/^ส่งให้ผู้ป่วยแล้ว/)],
      ['น้ำตาลสะสม (HbA1c)', '7.2 %ค่าปกติ 4–5.6', 'สูง'],
      ['ครีเอตินีน', '0.9 mg/dLค่าปกติ 0.6–1.2', 'ปกติ'],
    ]);
    expect(screen.queryByRole('button', { name: /^ส่งผลให้ผู้ป่วย/ })).not.toBeInTheDocument();
  });

  it('says when the results are not this clinician’s to read', async () => {
    renderPanel({
      [`GET ${RESULTS}`]: () => json(403, apiError('record_outside_care', 'ไม่ได้อยู่ในการดูแล')),
    });
    expect(
      await screen.findByText('ดูและบันทึกผลตรวจได้เมื่อผู้ป่วยเช็กอินแล้วหรือมีนัดวันนี้ หรือภายใน 90 วันหลังตรวจเสร็จ'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'บันทึกผลตรวจ' })).not.toBeInTheDocument();
  });
});
