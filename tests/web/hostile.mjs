// hostile.mjs — issue 18's attacks on `gemgames serve`, each one a test that
// failed before the server was hardened: command execution through bot
// specs, deep JSON, chosen seeds, seat hand-over, headers and origins,
// storage faults, expiry, per-address caps and rate-limit fairness.
// Loopback only; every wait is bounded.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, writeFileSync, statSync, chmodSync, openSync, writeSync, closeSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import WebSocket from 'ws';
import { ok, done, sleep, tempDir, startServer, http, connect, join, cleanup, BIN } from './lib.mjs';

const dir = tempDir('hostile-');
const T = async (name, fn) => { try { await fn(); } catch (e) { ok(false, name, e.stack); } };
const G = 'splendor';
const post = (srv, path, body, headers = {}) => fetch(srv.base + path, {
  method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body),
}).then(async (r) => { const text = await r.text(); let json = null; try { json = JSON.parse(text); } catch { /* */ } return { status: r.status, json, text, headers: r.headers }; });
const up = async (srv) => (await http(srv, 'GET', '/api/games')).status === 200;
const sql = (db, q) => execFileSync('sqlite3', [db, q], { encoding: 'utf8' });

// ------------------------------------------------------------ 1. bot specs
const marker = resolve(dir, 'pwned');
const engines = `${dir}/engines.conf`;
writeFileSync(engines, `# engines offered to clients\nhouse = ${resolve(BIN)} engine --bot random\n`);
const db1 = `${dir}/one.db`;
let srv = await startServer(db1, ['--engines', engines, '--bot-max-ms', '500', '--bot-max-iters', '3000']);

await T('engine: specs', async () => {
  const evil = `engine:touch ${marker}`;
  const r1 = await post(srv, '/api/tables', { game: G, players: 2, seats: ['human', evil] });
  ok(r1.status === 400 && r1.json.code === 'bad_bot' && /not offered/.test(r1.json.message),
     'an engine: spec is refused at table creation', r1.text);
  const t = (await post(srv, '/api/tables', { game: G, players: 2, seats: ['human', 'human'] })).json;
  const r2 = await post(srv, `/api/tables/${t.id}/bot`, { seat: 1, token: t.admin, bot: evil });
  ok(r2.status === 400 && r2.json.code === 'bad_bot', 'an engine: spec is refused in the HTTP hand-over', r2.text);
  const w = await join(srv, t.id, 0, t.seats[0].token);
  const m = await w.request({ type: 'bot', bot: evil }, (f) => f.type === 'error');
  ok(m.code === 'bad_bot', 'an engine: spec is refused in the WebSocket hand-over', m);
  w.close();
  await sleep(300);
  ok(!existsSync(marker), 'no command ran');
  const info = (await http(srv, 'GET', `/api/tables/${t.id}`)).json;
  ok(info.seats.every((s) => s.kind === 'human'), 'the refused hand-overs changed nothing');
});

await T('budgets', async () => {
  for (const [spec, good] of [['ismcts:ms=100000000', false], ['ismcts:ms=501', false], ['ismcts:ms=500', true],
    ['ismcts:iters=3001', false], ['ismcts:iters=3000', true], ['ismcts:threads=2', false], ['ismcts:nodes=99999999', false],
    ['ismcts:ms=10:ms=10', false], ['ismcts:ms=10:iters=10', false], ['ismcts:rollout=heuristic:ms=50', true],
    ['ismcts:rollout=light:ms=50', true], ['ismcts:rollout=smart:ms=50', false], ['heuristic', true]]) {
    const r = await post(srv, '/api/tables', { game: G, players: 2, seats: ['human', spec] });
    ok(good ? r.status === 200 : r.status === 400 && r.json.code === 'bad_bot',
       `bot "${spec}" is ${good ? 'accepted' : 'refused'} under --bot-max-ms 500 --bot-max-iters 3000`, r.text);
  }
  const games = (await http(srv, 'GET', '/api/games')).json;
  ok(games.bots.includes('house') && games.bots.includes('ismcts:ms=300') && !games.bots.includes('ismcts:ms=1000') &&
     games.bot_limits.max_ms === 500, 'the offered bots: the built-ins within the limits and the named engine', games.bots);
});

