import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../i18n';
import { MyAppointments } from '../features/appointments/MyAppointments';
import { json, mockApi, renderWithProviders, testQueryClient } from '../test/render';
import { careLink, daughter } from '../test/family-fixtures';
import { userKeys } from './current-user';
import { forgetSelectedPatient, selectPatient } from './selected-patient';

function signedIn() {
  const queryClient = testQueryClient();
  queryClient.setQueryData(userKeys.me(), daughter);
  return queryClient;
}

beforeEach(() => {
  forgetSelectedPatient();
  mockApi({
    'GET /api/family': () => json(200, { data: [careLink()] }),
    'GET /api/appointments': () => json(200, { data: [] }),
  });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('th');
});

describe('a heading over personal data', () => {
  it('says whose it is as "my" over the patient\'s own', async () => {
    renderWithProviders(<MyAppointments />, { queryClient: signedIn() });
    expect(await screen.findByRole('heading', { name: 'นัดหมายของฉัน' })).toBeInTheDocument();
  });

  it('names the family member shown, marking her Thai name as Thai, in Thai and in English', async () => {
    selectPatient('daughter-id', 'mother-id');
    renderWithProviders(<MyAppointments />, { queryClient: signedIn() });
    await screen.findByText('สมศรี', { selector: 'h2 span[lang="th"]' });
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(/^นัดหมายของคุณสมศรี$/);

    await changeLanguage('en');
    await screen.findByText("'s appointments", { exact: false });
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(/^สมศรี's appointments$/);
    expect(screen.getByRole('heading', { level: 2 }).querySelector('span[lang="th"]')).toHaveTextContent(/^สมศรี$/);
  });
});
