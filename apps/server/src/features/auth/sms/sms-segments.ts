/** GSM 03.38's default alphabet: one septet each. */
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Its extension table: two septets each (an escape, then the character). */
const GSM7_EXTENDED = '^{}\\[~]|€\f';

/**
 * How many segments a text message is sent, and charged, as (3GPP TS 23.038/23.040): in the GSM alphabet 160 septets
 * in one, 153 a segment once split; anything else (every Thai text) goes as UCS-2, 70 characters in one and 67 a
 * segment once split, a character outside the BMP (an emoji) taking two.
 */
export function smsSegments(text: string): number {
  let septets = 0;
  for (const character of text) {
    if (GSM7_BASIC.includes(character)) septets += 1;
    else if (GSM7_EXTENDED.includes(character)) septets += 2;
    else return text.length <= 70 ? 1 : Math.ceil(text.length / 67);
  }
  return septets <= 160 ? 1 : Math.ceil(septets / 153);
}
