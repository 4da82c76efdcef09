import { afterEach, beforeEach } from 'vitest';

/**
 * A test fails when the code under test calls `console.error` and the test did not say it
 * expects that: React's warnings (act, keys, state updates after unmount), failed queries
 * and uncaught promise errors all surface there, and a passing test must not hide them. A
 * test that expects an error replaces this with its own spy, e.g.
 * `vi.spyOn(console, 'error').mockImplementation(() => undefined)`, and checks the calls.
 */
const original = console.error;
let unexpected: string[] = [];

function describeArgument(value: unknown): string {
  if (value instanceof Error) return value.stack ?? value.message;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

beforeEach(() => {
  unexpected = [];
  console.error = (...args: unknown[]) => {
    unexpected.push(args.map(describeArgument).join(' '));
    original(...args);
  };
});

afterEach(() => {
  console.error = original;
  const calls = unexpected;
  unexpected = [];
  if (calls.length > 0) {
    throw new Error(
      `console.error was called ${calls.length} time(s) where the test did not expect it:\n${calls.join('\n---\n')}`,
    );
  }
});
