// multi_crash.mjs — kill -9 a random one of three servers on one PostgreSQL
// database during bot games, MULTI_KILLS times (default 50), and start it
// again: nothing acknowledged is lost (every ack is in the database at its
// index), every game finishes (the survivors take over the dead server's bot
// moves once its claims run out), and every client resumes: spectators whose
// server died join again on another one from where they were, and end with
// every move exactly as stored. GG_PG_URL names the database (multi_crash.sh).
import { execFileSync } from 'node:child_process';
import { ok, skip, done, sleep, tempDir, startServer, http, Client, cleanup, pgUrlFor } from './lib.mjs';

const KILLS = Number(process.env.MULTI_KILLS || 50);
if (!process.env.GG_PG_URL) { skip('kill -9 of one of several servers', 'GG_PG_URL not set (run tests/web/multi_crash.sh)'); done(); }
const dir = tempDir('mcrash-');
const db = pgUrlFor(`${dir}/mcrash`);
const psql = (sql) => execFileSync(`${process.env.GG_PG_BIN || '/usr/lib/postgresql/15/bin'}/psql`,
  [db, '-Atc', sql], { encoding: 'utf8', maxBuffer: 1 << 26 }).trim();
const FLAGS = ['--bot-delay', '15', '--bot-max-ms', '100', '--rate', '0', '--tables-per-addr', '100000', '--ws-per-addr', '100000'];
const S = [];
for (let i = 0; i < 3; i++) S.push(await startServer(db, FLAGS));
const up = [true, true, true];
let seed = 5;
const rand = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
const live = () => { const l = [0, 1, 2].filter((i) => up[i]); return S[l[Math.floor(rand() * l.length)]]; };

const tables = [];
async function newBotTable(k) {
  const game = k % 2 ? 'ys' : 'splendor';
  const n = k % 2 ? 3 : 2;
  for (;;) {
    try {
      const r = await http(live(), 'POST', '/api/tables', { game, players: n, seats: Array(n).fill('random') });
      if (r.status === 200) { tables.push(r.json.id); return r.json.id; }
    } catch { /* that server just died */ }
    await sleep(20);
  }
}
for (let k = 0; k < 6; k++) await newBotTable(k);
const human = (await http(S[0], 'POST', '/api/tables', { game: 'splendor', players: 2, seats: ['human', 'random'] })).json;
tables.push(human.id);
const token = human.seats[0].token;
const acked = new Map(); // index → notation
let ackConflicts = 0;

// A spectator per table that follows it through any live server; when its
// server dies it joins again elsewhere. Its log is kept as index → text.
const watchers = new Map();
function watch(id) {
  const w = watchers.get(id) || { log: new Map(), dupes: [], joins: 0, over: false };
  watchers.set(id, w);
  const srv = live();
  const c = new Client(srv.ws);
  w.c = c;
  c.ws.on('error', () => {});
  c.opened.then(() => { w.joins++; c.send({ type: 'join', table: id, seat: -1 }); }).catch(() => {});
  c.ws.on('message', (d) => {
    let m;
    try { m = JSON.parse(d.toString()); } catch { return; }
    if (m.type !== 'state') return;
    for (const l of m.log) {
      const had = w.log.get(l.i);
      if (had !== undefined && had !== l.text) w.dupes.push(`${id} move ${l.i}: "${had}" then "${l.text}"`);
      w.log.set(l.i, l.text);
    }
    if (m.over) w.over = true;
  });
  c.ws.on('close', () => { if (!w.over && !stopping) setTimeout(() => watch(id), 20); });
}
let stopping = false;
tables.forEach(watch);

// The client plays seat 0 of its table over HTTP through any live server.
let stopClient = false;
const client = (async () => {
  while (!stopClient) {
    try {
      const srv = live();
      const st = await http(srv, 'GET', `/api/tables/${human.id}/state?seat=0&token=${token}`);
      if (st.json.over) break;
      if (!st.json.legal.length) { await sleep(10); continue; }
      const a = st.json.legal[Math.floor(rand() * st.json.legal.length)];
      const r = await http(srv, 'POST', `/api/tables/${human.id}/action`, { seat: 0, token, action: a });
      if (r.status === 200) {
        if (acked.has(r.json.index) && acked.get(r.json.index) !== r.json.action) ackConflicts++;
        acked.set(r.json.index, r.json.action);
      }
    } catch { await sleep(20); }
  }
})();

