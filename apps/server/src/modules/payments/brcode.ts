/**
 * PIX "copia e cola" payloads (BR Code): EMV QR Code Merchant-Presented Mode, as the Banco Central do
 * Brasil's manual specifies. A payload is a string of TLV fields — two-digit id, two-digit length,
 * value — ending with field 63, a CRC16-CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no
 * final XOR) over everything before its value, "6304" included, as 4 uppercase hex digits.
 */

export const PIX_GUI = 'br.gov.bcb.pix';
/** Longest merchant name (59), city (60) and txid (62.05) the manual allows. */
export const MAX_MERCHANT_NAME = 25;
export const MAX_MERCHANT_CITY = 15;
export const MAX_TXID = 25;

const CRC_TABLE = (() => {
  const table = new Uint16Array(256);
  for (let byte = 0; byte < 256; byte++) {
    let crc = byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    table[byte] = crc;
  }
  return table;
})();

/** CRC-16/CCITT-FALSE, table driven. Check value: "123456789" → 0x29B1. */
export function crc16CcittFalse(data: string | Uint8Array): number {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  let crc = 0xffff;
  for (const byte of bytes) crc = ((crc << 8) ^ (CRC_TABLE[((crc >> 8) ^ byte) & 0xff] as number)) & 0xffff;
  return crc;
}

const hex4 = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');

function tlv(id: string, value: string): string {
  if (value.length > 99) throw new Error(`BR Code field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** Printable ASCII only: accents dropped ("São Paulo" → "Sao Paulo"), anything else removed. */
export function asciiText(input: string, max: number): string {
  return input
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7E]/g, '')
    .trim()
    .slice(0, max)
    .trim();
}

/** "5000" minor units → "50.00". */
export function formatBrCodeAmount(amountMinor: bigint): string {
  if (amountMinor <= 0n) throw new Error('a BR Code amount is positive');
  const whole = amountMinor / 100n;
  const cents = (amountMinor % 100n).toString().padStart(2, '0');
  const text = `${whole}.${cents}`;
  if (text.length > 13) throw new Error('a BR Code amount has at most 13 characters');
  return text;
}

export type BrCodeInput = {
  pixKey: string;
  /** Omitted: the payer types the amount (a static code). */
  amountMinor?: bigint | null;
  merchantName: string;
  merchantCity: string;
  /** Up to 25 letters and digits; "***" when there is none. */
  txid: string;
  description?: string | null;
};

export function buildBrCode(input: BrCodeInput): string {
  if (!/^([A-Za-z0-9]{1,25}|\*\*\*)$/.test(input.txid)) throw new Error('txid: 1–25 letters and digits');
  const gui = tlv('00', PIX_GUI);
  const key = tlv('01', input.pixKey);
  // Field 26 holds at most 99 characters: the description gets what the key leaves.
  const room = 99 - gui.length - key.length - 4;
  const description = input.description ? asciiText(input.description, Math.max(0, room)) : '';
  const account = gui + key + (description ? tlv('02', description) : '');
  const name = asciiText(input.merchantName, MAX_MERCHANT_NAME);
  const city = asciiText(input.merchantCity, MAX_MERCHANT_CITY);
  if (!name || !city) throw new Error('a BR Code needs a merchant name and city');
  const body =
    tlv('00', '01') +
    tlv('26', account) +
    tlv('52', '0000') +
    tlv('53', '986') +
    (input.amountMinor ? tlv('54', formatBrCodeAmount(input.amountMinor)) : '') +
    tlv('58', 'BR') +
    tlv('59', name) +
    tlv('60', city) +
    tlv('62', tlv('05', input.txid)) +
    '6304';
  return body + hex4(crc16CcittFalse(body));
}

export type TlvField = { id: string; value: string };

/** Splits a TLV string into its fields; throws on a length that runs past the end. */
export function parseTlv(text: string): TlvField[] {
  const fields: TlvField[] = [];
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const lengthText = text.slice(at + 2, at + 4);
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(lengthText)) throw new Error(`bad TLV header at ${at}`);
    const length = Number(lengthText);
    const value = text.slice(at + 4, at + 4 + length);
    if (value.length !== length) throw new Error(`TLV field ${id} runs past the end`);
    fields.push({ id, value });
    at += 4 + length;
  }
  return fields;
}

export type ParsedBrCode = {
  payloadFormat: string;
  gui: string;
  pixKey: string;
  description: string | null;
  mcc: string;
  currency: string;
  /** "50.00", or null when the payer types it. */
  amount: string | null;
  amountMinor: bigint | null;
  country: string;
  merchantName: string;
  merchantCity: string;
  txid: string;
  crc: string;
};

/** Reads a BR Code back; throws when its CRC, structure or mandatory fields are wrong. */
export function parseBrCode(payload: string): ParsedBrCode {
  if (!/^[\x20-\x7E]+$/.test(payload)) throw new Error('a BR Code is printable ASCII');
  const crcAt = payload.length - 4;
  if (payload.slice(crcAt - 4, crcAt) !== '6304') throw new Error('the CRC field (63) must come last');
  const expected = hex4(crc16CcittFalse(payload.slice(0, crcAt)));
  const crc = payload.slice(crcAt);
  if (crc !== expected) throw new Error(`CRC mismatch: ${crc} given, ${expected} computed`);
  const fields = parseTlv(payload);
  const top = new Map(fields.map((f) => [f.id, f.value]));
  const account = parseTlv(top.get('26') ?? '');
  const sub = new Map(account.map((f) => [f.id, f.value]));
  const additional = new Map(parseTlv(top.get('62') ?? '').map((f) => [f.id, f.value]));
  const required = (value: string | undefined, what: string) => {
    if (value === undefined || value === '') throw new Error(`missing ${what}`);
    return value;
  };
  if (top.get('00') !== '01') throw new Error('payload format indicator (00) must be 01');
  if (fields[0]?.id !== '00') throw new Error('the payload format indicator must come first');
  const gui = required(sub.get('00'), 'GUI (26.00)');
  if (gui.toLowerCase() !== PIX_GUI) throw new Error(`GUI ${gui} is not ${PIX_GUI}`);
  const amount = top.get('54') ?? null;
  if (amount !== null && !/^\d{1,10}\.\d{2}$/.test(amount)) throw new Error(`amount ${amount} is not n.nn`);
  return {
    payloadFormat: '01',
    gui,
    pixKey: required(sub.get('01'), 'PIX key (26.01)'),
    description: sub.get('02') ?? null,
    mcc: required(top.get('52'), 'MCC (52)'),
    currency: required(top.get('53'), 'currency (53)'),
    amount,
    amountMinor: amount === null ? null : BigInt(amount.replace('.', '')),
    country: required(top.get('58'), 'country (58)'),
    merchantName: required(top.get('59'), 'merchant name (59)'),
    merchantCity: required(top.get('60'), 'merchant city (60)'),
    txid: required(additional.get('05'), 'txid (62.05)'),
    crc,
  };
}
