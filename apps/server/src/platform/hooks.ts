import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** A step of request handling that is synchronous in the common case and answers a promise only when it has to wait. */
export type RequestStep = (this: FastifyInstance, request: FastifyRequest) => void | Promise<void>;

/**
 * The onRequest/preHandler hook form of a step: a callback hook that calls on at once when the step
 * finished synchronously. An async hook costs a promise and a microtask turn per request, which
 * showed on the small hot answers (docs/decisions/025-per-request-costs.md).
 */
export function stepHook(step: RequestStep) {
  return function hook(
    this: FastifyInstance,
    request: FastifyRequest,
    _reply: FastifyReply,
    done: (err?: Error) => void,
  ) {
    let waiting: void | Promise<void>;
    try {
      waiting = step.call(this, request);
    } catch (err) {
      return done(err as Error);
    }
    if (waiting) waiting.then(() => done(), done);
    else done();
  };
}
