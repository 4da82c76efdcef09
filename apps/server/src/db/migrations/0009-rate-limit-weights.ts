import type { Kysely } from 'kysely';

/**
 * A weight per rate-limit hit, so the same sliding windows that count requests (ADR 0007)
 * can also add up bytes: an upload is one hit weighing its size. Existing hits weigh 1.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('rate_limit_hits')
    .addColumn('weight', 'bigint', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('rate_limit_hits').dropColumn('weight').execute();
}
