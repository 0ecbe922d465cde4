import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * Which finished requests get a line at `info`: `info` every request, `writes` the requests that
 * change something or were refused (any method but GET and HEAD, or a 4xx answer) while a read
 * that succeeded is a `debug` line, `debug` none (every request is a `debug` line).
 */
export type RequestLogLevel = 'debug' | 'writes' | 'info';

export interface RequestLogOptions {
  /** `writes` in production (reads are the load balancer's access log), `debug` in the demo. */
  level: RequestLogLevel;
  /** A request slower than this many milliseconds is logged at `warn`, whatever `level` says. */
  slowMs: number;
}

/** The level of a finished request's line: `warn` for a server error or a slow answer, else by `options.level`. */
export function requestLogLevel(
  method: string,
  statusCode: number,
  responseTimeMs: number,
  options: RequestLogOptions,
): 'warn' | 'info' | 'debug' {
  if (statusCode >= 500 || responseTimeMs > options.slowMs) return 'warn';
  if (options.level !== 'writes') return options.level;
  return (method === 'GET' || method === 'HEAD') && statusCode < 400 ? 'debug' : 'info';
}

/**
 * Fastify's request logging with one flat line per request instead of two, at a level of our
 * choice: in the demo each request is a `debug` line, so `npm start` shows its banner and the
 * logged mails instead of a stream of requests, while a server error (its stack is logged at
 * `error` by the error handler) or a slow request still shows at `warn`. Production logs every
 * write and every refused request at `info` as structured JSON; a successful read, the bulk of the
 * traffic, is a `debug` line (a line cost about a fifth of a small read's time). LOG_LEVEL=debug
 * shows every request.
 */
export class QuietRequestLog extends LogController {
  readonly #options: RequestLogOptions;

  constructor(options: RequestLogOptions) {
    super();
    this.#options = options;
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const ms = reply.elapsedTime;
    const level = error ? 'error' : requestLogLevel(request.method, reply.statusCode, ms, this.#options);
    const line = { method: request.method, url: request.url, status: reply.statusCode, ms, ip: request.ip };
    reply.log[level](error ? { ...line, err: error } : line, error ? 'request errored' : 'request completed');
  }
}
