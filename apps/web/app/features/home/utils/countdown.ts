export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Splits a remaining time into whole days, hours, minutes and seconds; never negative. */
export function splitDuration(ms: number): CountdownParts {
  const left = Number.isFinite(ms) && ms > 0 ? Math.floor(ms / SECOND) * SECOND : 0;
  return {
    days: Math.floor(left / DAY),
    hours: Math.floor((left % DAY) / HOUR),
    minutes: Math.floor((left % HOUR) / MINUTE),
    seconds: Math.floor((left % MINUTE) / SECOND),
  };
}

/** Milliseconds from `now` until the ISO 8601 `target`; 0 once it has passed or when unparsable. */
export function msUntil(target: string, now: number): number {
  const at = Date.parse(target);
  return Number.isNaN(at) ? 0 : Math.max(0, at - now);
}

/** Two digits, as countdown boxes show them ("05"); days may grow past 99. */
export function pad2(value: number): string {
  return String(value).padStart(2, '0');
}
