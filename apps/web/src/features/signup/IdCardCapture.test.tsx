import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '../../test/render';
import { DetailsStep } from './DetailsStep';
import { IdCardCapture } from './IdCardCapture';
import { CARD_REGION_NAMES } from './ocr/card-layout';
import type { IdCardReading } from './ocr/id-card-parsers';
import type { IdCardScan } from './ocr/read-id-card';
import { emptyRegisterDraft, type PersonalInfoMode, type RegisterDraft } from './signup-state';

// The reader (image preparation in a worker, tesseract) is the lazily loaded module behind the hook: the
// tests hand the hook the scan the reader would have made of the photo.
const reader = vi.hoisted(() => ({ readIdCard: vi.fn<(image: Blob) => Promise<IdCardScan>>() }));
vi.mock('./ocr/read-id-card', () => ({
  readIdCard: reader.readIdCard,
  loadEngines: () => Promise.resolve(),
  unloadEngines: () => Promise.resolve(),
}));

const high = (value: string) => ({ value, confidence: 'high' as const });
const NOTHING: IdCardReading = {
  thaiIdRejected: false,
  addressText: { text: '', street: '', house: '', subdistrict: '', district: '', province: '' },
};
const FULL: IdCardReading = {
  ...NOTHING,
  thaiId: high('1101700230708'),
  firstname: high('สมชาย'),
  lastname: high('ใจดี'),
  gender: { value: 'male', confidence: 'high' },
  birthday: high('1990-03-12'),
  address: {
    address: high('99/1 ถนนราชดำเนิน'),
    subdistrict: high('ชนะสงคราม'),
    district: high('พระนคร'),
    province: high('กรุงเทพมหานคร'),
    postcode: high('10200'),
  },
};
/** Three of the card's ten fields: the number and the names. */
const PARTIAL: IdCardReading = { ...NOTHING, thaiId: FULL.thaiId, firstname: FULL.firstname, lastname: FULL.lastname };
const scanOf = (reading: IdCardReading, cardFound = true): IdCardScan => ({
  reading,
  cardFound,
  texts: Object.fromEntries(CARD_REGION_NAMES.map((name) => [name, ''])) as IdCardScan['texts'],
});

const TIPS = [
  'ถ่ายในที่สว่าง ไม่ให้มีแสงสะท้อนบนบัตร',
  'วางบัตรราบบนพื้นสีเข้มที่ไม่มีลาย',
  'ขยับโทรศัพท์ให้บัตรเต็มกรอบสีขาวพอดี',
  'ถือโทรศัพท์ให้นิ่งตอนกดถ่าย',
];

/** A phone whose back camera starts: the preview shows the card guide. */
function cameraWorks() {
  const stream = new MediaStream();
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: vi.fn(() => Promise.resolve(stream)) },
  });
}

/** A phone whose back camera starts the first time, and each later time only when `start` is called. */
function cameraRestartsSlowly(): { start: () => void } {
  let start = () => {};
  let calls = 0;
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: {
      getUserMedia: vi.fn(() => {
        calls += 1;
        if (calls === 1) return Promise.resolve(new MediaStream());
        return new Promise<MediaStream>((resolve) => {
          start = () => resolve(new MediaStream());
        });
      }),
    },
  });
  return { start: () => start() };
}

/** Step 4 as the wizard shows it: the scan, then the form it fills. */
function Step() {
  const [mode, setMode] = useState<PersonalInfoMode>('ocr');
  const [draft, setDraft] = useState<RegisterDraft>(emptyRegisterDraft);
  return (
    <DetailsStep
      mode={mode}
      onModeChange={setMode}
      phone="0812345678"
      draft={draft}
      onDraftChange={setDraft}
      onBack={() => {}}
      onRegistered={() => {}}
    />
  );
}

async function scanPhoto(user: UserEvent, scan: IdCardScan) {
  reader.readIdCard.mockResolvedValueOnce(scan);
  await user.upload(screen.getByLabelText('เลือกรูปบัตรจากเครื่อง'), new File(['card'], 'card.jpg', { type: 'image/jpeg' }));
}

