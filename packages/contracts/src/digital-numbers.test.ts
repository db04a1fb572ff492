import { describe, expect, it } from 'vitest';
import {
  extractPlnToken,
  formatPlnToken,
  MOBILE_OPERATORS,
  OPERATOR_PREFIXES,
  operatorOfPrefix,
  parseMobileNumber,
  parsePlnNumber,
} from './digital-numbers';

describe('mobile numbers', () => {
  it('knows every prefix of every operator, in every way a shopper writes it', () => {
    for (const operator of MOBILE_OPERATORS) {
      for (const prefix of OPERATOR_PREFIXES[operator]) {
        const rest = prefix.slice(1); // "812"
        const local = `${prefix}12345678`; // 12 digits
        for (const typed of [
          local,
          `62${rest}12345678`,
          `+62${rest}12345678`,
          `+62 ${rest}-1234-5678`,
          `${rest}12345678`,
          `(${prefix}) 1234.5678`,
        ]) {
          expect(parseMobileNumber(typed), `${operator} ${typed}`).toEqual({
            ok: true,
            local,
            e164: `+62${rest}12345678`,
            operator,
          });
        }
      }
    }
  });

  it('gives each prefix to one operator only, and the pulsa operators the issue names', () => {
    const all = MOBILE_OPERATORS.flatMap((o) => OPERATOR_PREFIXES[o]);
    expect(new Set(all).size).toBe(all.length);
    for (const prefix of ['0811', '0812', '0813', '0821', '0822', '0823', '0851', '0852', '0853']) {
      expect(operatorOfPrefix(prefix)).toBe('telkomsel');
    }
    for (const prefix of ['0817', '0818', '0819', '0859', '0877', '0878']) expect(operatorOfPrefix(prefix)).toBe('xl');
  });

  it('accepts 10 to 13 digits in 0-form and says which rule a wrong number breaks', () => {
    expect(parseMobileNumber('0812345678')).toMatchObject({ ok: true, local: '0812345678' }); // 10
    expect(parseMobileNumber('0812345678901')).toMatchObject({ ok: true, local: '0812345678901' }); // 13
    expect(parseMobileNumber('081234567')).toEqual({ ok: false, problem: 'too_short' }); // 9
    expect(parseMobileNumber('08123456789012')).toEqual({ ok: false, problem: 'too_long' }); // 14
    expect(parseMobileNumber('')).toEqual({ ok: false, problem: 'empty' });
    expect(parseMobileNumber(' - ')).toEqual({ ok: false, problem: 'empty' });
    expect(parseMobileNumber('0812abc45678')).toEqual({ ok: false, problem: 'characters' });
    expect(parseMobileNumber('08+1234567890')).toEqual({ ok: false, problem: 'characters' });
    // Landlines, 084x (not a mobile range) and other countries.
    expect(parseMobileNumber('0215551234')).toEqual({ ok: false, problem: 'not_mobile' });
    expect(parseMobileNumber('08412345678')).toEqual({ ok: false, problem: 'not_mobile' });
    expect(parseMobileNumber('+6581234567')).toEqual({ ok: false, problem: 'not_mobile' });
    expect(parseMobileNumber('6221555123')).toEqual({ ok: false, problem: 'not_mobile' });
  });

  it('keeps a valid mobile number of an operator it does not know, with no operator', () => {
    expect(parseMobileNumber('0810 1234 5678')).toEqual({
      ok: true,
      local: '081012345678',
      e164: '+6281012345678',
      operator: null,
    });
  });

  it('names the operator from the first four digits while the number is still being typed', () => {
    expect(operatorOfPrefix('0812')).toBe('telkomsel');
    expect(operatorOfPrefix('08771')).toBe('xl');
    expect(operatorOfPrefix('081')).toBeNull();
    expect(operatorOfPrefix('0899')).toBe('tri');
  });
});

describe('PLN numbers and tokens', () => {
  it('reads an 11-digit meter number and a 12-digit customer id, separators allowed', () => {
    expect(parsePlnNumber('14234567890')).toEqual({ ok: true, kind: 'meter', number: '14234567890' });
    expect(parsePlnNumber('5321 2345 6789')).toEqual({ ok: true, kind: 'customer_id', number: '532123456789' });
    expect(parsePlnNumber('1423-456-789')).toEqual({ ok: false, problem: 'length' });
    expect(parsePlnNumber('1423-456-7890')).toEqual({ ok: true, kind: 'meter', number: '14234567890' });
    expect(parsePlnNumber('1234567890123')).toEqual({ ok: false, problem: 'length' });
    expect(parsePlnNumber('')).toEqual({ ok: false, problem: 'empty' });
    expect(parsePlnNumber('14234x67890')).toEqual({ ok: false, problem: 'characters' });
  });

  it('finds the 20-digit token in a serial number, however the provider wrote it', () => {
    const token = '12345678901234567890';
    expect(extractPlnToken(token)).toBe(token);
    expect(extractPlnToken('1234-5678-9012-3456-7890')).toBe(token);
    expect(extractPlnToken('1234 5678 9012 3456 7890/BUDI SANTOSO/R1/1300/25.5')).toBe(token);
    expect(extractPlnToken('Token: 12345678901234567890 kWh 25,5')).toBe(token);
    expect(extractPlnToken('BUDI/R1/000001300/12345678901234567890')).toBe(token);
    // Not 20 digits: none.
    expect(extractPlnToken('1234567890123456789')).toBeNull();
    expect(extractPlnToken('123456789012345678901')).toBeNull();
    expect(extractPlnToken('')).toBeNull();
  });

  it('shows the token in five groups of four', () => {
    expect(formatPlnToken('12345678901234567890')).toBe('1234 5678 9012 3456 7890');
    expect(formatPlnToken('1234-5678-9012-3456-7890')).toBe('1234 5678 9012 3456 7890');
  });
});
