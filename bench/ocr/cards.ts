// Synthetic Thai ID card fronts, drawn with HTML and Thai system fonts in headless Chromium, then
// photographed the way a phone would: on a table, tilted, unevenly lit, blurred and JPEG-compressed.
// Every line sits where it sits on the real card (positions and text sizes measured from public card
// templates and recorded layouts: real-card-layout.md), moved per card by up to 2% of the card's size
// (print registration, an imprecise card edge) with text sizes within 8%, and an address that wraps
// where the printed line runs out of room. The artwork is our own and plain; no real person's data.
import type { Page } from '@playwright/test';
import { type CardHolder, type Condition, seededRandom } from './people';

export interface CardImage {
  bytes: Buffer;
  mime: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
}

const FONTS = ['Loma', 'Garuda', 'Norasi'];

const W = 856;
const H = 540;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * One printed line: left edge and vertical centre as fractions of the card (real-card-layout.md,
 * section 1), text height as a fraction of the card's height (section 2, converted to a font size).
 */
interface Row {
  x: number;
  y: number;
  size: number;
}

/** Font size in px per fraction of card height of the letters' body (Thai) or capitals (English). */
const THAI_BODY = 1 / 0.56;
const CAPS = 1 / 0.72;

const ROWS = {
  title: { x: 0.18, y: 0.059, size: 0.03 * THAI_BODY },
  idLabel: { x: 0.17, y: 0.134, size: 0.015 * THAI_BODY },
  idNumber: { x: 0.438, y: 0.141, size: 0.043 * CAPS },
  thaiName: { x: 0.11, y: 0.242, size: 0.031 * THAI_BODY },
  englishName: { x: 0.305, y: 0.319, size: 0.034 * CAPS },
  englishLastname: { x: 0.305, y: 0.389, size: 0.034 * CAPS },
  thaiBirthday: { x: 0.333, y: 0.455, size: 0.026 * THAI_BODY },
  englishBirthday: { x: 0.333, y: 0.53, size: 0.032 * CAPS },
  religion: { x: 0.335, y: 0.596, size: 0.023 * THAI_BODY },
  address: { x: 0.1, y: 0.667, size: 0.023 * THAI_BODY },
  dateThai: { x: 0.09, y: 0.757, size: 0.02 * THAI_BODY },
  dateLabelThai: { x: 0.1, y: 0.805, size: 0.015 * THAI_BODY },
  dateEnglish: { x: 0.09, y: 0.852, size: 0.025 * CAPS },
  dateLabelEnglish: { x: 0.09, y: 0.905, size: 0.018 * CAPS },
} satisfies Record<string, Row>;

/** Address lines are this far apart (fraction of card height), and run no further right than this. */
const ADDRESS_PITCH = 0.042;
const ADDRESS_RIGHT = 0.71;
/** The expiry block repeats the issue block's rows this far to the right. */
const EXPIRY_X = 0.45;

