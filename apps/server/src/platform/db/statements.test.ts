import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inPageOrder, shapedConditions, statementsByShape } from './statements.js';

/** A query stand-in that records how it was run. */
function fakeQuery(log: string[], shape: string) {
  return {
    prepare(name: string) {
      log.push(`prepare ${shape} ${name === '' ? 'unnamed' : 'named'}`);
      return { execute: async (values: Record<string, unknown>) => [`${shape}:${values.v}`] };
    },
    execute: async (values: Record<string, unknown>) => {
      log.push(`run ${shape}`);
      return [`${shape}:${values.v}`];
    },
  };
}

describe('statements built once per shape', () => {
  it('builds a shape once, names it only for plan "once", and runs shapes past the limit unnamed each time', async () => {
    const log: string[] = [];
    let builds = 0;
    const byKey = statementsByShape<string[]>('t', 'once');
    const run = (shape: string, v: number) =>
      byKey(
        shape,
        () => {
          builds++;
          return fakeQuery(log, shape);
        },
        { v },
      );
    expect(await run('a', 1)).toEqual(['a:1']);
    expect(await run('a', 2)).toEqual(['a:2']);
    expect(builds).toBe(1);
    expect(log).toEqual(['prepare a named']);

    for (let i = 1; i < 64; i++) await run(`s${i}`, i);
    expect(builds).toBe(64);
    log.length = 0;
    // The 65th shape is built and run for each request, never kept as a statement.
    expect(await run('extra', 7)).toEqual(['extra:7']);
    expect(await run('extra', 8)).toEqual(['extra:8']);
    expect(builds).toBe(66);
    expect(log).toEqual(['run extra', 'run extra']);

    const lists = statementsByShape<string[]>('l', 'each-run');
    const unnamedLog: string[] = [];
    await lists('x', () => fakeQuery(unnamedLog, 'x'), { v: 1 });
    expect(unnamedLog).toEqual(['prepare x unnamed']);
  });
});

describe('inPageOrder', () => {
  it("puts rows read by key back in the page's order, leaving out ids with no row", () => {
    const rows = [{ id: 3 }, { id: 9 }, { id: 1 }];
    expect(inPageOrder([9, 4, 1, 3], rows).map((r) => r.id)).toEqual([9, 1, 3]);
  });
});

describe('shapedConditions', () => {
  it('names each added part in the shape, never a value, and gathers the values', () => {
    const c = shapedConditions([sql`a = ${sql.placeholder('a')}`], { a: 1 });
    c.add('m', sql`m = ${sql.placeholder('m')}`, { m: 7 });
    c.add('k0', []);
    c.add('q', [sql`x`, sql`y`], { q: '사과', pattern: '%사과%' });
    const { shape, values, where } = c.done();
    expect(shape).toBe('mk0q');
    expect(values).toEqual({ a: 1, m: 7, q: '사과', pattern: '%사과%' });
    expect(where).toBeDefined();
  });
});
