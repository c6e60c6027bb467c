import { describe, expect, it } from 'vitest';
import { assessSymptoms, redFlagMessage } from './assess-symptoms.js';
import { EMERGENCY_PHONE, RED_FLAG_IDS, RED_FLAG_SIGNS, type RedFlagId } from './red-flags.data.js';

const ids = (text: string): RedFlagId[] => assessSymptoms(text).redFlags.map((f) => f.id);
const THAI = /[\u0E00-\u0E7F]/;
const LATIN = /[a-z]/i;

// Each sign as patients type it in Thai: the plain phrase, then spacing, spelling and typing slips.
const thaiCases: [RedFlagId, string][] = [
  ['chest_pain', 'เจ็บหน้าอก'],
  ['chest_pain', 'เจ็บ หน้าอก ตอนขึ้นบันได'],
  ['chest_pain', 'เจ็บอกซ้าย'],
  ['chest_pain', 'แน่นหน้าอก'],
  ['chest_pain', 'แน่นอกมาก'],
  ['chest_pain', 'จุกหน้าอก'],
  ['chest_pain', 'เจบหน้าอก'],
  ['chest_pain', 'เจ็บหน่าอก'],
  ['chest_pain', 'เเน่นหน้าอก'],
  ['breathing_difficulty', 'หายใจไม่ออก'],
  ['breathing_difficulty', 'หายใจ ไม่ ออก'],
  ['breathing_difficulty', 'หายใจลำบาก'],
  ['breathing_difficulty', 'หอบเหนื่อย'],
  ['breathing_difficulty', 'หายใจไม่ทัน'],
  ['breathing_difficulty', 'หายจัยไม่ออก'],
  ['breathing_difficulty', 'หายไจไม่ออก'],
  ['breathing_difficulty', 'หๅยใจไม่ออก'],
  ['fainting_unconscious', 'หมดสติ'],
  ['fainting_unconscious', 'เป็นลมล้มในห้องน้ำ'],
  ['fainting_unconscious', 'เปนลม'],
  ['fainting_unconscious', 'วูบไปเมื่อเช้า'],
  ['fainting_unconscious', 'แม่ไม่รู้สึกตัว'],
  ['fainting_unconscious', 'หมด สะติ'],
  ['stroke_signs', 'ปากเบี้ยว'],
  ['stroke_signs', 'หน้าเบียว'],
  ['stroke_signs', 'แขนขาอ่อนแรงซีกเดียว'],
  ['stroke_signs', 'อ่อนแรง ซีกขวา'],
  ['stroke_signs', 'พูดไม่ชัด'],
  ['stroke_signs', 'ลิ้นแข็ง'],
  ['stroke_signs', 'พ่อพูดไม่ออก'],
  ['seizure', 'ชัก'],
  ['seizure', 'ลูกชักเกร็ง'],
  ['seizure', 'เกร็งกระตุกทั้งตัว'],
  ['seizure', 'เกรงกะตุก'],
  ['seizure', 'ลูกชักจะทำยังไงดี'],
  ['seizure', 'ชัก นำส่งโรงพยาบาล'],
  ['severe_bleeding', 'เลือดออกมาก'],
  ['severe_bleeding', 'เลือด ออก มาก ๆ'],
  ['severe_bleeding', 'แผลเลือดไม่หยุด'],
  ['severe_bleeding', 'อาเจียนเป็นเลือด'],
  ['severe_bleeding', 'ถ่ายเป็นเลือด'],
  ['anaphylaxis', 'แพ้กุ้ง ปากบวม หายใจไม่ออก'],
  ['anaphylaxis', 'กินยาแล้วแพ้ หายใจลำบาก'],
  ['anaphylaxis', 'ผึ้งต่อย หน้าบวม แน่นคอ'],
  ['anaphylaxis', 'ลิ้นบวม'],
  ['suicidal_thoughts', 'อยากตาย'],
  ['suicidal_thoughts', 'คิดจะฆ่าตัวตาย'],
  ['suicidal_thoughts', 'ไม่อยากมีชีวิตอยู่'],
  ['suicidal_thoughts', 'ทำร้ายตัวเอง'],
  ['suicidal_thoughts', 'ฆาตัวตาย'],
  ['suicidal_thoughts', 'ค่าตัวตาย'],
  ['poisoning_overdose', 'กินยาเกินขนาด'],
  ['poisoning_overdose', 'ดื่มยาฆ่าหญ้า'],
  ['poisoning_overdose', 'ลูกกินน้ำยาล้างห้องน้ำ'],
  ['severe_head_injury', 'ล้มหัวฟาดพื้น'],
  ['severe_head_injury', 'หัวแตก'],
  ['severe_head_injury', 'ศีรษะกระแทกพื้น'],
  ['sudden_severe_headache', 'ปวดหัวรุนแรงมาก'],
  ['sudden_severe_headache', 'ปวดหัวเหมือนจะระเบิด'],
  ['high_fever_stiff_neck', 'ไข้สูง คอแข็ง'],
  ['high_fever_stiff_neck', 'มีไข้ ก้มคอไม่ได้'],
  ['high_fever_stiff_neck', 'ตัวร้อน คอแข็ง'],
  ['infant_fever', 'ลูกอายุ 2 เดือน มีไข้'],
  ['infant_fever', 'ลูก ๑ เดือน ไข้ 38.5'],
  ['infant_fever', 'ทารกตัวร้อน'],
  ['infant_fever', 'เด็กแรกเกิดมีไข้'],
  ['pregnancy_bleeding', 'ตั้งครรภ์ 8 สัปดาห์ มีเลือดออก'],
  ['pregnancy_bleeding', 'คนท้อง ปวดท้องน้อย'],
  ['pregnancy_bleeding', 'ตั้งท้อง 3 เดือน เลือดไหล'],
  ['severe_abdominal_pain', 'ปวดท้องรุนแรง'],
  ['severe_abdominal_pain', 'ปวดท้องมากจนเดินไม่ได้'],
  ['severe_abdominal_pain', 'ปวดท้อง มากกกก'],
  ['snake_bite', 'โดนงูกัดที่ขา'],
  ['snake_bite', 'งูเห่ากัด'],
  ['snake_bite', 'ถูก งู กัด'],
];

