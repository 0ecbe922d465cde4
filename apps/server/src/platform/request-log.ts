import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

export type RequestLogLevel = 'debug' | 'info';

export interface RequestLogOptions {
  /** Level of an ordinary finished request: `info` in production, `debug` in the demo. */
  level: RequestLogLevel;
  /** A request slower than this many milliseconds is logged at `warn`, whatever `level` says. */
  slowMs: number;
}

/** The level of a finished request's line: `warn` for a server error or a slow answer, else the configured one. */
export function requestLogLevel(
  statusCode: number,
  responseTimeMs: number,
  options: RequestLogOptions,
): 'warn' | RequestLogLevel {
  if (statusCode >= 500 || responseTimeMs > options.slowMs) return 'warn';
  return options.level;
}

/**
 * Fastify's request logging with one line per request instead of two, at a level of our choice:
 * in the demo each request is a `debug` line, so `npm start` shows its banner and the logged mails
 * instead of a stream of requests, while a server error (its stack is logged at `error` by the
 * error handler) or a slow request still shows at `warn`. Production keeps an `info` line per
 * request as structured JSON. LOG_LEVEL=debug shows every request in the demo too.
 */
export class QuietRequestLog extends LogController {
  readonly #options: RequestLogOptions;

  constructor(options: RequestLogOptions) {
    super();
    this.#options = options;
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const responseTime = reply.elapsedTime;
    const level = error ? 'error' : requestLogLevel(reply.statusCode, responseTime, this.#options);
    reply.log[level](
      { req: request, res: reply, responseTime, ...(error ? { err: error } : {}) },
      error ? 'request errored' : 'request completed',
    );
  }
}
