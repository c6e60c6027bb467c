/**
 * The six geographic regions of Thailand (the Royal Institute's 1977 division, the
 * one taught in Thai schools), keyed by the province's Thai name as the address
 * dataset spells it. Bangkok belongs to the central region.
 */
export const THAI_REGIONS = ['north', 'northeast', 'central', 'east', 'west', 'south'] as const;
export type ThaiRegion = (typeof THAI_REGIONS)[number];

const PROVINCES_BY_REGION: Record<ThaiRegion, readonly string[]> = {
  north: ['เชียงใหม่', 'เชียงราย', 'ลำปาง', 'ลำพูน', 'แม่ฮ่องสอน', 'น่าน', 'พะเยา', 'แพร่', 'อุตรดิตถ์'],
  northeast: [
    'อำนาจเจริญ',
    'บึงกาฬ',
    'บุรีรัมย์',
    'ชัยภูมิ',
    'กาฬสินธุ์',
    'ขอนแก่น',
    'เลย',
    'มหาสารคาม',
    'มุกดาหาร',
    'นครพนม',
    'นครราชสีมา',
    'หนองบัวลำภู',
    'หนองคาย',
    'ร้อยเอ็ด',
    'สกลนคร',
    'ศรีสะเกษ',
    'สุรินทร์',
    'อุบลราชธานี',
    'อุดรธานี',
    'ยโสธร',
  ],
  central: [
    'กรุงเทพมหานคร',
    'อ่างทอง',
    'ชัยนาท',
    'กำแพงเพชร',
    'ลพบุรี',
    'นครนายก',
    'นครปฐม',
    'นครสวรรค์',
    'นนทบุรี',
    'ปทุมธานี',
    'เพชรบูรณ์',
    'พิจิตร',
    'พิษณุโลก',
    'พระนครศรีอยุธยา',
    'สมุทรปราการ',
    'สมุทรสาคร',
    'สมุทรสงคราม',
    'สระบุรี',
    'สิงห์บุรี',
    'สุโขทัย',
    'สุพรรณบุรี',
    'อุทัยธานี',
  ],
  east: ['ฉะเชิงเทรา', 'จันทบุรี', 'ชลบุรี', 'ปราจีนบุรี', 'ระยอง', 'สระแก้ว', 'ตราด'],
  west: ['กาญจนบุรี', 'เพชรบุรี', 'ประจวบคีรีขันธ์', 'ราชบุรี', 'ตาก'],
  south: [
    'ชุมพร',
    'กระบี่',
    'นครศรีธรรมราช',
    'นราธิวาส',
    'ปัตตานี',
    'พังงา',
    'พัทลุง',
    'ภูเก็ต',
    'ระนอง',
    'สตูล',
    'สงขลา',
    'สุราษฎร์ธานี',
    'ตรัง',
    'ยะลา',
  ],
};

const REGION_OF_PROVINCE = new Map<string, ThaiRegion>(
  THAI_REGIONS.flatMap((region) => PROVINCES_BY_REGION[region].map((province) => [province, region] as const)),
);

/** Every province's Thai name, 77 in all. */
export const THAI_PROVINCES: readonly string[] = [...REGION_OF_PROVINCE.keys()];

export function regionOfProvince(province: string): ThaiRegion | null {
  return REGION_OF_PROVINCE.get(province) ?? null;
}
