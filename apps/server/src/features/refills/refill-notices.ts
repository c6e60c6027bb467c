import type { PlaceNames, RefillRequestRow } from './refills.repository.js';

export type RefillNoticeStep = 'approved' | 'declined' | 'ready' | 'sent';

/**
 * What the patient is told at each step of a repeat prescription. The notice may go by SMS or LINE, so it names no
 * medicine and no reason: those stay in the app.
 */
export function refillNotice(
  step: RefillNoticeStep,
  row: RefillRequestRow,
  names: PlaceNames,
): { title: string; body: string } {
  const hospital = names.facility;
  switch (step) {
    case 'approved': {
      const next =
        row.delivery === 'post'
          ? 'เราจะแจ้งเลขพัสดุเมื่อส่งยาแล้ว'
          : row.delivery === 'near_home_pharmacy'
            ? `เราจะแจ้งอีกครั้งเมื่อยาพร้อมให้รับที่${names.pharmacy ?? 'ร้านยา'}`
            : 'เราจะแจ้งอีกครั้งพร้อมคิวรับยาเมื่อยาพร้อมที่ห้องยา';
      return { title: `${hospital} อนุมัติคำขอรับยาต่อแล้ว`, body: `${next} ยาเดิมทานต่อได้ตามปกติ` };
    }
    case 'declined':
      return {
        title: `${hospital} ยังไม่อนุมัติคำขอรับยาต่อ`,
        body: 'ดูเหตุผลจากแพทย์ได้ในแอปใกล้หมอ หน้าขอรับยาต่อ อย่าหยุดยาเองโดยไม่ปรึกษาแพทย์',
      };
    case 'ready':
      return row.pickupQueueNumber !== null
        ? {
            title: `ยาพร้อมรับที่ห้องยา ${hospital}`,
            body: `คิวรับยาของคุณคือ ${row.pickupQueueNumber} แจ้งหมายเลขนี้และแสดงบัตรประชาชนที่ห้องยา`,
          }
        : {
            title: `ยาพร้อมรับที่ ${names.pharmacy ?? 'ร้านยาใกล้บ้าน'}`,
            body: `ยาจาก${hospital} แสดงบัตรประชาชนที่ร้านยาเพื่อรับยา`,
          };
    case 'sent':
      return {
        title: `${hospital} ส่งยาทางไปรษณีย์แล้ว`,
        body: `เลขพัสดุ ${row.trackingNumber ?? ''} ติดตามสถานะได้ในแอปใกล้หมอ`,
      };
  }
}
