import { describe, expect, it } from 'vitest';
import { isReplicaTrouble, walPosition } from './replica';

describe('the read replica router', () => {
  it('tells a replica that cannot answer from a statement that failed', () => {
    const troubles: unknown[] = [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5433'), { code: 'ECONNREFUSED' }),
      Object.assign(new AggregateError([Object.assign(new Error('refused'), { code: 'ECONNREFUSED' })]), {}),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      Object.assign(new Error('canceling statement due to conflict with recovery'), { code: '40001' }),
      Object.assign(new Error('database "shoptest_x" does not exist'), { code: '3D000' }),
      Object.assign(new Error('sorry, too many clients already'), { code: '53300' }),
      Object.assign(new Error('Failed query'), {
        cause: Object.assign(new Error('admin shutdown'), { code: '57P01' }),
      }),
    ];
    for (const error of troubles) expect(isReplicaTrouble(error), String(error)).toBe(true);
    const statementErrors: unknown[] = [
      Object.assign(new Error('syntax error'), { code: '42601' }),
      Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
      // A write sent to the replica by mistake must fail, not quietly run on the primary.
      Object.assign(new Error('cannot execute INSERT in a read-only transaction'), { code: '25006' }),
      new TypeError('x is not a function'),
    ];
    for (const error of statementErrors) expect(isReplicaTrouble(error), String(error)).toBe(false);
  });

  it('compares WAL positions as numbers', () => {
    expect(walPosition('0/16B3748')).toBe(0x16b3748n);
    expect(walPosition('1/0') > walPosition('0/FFFFFFFF')).toBe(true);
    expect(walPosition('A/B374D848')).toBe((0xan << 32n) | 0xb374d848n);
    expect(() => walPosition('not a position')).toThrow();
  });
});
