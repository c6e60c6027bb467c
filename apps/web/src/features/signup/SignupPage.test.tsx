import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderWithProviders } from '../../test/render';
import { SignupPage } from './SignupPage';

const WARNING = 'โปรดยอมรับข้อตกลงการใช้งานและนโยบายความเป็นส่วนตัว';

describe('signup wizard, step 3 (Personal Info)', () => {
  afterEach(() => vi.unstubAllGlobals());

  const start = () => {
    mockApi({ 'GET /api/users/me': () => json(401, { error: { code: 'unauthenticated', message: 'no session' } }) });
    // Coming from /login with a verified number that is not registered yet: the wizard continues at step 3.
    return renderWithProviders(<SignupPage />, {
      route: { pathname: '/signup', state: { phone: '0812345678', verified: true } },
    });
  };

  it('blocks Next without consent and shows the spec warning', async () => {
    const user = userEvent.setup();
    start();
    expect(await screen.findByRole('heading', { level: 1, name: 'ข้อมูลส่วนบุคคล' })).toBeInTheDocument();
    const next = await screen.findByRole('button', { name: 'ถัดไป' });
    expect(screen.queryByText(WARNING)).not.toBeInTheDocument();

    await user.click(next);

    expect(screen.getByRole('alert')).toHaveTextContent(WARNING);
    expect(screen.getByRole('heading', { level: 1, name: 'ข้อมูลส่วนบุคคล' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '3');
  });

  it('goes on to step 4 (OCR by default) once consent is given', async () => {
    const user = userEvent.setup();
    start();
    expect(await screen.findByRole('radio', { name: /สแกนบัตรประชาชน/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'ถัดไป' }));
    expect(screen.getByText(WARNING)).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: /ยินยอมตาม\s*ข้อตกลงการใช้งาน\s*และ\s*นโยบายความเป็นส่วนตัว/ }));
    expect(screen.queryByText(WARNING)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'ถัดไป' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'สแกนบัตรประชาชน' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '4');
  });

  it('lets the patient read the terms and the privacy notice from the consent box without leaving the step', async () => {
    const user = userEvent.setup();
    start();
    const consent = await screen.findByRole('checkbox', { name: /ยินยอมตาม\s*ข้อตกลงการใช้งาน/ });
    await user.click(screen.getByRole('link', { name: 'นโยบายความเป็นส่วนตัว' }));
    const dialog = await screen.findByRole('dialog', { name: 'นโยบายความเป็นส่วนตัว' });
    expect(within(dialog).getByRole('heading', { name: 'ข้อมูลที่เราเก็บ' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('ฉบับวันที่ 25 พฤศจิกายน 2569');
    await user.click(within(dialog).getByRole('button', { name: 'ปิด' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(consent).not.toBeChecked();
    await user.click(screen.getByRole('link', { name: 'ข้อตกลงการใช้งาน' }));
    expect(await screen.findByRole('dialog', { name: 'ข้อตกลงการใช้งาน' })).toHaveTextContent('โทร 1669 ทันที');
  });

  it('Manual Input leads to the form with the verified phone', async () => {
    const user = userEvent.setup();
    start();
    await user.click(await screen.findByRole('radio', { name: /กรอกข้อมูลเอง/ }));
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'ถัดไป' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'กรอกข้อมูลส่วนตัว' })).toBeInTheDocument();
    expect(await screen.findByLabelText('เบอร์โทรศัพท์มือถือ')).toHaveValue('081-234-5678');
  });
});

describe('signup in the middle of a booking', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says which booking it returns to, and its sign-in link keeps that booking', async () => {
    mockApi({ 'GET /api/users/me': () => json(401, { error: { code: 'unauthenticated', message: 'no session' } }) });
    renderWithProviders(<SignupPage />, {
      route: {
        pathname: '/signup',
        state: {
          returnTo: '/?hospital=ramathibodi-hospital',
          booking: { nameTh: 'โรงพยาบาลรามาธิบดี', nameEn: 'Ramathibodi Hospital' },
        },
      },
    });
    expect(
      await screen.findByText('เข้าสู่ระบบหรือลงทะเบียนแล้ว จะกลับไปจองนัดที่ โรงพยาบาลรามาธิบดี ต่อ อาการที่กรอกไว้ยังอยู่ครบ'),
    ).toBeInTheDocument();
  });
});
