import { createDatabase } from '../apps/server/src/db/database.ts';
import { searchVoiceNotes } from '../apps/server/src/search/search-service.ts';
const dir = process.argv[2]!;
const kind = (process.argv[3] ?? 'sqlite') as 'sqlite' | 'postgres';
const db = createDatabase(kind === 'sqlite' ? { kind, file: `${dir}/voxpad.sqlite` } : { kind, url: dir });
const user = await db.selectFrom('users').select('id').where('username_key', '=', 'searcher').executeTakeFirstOrThrow();
for (const q of process.argv.slice(4)) {
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    const page = await searchVoiceNotes({ db, dialect: kind }, { ownerId: user.id, q, limit: 20, offset: 0 });
    console.log(JSON.stringify(q), (performance.now() - t).toFixed(1), 'ms', page.results.length);
  }
}
await db.destroy();