let houseTable;
await T('named engine', async () => {
  const r = await post(srv, '/api/tables', { game: G, players: 2, seats: ['house', 'random'] });
  ok(r.status === 200 && r.json.seats[0].bot === 'house', 'a client may name an engine from the --engines file', r.text);
  houseTable = r.json.id;
  let info;
  for (let i = 0; i < 100; i++) { info = (await http(srv, 'GET', `/api/tables/${houseTable}`)).json; if (info.moves >= 4) break; await sleep(100); }
  ok(info.moves >= 4, 'the operator\'s engine plays', info);
  const bad = `${dir}/bad-engines.conf`;
  writeFileSync(bad, 'random = /bin/true\n');
  const p = spawnSync(BIN, ['serve', '--port', '0', '--db', `${dir}/x.db`, '--engines', bad], { encoding: 'utf8', timeout: 20000 });
  ok(p.status !== 0 && /built-in/.test(p.stderr), 'an engines file may not shadow a built-in bot', p.stderr);
});

await T('stored specs', async () => {
  await srv.stop();
  // A table stored before this release with an engine: spec; and the table
  // above, whose named engine the next run does not offer.
  sql(db1, `INSERT INTO tables(id, game, options, seed, seats, admin, created) VALUES('0123456789ab', 'splendor', '{"players":2,"first":"seat0"}', '5', '[{"bot":"engine:touch ${marker}"},{"bot":"random"}]', '${'a'.repeat(32)}', ${Math.floor(Date.now() / 1000)})`);
  srv = await startServer(db1, []); // no --engines now
  await sleep(1500);
  ok(!existsSync(marker), 'a stored engine: spec is never run at start');
  const legacy = (await http(srv, 'GET', '/api/tables/0123456789ab')).json;
  ok(legacy && legacy.broken === true && /engine:/.test(legacy.broken_reason), 'the table with a stored engine: spec is marked broken, with the reason', legacy);
  const house = (await http(srv, 'GET', `/api/tables/${houseTable}`)).json;
  ok(house.broken === true && /house/.test(house.broken_reason), 'an engine no longer offered is refused at start, with the reason', house);
  ok(srv.stderr().includes('table 0123456789ab: a stored bot is refused'), 'start-up says so on stderr', srv.stderr());
  await srv.stop();
});

// ------------------------------------------------------------ 2. depth
srv = await startServer(`${dir}/two.db`);
await T('depth', async () => {
  const nest = (d) => '['.repeat(d) + ']'.repeat(d);
  const at = await post(srv, '/api/tables', `{"game":"${G}","x":${nest(15)}}`);
  ok(at.status === 200, 'JSON nested 16 deep (the limit) is read', at.text);
  const past = await post(srv, '/api/tables', `{"game":"${G}","x":${nest(16)}}`);
  ok(past.status === 400 && past.json.code === 'too_deep', 'JSON nested 17 deep is refused (400 too_deep)', past.text);
  const deep = await post(srv, '/api/tables', nest(8000));
  ok(deep.status === 400 && deep.json.code === 'too_deep', '8,000-deep nesting in an HTTP body: 400', deep.text);
  const huge = await post(srv, '/api/tables', nest(100000));
  ok(huge.status === 413 || huge.status === 400, '100,000-deep nesting in an HTTP body: refused', huge.status);
  const strs = await post(srv, '/api/tables', `{"game":"${G}","x":"${'['.repeat(5000)}"}`);
  ok(strs.status === 200, 'brackets inside a string do not count', strs.text);
  const w = await connect(srv);
  const m = await w.request('{"type":"ping","x":' + nest(8000) + '}', (f) => f.type === 'error');
  ok(m.code === 'too_deep', '8,000-deep nesting in a WebSocket message: error too_deep', m);
  const m2 = await w.request('{"type":"ping","x":' + nest(15) + '}', (f) => f.type === 'pong' || f.type === 'error');
  ok(m2.type === 'pong', 'a WebSocket message nested 16 deep is read', m2);
  w.close();
  ok(await up(srv), 'the server is up after the deep messages');
});

