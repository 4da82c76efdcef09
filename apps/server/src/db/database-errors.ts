/**
 * Whether an error means the database could not be reached (down, restarting, the connection
 * cut), as opposed to a query that failed: the request changed nothing and may be sent again.
 */
const UNREACHABLE_CODES = new Set([
  // The socket: nothing listening, the connection dropped, no answer.
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  // PostgreSQL's SQLSTATE class 08 (connection exception) and 57P (operator intervention:
  // shutting down, crashed, starting up).
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
]);

/** What node-postgres says when it loses or cannot get a connection (these carry no code). */
const UNREACHABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

export function isDatabaseUnreachable(error: unknown): boolean {
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnreachable);
  if (!(error instanceof Error)) return false;
  const code = (error as NodeJS.ErrnoException).code;
  return (
    (typeof code === 'string' && UNREACHABLE_CODES.has(code)) || UNREACHABLE_MESSAGES.test(error.message)
  );
}

/** Whether an insert or update broke a unique index (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
