// multi.mjs — several servers on one PostgreSQL database (tests/web/multi.sh
// starts the database): any table through any server, every move pushed by
// every server to its own clients exactly once, seats handed over anywhere,
// bot games driven by whichever server claims each move; then races: two
// servers given a move for the same table at the same instant, RACE_ROUNDS
// times (default 10000): exactly one move at each index, no gap, every ack
// matching the database. GG_PG_URL names the database.
import { execFileSync } from 'node:child_process';
import { ok, skip, done, sleep, tempDir, startServer, http, connect, join, leakCheck, cleanup, pgUrlFor } from './lib.mjs';

const ROUNDS = Number(process.env.RACE_ROUNDS || 10000);
const LANES = Number(process.env.RACE_LANES || 8);
if (!process.env.GG_PG_URL) { skip('several servers', 'GG_PG_URL not set (run tests/web/multi.sh)'); done(); }
const dir = tempDir('multi-');
const db = pgUrlFor(`${dir}/multi`);
const psql = (sql) => execFileSync(`${process.env.GG_PG_BIN || '/usr/lib/postgresql/15/bin'}/psql`,
  [db, '-Atc', sql], { encoding: 'utf8', maxBuffer: 1 << 28 }).trim();
const FLAGS = ['--rate', '0', '--tables-per-addr', '100000', '--ws-per-addr', '100000', '--bot-max-ms', '500'];
const S = [];
for (let i = 0; i < 3; i++) S.push(await startServer(db, FLAGS));
let seed = 11;
const rand = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
const pick = (a) => a[Math.floor(rand() * a.length)];

// ------------------------------------------------------------ any table, any server
{
  const r = (await http(S[0], 'POST', '/api/tables', { game: 'splendor', players: 2 })).json;
  const seen = await Promise.all(S.map((s) => http(s, 'GET', `/api/tables/${r.id}`)));
  ok(seen.every((x) => x.status === 200 && x.json.id === r.id), 'a table created on one server is found on every server', seen.map((x) => x.status));
  const a = await http(S[1], 'GET', `/api/tables/${r.id}/state?seat=0&token=${r.seats[0].token}`);
  const mv = await http(S[2], 'POST', `/api/tables/${r.id}/action`, { seat: 0, token: r.seats[0].token, action: a.json.legal[0] });
  ok(mv.status === 200 && mv.json.index === 0, 'its first move is played through a third server', mv.text);
  let moves = 0;
  for (let i = 0; i < 100 && moves !== 1; i++) { moves = (await http(S[0], 'GET', `/api/tables/${r.id}`)).json.moves; await sleep(20); }
  ok(moves === 1, 'the creating server learns of the move', moves);
  const bad = await http(S[1], 'POST', `/api/tables/${r.id}/action`, { seat: 0, token: r.seats[0].token, action: a.json.legal[0] });
  ok(bad.status === 409 && bad.json.code === 'not_your_turn', 'a server that learnt of the move refuses the same seat again', bad.text);
  ok((await http(S[1], 'GET', '/api/tables/0123456789ab')).status === 404, 'an unknown table is still unknown everywhere');
}