// ------------------------------------------------------------ 3. seeds and seats
await T('seeds', async () => {
  const two = await post(srv, '/api/tables', { game: G, players: 2, seats: ['human', 'human'], seed: 42 });
  ok(two.status === 400 && two.json.code === 'seed_not_allowed', 'a chosen seed is refused at a table with two people', two.text);
  const practice = await post(srv, '/api/tables', { game: G, players: 2, seats: ['human', 'random'], seed: 42 });
  ok(practice.status === 200, 'a chosen seed is allowed for practice against bots', practice.text);
  const info = (await http(srv, 'GET', `/api/tables/${practice.json.id}`)).json;
  const spec = await join(srv, practice.json.id, -1);
  const st = spec.frames.findLast((f) => f.type === 'state');
  ok(info.seed === 42 && st.table.seed === 42, 'a chosen seed is shown to everyone at the table', info);
  spec.close();
  const rnd = (await post(srv, '/api/tables', { game: G, players: 2, seats: ['human', 'human'] })).json;
  ok(!('seed' in (await http(srv, 'GET', `/api/tables/${rnd.id}`)).json), 'a server-chosen seed stays secret during play');
});

await T('hand-over', async () => {
  const t = (await post(srv, '/api/tables', { game: G, players: 2, seats: ['human', 'human'] })).json;
  const old = await join(srv, t.id, 1, t.seats[1].token);
  const watcher = await join(srv, t.id, -1);
  await old.next((f) => f.type === 'state' && f.table.spectators === 1, 5000, 0);
  const from = old.frames.length;
  const r = await post(srv, `/api/tables/${t.id}/bot`, { seat: 1, token: t.admin, bot: 'random' });
  ok(r.status === 200, 'the creator hands seat 1 to a bot', r.text);
  const p0 = await join(srv, t.id, 0, t.seats[0].token);
  // Seat 0 moves; the bot answers; the old holder keeps watching.
  const st = p0.frames.findLast((f) => f.type === 'state');
  await p0.request({ type: 'action', action: st.legal[0] }, (f) => f.type === 'ack');
  await watcher.next((f) => f.type === 'state' && f.moves >= 2, 10000, 0);
  await sleep(300);
  const after = old.frames.slice(from).filter((f) => f.type === 'state');
  const specByMoves = new Map(watcher.frames.filter((f) => f.type === 'state').map((f) => [f.moves, JSON.stringify(f.view)]));
  ok(after.length >= 2 && after.every((f) => f.seat === -1 && f.legal.length === 0 && JSON.stringify(f.view) === specByMoves.get(f.moves)),
     "after the hand-over the old holder's connection gets only the spectator's view", after.map((f) => [f.seat, f.moves]));
  const m = await old.request({ type: 'action', action: 'pass' }, (f) => f.type === 'error');
  ok(m.code === 'spectator', 'and cannot move for the seat', m);
  for (const c of [old, watcher, p0]) c.close();
});

