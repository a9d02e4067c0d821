// wal.mjs — the SQLite WAL stays bounded while the server runs (issue 18:
// it was never checkpointed and grew 5.3 KB a move). Random bots play many
// 2-player games at once until WAL_MOVES moves are stored (default 100000;
// at most WAL_SECONDS, default 100), sampling the -wal file's size.
import { statSync } from 'node:fs';
import { ok, done, sleep, tempDir, startServer, http, cleanup } from './lib.mjs';

const MOVES = Number(process.env.WAL_MOVES || 100000);
const SECONDS = Number(process.env.WAL_SECONDS || 60);
const LIMIT = 16 << 20; // journal_size_limit and the held checkpoint (CK_HARD) are at 4 MiB; allow for a checkpoint in flight
const dir = tempDir('wal-');
const db = `${dir}/wal.db`;
const srv = await startServer(db, ['--rate', '0', '--bot-threads', '2', '--tables-per-addr', '1000000']);
const TABLES = 24;
const live = new Set();
const newTable = async () => { const r = await http(srv, 'POST', '/api/tables', { game: 'splendor', players: 2, seats: ['random', 'random'] }); live.add(r.json.id); };
for (let i = 0; i < TABLES; i++) await newTable();
let stored = 0, maxWal = 0, samples = 0, finishedMoves = 0;
const t0 = Date.now();
while (stored < MOVES && Date.now() - t0 < SECONDS * 1000) {
  await sleep(250);
  try { maxWal = Math.max(maxWal, statSync(`${db}-wal`).size); samples++; } catch { /* between resets */ }
  const list = (await http(srv, 'GET', '/api/tables')).json.tables;
  stored = 0;
  const all = await Promise.all([...live].map((id) => http(srv, 'GET', `/api/tables/${id}`)));
  void list;
  for (const r of all) if (r.status !== 200) throw new Error(`table: ${r.status} ${r.text}`);
  for (const r of all) stored += r.json.moves;
  stored += finishedMoves;
  for (const r of all) if (r.json.over) { finishedMoves += r.json.moves; live.delete(r.json.id); await newTable(); }
}
const secs = (Date.now() - t0) / 1000;
ok(stored >= Math.min(MOVES, 20000), `bots stored ${stored} moves in ${secs.toFixed(0)} s`);
ok(maxWal > 0 && maxWal <= LIMIT, `the WAL stayed at most ${(maxWal / 1048576).toFixed(2)} MiB over ${samples} samples (limit ${LIMIT / 1048576} MiB; unbounded it would be ~${(stored * 5300 / 1048576).toFixed(0)} MiB)`);
const code = await srv.stop();
ok(code.code === 0, 'the server stopped cleanly');
cleanup(dir);
done();
