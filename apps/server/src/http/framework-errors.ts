import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { API_ERROR_CODES } from '@voxpad/shared/api-errors';
import { handleError } from './error-handler.ts';

/**
 * Fastify answers some requests before any hook runs: an id longer than the router takes
 * (414), a broken %-escape (400). Given to `frameworkErrors`, this stamps them with the
 * request id and security headers the hooks would have set and answers in the APIs' shape
 * (the product's and allauth's are the same), like every other error.
 */
export function frameworkErrorHandler(headersFor: (request: FastifyRequest) => Record<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    reply.header('X-Request-Id', request.id).headers(headersFor(request));
    return handleError(error, request, reply);
  };
}

/**
 * Node's HTTP parser refuses some requests before Fastify sees them, most often a URL
 * (with headers) over 16 KB. Given to `clientErrorHandler`, this answers them in the APIs'
 * shape too, with the headers every API response carries.
 */
export function clientErrorHandler(headers: Record<string, string>) {
  return (error: Error & { code?: string }, socket: Socket): void => {
    // A reset connection has nobody left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, code, message] = describeClientError(error.code);
    const body = JSON.stringify({ status, errors: [{ code, message }] });
    const lines = [
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? ''}`,
      'content-type: application/json; charset=utf-8',
      `content-length: ${Buffer.byteLength(body)}`,
      'connection: close',
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    if (socket.writable) socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    socket.destroy(error);
  };
}

function describeClientError(code: string | undefined): [number, string, string] {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return [
        431,
        API_ERROR_CODES.tooLong,
        'This address, or the headers sent with it, is too long. Check the link and try again.',
      ];
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, API_ERROR_CODES.invalid, 'The request took too long to arrive. Please try again.'];
    default:
      return [400, API_ERROR_CODES.invalid, 'The request could not be read. Please try again.'];
  }
}
