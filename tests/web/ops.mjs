// ops.mjs — server operations (issue 28): the request and table log (text
// and --log-json, silent with --quiet; client bytes escaped, no token, no
// move text), GET /healthz (200 while the store is healthy, 503 when its file
// is gone), and a graceful stop: SIGTERM while clients move over HTTP and
// WebSocket → exit 0, and every move stored was acknowledged and every
// acknowledged move stored (checked by restarting on the same database).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { BIN, ok, done, sleep, tempDir, startServer, http, join, cleanup } from './lib.mjs';

const dir = tempDir('ops-');

// A server that logs (startServer passes --quiet); its stderr kept.
async function startLogging(db, extra = []) {
  const proc = spawn(BIN, ['serve', '--port', '0', '--host', '127.0.0.1', '--db', db,
                           '--bot-delay', '0', ...extra], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '', out = '';
  proc.stderr.on('data', (d) => { err += d; });
  const exited = new Promise((r) => proc.on('exit', (code, sig) => r({ code, sig })));
  const port = await new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('server did not start: ' + err)), 20000);
    proc.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/listening on http:\/\/127\.0\.0\.1:(\d+)\//);
      if (m) { clearTimeout(t); resolve(Number(m[1])); }
    });
  });
  return { port, proc, base: `http://127.0.0.1:${port}`, ws: `ws://127.0.0.1:${port}/ws`,
           stderr: () => err, exited, stop() { proc.kill('SIGTERM'); return exited; } };
}
// Waits (bounded) until the log has a line matching re; a request's line is
// written just after its reply.
async function logged(srv, re, ms = 5000) {
  for (const t0 = Date.now(); Date.now() - t0 < ms; await sleep(50))
    if (srv.stderr().split('\n').some((l) => re.test(l))) return true;
  return false;
}
const post = (srv, path, body) => http(srv, 'POST', path, body);

// Plays a two-person Splendor table over HTTP: the seat to act plays its first legal move.
async function httpMove(srv, t) {
  const st = (await http(srv, 'GET', `/api/tables/${t.id}/state?seat=0&token=${t.seats[0].token}`)).json;
  const seat = st.actors[0];
  const mine = (await http(srv, 'GET', `/api/tables/${t.id}/state?seat=${seat}&token=${t.seats[seat].token}`)).json;
  return post(srv, `/api/tables/${t.id}/action`, { seat, token: t.seats[seat].token, action: mine.legal[0] });
}