// ------------------------------------------------------------ people on every server
// Each table: seat j on server k+j, a spectator on the next; the players
// move at random over WebSockets until the game ends.
async function playPeople(game, players, n) {
  const tables = [];
  for (let k = 0; k < n; k++) {
    const r = (await http(S[k % 3], 'POST', '/api/tables', { game, players })).json;
    const clients = [];
    for (let j = 0; j < players; j++) clients.push(await join(S[(k + j) % 3], r.id, j, r.seats[j].token));
    clients.push(await join(S[(k + players) % 3], r.id, -1));
    tables.push({ id: r.id, clients });
  }
  const play = (c, seat) => new Promise((resolve) => {
    let sentAt = -1;
    const look = () => {
      const st = [...c.frames].reverse().find((f) => f.type === 'state');
      if (!st) return;
      if (st.over) { resolve(); return; }
      if (st.actors.includes(seat) && st.legal.length && sentAt !== st.moves) {
        sentAt = st.moves;
        c.send({ type: 'action', action: pick(st.legal), id: st.moves });
      }
    };
    c.ws.on('message', () => setImmediate(look));
    look();
  });
  const deadline = sleep(240000).then(() => 'timeout');
  const r = await Promise.race([deadline, Promise.all(tables.flatMap((t) => t.clients.map((c, j) => play(c, j < players ? j : -1))))]);
  await sleep(300); // the last frames
  const problems = [];
  for (const t of tables) {
    const rows = psql(`SELECT count(*), coalesce(max(idx), -1) FROM actions WHERE table_id = '${t.id}'`).split('|').map(Number);
    const recs = await Promise.all(S.map((s) => http(s, 'GET', `/api/tables/${t.id}/record`)));
    if (recs.some((x) => x.status !== 200 || x.text !== recs[0].text)) problems.push(`${t.id}: the servers' records differ`);
    if (rows[0] !== rows[1] + 1) problems.push(`${t.id}: ${rows[0]} rows up to index ${rows[1]}`);
    t.clients.forEach((c, who) => {
      const got = new Map();
      for (const f of c.frames) if (f.type === 'state') for (const l of f.log) {
        if (got.has(l.i)) problems.push(`${t.id} client ${who}: move ${l.i} came twice`);
        got.set(l.i, l);
      }
      for (let i = 0; i < rows[0]; i++) if (!got.has(i)) problems.push(`${t.id} client ${who}: move ${i} never came`);
    });
    // The leak check's model (a value one seat sees and the spectator not is
    // that seat's alone) fits Splendor; in Ys seats share secrets (the Spy's
    // look, Y-7.8), which it reports on a single server too.
    if (game === 'splendor') {
      const leaks = leakCheck(t.clients.slice(0, players).map((c) => c.frames), t.clients[players].frames);
      problems.push(...leaks.map((l) => `${t.id}: ${l}`));
    }
    t.clients.forEach((c) => c.close());
  }
  return { timedOut: r === 'timeout', problems, moves: tables.length };
}
for (const [game, players] of [['splendor', 2], ['ys', 3]]) {
  const res = await playPeople(game, players, 3);
  ok(!res.timedOut && res.problems.length === 0,
     `${game}: 3 tables of ${players} people, each seat and a spectator on a different server of 3, play to the end: every client got every move once, the servers agree${game === 'splendor' ? ', nothing leaks' : ''}`,
     res.problems.slice(0, 10));
}

// ------------------------------------------------------------ a seat handed over elsewhere
{
  const r = (await http(S[0], 'POST', '/api/tables', { game: 'splendor', players: 2, seats: ['human', 'human'] })).json;
  const watch = await join(S[2], r.id, 1, r.seats[1].token);
  const h = await http(S[1], 'POST', `/api/tables/${r.id}/bot`, { seat: 1, token: r.admin, bot: 'random' });
  const spect = await watch.next((f) => f.type === 'state' && f.seat === -1, 5000, 0).catch(() => null);
  ok(h.status === 200 && spect, 'a seat handed to a bot on one server turns its connection on another into a spectator', h.text);
  const st = (await http(S[0], 'GET', `/api/tables/${r.id}/state?seat=0&token=${r.seats[0].token}`)).json;
  await http(S[0], 'POST', `/api/tables/${r.id}/action`, { seat: 0, token: r.seats[0].token, action: st.legal[0] });
  let info = null;
  for (let i = 0; i < 200; i++) { info = (await http(S[2], 'GET', `/api/tables/${r.id}`)).json; if (info.moves >= 2) break; await sleep(25); }
  ok(info.moves === 2 && info.actors[0] === 0, 'the bot answers once, through one of the servers', info);
  watch.close();
}

