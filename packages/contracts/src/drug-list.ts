import { z } from 'zod';
import { reasons } from './fields.js';
import type { MedicationForm } from './medications.js';

/**
 * The drugs a clinician picks from when prescribing, each with its strength and form and its WHO ATC code: the
 * generics Thai hospitals and health centres prescribe most, as the National List of Essential Medicines (บัญชียาหลัก
 * แห่งชาติ) names them. ATC codes the drug in the FHIR export and groups drugs by class; the Thai Medicines
 * Terminology (TMT), the national code set for a product, is not available here, so products are not coded by it.
 * A drug not on the list is still written in words, and is marked as such wherever a clinician reads it.
 */
export interface ListedDrug {
  /** WHO ATC code, at the substance level (or the group's, for a mixture such as oral rehydration salts). */
  atc: string;
  /** The generic name as prescriptions in Thailand write it. */
  name: string;
  /** The name in Thai letters, as patients and pharmacists say it (searched too). */
  th: string;
  strength: string;
  form: MedicationForm;
}

/** An ATC code: a letter, two digits, two letters, and two digits below the group level. */
export const AtcCode = z
  .string({ error: reasons.invalidChoice })
  .regex(/^[A-Z]\d\d[A-Z]{2}(\d\d)?$/, { error: reasons.invalidChoice, abort: true });

const d = (atc: string, name: string, th: string, strength: string, form: MedicationForm): ListedDrug => ({
  atc,
  name,
  th,
  strength,
  form,
});