/** The announced message of a poor scan, found by its title. */
async function advice(title: string): Promise<HTMLElement> {
  const found = (await screen.findByText(title)).closest<HTMLElement>('[role="alert"]');
  expect(found).not.toBeNull();
  return found!;
}

function expectTips(message: HTMLElement) {
  expect(within(message).getByText('ถ่ายใหม่ให้ชัดขึ้น ทำดังนี้')).toBeInTheDocument();
  expect(
    within(message)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(TIPS);
}

describe('ID card scan (sign-up step 4)', () => {
  beforeEach(() => {
    mockApi({});
    cameraWorks();
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'mediaDevices');
    reader.readIdCard.mockReset();
    vi.unstubAllGlobals();
  });

  it('does not present a scan that read less than half of the card as read: it asks for a retake, with tips', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Step />, { route: '/signup' });
    expect(await screen.findByTestId('card-guide')).toBeInTheDocument();

    await scanPhoto(user, scanOf(PARTIAL));

    const message = await advice('อ่านบัตรได้ไม่ครบ');
    expect(message).toHaveTextContent('อ่านข้อมูลจากบัตรได้เพียง 3 จาก 10 ช่อง กรุณาถ่ายรูปบัตรใหม่อีกครั้ง');
    expectTips(message);
    // Nothing was put into the form; the photo is still there to look at.
    expect(screen.queryByRole('textbox', { name: 'ชื่อ' })).not.toBeInTheDocument();
    expect(screen.queryByText(/กรอกข้อมูลจากบัตรให้แล้ว/)).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'รูปบัตรประชาชนที่ถ่ายไว้' })).toBeInTheDocument();
    expect(screen.queryByTestId('card-guide')).not.toBeInTheDocument();

    // Retake is the main way on: the camera and its guide come back, the tips stay beside them.
    const retake = screen.getByRole('button', { name: 'ถ่ายใหม่' });
    expect(retake).toHaveClass('MuiButton-contained');
    await user.click(retake);
    expect(screen.getByTestId('card-guide')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'รูปบัตรประชาชนที่ถ่ายไว้' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ถ่ายรูป' })).toBeInTheDocument();
    expectTips(await advice('อ่านบัตรได้ไม่ครบ'));

    // A better photo fills the form as any good scan does.
    await scanPhoto(user, scanOf(FULL));
    expect(await screen.findByText('กรอกข้อมูลจากบัตรให้แล้ว 10 ช่อง')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'ชื่อ' })).toHaveValue('สมชาย');
    expect(screen.queryByText('อ่านบัตรได้ไม่ครบ')).not.toBeInTheDocument();
  });

  it('lets the patient keep a partial reading and type the rest, saying that only part was read', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Step />, { route: '/signup' });
    await scanPhoto(user, scanOf(PARTIAL));
    await advice('อ่านบัตรได้ไม่ครบ');

    await user.click(screen.getByRole('button', { name: 'ใช้ข้อมูลที่อ่านได้ และกรอกส่วนที่เหลือเอง' }));

    expect(await screen.findByText('อ่านจากบัตรได้เพียง 3 จาก 10 ช่อง กรุณากรอกส่วนที่เหลือเอง')).toBeInTheDocument();
    const firstname = screen.getByRole('textbox', { name: 'ชื่อ' });
    expect(firstname).toHaveValue('สมชาย');
    expect(firstname).toHaveAccessibleDescription('อ่านจากบัตร โปรดตรวจสอบ');
    expect(screen.getByRole('textbox', { name: 'เลขประจำตัวประชาชน' })).toHaveValue('1-1017-00230-70-8');
    expect(screen.getByRole('textbox', { name: 'ที่อยู่' })).toHaveValue('');
  });

  it('says the card was not found in the photo and shows the guide again at once, with the tips', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Step />, { route: '/signup' });
    expect(await screen.findByTestId('card-guide')).toBeInTheDocument();

    await scanPhoto(user, scanOf(NOTHING, false));

    const message = await advice('ไม่พบบัตรในรูป');
    expect(message).toHaveTextContent('มองไม่เห็นบัตรประชาชนในรูปที่ถ่าย กรุณาถ่ายรูปบัตรใหม่อีกครั้ง');
    expectTips(message);
    expect(screen.getByTestId('card-guide')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'รูปบัตรประชาชนที่ถ่ายไว้' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ถ่ายรูป' })).toHaveClass('MuiButton-contained');
    // Nothing was read, so there is nothing to keep.
    expect(screen.queryByRole('button', { name: /ใช้ข้อมูลที่อ่านได้/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'ชื่อ' })).not.toBeInTheDocument();
  });

  it('fills the form from a good scan as before', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Step />, { route: '/signup' });
    // Taken from the side, the card outline was not found, but the photo still gave the whole card.
    await scanPhoto(user, scanOf(FULL, false));

    expect(await screen.findByText('กรอกข้อมูลจากบัตรให้แล้ว 10 ช่อง')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'ชื่อ' })).toHaveValue('สมชาย');
    expect(screen.getByRole('textbox', { name: 'นามสกุล' })).toHaveValue('ใจดี');
    expect(screen.getByRole('textbox', { name: 'เลขประจำตัวประชาชน' })).toHaveValue('1-1017-00230-70-8');
    expect(screen.getByRole('textbox', { name: 'ที่อยู่' })).toHaveValue('99/1 ถนนราชดำเนิน');
    expect(screen.getByRole('textbox', { name: 'จังหวัด' })).toHaveValue('กรุงเทพมหานคร');
    expect(screen.queryByText('ไม่พบบัตรในรูป')).not.toBeInTheDocument();
    expect(screen.queryByText('อ่านบัตรได้ไม่ครบ')).not.toBeInTheDocument();
  });

  it('offers one way to type the details instead, with the camera working or not', async () => {
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<Step />, { route: '/signup' });
    expect(await screen.findByTestId('card-guide')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'กรอกข้อมูลเอง' })).toHaveLength(1);
    unmount();

    Reflect.deleteProperty(navigator, 'mediaDevices');
    renderWithProviders(<Step />, { route: '/signup' });
    expect(await screen.findByText(/ไม่รองรับการใช้กล้อง/)).toBeInTheDocument();
    const manual = screen.getAllByRole('button', { name: 'กรอกข้อมูลเอง' });
    expect(manual).toHaveLength(1);
    await user.click(manual[0]);
    expect(await screen.findByRole('textbox', { name: 'ชื่อ' })).toHaveValue('');
  });

  it("lets a caregiver scanning a family member's card leave the working camera for the form", async () => {
    const user = userEvent.setup();
    const onManual = vi.fn();
    renderWithProviders(<IdCardCapture onManual={onManual} onRead={() => {}} />, { route: '/family' });
    expect(await screen.findByTestId('card-guide')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'กรอกข้อมูลเอง' }));
    expect(onManual).toHaveBeenCalledOnce();
  });

  it('keeps the capture button off after a retake until the camera shows the card again', async () => {
    const camera = cameraRestartsSlowly();
    const user = userEvent.setup();
    renderWithProviders(<Step />, { route: '/signup' });
    expect(await screen.findByTestId('card-guide')).toBeInTheDocument();
    await scanPhoto(user, scanOf(PARTIAL));
    await advice('อ่านบัตรได้ไม่ครบ');

    await user.click(screen.getByRole('button', { name: 'ถ่ายใหม่' }));
    expect(screen.getByRole('button', { name: 'ถ่ายรูป' })).toBeDisabled();
    expect(screen.queryByTestId('card-guide')).not.toBeInTheDocument();

    camera.start();
    expect(await screen.findByTestId('card-guide')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ถ่ายรูป' })).toBeEnabled();
  });

  it('keeps the capture button off after a photo without the card until the camera shows the card again', async () => {
    const camera = cameraRestartsSlowly();
    const user = userEvent.setup();
    renderWithProviders(<Step />, { route: '/signup' });
    expect(await screen.findByTestId('card-guide')).toBeInTheDocument();

    await scanPhoto(user, scanOf(NOTHING, false));
    await advice('ไม่พบบัตรในรูป');
    expect(screen.getByRole('button', { name: 'ถ่ายรูป' })).toBeDisabled();
    expect(screen.queryByTestId('card-guide')).not.toBeInTheDocument();

    camera.start();
    expect(await screen.findByTestId('card-guide')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ถ่ายรูป' })).toBeEnabled();
  });
});
