import { describe, expect, it } from 'vitest';
import { addDays, calendarDay, daysEndingWith } from './calendar';

describe('calendar days of the marketplace', () => {
  it('counts a moment on the day of the time zone, not of the server', () => {
    const lateUtc = new Date('2026-03-31T18:30:00Z');
    expect(calendarDay(lateUtc, 'Asia/Jakarta')).toBe('2026-04-01');
    expect(calendarDay(lateUtc, 'UTC')).toBe('2026-03-31');
    expect(calendarDay(lateUtc, 'America/Los_Angeles')).toBe('2026-03-31');
  });

  it('steps over month and year ends, and lists the days ending with one', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(daysEndingWith('2026-01-02', 4)).toEqual(['2025-12-30', '2025-12-31', '2026-01-01', '2026-01-02']);
  });
});