export const DRUG_LIST: readonly ListedDrug[] = [
  // Pain and fever
  d('N02BE01', 'Paracetamol', 'พาราเซตามอล', '500 mg', 'tablet'),
  d('N02BE01', 'Paracetamol', 'พาราเซตามอล', '120 mg/5 ml', 'liquid'),
  d('M01AE01', 'Ibuprofen', 'ไอบูโพรเฟน', '400 mg', 'tablet'),
  d('M01AE02', 'Naproxen', 'นาพรอกเซน', '250 mg', 'tablet'),
  d('M01AB05', 'Diclofenac', 'ไดโคลฟีแนค', '25 mg', 'tablet'),
  d('M01AG01', 'Mefenamic acid', 'กรดเมเฟนามิก', '500 mg', 'tablet'),
  d('N02AX02', 'Tramadol', 'ทรามาดอล', '50 mg', 'capsule'),
  // Infections
  d('J01CA04', 'Amoxicillin', 'อะม็อกซีซิลลิน', '500 mg', 'capsule'),
  d('J01CA04', 'Amoxicillin', 'อะม็อกซีซิลลิน', '250 mg/5 ml', 'liquid'),
  d('J01CR02', 'Amoxicillin/clavulanic acid', 'อะม็อกซีซิลลิน/คลาวูลานิก', '625 mg', 'tablet'),
  d('J01CF01', 'Dicloxacillin', 'ไดคลอกซาซิลลิน', '250 mg', 'capsule'),
  d('J01DB01', 'Cefalexin', 'เซฟาเลกซิน', '500 mg', 'capsule'),
  d('J01FA10', 'Azithromycin', 'อะซิโธรมัยซิน', '250 mg', 'tablet'),
  d('J01FA06', 'Roxithromycin', 'ร็อกซิโธรมัยซิน', '150 mg', 'tablet'),
  d('J01AA02', 'Doxycycline', 'ด็อกซีไซคลิน', '100 mg', 'capsule'),
  d('J01MA02', 'Ciprofloxacin', 'ไซโปรฟล็อกซาซิน', '500 mg', 'tablet'),
  d('J01MA06', 'Norfloxacin', 'นอร์ฟล็อกซาซิน', '400 mg', 'tablet'),
  d('J01EE01', 'Co-trimoxazole', 'โคไตรม็อกซาโซล', '400/80 mg', 'tablet'),
  d('P01AB01', 'Metronidazole', 'เมโทรนิดาโซล', '400 mg', 'tablet'),
  // Allergy, cough and breathing
  d('R06AB04', 'Chlorpheniramine', 'คลอร์เฟนิรามีน', '4 mg', 'tablet'),
  d('R06AE07', 'Cetirizine', 'เซทิริซีน', '10 mg', 'tablet'),
  d('R06AX13', 'Loratadine', 'ลอราทาดีน', '10 mg', 'tablet'),
  d('R05CB02', 'Bromhexine', 'บรอมเฮกซีน', '8 mg', 'tablet'),
  d('R05DA09', 'Dextromethorphan', 'เดกซ์โทรเมทอร์แฟน', '15 mg', 'tablet'),
  d('R05CA03', 'Guaifenesin', 'ไกวเฟนิซิน', '100 mg/5 ml', 'liquid'),
  d('R03AC02', 'Salbutamol', 'ซาลบูทามอล', '100 mcg/puff', 'inhaler'),
  d('R03BA02', 'Budesonide', 'บูเดโซไนด์', '200 mcg/puff', 'inhaler'),
  d('R03DC03', 'Montelukast', 'มอนเทลูคาสท์', '10 mg', 'tablet'),
  // Stomach and bowel
  d('A02BC01', 'Omeprazole', 'โอเมพราโซล', '20 mg', 'capsule'),
  d('A02BA03', 'Famotidine', 'ฟาโมทิดีน', '20 mg', 'tablet'),
  d('A02AD01', 'Aluminium hydroxide/magnesium hydroxide', 'ยาลดกรด อะลูมิเนียม-แมกนีเซียม', '240 ml', 'liquid'),
  d('A03FA03', 'Domperidone', 'ดอมเพอริโดน', '10 mg', 'tablet'),
  d('A03AX13', 'Simethicone', 'ไซเมทิโคน', '80 mg', 'tablet'),
  d('A03BB01', 'Hyoscine butylbromide', 'ไฮออสซีน บิวทิลโบรไมด์', '10 mg', 'tablet'),
  d('A07CA', 'Oral rehydration salts', 'ผงเกลือแร่ (ORS)', '1 sachet', 'other'),
  d('A07DA03', 'Loperamide', 'โลเปอราไมด์', '2 mg', 'capsule'),
  d('A06AB02', 'Bisacodyl', 'บิซาโคดิล', '5 mg', 'tablet'),
  d('A06AB06', 'Senna', 'มะขามแขก (เซนนา)', '7.5 mg', 'tablet'),
  // Diabetes
  d('A10BA02', 'Metformin', 'เมทฟอร์มิน', '500 mg', 'tablet'),
  d('A10BA02', 'Metformin', 'เมทฟอร์มิน', '850 mg', 'tablet'),
  d('A10BB07', 'Glipizide', 'กลิพิไซด์', '5 mg', 'tablet'),
  d('A10BB09', 'Gliclazide', 'กลิคลาไซด์', '80 mg', 'tablet'),
  d('A10BB01', 'Glibenclamide', 'ไกลเบนคลาไมด์', '5 mg', 'tablet'),
  d('A10BG03', 'Pioglitazone', 'ไพโอกลิทาโซน', '30 mg', 'tablet'),
  d('A10AC01', 'Insulin isophane (NPH)', 'อินซูลินเอ็นพีเอช', '100 IU/ml', 'injection'),
  d('A10AB01', 'Insulin regular (RI)', 'อินซูลินชนิดออกฤทธิ์สั้น', '100 IU/ml', 'injection'),
  // Heart and blood pressure
  d('C08CA01', 'Amlodipine', 'แอมโลดิปีน', '5 mg', 'tablet'),
  d('C08CA01', 'Amlodipine', 'แอมโลดิปีน', '10 mg', 'tablet'),
  d('C08CA05', 'Nifedipine', 'นิเฟดิปีน', '20 mg', 'tablet'),
  d('C09AA02', 'Enalapril', 'อีนาลาพริล', '5 mg', 'tablet'),
  d('C09AA02', 'Enalapril', 'อีนาลาพริล', '20 mg', 'tablet'),
  d('C09CA01', 'Losartan', 'โลซาร์แทน', '50 mg', 'tablet'),
  d('C03AA03', 'Hydrochlorothiazide', 'ไฮโดรคลอโรไทอะไซด์', '25 mg', 'tablet'),
  d('C03CA01', 'Furosemide', 'ฟูโรซีไมด์', '40 mg', 'tablet'),
  d('C03DA01', 'Spironolactone', 'สไปโรโนแลคโตน', '25 mg', 'tablet'),
  d('C07AB03', 'Atenolol', 'อะทีโนลอล', '50 mg', 'tablet'),
  d('C07AB02', 'Metoprolol', 'เมโทโพรลอล', '100 mg', 'tablet'),
  d('C07AA05', 'Propranolol', 'โพรพราโนลอล', '10 mg', 'tablet'),
  d('C07AG02', 'Carvedilol', 'คาร์วีดิลอล', '6.25 mg', 'tablet'),
  d('C02DB02', 'Hydralazine', 'ไฮดราลาซีน', '25 mg', 'tablet'),
  d('C01DA08', 'Isosorbide dinitrate', 'ไอโซซอร์ไบด์ ไดไนเตรต', '5 mg', 'tablet'),
  d('C01AA05', 'Digoxin', 'ดิจอกซิน', '0.25 mg', 'tablet'),
  d('C10AA01', 'Simvastatin', 'ซิมวาสแตติน', '20 mg', 'tablet'),
  d('C10AA05', 'Atorvastatin', 'อะทอร์วาสแตติน', '40 mg', 'tablet'),
  d('B01AC06', 'Aspirin', 'แอสไพริน', '81 mg', 'tablet'),
  d('B01AC04', 'Clopidogrel', 'โคลพิโดเกรล', '75 mg', 'tablet'),
  d('B01AA03', 'Warfarin', 'วาร์ฟาริน', '3 mg', 'tablet'),
  // Gout, thyroid, steroids
  d('M04AA01', 'Allopurinol', 'อัลโลพูรินอล', '100 mg', 'tablet'),
  d('M04AC01', 'Colchicine', 'โคลชิซีน', '0.6 mg', 'tablet'),
  d('H03AA01', 'Levothyroxine', 'เลโวไทรอกซีน', '50 mcg', 'tablet'),
  d('H03BB02', 'Methimazole', 'เมทิมาโซล', '5 mg', 'tablet'),
  d('H03BA02', 'Propylthiouracil', 'โพรพิลไทโอยูราซิล', '50 mg', 'tablet'),
  d('H02AB06', 'Prednisolone', 'เพรดนิโซโลน', '5 mg', 'tablet'),
  // Nerves and mind
  d('N06AA09', 'Amitriptyline', 'อะมิทริปไทลีน', '10 mg', 'tablet'),
  d('N06AB03', 'Fluoxetine', 'ฟลูออกซิทีน', '20 mg', 'capsule'),
  d('N06AB06', 'Sertraline', 'เซอร์ทราลีน', '50 mg', 'tablet'),
  d('N05BA06', 'Lorazepam', 'ลอราซีแพม', '0.5 mg', 'tablet'),
  d('N05BA01', 'Diazepam', 'ไดอะซีแพม', '2 mg', 'tablet'),
  d('N03AX12', 'Gabapentin', 'กาบาเพนติน', '300 mg', 'capsule'),
  d('N03AF01', 'Carbamazepine', 'คาร์บามาซีพีน', '200 mg', 'tablet'),
  d('N03AB02', 'Phenytoin', 'เฟนิทอยน์', '100 mg', 'capsule'),
  d('N03AG01', 'Sodium valproate', 'โซเดียมวาลโพรเอต', '200 mg', 'tablet'),
  // Blood, vitamins and minerals
  d('B03AA07', 'Ferrous sulfate', 'เฟอรัสซัลเฟต (ธาตุเหล็ก)', '200 mg', 'tablet'),
  d('B03BB01', 'Folic acid', 'กรดโฟลิก', '5 mg', 'tablet'),
  d('A12AA04', 'Calcium carbonate', 'แคลเซียมคาร์บอเนต', '1000 mg', 'tablet'),
  d('A11DB', 'Vitamin B1-B6-B12', 'วิตามินบีรวม บี1-บี6-บี12', '1 tablet', 'tablet'),
  // Skin, eyes and mouth
  d('D07AC01', 'Betamethasone valerate', 'เบตาเมทาโซน', '0.1% cream', 'topical'),
  d('D01AC01', 'Clotrimazole', 'โคลไตรมาโซล', '1% cream', 'topical'),
  d('A01AC01', 'Triamcinolone oral paste', 'ไตรแอมซิโนโลน ป้ายปาก', '0.1%', 'topical'),
  d('S01AA01', 'Chloramphenicol eye drops', 'คลอแรมเฟนิคอล หยอดตา', '0.5%', 'drops'),
  d('S01XA20', 'Artificial tears', 'น้ำตาเทียม', '10 ml', 'drops'),
];

/** Whether the list has this drug under this ATC code (by its generic name in any case, or its Thai name). */
export const isListedDrug = (name: string, code: string): boolean =>
  DRUG_LIST.some((drug) => drug.atc === code && [drug.name.toLowerCase(), drug.th].includes(name.trim().toLowerCase()));
