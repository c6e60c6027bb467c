import type { FastifyRequest, FastifyServerOptions } from 'fastify';

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

const REDACTED = '[redacted]';
/** A path segment or query key that is a plain word, so names a place in the API rather than a person's data. */
const PLAIN_WORD = /^[A-Za-z_.-]{1,40}$/;

/**
 * The request as the log names it: the route template (`/api/appointments/:id`), never the values in the URL.
 * An unmatched URL, or one taken by a wildcard route (the web app's pages, `/*`), keeps its plain-word segments
 * and query keys; numbers, encoded text and every query value are redacted, since a mistyped or probing URL can
 * carry a phone number, an ID number or a place.
 */
export function requestForLog(request: Pick<FastifyRequest, 'url'> & { routeOptions?: { url?: string } }): string {
  const template = request.routeOptions?.url;
  if (template && !template.includes('*')) return template;
  const [path, query] = splitOnce(request.url, '?');
  const shownPath = path
    .split('/')
    .map((segment) => (segment === '' || PLAIN_WORD.test(segment) ? segment : REDACTED))
    .join('/');
  if (query === undefined) return shownPath;
  const keys = query
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => splitOnce(pair, '=')[0])
    .map((key) => `${PLAIN_WORD.test(key) ? key : REDACTED}=${REDACTED}`);
  return `${shownPath}?${keys.join('&')}`;
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at === -1 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

// A type, not an interface, so that it fits the logger's serializer type with its index signature.
type LoggedError = {
  type: string;
  message: string;
  stack: string;
  code?: string;
  statusCode?: number;
  cause?: LoggedError;
};

/**
 * An error as the log keeps it: type, message, stack, code, status and cause, nothing else. Errors carry more as
 * properties (a failed query's `params`, PostgreSQL's `detail` with the clashing row, a request's body), which is
 * personal data. A failed query's message also lists its parameters, and PostgreSQL's data-exception messages
 * (SQLSTATE class 22) quote the value they refused: both are cut out.
 */
export function errorForLog(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error))
    return { type: typeof error, message: '(thrown value that is not an Error)', stack: '' };
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  let message = error.message.replace(/\nparams: [\s\S]*$/, '');
  if (typeof code === 'string' && code.startsWith('22')) message = message.replace(/"[^"]*"/g, `"${REDACTED}"`);
  return {
    type: error.constructor.name,
    message,
    stack: (error.stack ?? '').replace(error.message, message),
    ...(typeof code === 'string' && { code }),
    ...(typeof statusCode === 'number' && { statusCode }),
    ...(error.cause !== undefined && depth < 3 && { cause: errorForLog(error.cause, depth + 1) }),
  };
}

/**
 * The logger the server runs with (server.ts) and the logging test uses. Request lines carry the request id,
 * method, route (`requestForLog`), status and response time; never query values, headers or the client's
 * address (personal data; nothing is kept of it, not even a hash, since a hash of an IPv4 address is reversible
 * by trying them all).
 */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    serializers: {
      req: (request) => ({ method: request.method, url: requestForLog(request) }),
      res: (reply) =>
        reply.request
          ? { method: reply.request.method, url: requestForLog(reply.request), statusCode: reply.statusCode }
          : { statusCode: reply.statusCode },
      err: (error) => errorForLog(error),
    },
    // Nothing above logs headers; should a line ever carry them, these still never reach the log.
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  };
}