// ------------------------------------------------------------ 4. headers, origins, methods, bytes
await T('headers', async () => {
  for (const path of ['/', '/index.html', '/js/common.js', '/vendor/preact/dist/preact.module.js', '/api/games']) {
    const r = await fetch(srv.base + path, { headers: { Origin: 'http://evil.example' } });
    const csp = r.headers.get('content-security-policy') || '';
    ok(r.status === 200 && /default-src 'none'/.test(csp) && /script-src 'self' 'sha256-/.test(csp) && /frame-ancestors 'none'/.test(csp) &&
       r.headers.get('x-content-type-options') === 'nosniff' && !r.headers.get('access-control-allow-origin'),
       `GET ${path}: CSP, nosniff, no CORS`, [...r.headers]);
    await r.arrayBuffer();
  }
  const pre = await fetch(srv.base + '/api/tables', { method: 'OPTIONS', headers: { Origin: 'http://evil.example', 'Access-Control-Request-Method': 'POST' } });
  ok(!pre.headers.get('access-control-allow-origin') && pre.status >= 400, 'a CORS preflight is not granted', [pre.status, ...pre.headers]);
  for (const [method, path] of [['PUT', '/vendor/preact/dist/preact.module.js'], ['DELETE', '/vendor/htm/dist/htm.module.js'],
    ['POST', '/index.html'], ['PUT', '/x.html'], ['DELETE', '/'], ['PATCH', '/js/common.js']]) {
    const r = await fetch(srv.base + path, { method, body: method === 'DELETE' ? undefined : 'x' });
    ok(r.status === 405, `${method} ${path} is refused (405)`, r.status);
  }
  const before = (await http(srv, 'GET', '/api/tables')).json.tables.length;
  const xs = await fetch(srv.base + '/api/tables', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ game: G, seats: ['human', 'random'] }) });
  ok(xs.status === 415, 'a cross-site text/plain POST is refused (415)', xs.status);
  const evil = await post(srv, '/api/tables', { game: G }, { Origin: 'http://evil.example' });
  ok(evil.status === 403 && evil.json.code === 'bad_origin', 'a POST from another origin is refused (403)', evil.text);
  ok((await http(srv, 'GET', '/api/tables')).json.tables.length === before, 'neither made a table');
  const big = await post(srv, '/api/tables', { game: G, players: 1e10 });
  ok(big.status === 400 && big.json.code === 'bad_options', '"players": 1e10 is refused (400)', big.text);
  const seat = await post(srv, '/api/tables/000000000000/action', { seat: 1e10, action: 'x' });
  ok(seat.status === 404 || seat.status === 400, '"seat": 1e10 is refused', seat.text);
  ok(await up(srv), 'the server is up');
});

const wsOpen = (url, origin) => new Promise((resolve) => {
  const ws = new WebSocket(url, origin ? { origin } : {});
  ws.on('open', () => { ws.close(); resolve(true); });
  ws.on('error', () => resolve(false));
  ws.on('unexpected-response', () => resolve(false));
});
await T('origins', async () => {
  ok(!(await wsOpen(srv.ws, 'http://evil.example')), 'a WebSocket from another origin is refused');
  ok(await wsOpen(srv.ws, `http://127.0.0.1:${srv.port}`), 'a WebSocket from the same origin is accepted');
  ok(await wsOpen(srv.ws), 'a WebSocket without an Origin (not a browser page) is accepted');
});

await T('utf8', async () => {
  const w = await connect(srv);
  for (const [what, bytes] of [['a lone continuation byte', [0x80]], ['an overlong slash', [0xc0, 0xaf]],
    ['a UTF-16 surrogate', [0xed, 0xa0, 0x80]], ['a cut sequence', [0xe2, 0x82]], ['a code point above U+10FFFF', [0xf4, 0x90, 0x80, 0x80]]]) {
    const buf = Buffer.concat([Buffer.from('{"type":"'), Buffer.from(bytes), Buffer.from('"}')]);
    const from = w.frames.length;
    w.ws.send(buf, { binary: false });
    const m = await w.next((f) => f.type === 'error' || f.type === 'unparsable', 5000, from);
    ok(m.code === 'bad_utf8', `invalid UTF-8 in a text frame (${what}) is refused`, m);
  }
  const m = await w.request('{"type":"h\u00e9llo"}', (f) => f.type === 'error');
  ok(m.code === 'bad_request' && !w.closed, 'valid UTF-8 still reads (and the reply is valid UTF-8: the client stays open)', m);
  w.close();
});
const code = await srv.stop();
ok(code.code === 0, 'the server stops cleanly (no leak reported under ASan)', [code, srv.stderr().slice(-3000)]);

