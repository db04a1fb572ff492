import type { Logger } from '../deps';
import { jobCounts } from './runtime-stats';

/**
 * A durable job that runs in every server process: every `intervalMs` it runs a pass (which
 * claims its work with a lease in the database, so processes share it and a crashed one lets
 * go); `kick` runs a pass at once. State lives in the database only, so a restart picks up where
 * any process stopped. Digital fulfilment and catalogue imports run on it.
 */
export class PeriodicJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;

  /** `pass` answers how much it did; `name` is for the log line of a failed pass. */
  constructor(
    private readonly pass: () => Promise<number>,
    private readonly log: Logger,
    private readonly name: string,
  ) {}

  /** Starts the passes (0: never, as in tests that drive `runOnce` themselves). */
  start(intervalMs: number) {
    if (intervalMs <= 0 || this.timer) return;
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), intervalMs);
    this.timer.unref();
    this.kick();
  }

  /** Stops the passes and waits for the one under way (before the database closes). */
  async stop() {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.again = false;
    await this.running;
  }

  /** A pass now (or right after the one under way); nothing when the job is not started. */
  kick() {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.loop().finally(() => {
      this.running = null;
    });
  }

  private async loop() {
    do {
      this.again = false;
      try {
        await this.pass();
        jobCounts(this.name).ok++;
      } catch (error) {
        jobCounts(this.name).failed++;
        this.log.error({ err: error }, `${this.name} pass failed`);
      }
    } while (this.again && !this.stopped);
  }

  /** One pass, awaited (tests, and the owner's check). */
  async runOnce(): Promise<number> {
    return this.pass();
  }
}
