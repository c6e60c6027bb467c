// Synthetic Thai ID card fronts, drawn with HTML and Thai system fonts in headless Chromium, then
// photographed the way a phone would: on a table, tilted, unevenly lit, blurred and JPEG-compressed.
// The layout follows the card's public arrangement of fields; the artwork is our own and plain.
import type { Page } from '@playwright/test';
import { type CardHolder, type Condition, seededRandom } from './people';

export interface CardImage {
  bytes: Buffer;
  mime: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
}

const FONTS = ['Loma', 'Garuda'];

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** The card itself, 856 x 540 CSS pixels (85.6 x 54 mm at 10 px/mm). */
export function cardHtml(holder: CardHolder, seed: number): string {
  const rnd = seededRandom(seed);
  const j = (n = 5) => Math.round((rnd() * 2 - 1) * n);
  const font = FONTS[Math.floor(rnd() * FONTS.length)];
  const at = (left: number, top: number) => `left:${left + j()}px;top:${top + j(4)}px`;
  const p = holder.printed;
  return `
<div class="card" style="font-family:'${font}',sans-serif">
  <div class="t" style="${at(160, 14)}"><b style="font-size:27px">บัตรประจำตัวประชาชน</b> <span style="font-size:19px;color:#1d3f7a">Thai National ID Card</span></div>
  <div class="t small" style="${at(150, 70)};line-height:1.05">เลขประจำตัวประชาชน<br><span style="font-size:12px">Identification Number</span></div>
  <div class="t" style="${at(365, 64)};font-size:35px;font-weight:bold;letter-spacing:1px;word-spacing:6px">${esc(p.thaiId)}</div>
  <div class="t" style="${at(70, 132)}"><span class="small">ชื่อตัวและชื่อสกุล</span>&nbsp; <b style="font-size:28px">${esc(holder.prefix)} ${esc(holder.firstname)} ${esc(holder.lastname)}</b></div>
  <div class="t" style="${at(236, 186)}"><span class="small">Name</span>&nbsp; <b style="font-size:24px">${esc(holder.englishPrefix)} ${esc(holder.englishFirstname)}</b></div>
  <div class="t" style="${at(236, 224)}"><span class="small">Last name</span>&nbsp; <b style="font-size:24px">${esc(holder.englishLastname)}</b></div>
  <div class="t" style="${at(236, 266)}"><span class="small">เกิดวันที่</span>&nbsp; <b style="font-size:24px">${esc(p.thaiBirthday)}</b></div>
  <div class="t" style="${at(236, 302)}"><span class="small">Date of Birth</span>&nbsp; <b style="font-size:22px">${esc(p.englishBirthday)}</b></div>
  <div class="t" style="${at(236, 340)}"><span class="small">ศาสนา</span>&nbsp; <span style="font-size:20px">พุทธ</span></div>
  <div class="t" style="${at(70, 378)}"><span class="small">ที่อยู่</span>&nbsp; <span style="font-size:23px">${esc(p.addressLine1)}</span></div>
  <div class="t" style="${at(70, 414)};font-size:23px">${esc(p.addressLine2)}</div>
  <div class="t" style="${at(60, 462)};font-size:15px;text-align:center">${esc(p.issued)}<br><span style="font-size:11px">วันออกบัตร<br>Date of Issue</span></div>
  <div class="t" style="${at(470, 462)};font-size:15px;text-align:center">${esc(p.expires)}<br><span style="font-size:11px">วันบัตรหมดอายุ<br>Date of Expiry</span></div>
  <div class="chip"></div>
  <div class="photo"><div class="head"></div><div class="body"></div></div>
</div>`;
}

