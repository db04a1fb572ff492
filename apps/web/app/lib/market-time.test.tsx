import { describe, expect, it } from 'vitest';
import {
  formatCalendarDay,
  formatMarketTime,
  isoToMarketWallClock,
  marketWallClockToIso,
  marketYear,
} from './market-time';

/** 16:05 UTC: 23:05 in Jakarta (UTC+7), 01:05 the next day in Tokyo (UTC+9). */
const AT = '2026-11-20T16:05:00.000Z';

describe('formatMarketTime', () => {
  it('writes the moment in the zone it is given, whatever the zone of the machine', () => {
    expect(formatMarketTime(AT, 'en', 'Asia/Jakarta', 'dateTime')).toBe('Nov 20, 2026, 11:05 PM');
    expect(formatMarketTime(AT, 'en', 'Asia/Tokyo', 'dateTime')).toBe('Nov 21, 2026, 01:05 AM');
    expect(formatMarketTime(AT, 'en', 'Asia/Jakarta', 'date')).toBe('Nov 20, 2026');
    expect(formatMarketTime(AT, 'en', 'Asia/Jakarta', 'longDate')).toBe('November 20, 2026');
    expect(formatMarketTime(AT, 'en', 'Asia/Jakarta', 'dateTimeZone')).toMatch(/^Nov 20, 2026, 11:05 PM GMT\+7$/);
    expect(formatMarketTime(AT, 'id', 'Asia/Jakarta', 'dateTime')).toBe('20 Nov 2026, 23.05');
  });

  it('writes chat times as "hh:mm a, DD MMM, YYYY"', () => {
    expect(formatMarketTime(AT, 'en', 'Asia/Jakarta', 'chat')).toBe('11:05 pm, 20 Nov, 2026');
    expect(formatMarketTime('2026-11-20T01:02:00Z', 'en', 'Asia/Jakarta', 'chat')).toBe('08:02 am, 20 Nov, 2026');
  });

  it('is empty for a value that is not a date, and falls back to the default zone for an unknown one', () => {
    expect(formatMarketTime('not a date', 'en', 'Asia/Jakarta', 'dateTime')).toBe('');
    expect(formatMarketTime(AT, 'en', 'Mars/Olympus_Mons', 'dateTime')).toBe('Nov 20, 2026, 11:05 PM');
  });

  it('gives the year of the zone (the © line turns over at the marketplace’s midnight)', () => {
    expect(marketYear('Asia/Jakarta', new Date('2026-12-31T18:00:00Z'))).toBe(2027);
    expect(marketYear('UTC', new Date('2026-12-31T18:00:00Z'))).toBe(2026);
  });

  it('writes a calendar day as that day in any zone, and nothing for a value that is not a day', () => {
    expect(formatCalendarDay('2026-11-24', 'en', 'dayMonth')).toBe('Nov 24');
    expect(formatCalendarDay('2026-01-01', 'en', 'date')).toBe('Jan 1, 2026');
    expect(formatCalendarDay('2026-11-24', 'id', 'dayMonth')).toBe('24 Nov');
    expect(formatCalendarDay('2026-11-24T00:00:00Z', 'en', 'date')).toBe('');
    expect(formatCalendarDay('2026-13-45', 'en', 'date')).toBe('');
  });

  it('reads a date-time input as the wall clock of the zone, and writes a moment back as that clock', () => {
    expect(marketWallClockToIso('2026-11-24T09:30', 'Asia/Jakarta')).toBe('2026-11-24T02:30:00.000Z');
    expect(marketWallClockToIso('2026-11-24T00:15', 'Asia/Tokyo')).toBe('2026-11-23T15:15:00.000Z');
    // Across a change of offset: summer and winter time in New York.
    expect(marketWallClockToIso('2026-07-01T12:00', 'America/New_York')).toBe('2026-07-01T16:00:00.000Z');
    expect(marketWallClockToIso('2026-12-01T12:00', 'America/New_York')).toBe('2026-12-01T17:00:00.000Z');
    expect(isoToMarketWallClock('2026-11-24T02:30:00.000Z', 'Asia/Jakarta')).toBe('2026-11-24T09:30');
    expect(isoToMarketWallClock('2026-12-01T17:00:00Z', 'America/New_York')).toBe('2026-12-01T12:00');
    expect(marketWallClockToIso('2026-02-30T10:00', 'Asia/Jakarta')).toBeNull();
    expect(marketWallClockToIso('tomorrow', 'Asia/Jakarta')).toBeNull();
    expect(isoToMarketWallClock('nope', 'Asia/Jakarta')).toBe('');
  });
});