const englishCases: [RedFlagId, string][] = [
  ['chest_pain', 'chest pain'],
  ['chest_pain', 'I have Chest Pains since this morning'],
  ['chest_pain', 'my chest feels tight'],
  ['chest_pain', 'tightness in my chest'],
  ['chest_pain', 'chest-pain!!'],
  ['chest_pain', 'chest pian'],
  ['breathing_difficulty', "can't breathe"],
  ['breathing_difficulty', 'CAN\u2019T BREATHE'],
  ['breathing_difficulty', 'cant breath'],
  ['breathing_difficulty', 'I cannot breathe properly'],
  ['breathing_difficulty', 'shortness of breath'],
  ['breathing_difficulty', 'short of breath when lying down'],
  ['breathing_difficulty', 'dificulty breathing'],
  ['fainting_unconscious', 'I passed out'],
  ['fainting_unconscious', 'she fainted this morning'],
  ['fainting_unconscious', 'unconscious'],
  ['fainting_unconscious', 'unconcious'],
  ['fainting_unconscious', 'blacked out at work'],
  ['stroke_signs', 'face drooping'],
  ['stroke_signs', 'slurred speech'],
  ['stroke_signs', 'weakness on one side'],
  ['stroke_signs', 'my left side is numb, one side numb'],
  ['stroke_signs', 'I think dad had a stroke'],
  ['seizure', 'had a seizure'],
  ['seizure', 'siezure'],
  ['seizure', 'my son had a fit'],
  ['seizure', 'convulsions'],
  ['severe_bleeding', 'bleeding heavily'],
  ['severe_bleeding', "bleeding won't stop"],
  ['severe_bleeding', 'vomiting blood'],
  ['severe_bleeding', 'blood in stool'],
  ['anaphylaxis', 'anaphylaxis'],
  ['anaphylaxis', 'allergic to peanuts, throat tight'],
  ['anaphylaxis', 'lips swelling and cant breathe'],
  ['suicidal_thoughts', 'I feel suicidal'],
  ['suicidal_thoughts', 'I want to die'],
  ['suicidal_thoughts', 'want to kill myself'],
  ['suicidal_thoughts', "don't want to live anymore"],
  ['suicidal_thoughts', 'self-harm'],
  ['poisoning_overdose', 'took too many pills'],
  ['poisoning_overdose', 'overdose'],
  ['poisoning_overdose', 'swallowed bleach'],
  ['severe_head_injury', 'fell and hit my head'],
  ['severe_head_injury', 'head injury'],
  ['severe_head_injury', 'got knocked out'],
  ['sudden_severe_headache', 'worst headache of my life'],
  ['sudden_severe_headache', 'sudden severe headache'],
  ['high_fever_stiff_neck', 'high fever and stiff neck'],
  ['high_fever_stiff_neck', 'fever, neck is stiff'],
  ['high_fever_stiff_neck', 'meningitis'],
  ['infant_fever', 'my 6 week old has a fever'],
  ['infant_fever', '2-month-old baby with fever'],
  ['infant_fever', 'newborn temperature 38'],
  ['pregnancy_bleeding', '8 weeks pregnant and bleeding'],
  ['pregnancy_bleeding', 'pregnant with stomach pain'],
  ['pregnancy_bleeding', 'miscarriage'],
  ['severe_abdominal_pain', 'severe stomach pain'],
  ['severe_abdominal_pain', 'severe abdominal pain since morning'],
  ['snake_bite', 'bitten by a snake'],
  ['snake_bite', 'snake bite on my leg'],
  ['snake_bite', 'snakebite'],
];

