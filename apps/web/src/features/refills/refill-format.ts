import { todayInBangkok, type ShipTo } from '@klaimor/contracts';
import type { TFunction } from 'i18next';
import type { Language } from '../../i18n';
import { combinedAddress } from '../../lib/address-format';
import { formatBuddhistDate } from '../../lib/thai-date';

/** A hospital's or pharmacy's name in the reader's language. */
export const placeName = (place: { nameTh: string; nameEn: string }, lang: Language): string =>
  lang === 'en' ? place.nameEn : place.nameTh;

/** The Thai calendar day of a moment, short: '20 พ.ย. 2569' (Buddhist Era in Thai), '20 Nov 2026' in English. */
export const dayOf = (iso: string, lang: Language): string =>
  formatBuddhistDate(todayInBangkok(new Date(iso)), lang, 'short');

/** Where a parcel went, as one line with the address prefixes of the language (the person namespace's words). */
export const shipToLine = (t: TFunction<'person'>, to: ShipTo): string =>
  combinedAddress(t, { ...to, subdistrist: to.subdistrict });