// ------------------------------------------------------------ the log, text
{
  const srv = await startLogging(`${dir}/log.db`);
  const t = (await post(srv, '/api/tables', { game: 'splendor', players: 2, seats: ['human', 'human'] })).json;
  const r = await httpMove(srv, t);
  ok(r.status === 200, 'a move over HTTP is acknowledged', r.text);
  await post(srv, `/api/tables/${t.id}/bot`, { seat: 1, token: t.seats[1].token, bot: 'random' });
  await post(srv, `/api/tables/${t.id}/bot`, { seat: 0, token: t.admin, bot: 'random' });
  let over = false;
  for (const t0 = Date.now(); !over && Date.now() - t0 < 20000; await sleep(100))
    over = (await http(srv, 'GET', `/api/tables/${t.id}`)).json.over;
  ok(over, 'the bots finish the game');
  const w = await join(srv, t.id, -1);
  w.close();
  ok(await logged(srv, /http GET \/ws 101 - [0-9.]+ms 127\.0\.0\.1$/), 'a WebSocket\'s line when it closes: 101 and its duration');
  await http(srv, 'GET', '/%0Aevil%20line%22x');
  await http(srv, 'GET', '/healthz');
  ok(await logged(srv, new RegExp(`^\\S+Z http POST /api/tables/${t.id}/action 200 \\d+ [0-9.]+ms 127\\.0\\.0\\.1$`)),
     'a request line: time, method, path, status, bytes, duration, client', srv.stderr());
  ok(await logged(srv, new RegExp(`^\\S+Z table ${t.id} created splendor players=2 creator=127\\.0\\.0\\.1$`)),
     'a table line: created, with the game and the creator');
  ok(await logged(srv, new RegExp(`^\\S+Z table ${t.id} move seat=\\d move=0$`)), 'a table line per move: seat and index');
  ok(await logged(srv, new RegExp(`^\\S+Z table ${t.id} seat_to_bot seat=1 random$`)), 'a table line: seat handed over to a bot');
  ok(await logged(srv, new RegExp(`^\\S+Z table ${t.id} over move=\\d+$`)), 'a table line: game over');
  ok(await logged(srv, /http GET \/healthz 200 \d+ /), 'GET /healthz is logged');
  // libwebsockets decodes the path and cuts it at the control character; either
  // way the request is one well-formed line, and every line is one of ours.
  const log = srv.stderr();
  const lines = log.split('\n').filter((l) => l !== '');
  ok(lines.every((l) => /^gemgames serve: /.test(l) || /^\S+Z (http|table) /.test(l)),
     'a client\'s bytes are escaped: every line is a whole log line', lines.filter((l) => !/^(gemgames serve: |\S+Z (http|table) )/.test(l)).join('\n'));
  ok(!log.split('\n').some((l) => l.startsWith('evil')), 'no line begins with what the client put after a newline');
  ok(!log.includes(t.seats[0].token) && !log.includes(t.seats[1].token) && !log.includes(t.admin),
     'no token in the log (the query string is never logged)');
  const moves = (await http(srv, 'GET', `/api/tables/${t.id}/record`)).json.actions || [];
  const texts = moves.map((a) => (typeof a === 'string' ? a : a.action)).filter((x) => typeof x === 'string' && x.includes(' '));
  ok(texts.length > 0 && !texts.some((x) => log.includes(x)), `no move text in the log (${texts.length} moves of several words checked)`);
  const c = await srv.stop();
  ok(c.code === 0, 'stopped with exit 0');
}

// ------------------------------------------------------------ --log-json, --quiet
{
  const srv = await startLogging(`${dir}/json.db`, ['--log-json']);
  const t = (await post(srv, '/api/tables', { game: 'splendor', players: 2, seats: ['human', 'random'] })).json;
  await httpMove(srv, t);
  await logged(srv, /"event":"move"/);
  await logged(srv, /"path":"\/api\/tables\/[0-9a-f]+\/action"/);
  await srv.stop();
  const lines = srv.stderr().split('\n').filter((l) => l.startsWith('{'));
  let parsed = [];
  try { parsed = lines.map((l) => JSON.parse(l)); } catch (e) { ok(false, 'every JSON log line parses', String(e)); }
  const req = parsed.find((o) => o.kind === 'http' && o.method === 'POST' && o.path === '/api/tables');
  ok(req && req.status === 200 && Number.isInteger(req.bytes) && typeof req.ms === 'number' &&
     req.client === '127.0.0.1' && /^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(req.ts),
     '--log-json: a request is an object with ts, method, path, status, bytes, ms, client', lines);
  ok(parsed.some((o) => o.kind === 'table' && o.table === t.id && o.event === 'created') &&
     parsed.some((o) => o.kind === 'table' && o.table === t.id && o.event === 'move' && o.seat >= 0 && o.move === 0),
     '--log-json: table events are objects with table, event, seat, move', lines);
  ok(lines.length === parsed.length && lines.length >= 4, `--log-json: ${lines.length} lines, all JSON`);

  const q = await startLogging(`${dir}/quiet.db`, ['--quiet']);
  const tq = (await post(q, '/api/tables', { game: 'splendor', players: 2, seats: ['human', 'random'] })).json;
  await httpMove(q, tq);
  await sleep(300);
  await q.stop();
  ok(!/ http | table /.test(q.stderr()), '--quiet: no request or table lines', q.stderr());
}

