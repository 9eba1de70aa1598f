/**
 * How many SMS segments a body takes (the Message resource's `num_segments`): up to 160 characters
 * of the GSM 03.38 alphabet (those of its extension table count twice) fit one segment, 153 each
 * when more; with any other character the body goes as UCS-2, 70 UTF-16 units in one, 67 each when more.
 */

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '^{}\\[~]|€\f';

function gsmLength(body: string): number | undefined {
  let length = 0;
  for (const character of body) {
    if (GSM_BASIC.includes(character)) length += 1;
    else if (GSM_EXTENSION.includes(character)) length += 2;
    else return undefined;
  }
  return length;
}

export function segmentCount(body: string): number {
  const gsm = gsmLength(body);
  const [length, single, multi] = gsm === undefined ? [body.length, 70, 67] : [gsm, 160, 153];
  return length <= single ? 1 : Math.ceil(length / multi);
}