// ------------------------------------------------------------ the lobby over servers
// A free seat of a public table taken through another server: the new token
// sits everywhere, the old one nowhere, the name and the taken seat show.
{
  const pub = (await http(S[0], 'POST', '/api/tables', { game: 'splendor', players: 2, seats: ['human', 'human'], public: true, name: 'Host' })).json;
  const t1 = await http(S[1], 'POST', `/api/tables/${pub.id}/take`, { seat: 1, name: 'Bo' });
  let info = null;
  for (let k = 0; k < 100; k++) { info = (await http(S[2], 'GET', `/api/tables/${pub.id}`)).json; if (info.seats[1].name === 'Bo') break; await sleep(20); }
  const c = await connect(S[2]);
  const refused = await c.request({ type: 'join', table: pub.id, seat: 1, token: pub.seats[1].token }, (f) => f.type === 'error' || f.type === 'state');
  const sits = await c.request({ type: 'join', table: pub.id, seat: 1, token: t1.json?.token }, (f) => f.type === 'error' || f.type === 'state');
  c.close();
  let lobby = [];
  for (let k = 0; k < 100; k++) { // S[0] hears of it within a notification's time
    lobby = (await http(S[0], 'GET', '/api/lobby')).json.tables.filter((x) => x.id === pub.id);
    if (!lobby.length) break;
    await sleep(20);
  }
  ok(t1.status === 200 && info.seats[1].name === 'Bo' && refused.code === 'bad_token' && sits.type === 'state' && sits.seat === 1 && lobby.length === 0,
     'a free seat taken from the lobby through one server: its name and new token are known on the others, the old invite is refused, the lobby shows it taken',
     { t1: t1.text.slice(0, 200), name: info.seats[1].name, refused: refused.code, sits: sits.type, lobby });
}

// Two people take the same free seat at the same instant through two servers,
// 10 times: exactly one gets it, the other is told it is taken.
{
  const res = [];
  for (let k = 0; k < 10; k++) {
    const pub = (await http(S[0], 'POST', '/api/tables', { game: 'splendor', players: 2, seats: ['human', 'human'], public: true, name: 'Host' })).json;
    const two = await Promise.all([S[1], S[2]].map((s, j) => http(s, 'POST', `/api/tables/${pub.id}/take`, { seat: 1, name: `P${j}` })));
    await sleep(50);
    const name = (await http(S[0], 'GET', `/api/tables/${pub.id}`)).json.seats[1].name;
    const won = two.filter((x) => x.status === 200);
    res.push({ codes: two.map((x) => x.json.code || x.status), ok: won.length === 1 && two.some((x) => x.json.code === 'seat_taken') && name === (two[0].status === 200 ? 'P0' : 'P1') });
  }
  ok(res.every((x) => x.ok), 'a free seat taken through two servers at once: one person gets it, the other is told it is taken', res);
}

// ------------------------------------------------------------ chat over servers
// Players on two servers chat, both at the same instant 20 times: every
// message is stored once with its own index and reaches both, in one order.
{
  const r = (await http(S[0], 'POST', '/api/tables', { game: 'splendor', players: 2 })).json;
  const A = await join(S[0], r.id, 0, r.seats[0].token);
  const B = await join(S[1], r.id, 1, r.seats[1].token);
  const acks = [];
  for (let i = 0; i < 20; i++) {
    acks.push(...await Promise.all([
      A.request({ type: 'chat', text: `a${i}` }, (f) => f.type === 'chat_ack' || f.type === 'error'),
      B.request({ type: 'chat', text: `b${i}` }, (f) => f.type === 'chat_ack' || f.type === 'error'),
    ]));
  }
  await sleep(500);
  const seen = (c) => {
    const m = new Map();
    for (const f of c.frames) if (f.type === 'chat') for (const x of f.messages) m.set(x.index ?? x.i, x.text);
    return [...m.entries()].sort((x, y) => x[0] - y[0]).map((e) => e[1]).join(',');
  };
  const stored = psql(`SELECT string_agg(text, ',' ORDER BY idx) FROM chat WHERE table_id = '${r.id}'`);
  ok(acks.every((a) => a.type === 'chat_ack') && stored.split(',').length === 40 && seen(A) === stored && seen(B) === stored,
     '40 chat messages sent at once in pairs through two servers: each stored once, both players see all in the stored order',
     { acks: acks.filter((a) => a.type !== 'chat_ack').slice(0, 3), stored, A: seen(A), B: seen(B) });
  A.close();
  B.close();
}