/** The card itself, 856 x 540 CSS pixels (85.6 x 54 mm at 10 px/mm). */
export function cardHtml(holder: CardHolder, seed: number): string {
  const rnd = seededRandom(seed);
  const between = (a: number, b: number) => a + (b - a) * rnd();
  const font = FONTS[Math.floor(rnd() * FONTS.length)];
  // The whole print moved on the card by up to 2% of its size, and its letters up to 8% larger or smaller.
  const dx = between(-0.02, 0.02);
  const dy = between(-0.02, 0.02);
  const fontScale = between(0.92, 1.08);
  const px = (n: number) => `${n.toFixed(1)}px`;
  /** A line placed by its vertical centre, with a little jitter of its own. */
  const line = (row: Row, body: string, extra = '', xShift = 0) => {
    const size = row.size * H * fontScale * between(0.98, 1.02);
    const left = (row.x + xShift + dx + between(-0.003, 0.003)) * W;
    const centre = (row.y + dy + between(-0.004, 0.004)) * H;
    return `<div class="t" style="left:${px(left)};top:${px(centre - size / 2)};font-size:${px(size)};line-height:${px(size)};${extra}">${body}</div>`;
  };
  const label = (text: string, size = 0.55) => `<span class="label" style="font-size:${size}em">${esc(text)}</span>`;
  const p = holder.printed;
  const address = ROWS.address;
  const addressSize = address.size * H * fontScale;
  // Breaks only between words, like the card's printer: each word is kept whole.
  const addressWords = p.address
    .split(' ')
    .map((w) => `<span class="word">${esc(w)}</span>`)
    .join(' ');
  const addressTop = (address.y + dy) * H - (ADDRESS_PITCH * H) / 2;
  const dateBlock = (
    xShift: number,
    date: { thai: string; english: string },
    thaiLabel: string,
    englishLabel: string,
  ) =>
    [
      line(ROWS.dateThai, esc(date.thai), '', xShift),
      line(ROWS.dateLabelThai, esc(thaiLabel), 'color:#2a3550', xShift),
      line(ROWS.dateEnglish, esc(date.english), '', xShift),
      line(ROWS.dateLabelEnglish, esc(englishLabel), 'color:#2a3550', xShift),
    ].join('');
  return `
<div class="card" style="font-family:'${font}',sans-serif">
  <div class="emblem" style="left:${px((0.035 + dx) * W)};top:${px((0.02 + dy) * H)}"></div>
  ${line(ROWS.title, `<b>บัตรประจำตัวประชาชน</b> <span style="font-size:0.75em;color:#1d3f7a">Thai National ID Card</span>`)}
  ${line(ROWS.idLabel, `เลขประจำตัวประชาชน<br><span style="font-size:0.85em">Identification Number</span>`, 'color:#2a3550')}
  ${line(ROWS.idNumber, `<b>${esc(p.thaiId)}</b>`, 'letter-spacing:0.04em;word-spacing:0.2em')}
  ${line(ROWS.thaiName, `${label('ชื่อตัวและชื่อสกุล', 0.5)}&nbsp; <b>${esc(holder.prefix)} ${esc(holder.firstname)} ${esc(holder.lastname)}</b>`)}
  ${line(ROWS.englishName, `${label('Name')}&nbsp; <b>${esc(holder.englishPrefix)} ${esc(holder.englishFirstname)}</b>`)}
  ${line(ROWS.englishLastname, `${label('Last name')}&nbsp; <b>${esc(holder.englishLastname)}</b>`)}
  ${line(ROWS.thaiBirthday, `${label('เกิดวันที่', 0.65)}&nbsp; <b>${esc(p.thaiBirthday)}</b>`)}
  ${line(ROWS.englishBirthday, `${label('Date of Birth')}&nbsp; <b>${esc(p.englishBirthday)}</b>`)}
  ${line(ROWS.religion, `${label('ศาสนา', 0.75)}&nbsp; พุทธ`)}
  <div class="t address" style="left:${px((address.x + dx) * W)};top:${px(addressTop)};width:${px((ADDRESS_RIGHT - address.x) * W)};font-size:${px(addressSize)};line-height:${px(ADDRESS_PITCH * H)}">${label('ที่อยู่', 0.75)}&nbsp; ${addressWords}</div>
  ${dateBlock(0, p.issued, 'วันออกบัตร', 'Date of Issue')}
  ${dateBlock(EXPIRY_X, p.expires, 'วันบัตรหมดอายุ', 'Date of Expiry')}
  <div class="signature" style="left:${px((0.3 + dx) * W)};top:${px((0.8 + dy) * H)}"></div>
  ${line({ x: 0.3, y: 0.955, size: 0.016 * THAI_BODY }, 'เจ้าพนักงานออกบัตร', 'color:#2a3550')}
  <div class="chip" style="left:${px((0.1 + dx / 4) * W)};top:${px((0.33 + dy / 4) * H)}"></div>
  <div class="photo" style="left:${px((0.735 + dx) * W)};top:${px((0.46 + dy) * H)}"><div class="head"></div><div class="body"></div></div>
  ${line({ x: 0.745, y: 0.932, size: 0.02 * CAPS }, esc(photoNumber(holder.thaiId)))}
</div>`;
}