// ------------------------------------------------------------ /healthz
{
  const db = `${dir}/health.db`;
  const srv = await startServer(db);
  await post(srv, '/api/tables', { game: 'splendor', players: 2, seats: ['human', 'random'] });
  const h = await http(srv, 'GET', '/healthz');
  ok(h.status === 200 && h.json && h.json.status === 'ok' && h.json.tables === 1 && typeof h.json.uptime_s === 'number',
     'GET /healthz: 200 {"status":"ok", "tables": 1, ...} while the store is healthy', h.text);
  ok(!h.text.includes(dir), '/healthz names no path');
  for (const f of [db, `${db}-wal`, `${db}-shm`]) rmSync(f, { force: true });
  const h2 = await http(srv, 'GET', '/healthz');
  ok(h2.status === 503 && h2.json && h2.json.status === 'failing', 'GET /healthz: 503 once the database file is gone', h2.text);
  await srv.kill();
}

// ------------------------------------------------------------ graceful stop
{
  const db = `${dir}/stop.db`;
  const srv = await startServer(db, ['--rate', '0']);
  const acked = new Map(); // table id -> acknowledged moves
  const tables = [];
  for (let i = 0; i < 8; i++) {
    const t = (await post(srv, '/api/tables', { game: 'splendor', players: 2, seats: ['human', 'human'] })).json;
    tables.push(t);
    acked.set(t.id, 0);
  }
  let stopping = false;
  // four tables played over HTTP as fast as the server answers
  const httpLoop = async (t) => {
    while (true) {
      let r;
      try { r = await httpMove(srv, t); } catch { return; } // connection refused: stopped
      if (r.status !== 200) return;
      acked.set(t.id, acked.get(t.id) + 1);
      if (r.json.over) return;
    }
  };
  // four over WebSockets: each seat answers its own state frames
  const wsTable = async (t) => {
    const seats = [await join(srv, t.id, 0, t.seats[0].token), await join(srv, t.id, 1, t.seats[1].token)];
    const last = [-1, -1];
    return new Promise((resolve) => {
      const act = (s, m) => {
        if (m.type === 'ack') acked.set(t.id, acked.get(t.id) + 1);
        if (m.type !== 'state' || m.over || !m.actors.includes(s) || m.moves <= last[s] || !m.legal.length) return;
        last[s] = m.moves;
        seats[s].send({ type: 'action', action: m.legal[0] });
      };
      for (const s of [0, 1]) {
        seats[s].ws.on('message', (d) => { try { act(s, JSON.parse(d.toString())); } catch { /* not JSON */ } });
        seats[s].ws.on('close', () => resolve());
      }
      for (const s of [0, 1]) for (const m of seats[s].frames) act(s, m);
    });
  };
  const loops = [...tables.slice(0, 4).map(httpLoop), ...tables.slice(4).map(wsTable)];
  await sleep(1500);
  stopping = true;
  const t0 = Date.now();
  const code = await srv.stop();
  const secs = (Date.now() - t0) / 1000;
  await Promise.race([Promise.all(loops), sleep(5000)]);
  void stopping;
  ok(code.code === 0 && secs < 10, `SIGTERM while 8 tables are played: exit 0 in ${secs.toFixed(1)} s`, code);
  const total = [...acked.values()].reduce((a, b) => a + b, 0);
  ok(total > 20, `moves were being played when the signal came (${total} acknowledged)`);
  const again = await startServer(db);
  const diff = [];
  for (const t of tables) {
    const r = await http(again, 'GET', `/api/tables/${t.id}`);
    if (r.json.moves !== acked.get(t.id)) diff.push({ table: t.id, over: tables.indexOf(t) < 4 ? 'http' : 'websocket', stored: r.json.moves, acked: acked.get(t.id) });
  }
  ok(diff.length === 0, 'restarted: every table has exactly the moves that were acknowledged (none stored unacknowledged, none acknowledged lost)', diff);
  await again.stop();
}

cleanup(dir);
done();
