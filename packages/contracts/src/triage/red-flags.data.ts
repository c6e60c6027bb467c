/**
 * Red-flag signs for the free-text symptom box shown before booking a routine screening.
 * Any hit means: show the emergency warning with one-tap call to 1669 before the patient may go on.
 * This is safety guidance, not diagnosis; a false alarm costs a tap, a missed one can cost a life.
 *
 * Every rule lives here, with the words a patient sees beside it (Thai first, English next to it).
 *
 * How patterns are matched (assess-symptoms.ts runs text and patterns through the same steps,
 * so write a pattern the way a patient would type it):
 * - Thai: spaces, punctuation, Latin letters and zero-width characters are dropped; tone marks,
 *   ็ and ์ are ignored; a letter typed twice or more counts once; ใ = ไ, เเ = แ, ํา = ำ, ๅ = า.
 *   A pattern found anywhere in the text counts, across word boundaries.
 *   Exception: a pattern shorter than 4 characters once its tone marks are dropped (ไข้, แพ้)
 *   must match with its tone marks, because ไข้/ไขมัน and แพ้/แพทย์ differ only by them.
 * - English: whole words; punctuation ignored; can't = cant = cannot = can not; a letter typed twice
 *   or more counts once. A trailing * accepts any ending: `breat*` = breath, breathe, breathing.
 * - `phrases`: any one raises the sign. `together`: raises the sign when every list has a hit,
 *   anywhere in the text, in either language. `ignoreWithin`: longer harmless phrases; a hit
 *   inside one of them does not count (ลมพิษ is hives, not fainting).
 * - Negation is not read: "ไม่เจ็บหน้าอก" / "no chest pain" still raise chest_pain (see assess-symptoms.ts).
 */

/** Thai emergency medical services: the number the warning's call button dials. */
export const EMERGENCY_PHONE = '1669';
/** Department of Mental Health hotline, named in the suicidal_thoughts message. */
export const MENTAL_HEALTH_HOTLINE = '1323';

export const RED_FLAG_IDS = [
  'chest_pain',
  'breathing_difficulty',
  'fainting_unconscious',
  'stroke_signs',
  'seizure',
  'severe_bleeding',
  'anaphylaxis',
  'suicidal_thoughts',
  'poisoning_overdose',
  'severe_head_injury',
  'sudden_severe_headache',
  'high_fever_stiff_neck',
  'infant_fever',
  'pregnancy_bleeding',
  'severe_abdominal_pain',
  'snake_bite',
] as const;

export type RedFlagId = (typeof RED_FLAG_IDS)[number];

export interface RedFlagPhrases {
  readonly th: readonly string[];
  readonly en: readonly string[];
}

export interface RedFlagSign {
  readonly id: RedFlagId;
  /** Any one of these raises the sign. */
  readonly phrases: RedFlagPhrases;
  /** Raises the sign when each list has at least one hit somewhere in the text. */
  readonly together?: readonly RedFlagPhrases[];
  /** Harmless longer phrases: a hit inside one of them does not count for this sign. */
  readonly ignoreWithin?: RedFlagPhrases;
  /** Shown to the patient under the warning: short, plain, Thai and English side by side. */
  readonly message: { readonly th: string; readonly en: string };
}

// ---- Lists shared by more than one sign ----------------------------------------------------

