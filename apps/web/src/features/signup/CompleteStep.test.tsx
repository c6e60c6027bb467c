import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { CompleteStep, type SignupDestination } from './CompleteStep';

describe('CompleteStep', () => {
  it.each<[SignupDestination, string]>([
    [{ to: 'booking', hospital: 'โรงพยาบาลรามาธิบดี' }, 'กำลังพาคุณกลับไปจองนัดที่ โรงพยาบาลรามาธิบดี…'],
    [{ to: 'myHealth' }, 'กำลังพาคุณเข้าสู่หน้าสุขภาพของฉัน…'],
    [{ to: 'page' }, 'กำลังพาคุณกลับไปหน้าที่เปิดไว้…'],
  ])('says truthfully where registering goes next (%o)', async (destination, words) => {
    renderWithProviders(<CompleteStep destination={destination} onDone={() => undefined} />);
    expect(await screen.findByRole('status')).toHaveTextContent(words);
  });
});
