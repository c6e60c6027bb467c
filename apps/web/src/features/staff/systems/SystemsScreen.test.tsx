import type { SystemClient } from '@klaimor/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { json, mockApi } from '../../../test/render';
import { apiError, member } from '../staff-test-data';
import { renderStaff } from '../staff-test-render';

const SYSTEMS = '/api/staff/facilities/siriraj-hospital/system-clients';

/** A public RSA key as a hospital's system publishes it (its modulus shortened: the browser does not read it). */
const PUBLIC_KEY = { kty: 'RSA', kid: 'his-2025-06', alg: 'RS384', use: 'sig', e: 'AQAB', n: 'u1SU1LfVLPHCozMxH2Mo' };

const his: SystemClient = {
  id: '0d7c9a52-3f1e-4b8a-9c2d-6e5f4a3b2c01',
  name: 'HIS ห้องตรวจผู้ป่วยนอก',
  clientId: 'sys_Q2xpZW50SWRPZkhJU18wMQ',
  jwksUrl: 'https://his.siriraj.example/.well-known/jwks.json',
  jwks: null,
  scopes: ['system/Appointment.rs', 'system/Slot.cruds'],
  disabledAt: null,
  createdAt: '2025-06-16T07:30:00.000Z',
  createdBy: '7f1d5c1e-4f7a-4c1b-9a53-5a0d2f4b8e01',
};
const lab: SystemClient = {
  id: '0d7c9a52-3f1e-4b8a-9c2d-6e5f4a3b2c02',
  name: 'ระบบห้องแล็บ',
  clientId: 'sys_TGFiU3lzdGVtQ2xpZW50XzAy',
  jwksUrl: null,
  jwks: { keys: [PUBLIC_KEY, { kty: 'EC', kid: 'lab-ec-1', crv: 'P-384', x: 'AA', y: 'BB' }] },
  scopes: ['system/Observation.cr'],
  disabledAt: '2025-07-01T02:05:00.000Z',
  createdAt: '2025-05-02T03:00:00.000Z',
  createdBy: null,
};

function api(extra: Parameters<typeof mockApi>[0] = {}, systems: SystemClient[] = [his, lab]) {
  return mockApi({
    'GET /api/staff/me': () => json(200, { data: [member(['admin'])] }),
    [`GET ${SYSTEMS}`]: () => json(200, { data: systems }),
    ...extra,
  });
}
const posts = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([url, init]) => ({ url: String(url), body: init?.body ? JSON.parse(init.body as string) : undefined }));

type User = ReturnType<typeof userEvent.setup>;

async function openRegister(user: User) {
  await user.click(await screen.findByRole('button', { name: 'ลงทะเบียนระบบ' }));
  return screen.findByRole('dialog', { name: 'ลงทะเบียนระบบ' });
}
/** Pastes text into a box, as an admin pastes what the integrator sent. */
async function pasteInto(user: User, box: HTMLElement, text: string) {
  await user.click(box);
  await user.paste(text);
}

