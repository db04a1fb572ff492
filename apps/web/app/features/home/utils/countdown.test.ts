import { describe, expect, it } from 'vitest';
import { msUntil, pad2, splitDuration } from './countdown';

describe('splitDuration', () => {
  it('splits into days, hours, minutes and seconds', () => {
    const ms = ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000;
    expect(splitDuration(ms)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
  });

  it('drops partial seconds instead of rounding up', () => {
    expect(splitDuration(59_999)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 59 });
    expect(splitDuration(999)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('rolls over exactly at unit boundaries', () => {
    expect(splitDuration(60_000)).toEqual({ days: 0, hours: 0, minutes: 1, seconds: 0 });
    expect(splitDuration(3_600_000)).toEqual({ days: 0, hours: 1, minutes: 0, seconds: 0 });
    expect(splitDuration(86_400_000)).toEqual({ days: 1, hours: 0, minutes: 0, seconds: 0 });
    expect(splitDuration(86_399_000)).toEqual({ days: 0, hours: 23, minutes: 59, seconds: 59 });
  });

  it('is never negative', () => {
    expect(splitDuration(-1)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(splitDuration(-90_000_000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(splitDuration(Number.NaN)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('keeps counting days beyond a month', () => {
    expect(splitDuration(120 * 86_400_000).days).toBe(120);
  });
});

describe('msUntil', () => {
  const now = Date.parse('2026-03-01T10:00:00Z');

  it('measures to an ISO date with an offset', () => {
    expect(msUntil('2026-03-01T18:00:00+07:00', now)).toBe(60 * 60 * 1000);
  });

  it('is 0 for a past or unparsable date', () => {
    expect(msUntil('2026-03-01T09:59:59Z', now)).toBe(0);
    expect(msUntil('not a date', now)).toBe(0);
  });
});

describe('pad2', () => {
  it('pads to two digits and leaves longer numbers alone', () => {
    expect(pad2(0)).toBe('00');
    expect(pad2(7)).toBe('07');
    expect(pad2(123)).toBe('123');
  });
});
