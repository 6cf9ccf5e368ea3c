import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyServerOptions } from 'fastify';
import { errorBody, sendError } from './error-handler.js';
import { langOfUrl } from './lang.js';

/**
 * Answers the server gives before a route runs, in the error catalogue's shape and the caller's
 * language (issue 11): the router's (a malformed URL, a path parameter over the length limit) and
 * Node's HTTP parser's (a request line or headers too large, a bad header byte, a timeout).
 */
export const frameworkErrorOptions: Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> = {
  frameworkErrors: (error, request, reply) => {
    sendError(request, reply, error);
  },
  clientErrorHandler: clientErrorAnswer,
};

/** What the HTTP parser refused, as a status and catalogue entry. */
type ClientError = Error & { code?: string; rawPacket?: unknown };

const rawText = (error: ClientError) => (Buffer.isBuffer(error.rawPacket) ? error.rawPacket.toString('latin1') : '');

function classify(error: ClientError): [number, string, string] {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'REQUEST_TIMEOUT', 'errors.requestTimeout'];
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    // The request line alone did not fit: the address is what is too long.
    const raw = rawText(error);
    const lineEnd = raw.indexOf('\n');
    return lineEnd >= 0 && lineEnd < 8192
      ? [431, 'HEADERS_TOO_LARGE', 'errors.headersTooLarge']
      : [414, 'URI_TOO_LONG', 'errors.uriTooLong'];
  }
  return [400, 'BAD_REQUEST', 'errors.badRequest'];
}

export function clientErrorAnswer(error: ClientError, socket: Socket): void {
  // A connection reset or an already closed socket: there is nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, key] = classify(error);
  const firstLine = rawText(error).split('\n', 1)[0] ?? '';
  const target = firstLine.split(' ')[1];
  const body = JSON.stringify(errorBody(langOfUrl(target), status, code, key));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