function storedMoves() {
  const m = new Map();
  for (const line of psql(`SELECT table_id, idx, seat, action FROM actions`).split('\n').filter(Boolean)) {
    const [id, idx, seat, action] = line.split('|');
    m.set(`${id}:${idx}`, { seat: Number(seat), action });
  }
  return m;
}

const lost = [];
let kills = 0, killsDuringPlay = 0;
for (; kills < KILLS; kills++) {
  if (kills % 3 === 2) watch(await newBotTable(kills));
  await sleep(50 + rand() * 300);
  // Some game must be in play at the kill: start one more if all are over.
  const inPlay = () => [...watchers.values()].some((w) => w.log.size > 1 && !w.over);
  for (let fresh = 0; !inPlay() && fresh < 5; fresh++) {
    const id = await newBotTable(kills + fresh);
    watch(id);
    for (let i = 0; i < 200 && watchers.get(id).log.size < 2; i++) await sleep(10);
  }
  const k = Math.floor(rand() * 3);
  if (inPlay()) killsDuringPlay++;
  up[k] = false;
  await S[k].kill();
  // What was acknowledged or shown before the kill is in the database.
  const stored = storedMoves();
  for (const [i, a] of acked) {
    const row = stored.get(`${human.id}:${i}`);
    if (!row || row.seat !== 0 || row.action !== a) lost.push(`kill ${kills + 1}: acknowledged move ${i} "${a}" is ${row ? row.action : 'missing'}`);
  }
  for (const [id, w] of watchers) {
    const shown = Math.max(-1, ...w.log.keys());
    if (shown >= 0 && !stored.has(`${id}:${shown}`)) lost.push(`kill ${kills + 1}: ${id} move ${shown} was shown but is not stored`);
  }
  S[k] = await startServer(db, FLAGS);
  up[k] = true;
}
ok(kills === KILLS && killsDuringPlay === KILLS, `a random one of 3 servers was killed with SIGKILL ${KILLS} times during bot games and started again`, { killsDuringPlay });
ok(lost.length === 0 && ackConflicts === 0, 'nothing acknowledged or shown was lost', { lost: lost.slice(0, 10), ackConflicts });
ok(acked.size > 0, `the client's moves through any server were acknowledged (${acked.size})`);

// Every game ends, seen the same from every server.
const deadline = Date.now() + 240000;
let infos = [];
while (Date.now() < deadline) {
  infos = await Promise.all(tables.map(async (id) => (await http(live(), 'GET', `/api/tables/${id}`)).json));
  if (infos.every((i) => i.over)) break;
  await sleep(250);
}
stopClient = true;
await client;
ok(infos.every((i) => i.over && !i.broken), `every game (${tables.length}) continues to its end after the kills`, infos.map((i) => [i.id, i.moves, i.over, i.broken_reason]));
await sleep(1000); // the last frames
const stored = storedMoves();
const resumed = [];
for (const [id, w] of watchers) {
  const n = [...stored.keys()].filter((k) => k.startsWith(`${id}:`)).length;
  if (w.log.size !== n) resumed.push(`${id}: the spectator holds ${w.log.size} of ${n} moves after ${w.joins} joins`);
  resumed.push(...w.dupes);
}
// A client that missed frames asks any server from the last move it had.
for (const [id, w] of watchers) {
  const n = w.log.size, from = Math.floor(n / 2);
  const st = (await http(live(), 'GET', `/api/tables/${id}/state?seat=-1&log_from=${from}`)).json;
  if (st.log_from !== from || st.log.length !== n - from || st.log.some((l, k) => l.i !== from + k || l.text !== w.log.get(l.i)))
    resumed.push(`${id}: asking from move ${from} gave ${st.log_from}, ${st.log.length} lines`);
}
const joins = [...watchers.values()].reduce((a, w) => a + w.joins, 0);
ok(resumed.length === 0 && joins > watchers.size,
   `every spectator resumed on another server when its own died (${joins} joins for ${watchers.size} tables) and ends with every move once, as stored; asking any server from a move index gives the rest`, resumed.slice(0, 10));
const records = await Promise.all(S.map((s) => http(s, 'GET', `/api/tables/${human.id}/record`)));
ok(records.every((r) => r.status === 200 && r.text === records[0].text) &&
   [...acked].every(([i, a]) => records[0].json.actions[i]?.action === a && records[0].json.actions[i]?.seat === 0),
   'the three servers give the same record, holding every acknowledged move at its index');
stopping = true;
for (const w of watchers.values()) w.c.close();
for (const s of S) await s.stop();
cleanup(dir);
done();
