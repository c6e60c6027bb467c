import { describe, expect, it } from 'vitest';
import { emptyRegisterDraft } from '../signup-state';
import type { IdCardReading } from './id-card-parsers';
import { applyReading, CARD_FIELDS, cardCoverage, outcomeOfScan, stillFromCard } from './ocr-review';

const reading = (patch: Partial<IdCardReading> = {}): IdCardReading => ({
  thaiIdRejected: false,
  addressText: { text: '', street: '', house: '', subdistrict: '', district: '', province: '' },
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
    expect(draft).toMatchObject({
      thai_id: '1101700230708',
      firstname: 'สมชาย',
      lastname: 'ใจดี',
      gender: 'male',
      birthday: '1990-03-12',
    });
    expect(review.fields.lastname).toEqual({ value: 'ใจดี', confidence: 'low' });
    expect(review.fields.email).toBeUndefined();
  });

  it('keeps what the patient typed, and replaces what an earlier scan filled', () => {
    const first = applyReading(emptyRegisterDraft, null, reading());
    const typed = { ...first.draft, firstname: 'สมศักดิ์', email: 'a@b.th' };
    const second = applyReading(
      typed,
      first.review,
      reading({ firstname: { value: 'สมชัย', confidence: 'high' }, lastname: { value: 'ใจดีมาก', confidence: 'high' } }),
    );
    expect(second.draft.firstname).toBe('สมศักดิ์');
    expect(second.draft.email).toBe('a@b.th');
    expect(second.draft.lastname).toBe('ใจดีมาก');
    expect(second.review.fields.firstname).toBeUndefined();
    expect(second.review.fields.lastname?.confidence).toBe('high');
  });

  it('reports a rejected ID number only when the field was left empty', () => {
    expect(
      applyReading(emptyRegisterDraft, null, reading({ thaiId: undefined, thaiIdRejected: true })).review
        .thaiIdRejected,
    ).toBe(true);
    expect(applyReading(emptyRegisterDraft, null, reading()).review.thaiIdRejected).toBe(false);
  });

  it('compares the ID number as digits (the form shows dashes)', () => {
    expect(stillFromCard('thai_id', '1-1017-00230-70-8', { value: '1101700230708', confidence: 'high' })).toBe(true);
    expect(stillFromCard('thai_id', '1-1017-00230-70-9', { value: '1101700230708', confidence: 'high' })).toBe(false);
  });
});

const high = (value: string) => ({ value, confidence: 'high' as const });
const address = {
  address: high('45/6 หมู่ที่ 3'),
  subdistrict: high('บางรัก'),
  district: high('บางรัก'),
  province: high('กรุงเทพมหานคร'),
  postcode: high('10500'),
};
/** A reading that got nothing out of the photo. */
const empty: IdCardReading = {
  thaiIdRejected: false,
  addressText: { text: '', street: '', house: '', subdistrict: '', district: '', province: '' },
};

describe('cardCoverage', () => {
  it('counts over the ten fields on the front of the card, not the email', () => {
    expect([...CARD_FIELDS].sort()).toEqual(
      [
        'address',
        'birthday',
        'district',
        'firstname',
        'gender',
        'lastname',
        'postcode',
        'province',
        'subdistrist',
        'thai_id',
      ].sort(),
    );
    const four = { thai_id: 1, firstname: 1, lastname: 1, birthday: 1, email: 1 };
    expect(cardCoverage(four)).toEqual({ filled: 4, total: 10, enough: false });
  });

  it('is enough from half of the fields up', () => {
    expect(cardCoverage({ thai_id: 1, firstname: 1, lastname: 1, birthday: 1, gender: 1 })).toEqual({
      filled: 5,
      total: 10,
      enough: true,
    });
    expect(cardCoverage({})).toEqual({ filled: 0, total: 10, enough: false });
  });
});

describe('outcomeOfScan', () => {
  it('presents a scan that filled half of the card or more as read', () => {
    expect(outcomeOfScan({ reading: reading({ address }), cardFound: true }).outcome).toBe('read');
    // Five fields: the number, the names, the birthday and the gender.
    expect(outcomeOfScan({ reading: reading(), cardFound: true }).outcome).toBe('read');
    // A photo read as framed that still gave most of the card is a good scan.
    expect(outcomeOfScan({ reading: reading(), cardFound: false }).outcome).toBe('read');
  });

  it('calls a scan with less than half of the fields partial, however sure each value is', () => {
    expect(outcomeOfScan({ reading: reading({ gender: undefined }), cardFound: true }).outcome).toBe('partial');
    expect(outcomeOfScan({ reading: { ...empty, firstname: high('สมชาย') }, cardFound: true })).toEqual({
      outcome: 'partial',
      coverage: { filled: 1, total: CARD_FIELDS.length, enough: false },
    });
  });

  it('says the card was not found when there was no card outline and little came out', () => {
    expect(outcomeOfScan({ reading: empty, cardFound: false }).outcome).toBe('notFound');
    expect(
      outcomeOfScan({ reading: { ...empty, lastname: high('ใจดี'), birthday: high('1990-03-12') }, cardFound: false })
        .outcome,
    ).toBe('notFound');
  });

  it('calls a found card that gave nothing unreadable, a rejected ID number included', () => {
    expect(outcomeOfScan({ reading: empty, cardFound: true }).outcome).toBe('unreadable');
    expect(outcomeOfScan({ reading: { ...empty, thaiIdRejected: true }, cardFound: true }).outcome).toBe('unreadable');
  });
});
