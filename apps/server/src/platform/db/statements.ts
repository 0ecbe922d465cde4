import { and, type SQL } from 'drizzle-orm';

/** What a query builder with `sql.placeholder`s offers: a prepared query, or one run. */
interface Preparable<R> {
  prepare(name: string): { execute(values: Record<string, unknown>): Promise<R> };
  execute(values: Record<string, unknown>): Promise<R>;
}

/** Statement names are unique in the process (PostgreSQL keeps them per connection). */
let named = 0;

/** Shapes kept per reader; past it a new shape is built for each run. */
const SHAPES_MAX = 64;

/**
 * Hot read queries built once per shape instead of per request (docs/decisions/026-built-once.md):
 * the caller builds its query with `sql.placeholder`s and names its shape (which conditions and
 * which order it has, never a value), and later runs of the shape skip the query builder.
 *
 * `plan: 'once'` makes it a named statement: PostgreSQL parses it once per connection and may
 * keep a generic plan, which suits look-ups by key. `plan: 'each-run'` sends it as the unnamed
 * statement (the empty name of PostgreSQL's protocol), planned for each run's values as before:
 * lists and searches must be, since a generic plan cannot know whether a LIKE pattern is rare or
 * which offset is asked (on 20,000 products a generic search plan took 170 ms, the custom one 2).
 * PGlite ignores the names. Past SHAPES_MAX shapes a new one is built for each run, so odd filter
 * combinations cannot pile up statements.
 *
 * Only for the pool (`db`): a transaction runs on its own connection and builds its queries.
 */
export function statementsByShape<R>(prefix: string, plan: 'once' | 'each-run') {
  const byShape = new Map<string, { execute(values: Record<string, unknown>): Promise<R> }>();
  return (shape: string, build: () => Preparable<R>, values: Record<string, unknown>): Promise<R> => {
    let statement = byShape.get(shape);
    if (!statement) {
      const query = build();
      if (byShape.size >= SHAPES_MAX) return query.execute(values);
      statement = query.prepare(plan === 'once' ? `${prefix}_${++named}` : '');
      byShape.set(shape, statement);
    }
    return statement.execute(values);
  };
}

/**
 * Rows read by key (`= any($ids)`, which keeps no order) put back in the order of the page's ids.
 * A list page is read as its ids first, from an ordering index alone, then its rows by key
 * (docs/decisions/027-page-ids-then-rows.md).
 */
export function inPageOrder<R extends { id: number }>(ids: number[], rows: R[]): R[] {
  const position = new Map(ids.map((id, i) => [id, i]));
  return rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
}

/**
 * A query's conditions with placeholders, and its shape for `statementsByShape`: each `add` names
 * its part of the shape (never a value), adds its conditions and the values of their placeholders.
 */
export function shapedConditions(base: SQL[], baseValues: Record<string, unknown>) {
  const where = [...base];
  const values = { ...baseValues };
  const shape: string[] = [];
  return {
    add(part: string, conditions: SQL | SQL[], partValues: Record<string, unknown> = {}) {
      shape.push(part);
      where.push(...[conditions].flat());
      Object.assign(values, partValues);
    },
    done: () => ({ where: and(...where), shape: shape.join(''), values }),
  };
}
