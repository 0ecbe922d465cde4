import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';

/** The request line (`GET /… HTTP/1.1`) longer than this counts as "URI too long", not "headers too large". */
const LONG_REQUEST_LINE = 8 * 1024;

interface ClientError extends Error {
  code?: string;
  /** The bytes Node's parser was reading when it gave up (a Buffer, set on parser errors). */
  rawPacket?: unknown;
}

/** What Node's HTTP parser refused, as a status and the API's `{ detail, code }`. */
export function describeClientError(err: ClientError): { status: number; detail: string; code: string } {
  switch (err.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, detail: '요청 시간이 초과되었습니다.', code: 'request_timeout' };
    case 'HPE_HEADER_OVERFLOW': {
      const packet = Buffer.isBuffer(err.rawPacket) ? err.rawPacket : undefined;
      const lineEnd = packet ? packet.indexOf('\r\n') : 0;
      const longLine = packet !== undefined && (lineEnd < 0 ? packet.length : lineEnd) > LONG_REQUEST_LINE;
      return longLine
        ? { status: 414, detail: '요청 주소가 너무 깁니다.', code: 'uri_too_long' }
        : { status: 431, detail: '요청 헤더가 너무 큽니다.', code: 'headers_too_large' };
    }
    case 'HPE_INVALID_CHUNK_SIZE':
    case 'HPE_INVALID_TRANSFER_ENCODING':
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
    case 'HPE_INVALID_CONTENT_LENGTH':
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { status: 400, detail: '요청 본문의 전송 형식이 올바르지 않습니다.', code: 'malformed_body' };
    default:
      return { status: 400, detail: 'HTTP 요청 형식이 올바르지 않습니다.', code: 'malformed_request' };
  }
}

/**
 * Fastify's `clientErrorHandler`: requests Node's HTTP parser refuses before any route or hook
 * (a URL or headers over 16 KB, a malformed chunked body, garbage instead of a request line)
 * answer in the API's one error shape, JSON `{ detail, code }`, and the connection is closed.
 */
export function clientErrorHandler(this: { log: FastifyBaseLogger }, err: ClientError, socket: Socket) {
  // A reset connection has nobody to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, detail, code } = describeClientError(err);
  this.log.debug({ err }, 'client error');
  // Never write into the middle of a response that has already started on this socket.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const body = JSON.stringify({ detail, code });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'X-Content-Type-Options: nosniff\r\n' +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(err);
}
