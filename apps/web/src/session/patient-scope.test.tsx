import type { UserProfile } from '@klaimor/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderWithProviders, testQueryClient } from '../test/render';
import { userKeys } from './current-user';
import { medicationKeys, useMedications } from '../features/medications/medications.queries';
import { forgetSelectedPatient, lostAccess, selectPatient, selectedDependent } from './selected-patient';
import { withPatient } from './patient-scope';

const me = { id: 'daughter-id', firstname: 'มาลี', lastname: 'ใจดี' } as UserProfile;

function MedicineNames() {
  const medications = useMedications();
  return <p>{medications.data?.map((m) => m.name).join(', ') ?? (medications.isError ? 'error' : 'loading')}</p>;
}

// Before, not after: forgetting the choice re-renders what is still mounted, which would ask the server again.
beforeEach(() => forgetSelectedPatient());
afterEach(() => vi.unstubAllGlobals());

describe('withPatient', () => {
  it("names a dependent in the address, and nobody for the patient's own data", () => {
    expect(withPatient('/api/medications', null)).toBe('/api/medications');
    expect(withPatient('/api/medications', 'mother-id')).toBe('/api/medications?patient=mother-id');
    expect(withPatient('/api/checklist?date=2026-11-25', 'mother-id')).toBe(
      '/api/checklist?date=2026-11-25&patient=mother-id',
    );
  });
});

describe('the chosen person', () => {
  it('is kept for the patient who chose, never for another patient signing in on the tab, and forgotten on sign-out', () => {
    selectPatient('daughter-id', 'mother-id');
    expect(selectedDependent('daughter-id')).toBe('mother-id');
    expect(selectedDependent('someone-else')).toBeNull();
    expect(sessionStorage.getItem('klaimor.patient')).toContain('mother-id');
    forgetSelectedPatient();
    expect(selectedDependent('daughter-id')).toBeNull();
    expect(sessionStorage.getItem('klaimor.patient')).toBeNull();
  });
});

describe('a person-scoped query', () => {
  it("asks for the dependent's data with ?patient= and keeps it under the dependent's own key", async () => {
    const urls: string[] = [];
    mockApi({
      'GET /api/medications': ({ url }) => {
        urls.push(url);
        return json(200, { data: [{ name: url.includes('patient=mother-id') ? 'ยาของแม่' : 'ยาของฉัน' }] });
      },
    });
    const queryClient = testQueryClient();
    queryClient.setQueryData(userKeys.me(), me);
    renderWithProviders(<MedicineNames />, { queryClient });
    expect(await screen.findByText('ยาของฉัน')).toBeInTheDocument();

    act(() => selectPatient('daughter-id', 'mother-id'));
    expect(await screen.findByText('ยาของแม่')).toBeInTheDocument();
    expect(urls).toEqual([
      expect.stringMatching(/\/api\/medications$/),
      expect.stringMatching(/\/api\/medications\?patient=mother-id$/),
    ]);
    expect(queryClient.getQueryData(medicationKeys.list('daughter-id'))).toEqual([{ name: 'ยาของฉัน' }]);
    expect(queryClient.getQueryData(medicationKeys.list('mother-id'))).toEqual([{ name: 'ยาของแม่' }]);
  });

  it("goes back to the patient's own data, saying why, when the grant no longer covers it (403 care_forbidden)", async () => {
    mockApi({
      'GET /api/medications': ({ url }) =>
        url.includes('patient=')
          ? json(403, { error: { code: 'care_forbidden', message: 'ไม่มีสิทธิ์' } })
          : json(200, { data: [{ name: 'ยาของฉัน' }] }),
    });
    const queryClient = testQueryClient();
    queryClient.setQueryData(userKeys.me(), me);
    queryClient.setQueryData(['family', 'links'], [{ person: { id: 'mother-id', firstname: 'สมศรี' } }]);
    selectPatient('daughter-id', 'mother-id');
    renderWithProviders(<MedicineNames />, { queryClient });
    expect(await screen.findByText('ยาของฉัน')).toBeInTheDocument();
    await waitFor(() => expect(selectedDependent('daughter-id')).toBeNull());
    expect(lostAccess()).toEqual({ reason: 'narrowed', name: 'สมศรี' });
  });
});
