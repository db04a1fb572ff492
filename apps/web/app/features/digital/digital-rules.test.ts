import { DIGITAL_ORDERS_PER_PAGE as CONTRACT_PER_PAGE } from '@shop/contracts/digital';
import { describe, expect, it } from 'vitest';
import { checkPlnNumber, checkPulsaNumber, DIGITAL_ORDERS_PER_PAGE, formatSegmentPower } from './digital-rules';

describe('checkPulsaNumber', () => {
  it('finds the operator from the fourth digit, in every way a number is written', () => {
    expect(checkPulsaNumber('0812', 'telkomsel', false)).toEqual({ state: 'typing', operator: 'telkomsel' });
    expect(checkPulsaNumber('+62 812', 'telkomsel', false)).toEqual({ state: 'typing', operator: 'telkomsel' });
    expect(checkPulsaNumber('62812', 'telkomsel', false)).toEqual({ state: 'typing', operator: 'telkomsel' });
    expect(checkPulsaNumber('+', 'telkomsel', false)).toEqual({ state: 'typing', operator: null });
    expect(checkPulsaNumber('081', 'telkomsel', false)).toEqual({ state: 'typing', operator: null });
    expect(checkPulsaNumber('0812-3456-7890', 'telkomsel', false)).toEqual({
      state: 'ok',
      operator: 'telkomsel',
      local: '081234567890',
    });
    expect(checkPulsaNumber('+62 878 1234 5678', 'xl', true)).toEqual({
      state: 'ok',
      operator: 'xl',
      local: '087812345678',
    });
  });

  it('sends a number of the other pulsa operator to its page', () => {
    expect(checkPulsaNumber('0817 1234 5678', 'telkomsel', true)).toEqual({
      state: 'other_page',
      operator: 'xl',
      local: '081712345678',
    });
    expect(checkPulsaNumber('0852', 'xl', false)).toEqual({
      state: 'other_page',
      operator: 'telkomsel',
      local: '0852',
    });
  });

  it('says which rule a number breaks', () => {
    expect(checkPulsaNumber('0800 1234 5678', 'telkomsel', false)).toEqual({ state: 'unknown_prefix' });
    expect(checkPulsaNumber('0215551234', 'telkomsel', false)).toEqual({ state: 'unknown_prefix' });
    expect(checkPulsaNumber('0856 1234 5678', 'telkomsel', false)).toEqual({
      state: 'unsupported',
      operator: 'indosat',
    });
    expect(checkPulsaNumber('0812abc', 'telkomsel', false)).toEqual({ state: 'characters' });
    expect(checkPulsaNumber('0812345', 'telkomsel', false)).toEqual({ state: 'typing', operator: 'telkomsel' });
    expect(checkPulsaNumber('0812345', 'telkomsel', true)).toEqual({ state: 'too_short', operator: 'telkomsel' });
    expect(checkPulsaNumber('08123456789012', 'telkomsel', false)).toEqual({
      state: 'too_long',
      operator: 'telkomsel',
    });
    expect(checkPulsaNumber('  ', 'telkomsel', true)).toEqual({ state: 'empty' });
  });
});

describe('checkPlnNumber', () => {
  it('takes 11-digit meter numbers and 12-digit customer ids, and says when the length is wrong', () => {
    expect(checkPlnNumber('1234 5678 901', true)).toEqual({ state: 'ok', kind: 'meter', number: '12345678901' });
    expect(checkPlnNumber('123456789012', true)).toEqual({ state: 'ok', kind: 'customer_id', number: '123456789012' });
    expect(checkPlnNumber('1234', false)).toEqual({ state: 'typing' });
    expect(checkPlnNumber('1234', true)).toEqual({ state: 'length' });
    expect(checkPlnNumber('1234567890123', false)).toEqual({ state: 'length' });
    expect(checkPlnNumber('12a4', false)).toEqual({ state: 'characters' });
  });
});

describe('digital rules', () => {
  it('write the tariff and power class as a shopper reads it', () => {
    expect(formatSegmentPower('R1 /000001300')).toBe('R1 / 1300 VA');
    expect(formatSegmentPower('R1M/000000900')).toBe('R1M / 900 VA');
    expect(formatSegmentPower('R1 /1300 VA')).toBe('R1 / 1300 VA');
    expect(formatSegmentPower('Unknown class')).toBe('Unknown class');
  });

  it('page the history as the contract does', () => {
    expect(DIGITAL_ORDERS_PER_PAGE).toBe(CONTRACT_PER_PAGE);
  });
});
