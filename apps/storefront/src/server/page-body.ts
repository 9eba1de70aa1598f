import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * A rendered page kept with stand-ins where each answer has values of its own (decision 0054):
 * the text around them as it is sent, and each piece of it already compressed, so that an answer
 * costs a copy and a checksum rather than a render or a compression.
 */
export interface PageBody {
  readonly parts: readonly Buffer[];
  /** The length in bytes of each stand-in, which its value must have too. */
  readonly lengths: readonly number[];
  /** Each part as raw deflate blocks of its own, ending on a byte boundary (a full flush). */
  readonly deflatedParts: readonly Buffer[];
  /** Which stand-in stood between part `i` and part `i + 1`, as an index into the stand-ins. */
  readonly gaps: readonly number[];
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);
/** A final, empty block with fixed codes: what ends the deflate stream. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);
/** How far back deflate refers. */
const WINDOW = 32 * 1024;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Each part deflated on its own, but with what precedes it as its dictionary, as a single
 * compression of the page would see it: each value's bytes there as NUL, which no text of the
 * page holds, so that nothing refers to a value, whatever it will be.
 */
function deflated(parts: readonly Buffer[], gaps: readonly number[], lengths: readonly number[]): Buffer[] {
  const dictionaries = !parts.some((part) => part.includes(0));
  let before = Buffer.alloc(0);
  return parts.map((part, index) => {
    const dictionary = dictionaries && before.length > 0 ? { dictionary: before } : {};
    const gap = index < gaps.length ? Buffer.alloc(lengths[gaps[index] ?? 0] ?? 0) : Buffer.alloc(0);
    before = Buffer.concat([before, part, gap]).subarray(-WINDOW);
    return deflateRawSync(part, { finishFlush: constants.Z_FULL_FLUSH, ...dictionary });
  });
}

/** The page split at each of the stand-ins, which must not be empty. */
export function pageBody(text: string, standIns: readonly string[]): PageBody {
  const pieces = text.split(new RegExp(`(${standIns.map(escaped).join('|')})`));
  const parts = pieces.filter((_, index) => index % 2 === 0).map((part) => Buffer.from(part));
  const gaps = pieces.filter((_, index) => index % 2 === 1).map((standIn) => standIns.indexOf(standIn));
  const lengths = standIns.map((standIn) => Buffer.byteLength(standIn));
  return { parts, lengths, gaps, deflatedParts: deflated(parts, gaps, lengths) };
}

function interleaved<T>(parts: readonly T[], gaps: readonly number[], fillers: readonly T[]): T[] {
  return parts.flatMap((part, index) => (index === 0 ? [part] : [fillers[gaps[index - 1] ?? 0] as T, part]));
}

/** The page's bytes with `values[i]` in the place of each `i`th stand-in. */
export function plainBody({ parts, gaps }: PageBody, values: readonly string[]): Buffer {
  return Buffer.concat(
    interleaved(
      parts,
      gaps,
      values.map((value) => Buffer.from(value)),
    ),
  );
}

/**
 * A stored (uncompressed) deflate block of up to 65,535 bytes, not the last: what a value travels
 * in between two compressed parts.
 */
function storedBlock(bytes: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.writeUInt8(0x00, 0);
  header.writeUInt16LE(bytes.length, 1);
  header.writeUInt16LE(bytes.length ^ 0xffff, 3);
  return Buffer.concat([header, bytes]);
}

/** The page as gzip with the values in place: the kept compressed parts with each value stored between them. */
export function gzipBody(body: PageBody, values: readonly string[]): Buffer {
  if (values.some((value, index) => Buffer.byteLength(value) !== body.lengths[index]))
    throw new Error('a value of a kept page must be as long as its stand-in');
  const plain = plainBody(body, values);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(plain), 0);
  trailer.writeUInt32LE(plain.length % 2 ** 32, 4);
  const stored = values.map((value) => storedBlock(Buffer.from(value)));
  return Buffer.concat([
    GZIP_HEADER,
    ...interleaved(body.deflatedParts, body.gaps, stored),
    FINAL_BLOCK,
    trailer,
  ]);
}
