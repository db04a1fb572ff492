import type { Logger } from '../../deps';
import type { DigitalFulfilment } from './digital.fulfilment';

/**
 * The durable fulfilment job that runs in every server process: every `intervalMs` it
 * claims due digital orders (leased, so processes share the work and a crashed one lets go) and
 * settles them; `kick` runs a pass at once (after a payment was marked paid in this process).
 * State lives in the database only, so a restart picks up where any process stopped.
 */
export class DigitalJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;

  constructor(
    private readonly fulfilment: DigitalFulfilment,
    private readonly log: Logger,
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
        await this.fulfilment.runDue();
      } catch (error) {
        this.log.error({ err: error }, 'digital fulfilment pass failed');
      }
    } while (this.again && !this.stopped);
  }

  /** One pass, awaited (tests, and the owner's check). */
  async runOnce(): Promise<number> {
    return this.fulfilment.runDue();
  }
}
