import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * Adds "passwords differ" to a form resolver as soon as the confirmation is typed. A schema-level
 * refine alone stays silent until every other field is valid (zod skips object refinements after
 * an aborting issue), which would leave the user guessing.
 */
export function withPasswordMatch<TIn extends FieldValues, TContext, TOut>(
  resolver: Resolver<TIn, TContext, TOut>,
  message: string,
  password: keyof TIn & string = 'password',
  confirm: keyof TIn & string = 'password_confirm',
): Resolver<TIn, TContext, TOut> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const typed = values[confirm];
    if (typeof typed === 'string' && typed !== '' && typed !== values[password] && !result.errors?.[confirm]) {
      return { values: {}, errors: { ...result.errors, [confirm]: { type: 'validate', message } } } as never;
    }
    return result;
  };
}
