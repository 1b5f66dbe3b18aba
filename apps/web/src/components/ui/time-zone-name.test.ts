import { describe, expect, it } from 'vitest';
import { timeZoneName } from './time-zone-name';

describe('time zone name', () => {
  const at = new Date('2026-11-25T12:00:00Z');

  it('names the zone in the reader language with its offset, never the raw zone id', () => {
    expect(timeZoneName('America/Sao_Paulo', 'en', at)).toBe('Brasilia Standard Time (GMT-3)');
    expect(timeZoneName('America/Sao_Paulo', 'pt', at)).toBe('Horário Padrão de Brasília (GMT-3)');
    for (const language of ['en', 'pt', 'es', 'bn']) {
      expect(timeZoneName('America/Sao_Paulo', language, at)).not.toContain('Sao_Paulo');
      expect(timeZoneName('Asia/Dhaka', language, at)).not.toContain('Dhaka');
    }
  });
});