const BREATHING: RedFlagPhrases = {
  th: [
    'หายใจไม่ออก',
    'หายใจไม่ค่อยออก',
    'หายใจแทบไม่ออก',
    'หายใจจะไม่ออก',
    'หายใจลำบาก',
    'หายใจไม่สะดวก',
    'หายใจไม่ค่อยสะดวก',
    'หายใจติดขัด',
    'หายใจขัด',
    'หายใจไม่ทัน',
    'หายใจหอบ',
    'หายใจเหนื่อย',
    'หายใจไม่อิ่ม',
    'หายใจไม่เต็มอิ่ม',
    'หายใจไม่เต็มปอด',
    'หายใจมีเสียงหวีด',
    'หายใจมีเสียงวี้ด',
    'หอบเหนื่อย',
    'เหนื่อยหอบ',
    'หอบมาก',
    'หอบหนัก',
    'หอบหืดกำเริบ',
    'หายจัยไม่ออก',
    'หายจัยลำบาก',
    'หายจัยไม่ทัน',
    'ปากเขียว',
    'ริมฝีปากเขียว',
    'ตัวเขียว',
    'สำลักอาหาร',
    'จะขาดใจ',
  ],
  en: [
    'cant breat*',
    'cant breth*',
    'couldnt breat*',
    'unable to breat*',
    'difficulty breat*',
    'difficulty in breat*',
    'difficult to breat*',
    'hard to breat*',
    'trouble breat*',
    'struggling to breat*',
    'struggle to breat*',
    'short of breat*',
    'shortness of breat*',
    'breathless*',
    'out of breat*',
    'cant catch my breat*',
    'cant get air',
    'gasping',
    'breathing is hard',
    'breathing is difficult',
    'breathing difficult*',
    'breathing problem*',
    'labored breathing',
    'laboured breathing',
    'blue lips',
    'lips are blue',
    'lips turning blue',
    'turning blue',
    'choking',
    'asthma attack',
  ],
};

const FEVER: RedFlagPhrases = {
  th: ['ไข้', 'มีไข', 'ตัวร้อน', 'ตัวรุมๆ'],
  en: ['fever*', 'temperature', 'temp', 'high temp', 'burning up', 'hot to the touch', 'hot to touch'],
};

/** 0 to 3 months old, as parents type it: อายุ 2 เดือน, ลูก 6 สัปดาห์, 10 days old. */
function infantAges(): RedFlagPhrases {
  const monthNumbers = ['0', '1', '2', '3', 'หนึ่ง', 'สอง', 'สาม'];
  const monthPrefixes = ['อายุ', 'วัย', 'ลูก', 'ลูกสาว', 'ลูกชาย', 'เด็ก', 'หลาน'];
  const th = ['ทารก', 'แรกเกิด', 'เด็กอ่อน', 'ลูกอ่อน'];
  for (const prefix of monthPrefixes) for (const n of monthNumbers) th.push(`${prefix} ${n} เดือน`);
  for (let n = 0; n <= 12; n++) th.push(`อายุ ${n} สัปดาห์`, `อายุ ${n} อาทิตย์`);
  for (let n = 0; n <= 90; n++) th.push(`อายุ ${n} วัน`);

  const en = ['newborn', 'new born', 'infant', 'under 3 months', 'less than 3 months', 'younger than 3 months'];
  const months = ['0', '1', '2', '3', 'one', 'two', 'three'];
  for (const n of months) en.push(`${n} month old`, `${n} months old`, `${n} mo old`);
  const weekWords = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
  for (let n = 0; n <= 12; n++) en.push(`${n} week old`, `${n} weeks old`, `${n} wk old`, `${n} wks old`);
  for (const w of weekWords) en.push(`${w} week old`, `${w} weeks old`);
  for (let n = 0; n <= 90; n++) en.push(`${n} day old`, `${n} days old`);
  return { th, en };
}

// ---- The signs, in the order the warning lists them -----------------------------------------

