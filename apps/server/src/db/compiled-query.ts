import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './database.ts';

const NAME = Symbol('parameter name');
type Marker = { readonly [NAME]: string };

function isMarker(value: unknown): value is Marker {
  return typeof value === 'object' && value !== null && NAME in value;
}

/** Stand-ins for the parameters while the query is built: `params.owner` is a marker. */
const markers = new Proxy({}, { get: (_target, name): Marker => ({ [NAME]: String(name) }) }) as Record<
  string,
  unknown
>;

/**
 * A hot query built and compiled by Kysely once per database, then run with fresh values.
 * Building and compiling a small query costs about as much as running it on SQLite, so the
 * few queries on every request (session, pad list) skip that work. While building, each
 * `params.x` is a stand-in; the compiled parameter list swaps them for the real values.
 *
 *   const byId = compiledQuery<{ id: string }, Row>((db, p) => db.selectFrom('t').where('id', '=', p.id));
 */
export function compiledQuery<Params extends Record<string, unknown>, Row>(
  build: (db: Db, params: Params) => Compilable<Row>,
): (db: Db, values: Params) => Promise<Row[]> {
  const compiled = new WeakMap<Db, CompiledQuery<Row>>();
  return async (db, values) => {
    let query = compiled.get(db);
    if (!query) {
      // The stand-ins never leave the compiled parameter list.
      query = build(db, markers as Params).compile();
      compiled.set(db, query);
    }
    const parameters = query.parameters.map((p) => (isMarker(p) ? values[p[NAME]] : p));
    const result = await db.executeQuery<Row>({ ...query, parameters });
    return result.rows;
  };
}
