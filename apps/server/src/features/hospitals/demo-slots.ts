import { todayInBangkok } from '@klaimor/contracts';
import type { HospitalsRepository } from './hospitals.repository.js';

// Demo doctors: fictional names, so that no real physician appears to take bookings.
const DOCTORS = ['พญ.กมลวรรณ ใจงาม', 'นพ.ธนากร ศรีสุข', 'พญ.ปิยะนุช วงศ์ดี', 'นพ.วีรยุทธ บุญมา', 'พญ.สุนิสา แก้วใส', 'นพ.อนุชา มีสุข'];
const HOURS = [9, 10, 11, 13, 14, 15];
const CAPACITY = 4;
const DAY_MS = 86_400_000;

/** Demo screening slots for every facility that screens, from today for `days` days (Bangkok time). */
export async function addDemoSlots(hospitals: HospitalsRepository, days = 14, now = new Date()): Promise<void> {
  const today = new Date(`${todayInBangkok(now)}T00:00:00+07:00`).getTime();
  const places = await hospitals.facilitiesOfferingScreening();
  const slots = places.flatMap((place, p) =>
    Array.from({ length: days }, (_, d) => today + d * DAY_MS).flatMap((day, d) =>
      HOURS.map((hour) => ({
        facilityId: place.id,
        startsAt: new Date(day + hour * 3_600_000),
        endsAt: new Date(day + (hour + 1) * 3_600_000),
        doctor: DOCTORS[(p + d + hour) % DOCTORS.length],
        capacity: CAPACITY,
      })),
    ),
  );
  await hospitals.addSlots(slots);
}
