import { describe, expect, it } from 'vitest';
import { emptyRegisterDraft } from '../signup-state';
import type { IdCardReading } from './id-card-parsers';
import { applyReading, stillFromCard } from './ocr-review';

const reading = (patch: Partial<IdCardReading> = {}): IdCardReading => ({
  thaiIdRejected: false,
  addressText: { text: '', street: '', subdistrict: '', district: '', province: '' },
  thaiId: { value: '1101700230708', confidence: 'high' },
  firstname: { value: 'สมชาย', confidence: 'high' },
  lastname: { value: 'ใจดี', confidence: 'low' },
  gender: { value: 'male', confidence: 'high' },
  birthday: { value: '1990-03-12', confidence: 'high' },
  ...patch,
});

describe('applyReading', () => {
  it('fills the empty fields and marks each with its confidence', () => {
    const { draft, review } = applyReading(emptyRegisterDraft, null, reading());
    expect(draft).toMatchObject({ thai_id: '1101700230708', firstname: 'สมชาย', lastname: 'ใจดี', gender: 'male', birthday: '1990-03-12' });
    expect(review.fields.lastname).toEqual({ value: 'ใจดี', confidence: 'low' });
    expect(review.fields.email).toBeUndefined();
  });

  it('keeps what the patient typed, and replaces what an earlier scan filled', () => {
    const first = applyReading(emptyRegisterDraft, null, reading());
    const typed = { ...first.draft, firstname: 'สมศักดิ์', email: 'a@b.th' };
    const second = applyReading(typed, first.review, reading({ firstname: { value: 'สมชัย', confidence: 'high' }, lastname: { value: 'ใจดีมาก', confidence: 'high' } }));
    expect(second.draft.firstname).toBe('สมศักดิ์');
    expect(second.draft.email).toBe('a@b.th');
    expect(second.draft.lastname).toBe('ใจดีมาก');
    expect(second.review.fields.firstname).toBeUndefined();
    expect(second.review.fields.lastname?.confidence).toBe('high');
  });

  it('reports a rejected ID number only when the field was left empty', () => {
    expect(applyReading(emptyRegisterDraft, null, reading({ thaiId: undefined, thaiIdRejected: true })).review.thaiIdRejected).toBe(true);
    expect(applyReading(emptyRegisterDraft, null, reading()).review.thaiIdRejected).toBe(false);
  });

  it('compares the ID number as digits (the form shows dashes)', () => {
    expect(stillFromCard('thai_id', '1-1017-00230-70-8', { value: '1101700230708', confidence: 'high' })).toBe(true);
    expect(stillFromCard('thai_id', '1-1017-00230-70-9', { value: '1101700230708', confidence: 'high' })).toBe(false);
  });
});