describe('red flags in Thai', () => {
  it.each(thaiCases)('%s: %s', (id, text) => {
    expect(ids(text)).toContain(id);
    expect(assessSymptoms(text).emergency).toBe(true);
  });
});

describe('red flags in English', () => {
  it.each(englishCases)('%s: %s', (id, text) => {
    expect(ids(text)).toContain(id);
    expect(assessSymptoms(text).emergency).toBe(true);
  });
});

describe('every sign is tested', () => {
  it.each([...RED_FLAG_IDS])('%s has a Thai and an English case', (id) => {
    expect(thaiCases.some(([caseId]) => caseId === id)).toBe(true);
    expect(englishCases.some(([caseId]) => caseId === id)).toBe(true);
  });
});

describe('what the patient actually types', () => {
  it('reports each sign once with the pattern that matched, in the order of the data file', () => {
    expect(assessSymptoms('หายใจไม่ออก เจ็บหน้าอก แน่นหน้าอก')).toEqual({
      redFlags: [
        { id: 'chest_pain', matched: 'เจ็บหน้าอก' },
        { id: 'breathing_difficulty', matched: 'หายใจไม่ออก' },
      ],
      emergency: true,
    });
  });

  it('reads Thai and English in one message', () => {
    expect(ids('มี chest pain และ หายใจไม่ออก')).toEqual(['chest_pain', 'breathing_difficulty']);
    expect(ids('pregnant มีเลือดออก')).toEqual(['pregnancy_bleeding']);
    expect(assessSymptoms('ลูก 2 months old มีไข้').redFlags).toEqual([
      { id: 'infant_fever', matched: '2 months old + ไข้' },
    ]);
  });

  it.each([
    ['เจ็บ\u200Bหน้า\u200Bอก', 'chest_pain'],
    ['\u200Bแน่น\u200B\u200Bหน้าอก\u200B', 'chest_pain'],
    ['หาย\u200Cใจ\u200Dไม่ออก', 'breathing_difficulty'],
    ['\uFEFFชัก', 'seizure'],
    ['fain\uFEFFted', 'fainting_unconscious'],
    ['head inj\u2060ury', 'severe_head_injury'],
    ['chest\u200Bpain', 'chest_pain'],
    ['I can\u2019t\u200Bbreathe', 'breathing_difficulty'],
    ['unconsc\u00ADious', 'fainting_unconscious'],
  ] as const)('ignores zero-width characters: %j', (text, id) => {
    expect(ids(text)).toEqual([id]);
  });

  it.each([
    ['เจ็บบบบหน้าอกกก', 'chest_pain'],
    ['ชักกกกก', 'seizure'],
    ['อยากตายยยยย', 'suicidal_thoughts'],
    ['เจ็็บหน้าาาอก', 'chest_pain'],
    ['chest painnnnn', 'chest_pain'],
    ['unconsciousss', 'fainting_unconscious'],
  ] as const)('ignores keys held down: %s', (text, id) => {
    expect(ids(text)).toEqual([id]);
  });

  it('matches short patterns (ไข้, แพ้) with their tone marks, but a stuck key still counts once', () => {
    expect(ids('ไขข้ ก้มคอไม่ได้')).toEqual(['high_fever_stiff_neck']);
    expect(ids('ไขมันสูง คอแข็ง')).toEqual([]);
  });

  it('reads a word typed without its tone mark', () => {
    expect(ids('แนนหน้าอก')).toEqual(['chest_pain']);
    expect(ids('หายใจไมออก')).toEqual(['breathing_difficulty']);
  });

  it('treats nikhahit + sara aa as sara am, with or without a tone mark between', () => {
    expect(ids('หายใจล\u0E4D\u0E32บาก')).toEqual(['breathing_difficulty']);
    expect(ids('น\u0E4D\u0E49\u0E32ลายฟูมปาก')).toEqual(['seizure']);
  });

  it('finds a sign at the end of a long message', () => {
    expect(ids(`${'ปวดหัวเล็กน้อย ไอ มีน้ำมูก '.repeat(200)}เจ็บหน้าอก`)).toEqual(['chest_pain']);
  });
});

describe('negation is not read: a false alarm is safer than a miss', () => {
  it.each([
    ['ไม่เจ็บหน้าอก', 'chest_pain'],
    ['ไม่เจ็บหน้าอกมาก แต่เหนื่อยง่าย', 'chest_pain'],
    ['กินข้าวไม่ได้ เจ็บหน้าอก', 'chest_pain'],
    ['no chest pain', 'chest_pain'],
    ['ไม่ได้หมดสติ', 'fainting_unconscious'],
  ] as const)('%s still raises %s', (text, id) => {
    expect(ids(text)).toContain(id);
  });
});

