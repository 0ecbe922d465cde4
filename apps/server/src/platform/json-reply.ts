import type { FastifyReply, FastifyRequest } from 'fastify';
import { weakTag } from './conditional-get.js';
import { AppError } from './errors.js';

/**
 * Sends an already presented answer as JSON text, skipping the per-request zod serialiser (the
 * slowest step of a hot GET; see docs/decisions/011-catalogue-answers.md). The route keeps its
 * response schema for the OpenAPI document; the presenters' return types are the contract types,
 * and the tests parse every answer with the contract schemas.
 */
export function sendJson<T>(
  reply: object,
  value: T extends PromiseLike<unknown> ? never : T,
  status = 200,
): FastifyReply {
  return (reply as FastifyReply)
    .status(status)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(value) as never);
}

/**
 * JSON text with its weak entity tag: a cached answer is sent many times, and its tag is hashed
 * once, the first time a public request needs it (a signed-in one never does).
 */
export interface JsonAnswer {
  readonly text: string;
  /** The text's UTF-8 bytes, encoded once: sent as they are, where a string is measured and encoded on every send. */
  readonly bytes: Buffer;
  readonly etag: string;
}

export function jsonAnswer(value: unknown): JsonAnswer {
  const text = JSON.stringify(value);
  let etag: string | undefined;
  let bytes: Buffer | undefined;
  return {
    text,
    get bytes() {
      bytes ??= Buffer.from(text);
      return bytes;
    },
    get etag() {
      etag ??= weakTag(text);
      return etag;
    },
  };
}

/**
 * Sends JSON text made earlier (a cached answer); the ETag hook takes the answer's tag instead of
 * hashing the text again (see etagPublicJson).
 */
export function sendJsonText(reply: object, answer: JsonAnswer): FastifyReply {
  (reply as FastifyReply).jsonAnswer = answer;
  return (reply as FastifyReply).type('application/json; charset=utf-8').send(answer.bytes as never);
}

/** The first message of a failed validation, as the one Korean `detail` the client shows. */
export function firstValidationMessage(error: Error & { validation?: { message?: string }[] }): string {
  return error.validation?.[0]?.message ?? error.message ?? '요청 값이 올바르지 않습니다.';
}

/** With `attachValidation`, routes check the session first and then answer bad input in one Korean sentence. */
export function assertValid(request: FastifyRequest) {
  if (request.validationError) {
    throw AppError.badRequest(firstValidationMessage(request.validationError), 'validation_error');
  }
}
