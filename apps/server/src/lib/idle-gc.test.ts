import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectWhenIdle } from './idle-gc';

describe('collectWhenIdle', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('collects once after starting and once after each busy spell, only when no request came for the idle time', () => {
    vi.useFakeTimers();
    let clock = 0;
    const gc = vi.fn();
    const idle = collectWhenIdle(gc, 1000, () => clock);
    const pass = (ms: number) => {
      clock += ms;
      vi.advanceTimersByTime(ms);
    };
    pass(900);
    expect(gc).not.toHaveBeenCalled();
    pass(600);
    expect(gc).toHaveBeenCalledTimes(1);
    // At rest: nothing more to collect.
    pass(5000);
    expect(gc).toHaveBeenCalledTimes(1);
    // Busy: a request every 300 ms never lets it run.
    for (let i = 0; i < 10; i++) {
      idle.touch();
      pass(300);
    }
    expect(gc).toHaveBeenCalledTimes(1);
    pass(1500);
    expect(gc).toHaveBeenCalledTimes(2);
    idle.stop();
    idle.touch();
    pass(5000);
    expect(gc).toHaveBeenCalledTimes(2);
  });

  it('does nothing without an exposed collector', () => {
    vi.useFakeTimers();
    const idle = collectWhenIdle(undefined, 1000);
    vi.advanceTimersByTime(5000);
    idle.touch();
    idle.stop();
  });
});