describe('not an emergency', () => {
  it.each([
    'ไอ มีน้ำมูก 3 วัน',
    'ปวดหัวเล็กน้อย',
    'ผื่นคันที่แขน',
    'sore throat for two days',
    'เจ็บคอ',
    'ทำไมเจ็บคอ',
    'หายใจ',
    'หายใจทางปาก',
    '',
    '   ',
    'อยากตรวจสุขภาพประจำปี',
    'ไขมันในเลือดสูง',
    'ไขมันสูง อยากตรวจ',
    'มีไข้ต่ำๆ ปวดเมื่อยตัว',
    'ไปหาแพทย์มาแล้ว',
    'แพ้ยาเพนนิซิลิน',
    'เป็นลมพิษ คันทั้งตัว',
    'ร้อนวูบวาบ เหงื่อออกกลางคืน',
    'ชักชวนเพื่อนมาตรวจ',
    'ชักชวนเพื่อน ชักชวนแม่มาตรวจด้วย',
    'ชักจะปวดหลังบ่อย',
    'เป็นงูสวัดที่เอว',
    'ตกหมอน คอแข็ง',
    'คัดจมูก หายใจไม่สะดวก',
    'ลูกอายุ 5 ขวบ มีไข้',
    'ลูกอายุ 11 เดือน มีไข้',
    'ตั้งครรภ์ 5 เดือน มาฝากครรภ์ ตรวจเลือด',
    'ปวดท้องเล็กน้อยหลังกินข้าว',
    'ท้องเสีย 2 วัน',
    'แน่นท้อง ท้องอืด',
    'กรดไหลย้อน แสบร้อนกลางอก',
    'ปวดเข่า เดินลำบาก',
    'ค่ายาแพง',
    'my 6 month old has a fever',
    'pregnant, bleeding gums',
    'food poisoning last week',
    'keep fit, annual checkup',
    'stiff neck from sleeping badly',
    'runny nose and cough',
    'stomach ache after eating',
    'knee pain when walking',
  ])('%j', (text) => {
    expect(assessSymptoms(text)).toEqual({ redFlags: [], emergency: false });
  });
});

describe('the red-flag data', () => {
  it('lists each id once, in the order of RED_FLAG_IDS', () => {
    expect(RED_FLAG_SIGNS.map((s) => s.id)).toEqual([...RED_FLAG_IDS]);
  });

  it.each(RED_FLAG_SIGNS.map((s) => [s.id, s] as const))('%s keeps Thai and English patterns apart', (_id, sign) => {
    const lists = [sign.phrases, ...(sign.together ?? []), ...(sign.ignoreWithin ? [sign.ignoreWithin] : [])];
    for (const list of lists) {
      for (const p of list.th) expect(THAI.test(p) && !LATIN.test(p), p).toBe(true);
      for (const p of list.en) expect(LATIN.test(p) && !THAI.test(p), p).toBe(true);
    }
    expect(sign.phrases.th.length + sign.phrases.en.length + (sign.together?.length ?? 0)).toBeGreaterThan(0);
  });

  it.each(RED_FLAG_SIGNS.map((s) => [s.id, s] as const))(
    '%s tells the patient to call 1669, in Thai and English',
    (id, sign) => {
      expect(THAI.test(sign.message.th)).toBe(true);
      expect(THAI.test(sign.message.en)).toBe(false);
      expect(sign.message.th).toContain(EMERGENCY_PHONE);
      expect(sign.message.en).toContain(EMERGENCY_PHONE);
      expect(redFlagMessage(id, 'th')).toBe(sign.message.th);
      expect(redFlagMessage(id, 'en')).toBe(sign.message.en);
    },
  );

  it.each(RED_FLAG_SIGNS.map((s) => [s.id, s] as const))(
    '%s: each pattern, typed alone, raises the sign',
    (id, sign) => {
      const misses: string[] = [];
      for (const p of [...sign.phrases.th, ...sign.phrases.en]) {
        if (!ids(p.replace(/\*$/, '')).includes(id)) misses.push(p);
      }
      // A `together` rule: every entry of each list, with the first entry of every other list.
      const groups = sign.together ?? [];
      groups.forEach((group, g) => {
        const others = groups.filter((_, i) => i !== g).map((o) => o.th[0] ?? o.en[0]);
        for (const p of [...group.th, ...group.en]) {
          const text = [p.replace(/\*$/, ''), ...others].join(' ');
          if (!ids(text).includes(id)) misses.push(text);
        }
      });
      expect(misses).toEqual([]);
    },
  );
});
