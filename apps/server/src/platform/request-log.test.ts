import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.js';
import { QuietRequestLog, requestLogLevel } from './request-log.js';

/** What a finished request writes, by level. */
function finish(log: QuietRequestLog, statusCode: number, elapsedTime: number, error?: Error, method = 'GET') {
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
  const request = { method, url: '/api/posts/7', ip: '203.0.113.9' } as FastifyRequest;
  log.requestCompleted(error, request, reply);
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

  it('logs every write and refused request at info in production, a successful read at debug', () => {
    const production = loadConfig({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'sandbox' }).requestLog;
    expect(production.level).toBe('writes');
    const log = new QuietRequestLog(production);
    expect(Object.keys(finish(log, 200, 5))).toEqual(['debug']);
    expect(Object.keys(finish(log, 304, 5))).toEqual(['debug']);
    expect(Object.keys(finish(log, 404, 5))).toEqual(['info']);
    expect(Object.keys(finish(log, 401, 5))).toEqual(['info']);
    const write = finish(log, 201, 5, undefined, 'POST');
    expect(Object.keys(write)).toEqual(['info']);
    // One flat line: what was asked, by whom, the answer and its time.
    expect(write.info?.[0]).toEqual([
      { method: 'POST', url: '/api/posts/7', status: 201, ms: 5, ip: '203.0.113.9' },
      'request completed',
    ]);
    expect(Object.keys(finish(log, 200, 5, undefined, 'DELETE'))).toEqual(['info']);
    expect(Object.keys(finish(log, 503, 5))).toEqual(['warn']);
    expect(requestLogLevel('HEAD', 200, 5, production)).toBe('debug');
    expect(requestLogLevel('GET', 200, 5_000, production)).toBe('warn');
  });

  it('REQUEST_LOG_LEVEL chooses otherwise: info logs every request, debug none', () => {
    const every = loadConfig({
      NODE_ENV: 'production',
      PAYMENT_GATEWAY: 'sandbox',
      REQUEST_LOG_LEVEL: 'info',
    }).requestLog;
    expect(requestLogLevel('GET', 200, 5, every)).toBe('info');
    expect(requestLogLevel('GET', 500, 5, every)).toBe('warn');
    const none = loadConfig({
      NODE_ENV: 'production',
      PAYMENT_GATEWAY: 'sandbox',
      REQUEST_LOG_LEVEL: 'debug',
    }).requestLog;
    expect(requestLogLevel('POST', 201, 5, none)).toBe('debug');
    expect(loadConfig({ REQUEST_LOG_LEVEL: 'writes' }).requestLog.level).toBe('writes');
  });
});