/** The small number printed under the photo (dddd-dd-dddddddd), made up from the ID number. */
function photoNumber(thaiId: string): string {
  const d = `${thaiId}${thaiId}`.slice(3, 17);
  return `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 14)}`;
}

const CARD_CSS = `
* { margin: 0; padding: 0; box-sizing: border-box; }
body { background: transparent; }
.card { position: relative; width: ${W}px; height: ${H}px; border-radius: 32px; overflow: hidden; color: #1b1b1f;
  background:
    radial-gradient(circle at 30% 40%, rgba(255,190,210,0.35), transparent 45%),
    radial-gradient(circle at 75% 65%, rgba(150,200,255,0.35), transparent 50%),
    repeating-radial-gradient(circle at 50% 50%, rgba(120,160,220,0.10) 0 2px, transparent 2px 9px),
    linear-gradient(135deg, #eef4fb, #f8eef3 55%, #eef6f1); }
.t { position: absolute; white-space: nowrap; }
.address { white-space: normal; }
.word { white-space: nowrap; }
.label { color: #2a3550; font-weight: normal; }
.emblem { position: absolute; width: 78px; height: 82px; border-radius: 45% 45% 40% 40%;
  background: radial-gradient(circle at 50% 45%, #d8a35a 0 22%, #b2463a 23% 30%, #e0b769 31% 60%, rgba(0,0,0,0) 62%); }
.signature { position: absolute; width: 150px; height: 46px; border-bottom: 2px solid #3a3f7a; border-radius: 0 0 60% 40%;
  transform: rotate(-6deg); }
.signature::before { content: ''; position: absolute; left: 18px; top: 4px; width: 90px; height: 34px; border: 2px solid #3a3f7a;
  border-color: #3a3f7a transparent #3a3f7a #3a3f7a; border-radius: 50%; transform: skewX(-25deg); }
.chip { position: absolute; width: 128px; height: 122px; border-radius: 14px;
  background: linear-gradient(135deg, #e9d28a, #b8953e); border: 1px solid #9c7d2c; }
.chip::before, .chip::after { content: ''; position: absolute; background: #9c7d2c; }
.chip::before { left: 0; right: 0; top: 60px; height: 2px; }
.chip::after { top: 0; bottom: 0; left: 63px; width: 2px; }
.photo { position: absolute; width: ${Math.round(0.235 * W)}px; height: ${Math.round(0.44 * H)}px; background: #c9d3df; overflow: hidden; border-radius: 4px;
  background-image: repeating-linear-gradient(180deg, transparent 0 22px, rgba(60,70,90,0.35) 22px 23px); }
.photo .head { position: absolute; left: 58px; top: 28px; width: 84px; height: 98px; border-radius: 50%; background: #6d7786; }
.photo .body { position: absolute; left: 18px; top: 132px; width: 164px; height: 130px; border-radius: 70px 70px 0 0; background: #6d7786; }
`;

interface SceneOptions {
  width: number;
  height: number;
  scale: number;
  rotateZ: number;
  rotateX: number;
  rotateY: number;
  dx: number;
  dy: number;
  blurPx: number;
  shadeAngle: number;
  shade: number;
  dark: number;
  noise: number;
  glare: { x: number; y: number; r: number; strength: number } | null;
  /** A thumb over one edge of the card, in card pixels: which edge and where along it. */
  thumb: { edge: 'left' | 'right' | 'bottom'; at: number; reach: number } | null;
  /** A soft shadow of the phone or hand over part of the photo. */
  handShadow: { x: number; y: number; r: number; strength: number } | null;
  table: 'striped' | 'plain';
  quality: number;
}

