/** Time source of the whole API; tests move it instead of sleeping. Never settable over HTTP. */
export interface Clock {
  now(): Date;
  /** Waits `ms` (a deliberate slow-down, such as the one of an account under guessing). */
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => new Date(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export class ManualClock implements Clock {
  /** Every wait asked of this clock, in order: tests read what a real clock would have slept. */
  readonly slept: number[] = [];

  constructor(private current = new Date('2026-01-15T03:00:00Z')) {}
  now() {
    return new Date(this.current);
  }
  /** Answers at once and records the wait; the time moves only when the test moves it. */
  async sleep(ms: number) {
    this.slept.push(ms);
  }
  set(date: Date) {
    this.current = new Date(date);
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}