const CARD_CSS = `
* { margin: 0; padding: 0; box-sizing: border-box; }
body { background: transparent; }
.card { position: relative; width: 856px; height: 540px; border-radius: 32px; overflow: hidden; color: #1b1b1f;
  background:
    radial-gradient(circle at 30% 40%, rgba(255,190,210,0.35), transparent 45%),
    radial-gradient(circle at 75% 65%, rgba(150,200,255,0.35), transparent 50%),
    repeating-radial-gradient(circle at 50% 50%, rgba(120,160,220,0.10) 0 2px, transparent 2px 9px),
    linear-gradient(135deg, #eef4fb, #f8eef3 55%, #eef6f1); }
.t { position: absolute; white-space: nowrap; font-size: 20px; }
.small { font-size: 15px; color: #2a3550; }
.chip { position: absolute; left: 78px; top: 205px; width: 108px; height: 84px; border-radius: 12px;
  background: linear-gradient(135deg, #e9d28a, #b8953e); border: 1px solid #9c7d2c; }
.photo { position: absolute; right: 34px; top: 190px; width: 166px; height: 200px; background: #c9d3df; overflow: hidden; border-radius: 4px; }
.photo .head { position: absolute; left: 47px; top: 30px; width: 72px; height: 82px; border-radius: 50%; background: #7d8796; }
.photo .body { position: absolute; left: 15px; top: 120px; width: 136px; height: 110px; border-radius: 60px 60px 0 0; background: #7d8796; }
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
  quality: number;
}

function sceneOptions(condition: Condition, seed: number): SceneOptions {
  const rnd = seededRandom(seed ^ 0x5eed);
  const between = (a: number, b: number) => a + (b - a) * rnd();
  const sign = () => (rnd() < 0.5 ? -1 : 1);
  const poor = condition === 'poor';
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
    glare: poor ? { x: between(430, 850), y: between(330, 620), r: between(90, 150), strength: between(0.65, 0.85) } : null,
    quality: Math.round(poor ? between(50, 65) : between(60, 82)),
  };
}

/** Draws one card in the given condition and returns the image a patient would supply. */
export async function renderCard(page: Page, holder: CardHolder, condition: Condition, seed: number): Promise<CardImage> {
  const card = cardHtml(holder, seed);
  if (condition === 'clean') {
    await page.setViewportSize({ width: 900, height: 580 });
    await page.setContent(`<style>${CARD_CSS} body{padding:20px;background:#fff}</style>${card}`);
    await page.evaluate('document.fonts.ready.then(() => undefined)');
    const bytes = await page.locator('.card').screenshot({ type: 'png', omitBackground: false });
    return { bytes, mime: 'image/png', width: 856, height: 540 };
  }
  const o = sceneOptions(condition, seed);
  await page.setViewportSize({ width: o.width, height: o.height });
  const glare = o.glare
    ? `<div style="position:absolute;left:${o.glare.x - o.glare.r}px;top:${o.glare.y - o.glare.r}px;width:${2 * o.glare.r}px;height:${2 * o.glare.r}px;border-radius:50%;background:radial-gradient(circle, rgba(255,255,250,${o.glare.strength}) 0%, rgba(255,255,250,${o.glare.strength * 0.6}) 40%, rgba(255,255,250,0) 100%)"></div>`
    : '';
  await page.setContent(`
<style>${CARD_CSS}
body { width:${o.width}px; height:${o.height}px; overflow:hidden; position:relative;
  background: repeating-linear-gradient(${Math.round(o.shadeAngle / 3)}deg, #5b4636 0 14px, #654e3c 14px 31px, #56412f 31px 40px); }
.stage { position:absolute; left:50%; top:50%; width:856px; height:540px; margin:-270px 0 0 -428px;
  transform: translate(${o.dx}px, ${o.dy}px) perspective(1500px) rotateX(${o.rotateX}deg) rotateY(${o.rotateY}deg) rotateZ(${o.rotateZ}deg) scale(${o.scale});
  filter: blur(${o.blurPx}px); box-shadow: 0 8px 30px rgba(0,0,0,0.45); border-radius: 32px; }
.light { position:absolute; inset:0; background: linear-gradient(${o.shadeAngle}deg, rgba(0,0,0,${o.shade}), rgba(0,0,0,0) 70%); }
.dark { position:absolute; inset:0; background: rgba(8,10,20,${o.dark}); }
canvas { position:absolute; inset:0; opacity:${o.noise}; mix-blend-mode: hard-light; }
</style>
<div class="stage">${card}</div><div class="light"></div><div class="dark"></div>${glare}<canvas width="${o.width / 2}" height="${o.height / 2}" style="width:${o.width}px;height:${o.height}px"></canvas>`);
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