function sceneOptions(condition: Condition, seed: number): SceneOptions {
  const rnd = seededRandom(seed ^ 0x5eed);
  const between = (a: number, b: number) => a + (b - a) * rnd();
  const sign = () => (rnd() < 0.5 ? -1 : 1);
  const poor = condition === 'poor';
  if (condition === 'cropped') {
    // Held in the hand close to the lens: the card fills most of the frame and a corner may be cut off.
    const edge = (['left', 'right', 'bottom'] as const)[Math.floor(rnd() * 3)];
    return {
      width: 1280,
      height: 960,
      scale: between(1.38, 1.55),
      rotateZ: sign() * between(0, 6),
      rotateX: sign() * between(2, 9),
      rotateY: sign() * between(2, 9),
      dx: between(-40, 40),
      dy: between(-40, 40),
      blurPx: between(0.3, 0.9),
      shadeAngle: between(0, 360),
      shade: between(0.1, 0.3),
      dark: 0,
      noise: between(0.03, 0.07),
      glare: null,
      // Where a holding thumb sits: over the chip's edge, the signature block, or the photo.
      thumb:
        rnd() < 0.75
          ? { edge, at: edge === 'bottom' ? between(0.3, 0.45) : between(0.45, 0.7), reach: between(0.04, 0.08) }
          : null,
      handShadow:
        rnd() < 0.6
          ? { x: between(0, 1280), y: between(0, 960), r: between(300, 520), strength: between(0.25, 0.45) }
          : null,
      table: rnd() < 0.6 ? 'striped' : 'plain',
      quality: Math.round(between(60, 82)),
    };
  }
  return {
    width: 1280,
    height: 960,
    scale: between(0.95, 1.3),
    rotateZ: sign() * between(0, 10),
    rotateX: sign() * between(2, 12),
    rotateY: sign() * between(2, 12),
    dx: between(-60, 60),
    dy: between(-50, 50),
    blurPx: between(0.3, poor ? 1.3 : 1.0),
    shadeAngle: between(0, 360),
    shade: between(0.15, 0.4),
    dark: poor ? between(0.45, 0.6) : 0,
    noise: poor ? between(0.1, 0.16) : between(0.03, 0.07),
    glare: poor
      ? { x: between(430, 850), y: between(330, 620), r: between(90, 150), strength: between(0.65, 0.85) }
      : null,
    thumb: null,
    handShadow: null,
    table: 'striped',
    quality: Math.round(poor ? between(50, 65) : between(60, 82)),
  };
}

/** A thumb holding the card: rounded, skin-coloured, coming in over one edge (in the card's own pixels). */
function thumbHtml(thumb: NonNullable<SceneOptions['thumb']>): string {
  const long = 150;
  const wide = 92;
  const reach = thumb.reach * (thumb.edge === 'bottom' ? H : W);
  const style =
    thumb.edge === 'bottom'
      ? `left:${thumb.at * W - wide / 2}px;top:${H - reach}px;width:${wide}px;height:${long}px`
      : thumb.edge === 'left'
        ? `left:${reach - long}px;top:${thumb.at * H - wide / 2}px;width:${long}px;height:${wide}px`
        : `left:${W - reach}px;top:${thumb.at * H - wide / 2}px;width:${long}px;height:${wide}px`;
  return `<div class="thumb" style="position:absolute;${style};border-radius:46px;
    background: radial-gradient(ellipse at 40% 35%, #e7b48f, #c98b62 70%, #a86c48); box-shadow: 0 4px 14px rgba(0,0,0,0.35)"></div>`;
}