// A server with its allowed origins configured.
srv = await startServer(`${dir}/three.db`, ['--allowed-origin', 'https://games.example']);
await T('allowed origins', async () => {
  ok(await wsOpen(srv.ws, 'https://games.example'), 'an --allowed-origin page may open a WebSocket');
  ok(!(await wsOpen(srv.ws, `http://127.0.0.1:${srv.port}`)), 'with --allowed-origin set, only the listed origins are');
});
await srv.stop();

// ------------------------------------------------------------ 5. storage
await T('deleted db', async () => {
  const db = `${dir}/gone.db`;
  srv = await startServer(db);
  const t = (await post(srv, '/api/tables', { game: G, players: 2, seats: ['human', 'human'] })).json;
  const p0 = await join(srv, t.id, 0, t.seats[0].token);
  for (const f of [db, `${db}-wal`, `${db}-shm`]) rmSync(f, { force: true });
  const st = p0.frames.findLast((f) => f.type === 'state');
  const m = await p0.request({ type: 'action', action: st.legal[0] }, (f) => f.type === 'ack' || f.type === 'error');
  ok(m.type === 'error' && m.code === 'storage', 'after the database is deleted a move is not acknowledged', m);
  const r = await post(srv, '/api/tables', { game: G }).catch(() => ({ status: 0 }));
  ok(r.status === 503 || r.status === 0, 'nor a new table (503)', r.status);
  const exit = await Promise.race([new Promise((res) => srv.proc.on('exit', (c) => res(c))), sleep(8000).then(() => 'still running')]);
  ok(exit !== 'still running' && exit !== 0 && /gone/.test(srv.stderr()), 'the server exits non-zero with a clear message', [exit, srv.stderr().slice(-500)]);
  if (exit === 'still running') await srv.kill();
});

await T('read-only db', async () => {
  // the folder stays writable (SQLite's -wal and -shm files), the file is not
  const rodir = tempDir('hostile-ro-');
  chmodSync(rodir, 0o777);
  const db = `${rodir}/ro.db`;
  srv = await startServer(db);
  await post(srv, '/api/tables', { game: G });
  await srv.stop();
  chmodSync(db, 0o444);
  // root ignores file modes: run the server as nobody then.
  const asRoot = process.getuid && process.getuid() === 0;
  const cmd = asRoot ? 'setpriv' : BIN;
  const args = [...(asRoot ? ['--reuid=65534', '--regid=65534', '--clear-groups', BIN] : []), 'serve', '--port', '0', '--host', '127.0.0.1', '--db', db];
  const p = spawnSync(cmd, args, { encoding: 'utf8', timeout: 20000 });
  ok(p.status !== 0 && /not writable|readonly|read-only/.test(p.stderr), 'a read-only database is refused at start, with the reason', [p.status, p.stderr]);
  cleanup(rodir);
});

await T('integrity', async () => {
  const db = `${dir}/bad.db`;
  srv = await startServer(db, ['--bot-delay', '0']);
  for (let i = 0; i < 6; i++) await post(srv, '/api/tables', { game: G, players: 2, seats: ['random', 'random'] });
  await sleep(3000);
  await srv.stop();
  const size = statSync(db).size;
  const fd = openSync(db, 'r+');
  writeSync(fd, Buffer.alloc(4096, 0x5a), 0, 4096, Math.min(2 * 4096, size - 4096)); // page 3
  closeSync(fd);
  const p = spawnSync(BIN, ['serve', '--port', '0', '--host', '127.0.0.1', '--db', db], { encoding: 'utf8', timeout: 20000 });
  ok(p.status !== 0 && /integrity|malformed|corrupt/i.test(p.stderr), 'a damaged database is refused at start, with the reason', [p.status, p.stderr]);
});