// ------------------------------------------------------------ undo over servers
// An undo against a bot through one server takes the moves back on another.
// (The bot's answer may draw a card, which undo never crosses: then another table.)
{
  let res = null;
  for (let attempt = 0; attempt < 6 && !res; attempt++) {
    const r = (await http(S[0], 'POST', '/api/tables', { game: 'splendor', players: 2, seats: ['human', 'random'], options: { first: 'seat0' } })).json;
    const tok = r.seats[0].token;
    let st = (await http(S[0], 'GET', `/api/tables/${r.id}/state?seat=0&token=${tok}`)).json;
    for (let k = 0; k < 100 && !st.legal.length; k++) { await sleep(20); st = (await http(S[0], 'GET', `/api/tables/${r.id}/state?seat=0&token=${tok}`)).json; }
    const before = st.moves;
    const move = st.legal.find((x) => x.startsWith('take')) || st.legal[0];
    await http(S[0], 'POST', `/api/tables/${r.id}/action`, { seat: 0, token: tok, action: move });
    await sleep(500); // the bot answers
    const spec = await join(S[1], r.id, -1);
    const u = await http(S[0], 'POST', `/api/tables/${r.id}/undo`, { seat: 0, token: tok });
    if (u.json?.code === 'cannot_undo') { spec.close(); continue; }
    let seen = null;
    for (let k = 0; k < 100; k++) { seen = (await http(S[1], 'GET', `/api/tables/${r.id}`)).json; if (seen.moves === before) break; await sleep(20); }
    const frame = await spec.next((f) => f.type === 'state' && f.moves === before, 3000, 0).catch(() => null);
    res = { ok: u.status === 200 && seen.moves === before && !!frame && Number(psql(`SELECT count(*) FROM actions WHERE table_id = '${r.id}'`)) === before,
            u: u.text.slice(0, 200), seen: seen.moves, before };
    spec.close();
  }
  ok(res && res.ok, 'an undo through one server takes the moves back on another, and its spectator is told', res);
}

// ------------------------------------------------------------ bot games over three servers
{
  const ids = [];
  for (let k = 0; k < 6; k++) {
    const game = k % 2 ? 'ys' : 'splendor';
    const players = k % 2 ? 3 : 2;
    ids.push((await http(S[k % 3], 'POST', '/api/tables', { game, players, seats: Array(players).fill('random') })).json.id);
  }
  const specs = await Promise.all(ids.flatMap((id) => S.map((s) => join(s, id, -1))));
  let infos = [];
  const deadline = Date.now() + 240000;
  while (Date.now() < deadline) {
    infos = await Promise.all(ids.map(async (id, k) => (await http(S[k % 3], 'GET', `/api/tables/${id}`)).json));
    if (infos.every((i) => i.over)) break;
    await sleep(200);
  }
  await sleep(300);
  const problems = [];
  ids.forEach((id, k) => {
    const rows = psql(`SELECT count(*), coalesce(max(idx), -1) FROM actions WHERE table_id = '${id}'`).split('|').map(Number);
    if (rows[0] !== rows[1] + 1 || rows[0] !== infos[k].moves) problems.push(`${id}: ${rows} rows, ${infos[k].moves} moves`);
    S.forEach((s, j) => {
      const c = specs[k * 3 + j];
      const got = new Map();
      for (const f of c.frames) if (f.type === 'state') for (const l of f.log) {
        if (got.has(l.i)) problems.push(`${id} spectator on server ${j}: move ${l.i} twice`);
        got.set(l.i, 1);
      }
      if (got.size !== rows[0]) problems.push(`${id} spectator on server ${j}: ${got.size} of ${rows[0]} moves`);
    });
  });
  specs.forEach((c) => c.close());
  const claims = psql(`SELECT count(DISTINCT server) FROM bot_claims`);
  ok(infos.every((i) => i.over && !i.broken) && problems.length === 0,
     `6 bot games on 3 servers end; each move stored once; spectators on every server saw each move once (claims by ${claims} servers)`,
     { problems: problems.slice(0, 10), infos: infos.map((i) => [i.id, i.moves, i.over]) });
}