/** Draws one card in the given condition and returns the image a patient would supply. */
export async function renderCard(
  page: Page,
  holder: CardHolder,
  condition: Condition,
  seed: number,
): Promise<CardImage> {
  const card = cardHtml(holder, seed);
  if (condition === 'clean') {
    await page.setViewportSize({ width: 900, height: 580 });
    await page.setContent(`<style>${CARD_CSS} body{padding:20px;background:#fff}</style>${card}`);
    await page.evaluate('document.fonts.ready.then(() => undefined)');
    const bytes = await page.locator('.card').screenshot({ type: 'png', omitBackground: false });
    return { bytes, mime: 'image/png', width: W, height: H };
  }
  const o = sceneOptions(condition, seed);
  await page.setViewportSize({ width: o.width, height: o.height });
  const glare = o.glare
    ? `<div style="position:absolute;left:${o.glare.x - o.glare.r}px;top:${o.glare.y - o.glare.r}px;width:${2 * o.glare.r}px;height:${2 * o.glare.r}px;border-radius:50%;background:radial-gradient(circle, rgba(255,255,250,${o.glare.strength}) 0%, rgba(255,255,250,${o.glare.strength * 0.6}) 40%, rgba(255,255,250,0) 100%)"></div>`
    : '';
  const handShadow = o.handShadow
    ? `<div style="position:absolute;left:${o.handShadow.x - o.handShadow.r}px;top:${o.handShadow.y - o.handShadow.r}px;width:${2 * o.handShadow.r}px;height:${2 * o.handShadow.r}px;border-radius:50%;background:radial-gradient(circle, rgba(0,0,0,${o.handShadow.strength}) 0%, rgba(0,0,0,${o.handShadow.strength * 0.7}) 45%, rgba(0,0,0,0) 100%)"></div>`
    : '';
  const table =
    o.table === 'striped'
      ? `repeating-linear-gradient(${Math.round(o.shadeAngle / 3)}deg, #5b4636 0 14px, #654e3c 14px 31px, #56412f 31px 40px)`
      : `linear-gradient(${Math.round(o.shadeAngle)}deg, #6f6a63, #8a847b)`;
  await page.setContent(`
<style>${CARD_CSS}
body { width:${o.width}px; height:${o.height}px; overflow:hidden; position:relative; background: ${table}; }
.stage { position:absolute; left:50%; top:50%; width:${W}px; height:${H}px; margin:-${H / 2}px 0 0 -${W / 2}px;
  transform: translate(${o.dx}px, ${o.dy}px) perspective(1500px) rotateX(${o.rotateX}deg) rotateY(${o.rotateY}deg) rotateZ(${o.rotateZ}deg) scale(${o.scale});
  filter: blur(${o.blurPx}px); box-shadow: 0 8px 30px rgba(0,0,0,0.45); border-radius: 32px; }
.light { position:absolute; inset:0; background: linear-gradient(${o.shadeAngle}deg, rgba(0,0,0,${o.shade}), rgba(0,0,0,0) 70%); }
.dark { position:absolute; inset:0; background: rgba(8,10,20,${o.dark}); }
canvas { position:absolute; inset:0; opacity:${o.noise}; mix-blend-mode: hard-light; }
</style>
<div class="stage">${card}${o.thumb ? thumbHtml(o.thumb) : ''}</div>${handShadow}<div class="light"></div><div class="dark"></div>${glare}<canvas width="${o.width / 2}" height="${o.height / 2}" style="width:${o.width}px;height:${o.height}px"></canvas>`);
  // A string, not a function: the bundler's helpers do not exist in the page.
  await page.evaluate(`(() => {
    let a = ${seed >>> 0};
    const canvas = document.querySelector('canvas');
    const ctx = canvas.getContext('2d');
    const img = ctx.createImageData(canvas.width, canvas.height);
    for (let i = 0; i < img.data.length; i += 4) {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      const v = Math.round((((t ^ (t >>> 14)) >>> 0) / 4294967296) * 255);
      img.data[i] = img.data[i + 1] = img.data[i + 2] = v;
      img.data[i + 3] = 255;
    }
    ctx.putImageData(img, 0, 0);
    return document.fonts.ready.then(() => undefined);
  })()`);
  const bytes = await page.screenshot({ type: 'jpeg', quality: o.quality });
  return { bytes, mime: 'image/jpeg', width: o.width, height: o.height };
}