describe('the hospital systems screen', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await changeLanguage('th');
  });

  it('lists each system: its client id to copy, what it may do in words, where its keys come from, its status and registration date', async () => {
    const user = userEvent.setup({ delay: null });
    api();
    renderStaff('/staff/systems');
    expect(await screen.findByRole('tab', { name: 'ระบบที่เชื่อมต่อ', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'ระบบของโรงพยาบาลที่เชื่อมต่อ' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'ระบบที่ลงทะเบียนไว้' });
    expect(screen.getByText('2 ระบบ')).toBeInTheDocument();
    const [first, second] = within(table).getAllByRole('row').slice(1);

    expect(within(first).getByText(his.name)).toBeInTheDocument();
    expect(within(first).getByText(his.clientId)).toBeInTheDocument();
    // In the table's order, each in words with the scope itself beneath.
    const scopes = within(first)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(scopes).toEqual(['จัดการช่วงเวลาจองsystem/Slot.cruds', 'อ่านนัดหมายsystem/Appointment.rs']);
    expect(within(first).getByText('อ่านจากที่อยู่ (JWKS URL)')).toBeInTheDocument();
    expect(within(first).getByText(his.jwksUrl!)).toBeInTheDocument();
    expect(within(first).getByText('ใช้งานอยู่')).toBeInTheDocument();
    expect(within(first).getByText('ลงทะเบียนเมื่อ 16 มิ.ย. 2568 14:30 น.')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: `ปิดใช้งาน: ${his.name}` })).toBeInTheDocument();

    expect(within(second).getByText('ส่งและอ่านผลตรวจ')).toBeInTheDocument();
    expect(within(second).getByText('system/Observation.cr')).toBeInTheDocument();
    expect(within(second).getByText('วางกุญแจไว้ 2 ชุด')).toBeInTheDocument();
    expect(within(second).getByText('kid: his-2025-06 (RS384)')).toBeInTheDocument();
    expect(within(second).getByText('kid: lab-ec-1 (ES384)')).toBeInTheDocument();
    expect(within(second).getByText('ปิดใช้งานแล้ว')).toBeInTheDocument();
    expect(within(second).getByText('ปิดเมื่อ 1 ก.ค. 2568 09:05 น.')).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: `เปิดใช้งานอีกครั้ง: ${lab.name}` })).toBeInTheDocument();
    expect(within(second).queryByRole('button', { name: /^ปิดใช้งาน/ })).not.toBeInTheDocument();

    await user.click(within(first).getByRole('button', { name: `คัดลอก รหัสระบบของ ${his.name}` }));
    expect(await within(first).findByText('คัดลอกแล้ว')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(his.clientId);

    // In English, the dates are in the Common Era.
    await changeLanguage('en');
    expect(await within(first).findByText('Registered 16 Jun 2025 14:30')).toBeInTheDocument();
    expect(within(first).getByText('Manage bookable times')).toBeInTheDocument();
  });

  it('says there is none yet', async () => {
    api({}, []);
    renderStaff('/staff/systems');
    expect(await screen.findByText('ยังไม่มีระบบที่ลงทะเบียน')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('registers a system whose keys are at an address, then shows what its integrator needs, each to copy', async () => {
    const user = userEvent.setup({ delay: null });
    const created: SystemClient = {
      ...his,
      id: '0d7c9a52-3f1e-4b8a-9c2d-6e5f4a3b2c03',
      name: 'HIS ใหม่',
      clientId: 'sys_TmV3SElTQ2xpZW50SWRfMDM',
      scopes: ['system/Appointment.rs', 'system/Appointment.u'],
      createdAt: new Date().toISOString(),
    };
    let systems = [his];
    const fetchMock = api(
      {
        [`GET ${SYSTEMS}`]: () => json(200, { data: systems }),
        [`POST ${SYSTEMS}`]: () => {
          systems = [created, his];
          return json(201, { data: [created] });
        },
      },
      systems,
    );
    renderStaff('/staff/systems');
    const dialog = await openRegister(user);

    // Nothing is sent until the contract is satisfied.
    await user.click(within(dialog).getByRole('button', { name: 'ลงทะเบียน' }));
    expect(await within(dialog).findByText('กรุณาเลือกอย่างน้อย 1 อย่าง')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^ชื่อระบบ/ })).toHaveAccessibleDescription('กรุณากรอกข้อมูลนี้');
    expect(within(dialog).getByRole('textbox', { name: /^ที่อยู่ของกุญแจ/ })).toHaveAccessibleDescription(
      'กรุณากรอกที่อยู่ของกุญแจ (JWKS URL)',
    );
    expect(posts(fetchMock)).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /^ชื่อระบบ/ }), 'HIS ใหม่');
    await user.type(
      within(dialog).getByRole('textbox', { name: /^ที่อยู่ของกุญแจ/ }),
      'https://his.siriraj.example/jwks.json',
    );
    // Grouped by what they are about, each with its line of explanation and the scope itself.
    const appointments = within(dialog).getByRole('group', { name: 'นัดหมาย' });
    const read = within(appointments).getByRole('checkbox', { name: 'อ่านนัดหมาย' });
    expect(read).toHaveAccessibleDescription('อ่านและค้นหานัดหมายที่ผู้ป่วยจองไว้ที่นี่ system/Appointment.rs');
    // Ticked in another order, sent in the table's.
    await user.click(within(appointments).getByRole('checkbox', { name: 'เปลี่ยนสถานะนัดหมาย' }));
    await user.click(read);
    await user.click(within(dialog).getByRole('button', { name: 'ลงทะเบียน' }));

    const panel = await screen.findByRole('region', { name: 'ลงทะเบียน HIS ใหม่ แล้ว' });
    expect(posts(fetchMock)).toEqual([
      {
        url: SYSTEMS,
        body: {
          name: 'HIS ใหม่',
          jwksUrl: 'https://his.siriraj.example/jwks.json',
          scopes: ['system/Appointment.rs', 'system/Appointment.u'],
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(panel).getByRole('heading', { name: 'ลงทะเบียน HIS ใหม่ แล้ว' })).toHaveFocus();
    expect(within(panel).getByText(created.clientId)).toBeInTheDocument();
    const origin = window.location.origin;
    expect(within(panel).getByText(`${origin}/fhir/auth/token`)).toBeInTheDocument();
    expect(within(panel).getByText(`${origin}/fhir`)).toBeInTheDocument();
    expect(within(panel).getByText(/ด้วยกุญแจส่วนตัวของระบบเอง แบบ RS384 หรือ ES384/)).toBeInTheDocument();
    expect(within(panel).getByText(/ไม่เคยเห็นกุญแจส่วนตัว/)).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'คัดลอก ที่อยู่ขอโทเค็น (token endpoint)' }));
    expect(await navigator.clipboard.readText()).toBe(`${origin}/fhir/auth/token`);
    await user.click(within(panel).getByRole('button', { name: 'คัดลอก ที่อยู่ FHIR (FHIR base URL)' }));
    expect(await navigator.clipboard.readText()).toBe(`${origin}/fhir`);
    await user.click(within(panel).getByRole('button', { name: 'คัดลอก รหัสระบบ (client ID)' }));
    expect(await navigator.clipboard.readText()).toBe(created.clientId);

    // The new system is listed too, and its details open again from its row.
    const table = screen.getByRole('table', { name: 'ระบบที่ลงทะเบียนไว้' });
    expect(await within(table).findByText(created.clientId)).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'คัดลอก scope ที่ระบบนี้ขอได้' }));
    expect(await navigator.clipboard.readText()).toBe('system/Appointment.rs system/Appointment.u');
    await user.click(within(panel).getByRole('button', { name: 'เสร็จแล้ว' }));
    expect(screen.queryByRole('region', { name: /ลงทะเบียน HIS ใหม่/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'ข้อมูลสำหรับเชื่อมต่อ: HIS ใหม่' }));
    expect(await screen.findByRole('region', { name: 'ข้อมูลสำหรับเชื่อมต่อของ HIS ใหม่' })).toBeInTheDocument();
  });

  it('registers a system by its pasted public keys, sent as the key set itself', async () => {
    const user = userEvent.setup({ delay: null });
    const created: SystemClient = { ...lab, id: '0d7c9a52-3f1e-4b8a-9c2d-6e5f4a3b2c04', disabledAt: null };
    const fetchMock = api({ [`POST ${SYSTEMS}`]: () => json(201, { data: [created] }) });
    renderStaff('/staff/systems');
    const dialog = await openRegister(user);
    await user.type(within(dialog).getByRole('textbox', { name: /^ชื่อระบบ/ }), 'ระบบห้องแล็บ');
    await user.click(within(dialog).getByRole('radio', { name: 'วางกุญแจสาธารณะ (JWKS JSON)' }));
    expect(within(dialog).queryByRole('textbox', { name: /^ที่อยู่ของกุญแจ/ })).not.toBeInTheDocument();
    await pasteInto(
      user,
      within(dialog).getByRole('textbox', { name: /^กุญแจสาธารณะ/ }),
      JSON.stringify({ keys: [PUBLIC_KEY] }, null, 2),
    );
    await user.click(within(dialog).getByRole('checkbox', { name: 'ส่งและอ่านผลตรวจ' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'ส่งและอ่านรายงานผลตรวจ' }));
    await user.click(within(dialog).getByRole('button', { name: 'ลงทะเบียน' }));

    expect(await screen.findByRole('region', { name: 'ลงทะเบียน ระบบห้องแล็บ แล้ว' })).toBeInTheDocument();
    expect(posts(fetchMock)).toEqual([
      {
        url: SYSTEMS,
        body: {
          name: 'ระบบห้องแล็บ',
          jwks: { keys: [PUBLIC_KEY] },
          scopes: ['system/Observation.cr', 'system/DiagnosticReport.cr'],
        },
      },
    ]);
  });

  it('refuses pasted keys that are not JSON, or hold a private key, before anything is sent', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = api();
    renderStaff('/staff/systems');
    const dialog = await openRegister(user);
    await user.type(within(dialog).getByRole('textbox', { name: /^ชื่อระบบ/ }), 'ระบบห้องแล็บ');
    await user.click(within(dialog).getByRole('radio', { name: 'วางกุญแจสาธารณะ (JWKS JSON)' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'ส่งและอ่านผลตรวจ' }));
    const keys = within(dialog).getByRole('textbox', { name: /^กุญแจสาธารณะ/ });

    // Cut off while copying.
    await pasteInto(user, keys, '{"keys": [{"kty": "RSA", "kid": "his-2025-06", "n": "u1SU');
    await user.click(within(dialog).getByRole('button', { name: 'ลงทะเบียน' }));
    await waitFor(() => expect(keys).toHaveAccessibleDescription('อ่าน JSON นี้ไม่ได้ กรุณาคัดลอกมาใหม่ทั้งหมด ตั้งแต่ { ถึง }'));
    expect(keys).toHaveAttribute('aria-invalid', 'true');

    // A private key, without a kid either: the private key is what is said.
    await user.clear(keys);
    await pasteInto(user, keys, JSON.stringify({ keys: [{ ...PUBLIC_KEY, kid: undefined, d: 'c2VjcmV0', p: 'AQ' }] }));
    await user.click(within(dialog).getByRole('button', { name: 'ลงทะเบียน' }));
    await waitFor(() =>
      expect(keys).toHaveAccessibleDescription(expect.stringMatching(/^มีกุญแจส่วนตัว \(private key\) อยู่ด้วย/)),
    );

    // A key set whose key has no kid.
    await user.clear(keys);
    await pasteInto(user, keys, JSON.stringify({ keys: [{ ...PUBLIC_KEY, kid: undefined }] }));
    await user.click(within(dialog).getByRole('button', { name: 'ลงทะเบียน' }));
    await waitFor(() => expect(keys).toHaveAccessibleDescription('กุญแจทุกชุดต้องมี kid (ชื่อของกุญแจ)'));
    expect(posts(fetchMock)).toEqual([]);
  });

  it('shows the server’s refusal on the field it is about', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = api({
      [`POST ${SYSTEMS}`]: () =>
        json(400, apiError('validation_failed', 'ข้อมูลไม่ถูกต้อง กรุณาตรวจสอบช่องที่ระบุ', { jwksUrl: 'insecure_url' })),
    });
    renderStaff('/staff/systems');
    const dialog = await openRegister(user);
    await user.type(within(dialog).getByRole('textbox', { name: /^ชื่อระบบ/ }), 'HIS');
    const url = within(dialog).getByRole('textbox', { name: /^ที่อยู่ของกุญแจ/ });
    await user.type(url, 'http://his.siriraj.example/jwks.json');
    await user.click(within(dialog).getByRole('checkbox', { name: 'อ่านข้อมูลผู้ป่วย' }));
    await user.click(within(dialog).getByRole('button', { name: 'ลงทะเบียน' }));

    await waitFor(() =>
      expect(url).toHaveAccessibleDescription('ต้องเป็นที่อยู่ https:// ที่อ่านได้จากอินเทอร์เน็ต เพื่อไม่ให้กุญแจถูกสลับระหว่างทาง'),
    );
    expect(url).toHaveFocus();
    expect(posts(fetchMock)).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'ลงทะเบียนระบบ' })).toBeInTheDocument();
  });

  it('shows the server’s refusal of a pasted key on the keys', async () => {
    const user = userEvent.setup({ delay: null });
    api({
      [`POST ${SYSTEMS}`]: () =>
        json(400, apiError('validation_failed', 'ข้อมูลไม่ถูกต้อง', { 'jwks.keys.0': 'invalid_choice' })),
    });
    renderStaff('/staff/systems');
    const dialog = await openRegister(user);
    await user.type(within(dialog).getByRole('textbox', { name: /^ชื่อระบบ/ }), 'HIS');
    await user.click(within(dialog).getByRole('radio', { name: 'วางกุญแจสาธารณะ (JWKS JSON)' }));
    const keys = within(dialog).getByRole('textbox', { name: /^กุญแจสาธารณะ/ });
    await pasteInto(user, keys, JSON.stringify(PUBLIC_KEY));
    await user.click(within(dialog).getByRole('checkbox', { name: 'อ่านข้อมูลผู้ป่วย' }));
    await user.click(within(dialog).getByRole('button', { name: 'ลงทะเบียน' }));
    await waitFor(() =>
      expect(keys).toHaveAccessibleDescription(
        'ใช้กุญแจนี้ตรวจลายเซ็นไม่ได้ ต้องเป็นกุญแจ RSA อย่างน้อย 2048 บิต (RS384) หรือ EC P-384 (ES384)',
      ),
    );
  });

  it('asks before disabling a system, saying its tokens stop working at once, then disables it', async () => {
    const user = userEvent.setup({ delay: null });
    const disabled = { ...his, disabledAt: new Date().toISOString() };
    let systems = [his, lab];
    const fetchMock = api(
      {
        [`GET ${SYSTEMS}`]: () => json(200, { data: systems }),
        [`POST ${SYSTEMS}/${his.id}/disable`]: () => {
          systems = [disabled, lab];
          return json(200, { data: [disabled] });
        },
      },
      systems,
    );
    renderStaff('/staff/systems');
    await user.click(await screen.findByRole('button', { name: `ปิดใช้งาน: ${his.name}` }));
    let dialog = await screen.findByRole('dialog', { name: `ปิดใช้งาน ${his.name}?` });
    expect(within(dialog).getByText(/โทเค็นที่ระบบนี้ได้รับไปแล้วจะใช้ไม่ได้ทันที/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'ยกเลิก' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts(fetchMock)).toEqual([]);

    await user.click(screen.getByRole('button', { name: `ปิดใช้งาน: ${his.name}` }));
    dialog = await screen.findByRole('dialog', { name: `ปิดใช้งาน ${his.name}?` });
    await user.click(within(dialog).getByRole('button', { name: 'ปิดใช้งาน' }));
    expect(await screen.findByText(`ปิดใช้งาน ${his.name} แล้ว โทเค็นของระบบนี้ใช้ไม่ได้แล้ว`)).toBeInTheDocument();
    expect(posts(fetchMock)).toEqual([{ url: `${SYSTEMS}/${his.id}/disable`, body: undefined }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = screen.getAllByRole('row').find((r) => within(r).queryByText(his.name));
    expect(await within(row!).findByText('ปิดใช้งานแล้ว')).toBeInTheDocument();
    expect(within(row!).getByRole('button', { name: `เปิดใช้งานอีกครั้ง: ${his.name}` })).toBeInTheDocument();
  });

  it('enables a disabled system again', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = api({
      [`POST ${SYSTEMS}/${lab.id}/enable`]: () => json(200, { data: [{ ...lab, disabledAt: null }] }),
    });
    renderStaff('/staff/systems');
    await user.click(await screen.findByRole('button', { name: `เปิดใช้งานอีกครั้ง: ${lab.name}` }));
    expect(await screen.findByText(`เปิดใช้งาน ${lab.name} อีกครั้งแล้ว ระบบขอโทเค็นใหม่ได้`)).toBeInTheDocument();
    expect(posts(fetchMock)).toEqual([{ url: `${SYSTEMS}/${lab.id}/enable`, body: undefined }]);
  });

  it('is offered to admins only', async () => {
    const fetchMock = mockApi({
      'GET /api/staff/me': () => json(200, { data: [member(['front_desk', 'clinician'])] }),
    });
    renderStaff('/staff/systems');
    expect(await screen.findByRole('tab', { name: 'นัดหมายวันนี้', selected: true })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'ระบบที่เชื่อมต่อ' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/system-clients'))).toBe(false);
  });
});