await T('broken with reason', async () => {
  const db = `${dir}/replay.db`;
  srv = await startServer(db);
  const a = (await post(srv, '/api/tables', { game: G, players: 2, seats: ['random', 'random'] })).json;
  const b = (await post(srv, '/api/tables', { game: G, players: 2, seats: ['random', 'random'] })).json;
  await sleep(2000);
  await srv.stop();
  sql(db, `UPDATE actions SET action = 'nonsense' WHERE table_id = '${a.id}' AND idx = 3`);
  sql(db, `DELETE FROM actions WHERE table_id = '${b.id}' AND idx = 2`);
  srv = await startServer(db);
  const ia = (await http(srv, 'GET', `/api/tables/${a.id}`)).json;
  const ib = (await http(srv, 'GET', `/api/tables/${b.id}`)).json;
  ok(ia.broken && /move 3/.test(ia.broken_reason) && ia.moves === 3, 'a move that does not replay: broken, with the reason', ia);
  ok(ib.broken && /move 2 is missing/.test(ib.broken_reason) && ib.moves === 2, 'a missing move: broken, with the reason', ib);
  await srv.stop();
});

await T('expiry', async () => {
  const db = `${dir}/expire.db`;
  srv = await startServer(db, ['--expire-over', '2', '--expire-idle', '4']);
  const over = (await post(srv, '/api/tables', { game: G, players: 2, seats: ['random', 'random'] })).json;
  const idle = (await post(srv, '/api/tables', { game: G, players: 2, seats: ['human', 'human'] })).json;
  const watched = (await post(srv, '/api/tables', { game: G, players: 2, seats: ['human', 'human'] })).json;
  const w = await join(srv, watched.id, -1);
  let gone = false;
  for (let i = 0; i < 80 && !gone; i++) { await sleep(250); gone = (await http(srv, 'GET', `/api/tables/${over.id}`)).status === 404; }
  ok(gone, 'a finished table expires (--expire-over)');
  let idleGone = false;
  for (let i = 0; i < 40 && !idleGone; i++) { await sleep(250); idleGone = (await http(srv, 'GET', `/api/tables/${idle.id}`)).status === 404; }
  ok(idleGone, 'an abandoned table expires (--expire-idle)');
  ok((await http(srv, 'GET', `/api/tables/${watched.id}`)).status === 200, 'a table someone is connected to stays');
  w.close();
  await srv.stop();
  ok(sql(db, `SELECT count(*) FROM tables WHERE id IN ('${over.id}','${idle.id}')`).trim() === '0' &&
     sql(db, `SELECT count(*) FROM actions WHERE table_id = '${over.id}'`).trim() === '0', 'expired tables are deleted from the store');
});

// ------------------------------------------------------------ 5/6. caps and rate limits per address
await T('per-address', async () => {
  srv = await startServer(`${dir}/caps.db`, ['--trusted-proxy', '127.0.0.1', '--tables-per-addr', '3', '--rate', '1']);
  const as = (ip) => ({ 'X-Forwarded-For': `203.0.113.9, ${ip}` });
  const a = [];
  for (let i = 0; i < 4; i++) a.push(await post(srv, '/api/tables', { game: G }, as('198.51.100.1')));
  ok(a.slice(0, 3).every((r) => r.status === 200) && a[3].status === 429 && a[3].json.code === 'too_many_tables',
     'the fourth table from one address is refused (--tables-per-addr 3)', a.map((r) => r.status));
  const b = await post(srv, '/api/tables', { game: G }, as('198.51.100.2'));
  ok(b.status === 200, 'another address may still create tables', b.text);
  // Rate limits: one address floods; another is served; the flood is not reset by it.
  await sleep(3500);
  const flood = await Promise.all(Array.from({ length: 90 }, () => post(srv, '/api/tables', { game: 'nosuch' }, as('198.51.100.3'))));
  const limited = flood.filter((r) => r.status === 429).length;
  const other = await Promise.all(Array.from({ length: 10 }, () => post(srv, '/api/tables', { game: 'nosuch' }, as('198.51.100.4'))));
  const again = (await Promise.all(Array.from({ length: 5 }, () => post(srv, '/api/tables', { game: 'nosuch' }, as('198.51.100.3')))))
    .filter((r) => r.status === 429).length;
  ok(limited >= 10 && other.every((r) => r.status === 400) && again >= 3,
     'a flood from one address is limited (after its burst of 60) while another address is served, and its bucket is not reset',
     { limited, other: other.map((r) => r.status), again });
  // IPv6: one bucket per /64.
  const v6 = (ip) => post(srv, '/api/tables', { game: 'nosuch' }, as(ip));
  await Promise.all(Array.from({ length: 90 }, () => v6('2001:db8:1:2::1')));
  const same64 = await v6('2001:db8:1:2:ffff::9');
  const other64 = await v6('2001:db8:1:3::1');
  ok(same64.status === 429 && other64.status === 400, 'IPv6 addresses share a bucket per /64, and only per /64', [same64.status, other64.status]);
  await srv.stop();
  // Without --trusted-proxy, X-Forwarded-For is ignored.
  srv = await startServer(`${dir}/noproxy.db`, ['--rate', '1']);
  const spoof = await Promise.all(Array.from({ length: 90 }, (_, i) => post(srv, '/api/tables', { game: 'nosuch' }, as(`198.51.100.${10 + i}`))));
  ok(spoof.filter((r) => r.status === 429).length >= 10, 'a forged X-Forwarded-For does not escape the limit', spoof.map((r) => r.status));
  await srv.stop();
});

