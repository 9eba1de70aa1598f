import { CsvError, parse } from 'csv-parse/sync';

/** One PIN to put into stock. */
export interface PinRecord {
  pin: string;
  serial: string | null;
  validUntil: Date | null;
}

export type PinFile = { ok: true; pins: PinRecord[] } | { ok: false; line: number; reason: string };

const COLUMNS = ['pin', 'serial', 'valid_until'] as const;
type Column = (typeof COLUMNS)[number];

export const PIN_PATTERN = /^[0-9A-Za-z]{8,32}$/;

const ISO_DATE = /^(\d{4}-\d{2}-\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/**
 * An ISO date (`2026-12-31`, valid through the end of that day, UTC) or date and time with a
 * zone (`2026-12-31T18:00:00+01:00`); undefined when it is neither or names no real day.
 */
function readValidUntil(text: string): Date | undefined {
  const match = ISO_DATE.exec(text);
  if (!match?.[1]) return undefined;
  const day = new Date(`${match[1]}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== match[1]) return undefined;
  if (!match[2]) return new Date(day.getTime() + 24 * 60 * 60_000 - 1);
  const moment = new Date(text);
  return Number.isNaN(moment.getTime()) ? undefined : moment;
}

type Header = { ok: true; positions: Map<Column, number> } | { ok: false; reason: string };

function readHeader(names: readonly string[]): Header {
  const positions = new Map<Column, number>();
  for (const [index, raw] of names.entries()) {
    const name = raw.toLowerCase() as Column;
    if (!COLUMNS.includes(name)) {
      return { ok: false, reason: `unknown column "${raw}" (expected ${COLUMNS.join(',')})` };
    }
    if (positions.has(name)) return { ok: false, reason: `column "${raw}" appears twice` };
    positions.set(name, index);
  }
  if (!positions.has('pin')) return { ok: false, reason: `the header must name a "pin" column` };
  return { ok: true, positions };
}

function readRow(fields: readonly string[], positions: Map<Column, number>, now: Date): PinRecord | string {
  const field = (column: Column) => {
    const position = positions.get(column);
    return position === undefined ? '' : (fields[position] ?? '');
  };
  const pin = field('pin');
  if (!PIN_PATTERN.test(pin)) return 'the PIN must be 8 to 32 letters or digits';
  const validText = field('valid_until');
  const validUntil = validText === '' ? null : readValidUntil(validText);
  if (validUntil === undefined) return `valid_until "${validText}" is not an ISO date such as 2026-12-31`;
  if (validUntil && validUntil.getTime() <= now.getTime()) return `valid_until ${validText} has passed`;
  return { pin, serial: field('serial') || null, validUntil };
}

/**
 * Reads a PIN file: CSV with the header `pin,serial,valid_until` (serial and valid_until may be
 * left out or empty). The first bad line refuses the whole file, named by its line number.
 */
export function readPinFile(text: string, now: Date): PinFile {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    // With `info`, each record comes with the line it ends on.
    records = parse(text, {
      bom: true,
      trim: true,
      skip_empty_lines: true,
      info: true,
    }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError) {
      return { ok: false, line: typeof error.lines === 'number' ? error.lines : 1, reason: error.message };
    }
    throw error;
  }
  const [header, ...rows] = records;
  if (!header)
    return { ok: false, line: 1, reason: 'the file is empty; it needs the header pin,serial,valid_until' };
  const columns = readHeader(header.record);
  if (!columns.ok) return { ok: false, line: header.info.lines, reason: columns.reason };

  const pins: PinRecord[] = [];
  for (const { record, info } of rows) {
    const pin = readRow(record, columns.positions, now);
    if (typeof pin === 'string') return { ok: false, line: info.lines, reason: pin };
    pins.push(pin);
  }
  return { ok: true, pins };
}
