import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { facilities, messageThreads, messages, staffMembers } from '../../db/schema.js';
import { DEMO_STAFF, DEMO_STAFF_FACILITY } from '../staff/demo-staff.js';

const DAY = 24 * 3600_000;

/**
 * FOR DEMO MODE ONLY: the demo patient's question to the demo hospital about her diabetes medicine, answered by its
 * front desk nurse and closed, so the patient's messages and the hospital's inbox have a conversation to show. Written
 * as it stands (no notice queued now); once, when the demo hospital's staff are there.
 */
export async function seedDemoMessages(db: Db, patientId: string, now = new Date()): Promise<void> {
  const [existing] = await db
    .select({ id: messageThreads.id })
    .from(messageThreads)
    .where(eq(messageThreads.userId, patientId))
    .limit(1);
  if (existing) return;
  const deskEmail = DEMO_STAFF.find((s) => s.role === 'front_desk')!.email;
  const [place] = await db
    .select({ facilityId: facilities.id, memberId: staffMembers.id })
    .from(facilities)
    .innerJoin(staffMembers, eq(staffMembers.email, deskEmail))
    .where(and(eq(facilities.stableId, DEMO_STAFF_FACILITY)))
    .limit(1);
  if (!place) return;
  const asked = new Date(now.getTime() - 10 * DAY);
  const answered = new Date(asked.getTime() + 3 * 3600_000);
  await db.transaction(async (tx) => {
    const [thread] = await tx
      .insert(messageThreads)
      .values({
        userId: patientId,
        facilityId: place.facilityId,
        subject: 'ยาเบาหวานทำให้ท้องเสีย',
        status: 'done',
        assignedMemberId: place.memberId,
        lastFrom: 'staff',
        lastMessageAt: answered,
        patientReadAt: answered,
        createdAt: asked,
      })
      .returning({ id: messageThreads.id });
    await tx.insert(messages).values([
      {
        threadId: thread.id,
        from: 'patient',
        authorUserId: patientId,
        text: 'ทานยา Metformin มื้อเย็น 2 เม็ดแล้วท้องเสียทุกวันค่ะ ควรทำอย่างไรดี ต้องหยุดยาไหมคะ',
        createdAt: asked,
      },
      {
        threadId: thread.id,
        from: 'staff',
        authorMemberId: place.memberId,
        text: 'ยังไม่ต้องหยุดยานะคะ ให้ทานยาหลังอาหารทันที ไม่ทานตอนท้องว่าง ส่วนใหญ่อาการจะดีขึ้นใน 1-2 สัปดาห์ หากยังท้องเสียหรือมีไข้ ให้มาพบแพทย์ก่อนวันนัดได้ค่ะ',
        createdAt: answered,
      },
    ]);
  });
}
