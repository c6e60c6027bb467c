import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';

/*
 * What the public availability feed reads: the facilities that take bookings in the app (not hidden) with a slot still
 * ahead and offered, the clinics those slots are at, and the slots themselves, whoever made them (the staff's weekly
 * sessions or a hospital's system through the FHIR API). Nothing about any patient: a slot says only how many places
 * are left.
 */

/** A place patients may book, as the feed's Location shows it. */
export interface PublishedFacility {
  id: string;
  stableId: string;
  mophCode: string | null;
  nameTh: string;
  address: string | null;
  subdistrict: string | null;
  district: string | null;
  province: string | null;
  postcode: string | null;
  lat: number;
  lng: number;
  phone: string | null;
}

/** A clinic of such a facility with slots ahead: the feed's Schedule. */
export interface PublishedClinic {
  id: string;
  facilityId: string;
  nameTh: string;
}

export interface PublishedSlot {
  id: string;
  clinicId: string;
  stableId: string;
  phone: string | null;
  startsAt: Date;
  endsAt: Date;
  capacity: number;
  taken: number;
}

/** Slots are read this many at a time, in id order, so a feed of any size streams without holding it whole. */
export const SLOT_PAGE = 1000;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The facilities, clinics and slots that are published: offered, ahead, at a facility taking bookings. */
const OFFERED = sql`s.withdrawn_at is null and s.starts_at > now()`;
const PUBLISHED_FACILITY = sql`f.takes_bookings and f.hidden_at is null`;

export function createBulkPublishRepository(db: Db) {
  return {
    async facilities(): Promise<PublishedFacility[]> {
      return rowsOf<PublishedFacility>(
        await db.execute(sql`
          select f.id, f.stable_id as "stableId", f.moph_code as "mophCode", f.name_th as "nameTh", f.address,
                 f.subdistrict, f.district, f.province, f.postcode, f.lat, f.lng, f.phone
          from facilities f
          where ${PUBLISHED_FACILITY}
            and exists (select 1 from screening_slots s where s.facility_id = f.id and ${OFFERED})
          order by f.id`),
      );
    },

    async clinics(): Promise<PublishedClinic[]> {
      return rowsOf<PublishedClinic>(
        await db.execute(sql`
          select c.id, c.facility_id as "facilityId", c.name_th as "nameTh"
          from clinics c join facilities f on f.id = c.facility_id
          where ${PUBLISHED_FACILITY}
            and exists (select 1 from screening_slots s where s.clinic_id = c.id and ${OFFERED})
          order by c.id`),
      );
    },

    /** One page of the published slots after `afterId` (null: from the first). */
    async slots(afterId: string | null): Promise<PublishedSlot[]> {
      const rows = rowsOf<
        Omit<PublishedSlot, 'startsAt' | 'endsAt'> & { startsAt: Date | string; endsAt: Date | string }
      >(
        await db.execute(sql`
          select s.id, s.clinic_id as "clinicId", f.stable_id as "stableId", f.phone, s.starts_at as "startsAt",
                 s.ends_at as "endsAt", s.capacity, s.taken
          from screening_slots s join facilities f on f.id = s.facility_id
          where ${PUBLISHED_FACILITY} and ${OFFERED} ${afterId === null ? sql`` : sql`and s.id > ${afterId}`}
          order by s.id
          limit ${SLOT_PAGE}`),
      );
      // Raw results bring timestamps as text on one driver and as dates on the other.
      return rows.map((r) => ({ ...r, startsAt: new Date(r.startsAt), endsAt: new Date(r.endsAt) }));
    },
  };
}

export type BulkPublishRepository = ReturnType<typeof createBulkPublishRepository>;
