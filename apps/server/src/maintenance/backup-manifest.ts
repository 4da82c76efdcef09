import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/** What a backup directory holds, written last: a directory without it is not a finished backup. */
export const backupManifestSchema = z.object({
  format: z.literal('voxpad-backup'),
  version: z.literal(1),
  createdAt: z.string(),
  database: z.object({
    kind: z.enum(['sqlite', 'postgres']),
    /** The database file or dump in the backup directory; null when pg_dump was not available. */
    file: z.string().nullable(),
    /** Rows per table when the backup was taken. */
    rows: z.record(z.string(), z.number().int().min(0)),
  }),
  /** DATA_DIR/secret-key, kept when the server made its own key (no SECRET_KEY set). */
  secretKeyFile: z.string().nullable(),
  blobs: z.array(
    z.object({
      key: z.string(),
      sizeBytes: z.number().int().min(0),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    }),
  ),
});

export type BackupManifest = z.infer<typeof backupManifestSchema>;

export const MANIFEST_FILE = 'manifest.json';
export const BLOBS_DIR = 'blobs';
export const SQLITE_FILE = 'database.sqlite';
export const PG_DUMP_FILE = 'database.dump';

export class BackupError extends Error {
  override name = 'BackupError';
}

export async function writeManifest(dir: string, manifest: BackupManifest): Promise<void> {
  const file = path.join(dir, MANIFEST_FILE);
  await fs.writeFile(`${file}.tmp`, `${JSON.stringify(manifest, null, 2)}\n`);
  await fs.rename(`${file}.tmp`, file);
}

export async function readManifest(dir: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await fs.readFile(path.join(dir, MANIFEST_FILE), 'utf8');
  } catch {
    throw new BackupError(
      `${dir} holds no ${MANIFEST_FILE}: it is not a finished Voxpad backup (was the backup interrupted?).`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupError(`${path.join(dir, MANIFEST_FILE)} is not valid JSON: the backup is damaged.`);
  }
  const parsed = backupManifestSchema.safeParse(json);
  if (!parsed.success) {
    throw new BackupError(
      `${path.join(dir, MANIFEST_FILE)} is not a Voxpad backup manifest: ${parsed.error.issues[0]?.message ?? 'unknown problem'}.`,
    );
  }
  return parsed.data;
}
