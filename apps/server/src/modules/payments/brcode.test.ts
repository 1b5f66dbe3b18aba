import { describe, expect, it } from 'vitest';
import { buildBrCode, crc16CcittFalse, parseBrCode, parseTlv } from './brcode';

/**
 * An independent CRC-16/CCITT-FALSE: bit by bit straight from the definition (poly 0x1021, init
 * 0xFFFF, MSB first, no reflection, no final XOR), sharing nothing with the table-driven one.
 */
function crcBitwise(text: string): number {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    for (let bit = 7; bit >= 0; bit--) {
      const inBit = (byte >> bit) & 1;
      const top = (crc >> 15) & 1;
      crc = (crc << 1) & 0xffff;
      if (top ^ inBit) crc ^= 0x1021;
    }
  }
  return crc;
}

const checkIndependently = (payload: string) => {
  const body = payload.slice(0, -4);
  expect(body.endsWith('6304')).toBe(true);
  expect(payload.slice(-4)).toBe(crcBitwise(body).toString(16).toUpperCase().padStart(4, '0'));
};

describe('CRC-16/CCITT-FALSE', () => {
  it('gives the standard check value for "123456789"', () => {
    expect(crc16CcittFalse('123456789')).toBe(0x29b1);
    expect(crcBitwise('123456789')).toBe(0x29b1);
  });

  it('agrees with the bitwise implementation on many inputs', () => {
    for (let n = 0; n < 300; n++) {
      const text = Array.from({ length: n }, (_, i) => String.fromCharCode(32 + ((i * 7 + n) % 95))).join('');
      expect(crc16CcittFalse(text)).toBe(crcBitwise(text));
    }
  });

  it('validates the example payload of the Banco Central manual', () => {
    const example =
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';
    checkIndependently(example);
    expect(parseBrCode(example)).toMatchObject({
      pixKey: '123e4567-e12b-12d1-a456-426655440000',
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
      txid: '***',
      amount: null,
    });
  });
});

describe('BR Code', () => {
  const input = {
    pixKey: '2b4c3a9e-6f1d-4c8a-9b7e-1a2b3c4d5e6f',
    amountMinor: 5_000n,
    merchantName: 'Sorte Pagamentos Ltda Brasil',
    merchantCity: 'São Paulo',
    txid: 'D8F3K2M9Q1W7E5R4T6Y0U2I8',
    description: 'Depósito D8F3K2M9Q1W7E5R4T6Y0U2I8',
  };

  it('builds a payload whose CRC an independent implementation confirms', () => {
    const payload = buildBrCode(input);
    checkIndependently(payload);
    expect(payload.startsWith('000201')).toBe(true);
    expect(payload).toContain('0014br.gov.bcb.pix');
    expect(payload).toContain('52040000');
    expect(payload).toContain('5303986');
    expect(payload).toContain('540550.00');
    expect(payload).toContain('5802BR');
  });

  it('round-trips through the parser', () => {
    const parsed = parseBrCode(buildBrCode(input));
    expect(parsed).toMatchObject({
      pixKey: input.pixKey,
      amount: '50.00',
      amountMinor: 5_000n,
      currency: '986',
      mcc: '0000',
      country: 'BR',
      merchantName: 'Sorte Pagamentos Ltda Bra', // 25 characters
      merchantCity: 'Sao Paulo', // accents dropped
      txid: input.txid,
      description: 'Deposito D8F3K2M9Q1W7E5R4T6Y0U2I8',
    });
    expect(parsed.merchantName).toHaveLength(25);
  });

  it('keeps field 26 within 99 characters with a long e-mail key', () => {
    const pixKey = `${'a'.repeat(60)}@exemplo.com.br`;
    const payload = buildBrCode({ ...input, pixKey, description: 'x'.repeat(80) });
    checkIndependently(payload);
    const account = parseTlv(payload).find((f) => f.id === '26');
    expect(account?.value.length).toBeLessThanOrEqual(99);
    expect(parseBrCode(payload).pixKey).toBe(pixKey);
  });

  it('formats amounts with two decimals from minor units', () => {
    for (const [minor, text] of [
      [1n, '0.01'],
      [10n, '0.10'],
      [123_456n, '1234.56'],
      [100_000_00n, '100000.00'],
    ] as const) {
      expect(parseBrCode(buildBrCode({ ...input, amountMinor: minor })).amount).toBe(text);
    }
  });

  it('refuses a payload with a wrong CRC, a cut field or no CRC', () => {
    const payload = buildBrCode(input);
    const tampered = payload.replace('540550.00', '540551.00');
    expect(() => parseBrCode(tampered)).toThrow(/CRC mismatch/);
    expect(() => parseBrCode(payload.slice(0, -1))).toThrow();
    expect(() => parseBrCode(payload.slice(0, -8))).toThrow(/CRC field/);
    const lowerCrc = payload.slice(0, -4) + payload.slice(-4).toLowerCase();
    if (lowerCrc !== payload) expect(() => parseBrCode(lowerCrc)).toThrow(/CRC mismatch/);
  });

  it('refuses a txid that is not 1–25 letters and digits', () => {
    expect(() => buildBrCode({ ...input, txid: 'has-dash' })).toThrow(/txid/);
    expect(() => buildBrCode({ ...input, txid: 'A'.repeat(26) })).toThrow(/txid/);
  });
});