// ------------------------------------------------------------ races
// A lane plays one table through two servers: for each move, the actor's
// move goes to server 0 and another legal move of the same seat to server 1
// at the same instant. Acks are kept per (table, index) and checked against
// the database at the end.
{
  const acks = new Map(); // `${table}:${index}` → [action, ...]
  let rounds = 0, both = 0, neither = 0, errors = {};
  const t0 = Date.now();
  async function lane() {
    while (rounds < ROUNDS) {
      const r = (await http(S[0], 'POST', '/api/tables', { game: 'splendor', players: 2 })).json;
      const tok = r.seats.map((s) => s.token);
      let st = (await http(S[0], 'GET', `/api/tables/${r.id}/state?seat=0&token=${tok[0]}`)).json;
      let side = 0;
      while (!st.over && rounds < ROUNDS) {
        const seat = st.actors[0];
        if (st.seat !== seat) st = (await http(S[side], 'GET', `/api/tables/${r.id}/state?seat=${seat}&token=${tok[seat]}`)).json;
        if (!st.legal.length) break;
        const a = pick(st.legal), b = pick(st.legal);
        rounds++;
        const res = await Promise.all([0, 1].map((k) => http(S[k], 'POST', `/api/tables/${r.id}/action`, { seat, token: tok[seat], action: k ? b : a })));
        const won = res.filter((x) => x.status === 200);
        res.filter((x) => x.status !== 200).forEach((x) => { errors[x.json?.code] = (errors[x.json?.code] || 0) + 1; });
        if (won.length === 2) both++;
        if (!won.length) { neither++; break; }
        for (const w of won) {
          const key = `${r.id}:${w.json.index}`;
          acks.set(key, [...(acks.get(key) || []), w.json.action]);
        }
        side = res[0].status === 200 ? 0 : 1;
        const last = won[won.length - 1].json;
        st = last.seat === last.actors?.[0] ? last : { ...last, seat: -2 };
        if (!Array.isArray(st.actors)) st = (await http(S[side], 'GET', `/api/tables/${r.id}`)).json;
      }
    }
  }
  await Promise.all(Array.from({ length: LANES }, lane));
  const secs = (Date.now() - t0) / 1000;
  const rows = psql(`SELECT table_id, idx, action FROM actions WHERE table_id IN (SELECT id FROM tables WHERE created >= ${Math.floor(t0 / 1000) - 1}) ORDER BY table_id, idx`)
    .split('\n').filter(Boolean).map((l) => l.split('|'));
  const problems = [];
  const byTable = new Map();
  for (const [id, idx, action] of rows) {
    const k = `${id}:${idx}`;
    const acked = acks.get(k);
    if (acked && (acked.length !== 1 || acked[0] !== action)) problems.push(`${k}: acked ${JSON.stringify(acked)}, stored "${action}"`);
    if (!byTable.has(id)) byTable.set(id, []);
    byTable.get(id).push(Number(idx));
  }
  for (const [id, list] of byTable) list.forEach((idx, i) => { if (idx !== i) problems.push(`${id}: index ${idx} at row ${i} (a gap)`); });
  for (const [k, v] of acks) {
    if (v.length !== 1) problems.push(`${k}: ${v.length} acks`);
    const [id, idx] = k.split(':');
    if (!byTable.has(id) || byTable.get(id)[Number(idx)] === undefined) problems.push(`${k}: acked but not stored`);
  }
  const stored = rows.filter(([id]) => acks.has(`${id}:0`)).length;
  const lost = (await Promise.all(S.slice(0, 2).map((s) => http(s, 'GET', '/healthz')))).map((x) => x.json.races_lost);
  ok(rounds >= ROUNDS && problems.length === 0 && neither === 0 && stored === acks.size,
     `${rounds} races of two servers for one index (${(rounds / secs).toFixed(0)}/s): one move stored per index, no gap, no duplicate, every ack matches the database (${both} where both moves fitted one after the other)`,
     { problems: problems.slice(0, 10), neither, stored, acks: acks.size, errors });
  ok(lost[0] + lost[1] > 0, `the database decided some races: ${lost[0] + lost[1]} moves lost their index to the other server and were checked again`, { lost, errors });
}

// ------------------------------------------------------------ expiry elsewhere
// A server that expires finished tables after a second deletes one from the
// database; a server that would keep it a week forgets it at once.
{
  const X = await startServer(db, [...FLAGS, '--expire-over', '1']);
  const r = (await http(X, 'POST', '/api/tables', { game: 'splendor', players: 2, seats: ['random', 'random'] })).json;
  let info = null;
  for (let i = 0; i < 600; i++) { info = (await http(S[0], 'GET', `/api/tables/${r.id}`)).json; if (info.over) break; await sleep(50); }
  let gone = 0;
  for (let i = 0; i < 100 && gone !== 404; i++) { await sleep(100); gone = (await http(S[0], 'GET', `/api/tables/${r.id}`)).status; }
  ok(info.over && gone === 404 && psql(`SELECT count(*) FROM tables WHERE id = '${r.id}'`) === '0',
     'a table another server expired (deleted from the database) is gone from every server', { over: info.over, gone });
  await X.stop();
}

for (const s of S) await s.stop();
cleanup(dir);
done();