// ------------------------------------------------------------ WebSockets per address
await T('ws per address', async () => {
  const s = await startServer(`${dir}/wsaddr.db`, ['--ws-per-addr', '3', '--trusted-proxy', '127.0.0.1']);
  const open = (headers = {}) => new Promise((res) => {
    const w = new WebSocket(s.ws, { headers });
    w.on('open', () => res(w));
    w.on('error', () => res(null));
    w.on('unexpected-response', () => res(null));
  });
  const mine = [await open(), await open(), await open()];
  const fourth = await open();
  const other = await open({ 'X-Forwarded-For': '198.51.100.77' });
  ok(mine.every(Boolean) && !fourth && other, 'the fourth WebSocket from one address is refused (--ws-per-addr 3); another address still connects');
  mine[0].close();
  await sleep(500);
  const again = await open();
  ok(again, 'after one closes, that address may connect again');
  for (const w of [...mine, fourth, other, again]) if (w) w.terminate();
  await s.stop();
});

// ------------------------------------------------------------ SIGTERM while bots think
await T('sigterm', async () => {
  const s = await startServer(`${dir}/term.db`);
  for (let i = 0; i < 3; i++) await post(s, '/api/tables', { game: G, players: 2, seats: ['ismcts:ms=2000', 'ismcts:ms=2000'] });
  await sleep(1000);
  const t0 = performance.now();
  const code = await Promise.race([s.stop(), sleep(15000).then(() => 'still running')]);
  const secs = (performance.now() - t0) / 1000;
  ok(code !== 'still running' && code.code === 0 && secs < 6,
     `SIGTERM stops the server while bots think at the largest budget (--bot-max-ms 2000): ${secs.toFixed(1)} s`, code);
  if (code === 'still running') await s.kill();
});

// ------------------------------------------------------------ the command line
await T('options', async () => {
  const help = spawnSync(BIN, ['serve', '--help'], { encoding: 'utf8', timeout: 20000 });
  ok(help.status === 0 && /usage: gemgames serve/.test(help.stdout) && /--allowed-origin/.test(help.stdout) && /--engines/.test(help.stdout),
     'serve --help prints its usage on stdout and exits 0', help);
  for (const args of [['--bogus'], ['--port', 'x'], ['--port'], ['--rate', '-1'], ['--threads', '999999999999999999999'], ['stray']]) {
    const p = spawnSync(BIN, ['serve', ...args], { encoding: 'utf8', timeout: 20000 });
    ok(p.status === 2 && p.stderr.includes(args[0]), `serve ${args.join(' ')}: exit 2, naming it`, [p.status, p.stderr]);
  }
  const s = await startServer(`${dir}/host.db`);
  ok(s.port > 0, 'the start-up line names --host ("listening on http://127.0.0.1:PORT/")');
  await s.stop();
});

cleanup(dir);
done();