export const RED_FLAG_SIGNS: readonly RedFlagSign[] = [
  {
    id: 'chest_pain',
    phrases: {
      th: [
        'เจ็บหน้าอก',
        'เจ็บอก',
        'เจ็บน่าอก',
        'เจ็บกลางอก',
        'เจ็บทรวงอก',
        'เจ็บที่หน้าอก',
        'เจ็บบริเวณหน้าอก',
        'เจ็บหัวใจ',
        'แน่นหน้าอก',
        'แน่นอก',
        'แน่นน่าอก',
        'แน่นกลางอก',
        'แน่นทรวงอก',
        'จุกหน้าอก',
        'จุกอก',
        'จุกกลางอก',
        'ปวดหน้าอก',
        'ปวดทรวงอก',
        'ปวดกลางอก',
        'หน้าอกเจ็บ',
        'หน้าอกแน่น',
        'บีบหน้าอก',
        'ทับหน้าอก',
        'หัวใจวาย',
      ],
      en: [
        'chest pain*',
        'chest pian',
        'chestpain*',
        'chset pain',
        'chest hurt*',
        'chest ache*',
        'chest tight*',
        'tight chest',
        'tightness in my chest',
        'tightness in chest',
        'tightness in the chest',
        'chest pressure',
        'pressure in my chest',
        'pressure on my chest',
        'pain in my chest',
        'pain in the chest',
        'pain in chest',
        'chest discomfort',
        'heavy chest',
        'chest feels heavy',
        'chest is heavy',
        'chest feels tight',
        'chest is tight',
        'crushing chest',
        'heart attack',
      ],
    },
    message: {
      th: 'เจ็บหรือแน่นหน้าอก อาจเป็นสัญญาณของโรคหัวใจ โทร 1669 ทันที อย่าขับรถไปเอง',
      en: 'Chest pain or tightness can be a sign of a heart attack. Call 1669 now. Do not drive yourself.',
    },
  },
  {
    id: 'breathing_difficulty',
    phrases: BREATHING,
    // "Blocked nose, breathing not comfortable" is a cold. หายใจไม่ออก still counts, even with a cold.
    ignoreWithin: { th: ['คัดจมูกหายใจไม่สะดวก', 'จมูกหายใจไม่สะดวก', 'จมูกหายใจไม่ค่อยสะดวก'], en: [] },
    message: {
      th: 'หายใจลำบากหรือหายใจไม่ออก เป็นอาการฉุกเฉิน โทร 1669 ทันที',
      en: 'Trouble breathing is an emergency. Call 1669 now.',
    },
  },
  {
    id: 'fainting_unconscious',
    phrases: {
      th: [
        'หมดสติ',
        'หมดสะติ',
        'ไม่ได้สติ',
        'เป็นลม',
        'วูบ',
        'สลบ',
        'ไม่รู้สึกตัว',
        'ไม่ค่อยรู้สึกตัว',
        'เรียกไม่รู้สึกตัว',
        'เรียกไม่ตื่น',
        'ปลุกไม่ตื่น',
        'ไม่ตอบสนอง',
        'ซึมลง',
        'หน้ามืดล้ม',
      ],
      en: [
        'passed out',
        'pass out',
        'passing out',
        'passes out',
        'fainted',
        'fainting',
        'faints',
        'feel faint',
        'feeling faint',
        'blacked out',
        'blacking out',
        'black out',
        'blackout*',
        'lost consciousness',
        'losing consciousness',
        'loss of consciousness',
        'unconscious',
        'unconcious',
        'unconsious',
        'unresponsive',
        'not responding',
        'wont wake',
        'cant wake him',
        'cant wake her',
        'cant wake them',
        'cant wake my',
        'collapsed',
        'keeled over',
      ],
    },
    // ลมพิษ is hives; ร้อนวูบวาบ is a hot flush.
    ignoreWithin: { th: ['ลมพิษ', 'วูบวาบ'], en: [] },
    message: {
      th: 'การหมดสติหรือเป็นลม อาจเป็นสัญญาณของโรคร้ายแรง โทร 1669 ทันที',
      en: 'Fainting or passing out can be a sign of something serious. Call 1669 now.',
    },
  },
  {
    id: 'stroke_signs',
    phrases: {
      th: [
        'ปากเบี้ยว',
        'หน้าเบี้ยว',
        'ปากตก',
        'มุมปากตก',
        'หน้าชาซีกเดียว',
        'หน้าชาครึ่งซีก',
        'แขนขาอ่อนแรง',
        'แขนอ่อนแรง',
        'ขาอ่อนแรงข้างเดียว',
        'อ่อนแรงซีกเดียว',
        'อ่อนแรงครึ่งซีก',
        'อ่อนแรงข้างเดียว',
        'อ่อนแรงครึ่งตัว',
        'ชาซีกเดียว',
        'ชาครึ่งซีก',
        'ชาครึ่งตัว',
        'อ่อนแรงซีกขวา',
        'อ่อนแรงซีกซ้าย',
        'ชาซีกขวา',
        'ชาซีกซ้าย',
        'แขนขวาอ่อนแรง',
        'แขนซ้ายอ่อนแรง',
        'ข้างขวาอ่อนแรง',
        'ข้างซ้ายอ่อนแรง',
        'ยกแขนไม่ขึ้น',
        'แขนตก',
        'พูดไม่ชัด',
        'พุดไม่ชัด',
        'พูดไม่ออก',
        'พูดลำบาก',
        'พูดติดขัด',
        'พูดไม่รู้เรื่อง',
        'ลิ้นแข็ง',
        'ลิ้นคับปาก',
        'สับสนทันที',
        'สับสนเฉียบพลัน',
        'มองไม่เห็นทันที',
        'ตามัวข้างเดียวทันที',
        'อัมพาต',
        'อัมพฤกษ์',
        'หลอดเลือดสมอง',
        'เส้นเลือดในสมอง',
        'สโตรก',
        'สโตรค',
      ],
      en: [
        'face droop*',
        'drooping face',
        'droopy face',
        'face is drooping',
        'mouth droop*',
        'drooping mouth',
        'one side of my face',
        'one side of his face',
        'one side of her face',
        'slurred',
        'slurring',
        'cant speak',
        'cant talk',
        'trouble speaking',
        'difficulty speaking',
        'cant get words out',
        'weakness on one side',
        'weak on one side',
        'one side weak*',
        'one sided weakness',
        'weakness in one arm',
        'numbness on one side',
        'numb on one side',
        'one side numb*',
        'cant lift my arm',
        'cant move my arm',
        'cant move one side',
        'arm weakness',
        'sudden confusion',
        'suddenly confused',
        'paralysis',
        'paralysed',
        'paralyzed',
        'stroke',
        'mini stroke',
      ],
    },
    message: {
      th: 'ปากเบี้ยว แขนขาอ่อนแรงซีกเดียว หรือพูดไม่ชัด อาจเป็นโรคหลอดเลือดสมอง ทุกนาทีสำคัญ โทร 1669 ทันที',
      en: 'A drooping face, weakness on one side or slurred speech can be a stroke. Every minute counts. Call 1669 now.',
    },
  },
  {
    id: 'seizure',
    phrases: {
      th: [
        'ชัก',
        'เกร็งกระตุก',
        'เกร็งกะตุก',
        'กระตุกทั้งตัว',
        'กะตุกทั้งตัว',
        'ตัวกระตุก',
        'ลมบ้าหมู',
        'น้ำลายฟูมปาก',
      ],
      en: [
        'seizure*',
        'seizing',
        'siezure*',
        'seizer*',
        'convuls*',
        'fitting',
        'having a fit',
        'had a fit',
        'having fits',
        'has fits',
        'epileptic fit',
        'epileptic attack',
        'shaking uncontrollably',
        'jerking uncontrollably',
      ],
    },
    // ชัก also means "to pull": ชักชวน (invite), ชักโครก (flush toilet). Each of these is kept long
    // enough that a real seizure followed by another word (ชัก นำส่งโรงพยาบาล) is not hidden.
    // ชักจะ ("getting to be") stays flagged, since ลูกชักจะทำยังไง is a seizure; only the plainly
    // harmless ชักจะปวด... ("it's starting to ache") and the like are ignored.
    ignoreWithin: {
      th: ['ชักชวน', 'ชักโครก', 'ชักช้า', 'ชักว่าว', 'ชักเย่อ', 'ชักธง', 'ชักจูง', 'ชักใย', 'ชักแม่น้ำทั้งห้า', 'ชักหน้าไม่ถึงหลัง', 'ชักสีหน้า', 'ชักจะปวด', 'ชักจะเจ็บ', 'ชักจะเบื่อ', 'ชักจะอ้วน'],
      en: [],
    },
    message: {
      th: 'อาการชักเป็นภาวะฉุกเฉิน โทร 1669 ทันที อย่าใส่สิ่งของเข้าปากผู้ป่วย',
      en: "A seizure is an emergency. Call 1669 now. Do not put anything in the person's mouth.",
    },
  },
  {
    id: 'severe_bleeding',
    phrases: {
      th: [
        'เลือดออกมาก',
        'เลือดออกเยอะ',
        'เลือดออกไม่หยุด',
        'เลือดไม่หยุด',
        'เลือดไม่ยอมหยุด',
        'เลือดไหลไม่หยุด',
        'เลือดกำเดาไหลไม่หยุด',
        'ห้ามเลือดไม่อยู่',
        'ห้ามเลือดไม่ได้',
        'เลือดพุ่ง',
        'ตกเลือด',
        'อาเจียนเป็นเลือด',
        'อาเจียนออกมาเป็นเลือด',
        'อ้วกเป็นเลือด',
        'อาเจียนเป็นสีกาแฟ',
        'ถ่ายเป็นเลือด',
        'ถ่ายเป็นสีดำ',
        'ถ่ายดำ',
        'อุจจาระเป็นเลือด',
        'อุจจาระสีดำ',
        'ขี้เป็นเลือด',
        'อึเป็นเลือด',
        'ไอเป็นเลือด',
        'ไอออกมาเป็นเลือด',
      ],
      en: [
        'bleeding heavily',
        'heavy bleeding',
        'heavily bleeding',
        'severe bleeding',
        'bleeding a lot',
        'bleeding badly',
        'bleeding profusely',
        'lots of blood',
        'a lot of blood',
        'so much blood',
        'blood everywhere',
        'spurting blood',
        'blood spurting',
        'bleeding wont stop',
        'wont stop bleeding',
        'cant stop bleeding',
        'cant stop the bleeding',
        'bleeding that wont stop',
        'vomiting blood',
        'vomited blood',
        'throwing up blood',
        'threw up blood',
        'blood in vomit',
        'blood in my vomit',
        'coughing up blood',
        'coughed up blood',
        'coughing blood',
        'blood in stool*',
        'blood in my stool*',
        'bloody stool*',
        'black stool*',
        'tarry stool*',
        'black poo*',
        'pooping blood',
        'rectal bleeding',
        'hemorrhag*',
        'haemorrhag*',
      ],
    },
    message: {
      th: 'เลือดออกมาก เลือดไม่หยุด หรืออาเจียน/ถ่ายเป็นเลือด เป็นอาการฉุกเฉิน โทร 1669 ทันที',
      en: 'Heavy bleeding, bleeding that will not stop, or vomiting or passing blood is an emergency. Call 1669 now.',
    },
  },
  {
    id: 'anaphylaxis',
    phrases: {
      th: ['แพ้รุนแรง', 'แพ้อย่างรุนแรง', 'แพ้แบบรุนแรง', 'ช็อกจากการแพ้', 'ลิ้นบวม', 'คอบวมหายใจ', 'ปากบวมหายใจ'],
      en: [
        'anaphyla*',
        'severe allergic reaction',
        'throat is closing',
        'throat closing',
        'throat swelling',
        'swollen throat',
        'tongue swelling',
        'swollen tongue',
        'tongue is swollen',
        'epipen',
        'epi pen',
      ],
    },
    together: [
      {
        th: ['แพ้', 'ลมพิษ', 'หน้าบวม', 'ปากบวม', 'ริมฝีปากบวม', 'ตาบวม', 'หนังตาบวม', 'คอบวม', 'บวมที่หน้า', 'บวมที่ปาก', 'ผึ้งต่อย', 'ต่อต่อย', 'แตนต่อย'],
        en: ['allerg*', 'hives', 'face swelling', 'swollen face', 'face is swollen', 'lips swelling', 'swollen lips', 'lip swelling', 'lips are swollen', 'swollen eyes', 'stung', 'bee sting', 'wasp sting'],
      },
      {
        th: [...BREATHING.th, 'แน่นคอ', 'คอตีบ', 'กลืนลำบาก', 'กลืนไม่ได้', 'กลืนไม่ลง'],
        en: [...BREATHING.en, 'throat tight*', 'tight throat', 'throat is tight', 'cant swallow', 'difficulty swallowing', 'wheez*'],
      },
    ],
    // แพ้อากาศ is hay fever: a stuffy nose with it is not anaphylaxis (หายใจไม่ออก still raises breathing_difficulty).
    ignoreWithin: { th: ['แพ้อากาศ'], en: ['allergic rhinitis', 'nasal allerg*'] },
    message: {
      th: 'หน้า ปาก หรือคอบวม ร่วมกับหายใจลำบาก อาจเป็นการแพ้รุนแรง โทร 1669 ทันที',
      en: 'Swelling of the face, lips or throat with trouble breathing can be a severe allergic reaction. Call 1669 now.',
    },
  },
  {
    id: 'suicidal_thoughts',
    phrases: {
      th: [
        'อยากตาย',
        'อยากไปตาย',
        'ฆ่าตัวตาย',
        'ค่าตัวตาย',
        'ฆ่าตัวเอง',
        'ไม่อยากมีชีวิต',
        'ไม่อยากอยู่แล้ว',
        'ไม่อยากอยู่บนโลก',
        'ไม่อยากอยู่ต่อ',
        'ไม่อยากตื่นขึ้นมา',
        'ไม่อยากตื่นอีก',
        'อยากหายไปจากโลก',
        'ทำร้ายตัวเอง',
        'ทำร้ายร่างกายตัวเอง',
        'กรีดข้อมือ',
        'กรีดแขน',
        'กรีดตัวเอง',
        'จบชีวิต',
        'ปลิดชีวิต',
        'คิดสั้น',
        'ผูกคอ',
        'กระโดดตึก',
        'โดดตึก',
        'กินยาตาย',
      ],
      en: [
        'suicid*',
        'kill myself',
        'killing myself',
        'end my life',
        'ending my life',
        'end it all',
        'take my own life',
        'want to die',
        'wanna die',
        'wish i was dead',
        'wish i were dead',
        'better off dead',
        'dont want to live',
        'do not want to live',
        'dont want to be alive',
        'no reason to live',
        'hurt myself',
        'hurting myself',
        'harm myself',
        'harming myself',
        'self harm*',
        'selfharm*',
        'cut myself',
        'cutting myself',
      ],
    },
    message: {
      th: 'คุณไม่ได้อยู่คนเดียว หากคิดจะทำร้ายตัวเอง โทร 1669 ได้ทันที หรือโทรสายด่วนสุขภาพจิต 1323 ตลอด 24 ชั่วโมง',
      en: 'You are not alone. If you might hurt yourself, call 1669 now, or the mental health hotline 1323, open 24 hours.',
    },
  },
  {
    id: 'poisoning_overdose',
    phrases: {
      th: [
        'ยาเกินขนาด',
        'กินยาเกิน',
        'กินยาเยอะเกิน',
        'กินยาหมดแผง',
        'กินยาทั้งแผง',
        'กินยาหมดขวด',
        'ยาฆ่าแมลง',
        'ยาฆ่าหญ้า',
        'ยาเบื่อ',
        'พาราควอต',
        'น้ำยาล้างห้องน้ำ',
        'กินน้ำยา',
        'ดื่มน้ำยา',
        'สารพิษ',
        'เห็ดพิษ',
        'แก๊สพิษ',
        'ก๊าซพิษ',
      ],
      en: [
        'overdos*',
        'too many pills',
        'too many tablets',
        'swallowed too many',
        'poison',
        'poisoned',
        'poisoning',
        'poisonous',
        'swallowed bleach',
        'drank bleach',
        'bleach',
        'pesticide*',
        'insecticide*',
        'weed killer',
        'paraquat',
        'rat poison',
        'carbon monoxide',
      ],
    },
    // Ordinary food poisoning is not the overdose/poison emergency this sign is about.
    ignoreWithin: { th: [], en: ['food poisoning', 'poison ivy'] },
    message: {
      th: 'กินยาเกินขนาดหรือได้รับสารพิษ โทร 1669 ทันที เก็บซองยาหรือขวดไว้ให้เจ้าหน้าที่ดู อย่าทำให้อาเจียนเอง',
      en: 'An overdose or poisoning is an emergency. Call 1669 now. Keep the pack or bottle to show the team. Do not make yourself vomit.',
    },
  },
  {
    id: 'severe_head_injury',
    phrases: {
      th: [
        'หัวฟาด',
        'ศีรษะฟาด',
        'หัวกระแทก',
        'ศีรษะกระแทก',
        'หัวโขก',
        'หัวแตก',
        'ศีรษะแตก',
        'กะโหลกแตก',
        'กะโหลกร้าว',
        'บาดเจ็บที่ศีรษะ',
        'บาดเจ็บที่หัว',
        'ศีรษะได้รับบาดเจ็บ',
      ],
      en: [
        'hit my head',
        'hit his head',
        'hit her head',
        'hit their head',
        'hit in the head',
        'banged my head',
        'bumped my head',
        'fell on my head',
        'head injur*',
        'head trauma',
        'knocked out',
        'skull fracture',
        'cracked my head',
      ],
    },
    message: {
      th: 'ศีรษะถูกกระแทกแรง โดยเฉพาะถ้าซึม อาเจียน หรือจำเหตุการณ์ไม่ได้ ต้องพบแพทย์ทันที โทร 1669',
      en: 'A hard knock to the head needs urgent care, especially with drowsiness, vomiting or memory loss. Call 1669.',
    },
  },
  {
    id: 'sudden_severe_headache',
    phrases: {
      th: [
        'ปวดหัวรุนแรง',
        'ปวดหัวอย่างรุนแรง',
        'ปวดศีรษะรุนแรง',
        'ปวดศีรษะอย่างรุนแรง',
        'ปวดหัวเฉียบพลัน',
        'ปวดหัวมากที่สุดในชีวิต',
        'ปวดหัวเหมือนจะระเบิด',
        'ปวดหัวแบบไม่เคยเป็นมาก่อน',
      ],
      en: ['worst headache', 'severe headache', 'sudden headache', 'thunderclap', 'headache like never before', 'worst pain of my life'],
    },
    message: {
      th: 'ปวดหัวรุนแรงแบบทันทีทันใด อาจเป็นภาวะเลือดออกในสมอง โทร 1669 ทันที',
      en: 'A sudden, severe headache can be bleeding in the brain. Call 1669 now.',
    },
  },
  {
    id: 'high_fever_stiff_neck',
    phrases: {
      th: ['เยื่อหุ้มสมองอักเสบ'],
      en: ['meningitis'],
    },
    // A stiff neck alone (slept badly, ตกหมอน) is not the sign; with fever it is.
    together: [
      FEVER,
      {
        th: ['คอแข็ง', 'ก้มคอไม่ได้', 'ก้มคอไม่ลง', 'ก้มหน้าไม่ได้'],
        en: ['stiff neck', 'neck is stiff', 'neck stiff*', 'cant bend my neck', 'cant move my neck'],
      },
    ],
    message: {
      th: 'ไข้ร่วมกับคอแข็ง อาจเป็นการติดเชื้อในสมองหรือเยื่อหุ้มสมอง โทร 1669 ทันที',
      en: 'Fever with a stiff neck can be an infection around the brain. Call 1669 now.',
    },
  },
  {
    id: 'infant_fever',
    phrases: { th: [], en: [] },
    together: [infantAges(), FEVER],
    message: {
      th: 'ทารกอายุน้อยกว่า 3 เดือนที่มีไข้ ต้องพบแพทย์ทันที โทร 1669',
      en: 'A baby under 3 months old with a fever needs a doctor now. Call 1669.',
    },
  },
  {
    id: 'pregnancy_bleeding',
    phrases: { th: ['ท้องนอกมดลูก', 'แท้งลูก'], en: ['ectopic', 'miscarriage', 'miscarrying'] },
    together: [
      {
        th: ['ตั้งครรภ์', 'ครรภ์', 'ตั้งท้อง', 'คนท้อง', 'ท้องแก่'],
        en: ['pregnant', 'pregnancy', 'expecting a baby'],
      },
      {
        th: ['เลือดออก', 'เลือดไหล', 'ตกเลือด', 'เลือดซึม', 'มีเลือดปน', 'ปวดท้อง', 'เจ็บท้อง'],
        en: [
          'bleed*',
          'spotting',
          'blood clots',
          'passing clots',
          'stomach pain',
          'abdominal pain',
          'belly pain',
          'tummy pain',
          'pelvic pain',
          'stomach cramp*',
          'abdominal cramp*',
          'belly cramp*',
          'pain in my belly',
          'pain in my stomach',
        ],
      },
    ],
    // Bleeding gums are common and harmless in pregnancy.
    ignoreWithin: {
      th: ['เลือดออกตามไรฟัน', 'เหงือกเลือดออก'],
      en: ['bleeding gums', 'gums bleed*', 'gum bleeding'],
    },
    message: {
      th: 'เลือดออกหรือปวดท้องระหว่างตั้งครรภ์ ต้องได้รับการตรวจทันที โทร 1669',
      en: 'Bleeding or belly pain during pregnancy needs urgent care. Call 1669 now.',
    },
  },
  {
    id: 'severe_abdominal_pain',
    phrases: {
      th: [
        'ปวดท้องรุนแรง',
        'ปวดท้องอย่างรุนแรง',
        'ปวดท้องมาก',
        'ปวดท้องจนเดินไม่ได้',
        'ปวดท้องจนตัวงอ',
        'ปวดท้องทนไม่ไหว',
        'ปวดท้องแทบขาดใจ',
        'ท้องแข็งเป็นดาน',
      ],
      en: [
        'severe abdominal pain',
        'severe stomach pain',
        'severe belly pain',
        'severe tummy pain',
        'severe pain in my stomach',
        'severe pain in my belly',
        'extreme stomach pain',
        'intense stomach pain',
        'worst stomach pain',
        'unbearable stomach pain',
        'stomach pain is unbearable',
        'excruciating stomach pain',
        'excruciating abdominal pain',
        'excruciating belly pain',
        'rigid abdomen',
      ],
    },
    message: {
      th: 'ปวดท้องรุนแรง อาจเป็นภาวะฉุกเฉินในช่องท้อง โทร 1669 หรือไปห้องฉุกเฉินทันที',
      en: 'Severe belly pain can be an emergency. Call 1669 or go to an emergency room now.',
    },
  },
  {
    id: 'snake_bite',
    phrases: {
      th: ['งูกัด', 'โดนงู', 'ถูกงู', 'งูฉก', 'งูเห่า', 'งูจงอาง', 'งูแมวเซา', 'งูกะปะ', 'งูเขียวหางไหม้', 'งูสามเหลี่ยม'],
      en: ['snake bit*', 'snakebite*', 'bitten by a snake', 'bit by a snake', 'cobra', 'viper'],
    },
    message: {
      th: 'ถูกงูกัด ให้อยู่นิ่ง ๆ ขยับส่วนที่ถูกกัดให้น้อยที่สุด และโทร 1669 ทันที',
      en: 'After a snake bite, keep still, move the bitten limb as little as possible and call 1669 now.',
    },
  },
];
