import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.js';
import { QuietRequestLog, requestLogLevel } from './request-log.js';

/** What a finished request writes, by level. */
function finish(log: QuietRequestLog, statusCode: number, elapsedTime: number, error?: Error) {
  const lines: Record<string, unknown[][]> = {};
  const logger = Object.fromEntries(
    ['trace', 'debug', 'info', 'warn', 'error', 'fatal'].map((level) => [
      level,
      vi.fn((...args: unknown[]) => {
        lines[level] = [...(lines[level] ?? []), args];
      }),
    ]),
  );
  const reply = { statusCode, elapsedTime, log: logger } as unknown as FastifyReply;
  log.incomingRequest();
  log.requestCompleted(error, {} as FastifyRequest, reply);
  return lines;
}

describe('request log lines', () => {
  it('writes one debug line per ordinary request in the demo, hidden at the default info level', () => {
    const demo = loadConfig({});
    expect(demo.logLevel).toBe('info');
    expect(demo.requestLog).toEqual({ level: 'debug', slowMs: 1_000 });
    const lines = finish(new QuietRequestLog(demo.requestLog), 200, 12);
    expect(Object.keys(lines)).toEqual(['debug']);
    expect(lines.debug?.[0]?.[1]).toBe('request completed');
    expect(Object.keys(finish(new QuietRequestLog(demo.requestLog), 404, 3))).toEqual(['debug']);
  });

  it('still shows server errors and slow requests at warn, and a failed answer at error', () => {
    const options = loadConfig({ SLOW_REQUEST_MS: '500' }).requestLog;
    const log = new QuietRequestLog(options);
    expect(Object.keys(finish(log, 503, 4))).toEqual(['warn']);
    expect(Object.keys(finish(log, 200, 501))).toEqual(['warn']);
    expect(Object.keys(finish(log, 200, 499))).toEqual(['debug']);
    expect(Object.keys(finish(log, 200, 4, new Error('socket hang up')))).toEqual(['error']);
  });

  it('keeps an info line per request in production, and REQUEST_LOG_LEVEL chooses otherwise', () => {
    const production = loadConfig({ NODE_ENV: 'production' }).requestLog;
    expect(production.level).toBe('info');
    expect(requestLogLevel(200, 5, production)).toBe('info');
    expect(requestLogLevel(500, 5, production)).toBe('warn');
    expect(loadConfig({ REQUEST_LOG_LEVEL: 'info' }).requestLog.level).toBe('info');
    expect(loadConfig({ NODE_ENV: 'production', REQUEST_LOG_LEVEL: 'debug' }).requestLog.level).toBe('debug');
  });
});
