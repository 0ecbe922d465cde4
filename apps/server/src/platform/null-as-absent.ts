import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * Null where a field is optional means "absent": many clients write `"imp_uid": null` for a value
 * they do not have (a points-only payment has no gateway id). The contracts declare optional
 * fields with `.optional()` or a default, which refuse null; instead of repeating `.nullish()` and
 * a transform in every schema (and in the web forms that share them), the server drops a null
 * value of an optional field that does not itself accept null before validating a JSON body.
 * A field that accepts null keeps it (null then means what its schema says, e.g. "clear").
 * See docs/decisions/031-private-answers-refusals-and-reviews.md.
 */

type Schema = z.core.$ZodType;
type Def = { type: string; innerType?: Schema; in?: Schema; getter?: () => Schema; shape?: Record<string, Schema> };

const defOf = (schema: Schema) => schema._zod.def as unknown as Def;

/** The object or array schema under wrappers (optional, nullable, default, pipe, lazy, ...), if any. */
function container(schema: Schema, depth = 0): Schema | undefined {
  if (depth > 20) return undefined;
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
    case 'array':
      return schema;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return def.innerType ? container(def.innerType, depth + 1) : undefined;
    case 'pipe':
      return def.in ? container(def.in, depth + 1) : undefined;
    case 'lazy':
      return def.getter ? container(def.getter(), depth + 1) : undefined;
    default:
      return undefined;
  }
}

const nullMeansAbsentCache = new WeakMap<Schema, boolean>();

/** Whether a field of an object may be left out but refuses null: there null is read as absent. */
export function nullMeansAbsent(field: Schema): boolean {
  let known = nullMeansAbsentCache.get(field);
  if (known === undefined) {
    const optional = field._zod.optin === 'optional' || field._zod.optin === 'defaulted';
    known = optional && !(field as z.ZodType).safeParse(null).success;
    nullMeansAbsentCache.set(field, known);
  }
  return known;
}

/** Drops, in place, every null value of an optional field that refuses null, in nested objects and arrays too. */
export function dropNullOptionals(schema: Schema, value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth > 32) return value;
  const found = container(schema);
  if (!found) return value;
  const def = defOf(found);
  if (def.type === 'array') {
    const element = (def as unknown as { element: Schema }).element;
    if (Array.isArray(value)) for (const item of value) dropNullOptionals(element, item, depth + 1);
    return value;
  }
  if (Array.isArray(value)) return value;
  const shape = def.shape ?? {};
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const field = Object.hasOwn(shape, key) ? shape[key] : undefined;
    if (!field) continue;
    if (record[key] === null) {
      if (nullMeansAbsent(field)) delete record[key];
    } else dropNullOptionals(field, record[key], depth + 1);
  }
  return value;
}

/** fastify-type-provider-zod's validator, reading null as absent in request bodies (above). */
export const nullTolerantValidatorCompiler: typeof validatorCompiler = (route) => {
  const validate = validatorCompiler(route);
  if (route.httpPart !== 'body') return validate;
  const schema = route.schema as unknown as Schema;
  return (data) => validate(dropNullOptionals(schema, data));
};
