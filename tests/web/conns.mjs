// conns.mjs — the connection model under hostile clients (issue 18):
//   - a spectator who never reads does not slow anyone's moves;
//   - a WebSocket that never answers pings is closed;
//   - a request whose headers trickle in is closed;
//   - a WebSocket frame that declares 1 GiB is refused from its header:
//     the server's memory grows by less than 16 MiB while it streams;
//   - CONNS_IDLE_WS idle WebSockets plus CONNS_SLOW slow-header connections
//     are held, without a thread each, while a client plays a whole game.
// Loopback only; every wait is bounded.
import net from 'node:net';
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { ok, skip, done, sleep, tempDir, startServer, http, connect, join, cleanup } from './lib.mjs';

const IDLE = Number(process.env.CONNS_IDLE_WS || 10000);
const SLOW = Number(process.env.CONNS_SLOW || 1000);
const dir = tempDir('conns-');
const T = async (name, fn) => { try { await fn(); } catch (e) { ok(false, name, e.stack); } };
const G = 'splendor';
const create = async (srv, body) => (await http(srv, 'POST', '/api/tables', body)).json;
const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(p * s.length))]; };

// Plays the game at `t` for the people `clients` (seat → Client) until it
// ends, bots moving in between; returns each move's ack latency in ms.
async function playAll(clients, maxMoves = 2000) {
  const lat = [];
  let waited = 0;
  for (let n = 0; n < maxMoves * 100; n++) {
    const states = Object.entries(clients).map(([s, c]) => [Number(s), c, c.frames.findLast((f) => f.type === 'state')]);
    const last = states.reduce((a, b) => (b[2].moves > a[2].moves ? b : a));
    if (last[2].over) return lat;
    const mover = states.find(([s, , st]) => st.moves === last[2].moves && st.actors.includes(s) && st.legal.length);
    if (!mover) { // a bot is to act, or a frame is on its way
      if ((waited += 5) > 30000) throw new Error('nobody could move for 30 s');
      await sleep(5);
      continue;
    }
    waited = 0;
    const [, c, st] = mover;
    if (lat.length >= maxMoves) throw new Error(`the game did not end in ${maxMoves} moves`);
    const t0 = performance.now();
    const from = c.frames.length;
    // a buy when there is one: always the first move can take and give back
    // tokens for ever (the game-length problem of issue 27)
    c.send({ type: 'action', action: st.legal.find((a) => a.startsWith('buy')) || st.legal[0] });
    const ack = await c.next((f) => f.type === 'ack' || f.type === 'error', 30000, from);
    lat.push(performance.now() - t0);
    if (ack.type !== 'ack') throw new Error('move refused: ' + JSON.stringify(ack));
    await c.next((f) => f.type === 'state' && f.moves > st.moves, 30000, from);
  }
  throw new Error('the game did not end');
}

// ------------------------------------------------------------ a spectator who stops reading
await T('non-reader', async () => {
  const srv = await startServer(`${dir}/a.db`, ['--rate', '0']);
  const t = await create(srv, { game: G, players: 3, seats: ['human', 'human', 'random'] });
  const bad = await connect(srv);
  bad.ws._socket.pause(); // reads nothing from here on
  // Its own joins make the server push it the whole state again and again,
  // until its socket is full and a write to it would block.
  for (let i = 0; i < 3000; i++) bad.send({ type: 'join', table: t.id });
  await sleep(1000);
  const p = { 0: await join(srv, t.id, 0, t.seats[0].token), 1: await join(srv, t.id, 1, t.seats[1].token) };
  const lat = await playAll(p);
  const info = (await http(srv, 'GET', `/api/tables/${t.id}`)).json;
  ok(info.over, `the game was played to its end beside a spectator who stopped reading (${lat.length} moves by people)`);
  ok(pct(lat, 0.9) < 100 && Math.max(...lat) < 2000,
     `moves are acknowledged quickly: 90% within ${pct(lat, 0.9).toFixed(1)} ms (< 100), slowest ${Math.max(...lat).toFixed(1)} ms`, lat);
  const list = await http(srv, 'GET', '/api/tables');
  ok(list.status === 200, 'the table list answers meanwhile');
  ok(info.spectators === 0, 'the spectator who fell behind was dropped', info.spectators);
  bad.ws._socket.resume();
  for (const c of Object.values(p)) c.close();
  await srv.stop();
});

// ------------------------------------------------------------ pings nobody answers
await T('silent', async () => {
  const srv = await startServer(`${dir}/b.db`, ['--ws-idle', '3']);
  const quiet = new WebSocket(srv.ws, { autoPong: false });
  const lively = new WebSocket(srv.ws);
  const closedAt = new Promise((r) => quiet.on('close', () => r(performance.now())));
  let livelyClosed = false;
  lively.on('close', () => { livelyClosed = true; });
  await Promise.all([new Promise((r) => quiet.on('open', r)), new Promise((r) => lively.on('open', r))]);
  const t0 = performance.now();
  const at = await Promise.race([closedAt, sleep(15000).then(() => null)]);
  ok(at !== null && at - t0 < 10000, `a WebSocket that never answers pings is closed (after ${at ? ((at - t0) / 1000).toFixed(1) : '>15'} s; --ws-idle 3)`);
  ok(!livelyClosed, 'one that answers them stays open');
  lively.close();
  await srv.stop();
});

// ------------------------------------------------------------ slow headers
const slowHeader = (port) => {
  const s = net.connect(port, '127.0.0.1');
  s.on('error', () => {});
  s.closedAt = new Promise((r) => s.on('close', () => r(performance.now())));
  s.on('connect', () => s.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n'));
  s.timer = setInterval(() => { if (!s.destroyed) s.write('X'); }, 1000);
  s.on('close', () => clearInterval(s.timer));
  return s;
};
await T('slow header', async () => {
  const srv = await startServer(`${dir}/c.db`);
  const t0 = performance.now();
  const s = slowHeader(srv.port);
  const at = await Promise.race([s.closedAt, sleep(20000).then(() => null)]);
  ok(at !== null && at - t0 < 15000, `a request whose headers trickle in is closed (after ${at ? ((at - t0) / 1000).toFixed(1) : '>20'} s)`);
  s.destroy();
  await srv.stop();
});

// ------------------------------------------------------------ a 1 GiB frame
// The client side of the handshake and one frame header are written by hand
// here (no library sends a frame it does not have): FIN + text, masked,
// 64-bit length 2^30; then payload streamed in 1 MiB pieces until the server
// closes or FRAME_STREAM_MIB have gone (bounded either way).
const rssKiB = (pid) => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]);
await T('huge frame', async () => {
  const srv = await startServer(`${dir}/e.db`);
  const MAX_MIB = Number(process.env.FRAME_STREAM_MIB || 64);
  const s = net.connect(srv.port, '127.0.0.1');
  s.on('error', () => {});
  let got = Buffer.alloc(0);
  const closed = new Promise((r) => s.on('close', () => r(true)));
  s.on('data', (d) => { got = Buffer.concat([got, d]).subarray(-4096); });
  await new Promise((r) => s.on('connect', r));
  s.write(`GET /ws HTTP/1.1\r\nHost: 127.0.0.1:${srv.port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`);
  for (let i = 0; i < 100 && !/^HTTP\/1\.1 101/.test(got.toString('latin1')) && !/hello/.test(got.toString('latin1')); i++) await sleep(50);
  await sleep(300); // the hello frame, the allocations of a fresh connection
  const before = rssKiB(srv.proc.pid);
  const head = Buffer.alloc(14);
  head[0] = 0x81; head[1] = 0x80 | 127;
  head.writeBigUInt64BE(1n << 30n, 2);
  randomBytes(4).copy(head, 10);
  s.write(head);
  const piece = Buffer.alloc(1 << 20, 0x61);
  const t0 = performance.now();
  let sent = 0, isClosed = false;
  closed.then(() => { isClosed = true; });
  while (!isClosed && sent < MAX_MIB && performance.now() - t0 < 20000) {
    if (!s.write(piece)) await Promise.race([new Promise((r) => s.once('drain', r)), closed, sleep(1000)]);
    sent++;
  }
  const at = await Promise.race([closed, sleep(5000).then(() => false)]);
  const after = rssKiB(srv.proc.pid);
  const grew = (after - before) / 1024;
  const tail = got.toString('latin1');
  ok(at === true && /too_large/.test(tail),
     `a frame declaring 1 GiB is refused from its header: closed (1009 "too_large") after ${sent} MiB offered, ${((performance.now() - t0) / 1000).toFixed(1)} s`, JSON.stringify(tail.slice(-200)));
  ok(grew < 16, `server memory grew ${grew.toFixed(1)} MiB (< 16) while the 1 GiB frame streamed`, [before, after]);
  s.destroy();
  const w = await connect(srv);
  const pong = await w.request({ type: 'ping' }, (f) => f.type === 'pong');
  ok(pong && !w.closed, 'the server still answers others');
  w.close();
  await srv.stop();
});

// ------------------------------------------------------------ many idle connections and a game
await T('many', async () => {
  const srv = await startServer(`${dir}/d.db`, ['--threads', String(IDLE + SLOW + 200), '--rate', '0', '--ws-per-addr', String(IDLE + 100)]);
  const t0 = performance.now();
  const idle = [];
  let opened = 0, failed = 0;
  for (let i = 0; i < IDLE; i += 200) {
    const batch = Array.from({ length: Math.min(200, IDLE - i) }, () => new Promise((r) => {
      const w = new WebSocket(srv.ws);
      idle.push(w);
      w.on('open', () => { opened++; r(); });
      w.on('error', () => { failed++; r(); });
    }));
    await Promise.all(batch);
  }
  const slow = Array.from({ length: SLOW }, () => slowHeader(srv.port));
  const openS = (performance.now() - t0) / 1000;
  await sleep(500);
  const status = readFileSync(`/proc/${srv.proc.pid}/status`, 'utf8');
  const rss = Number(status.match(/VmRSS:\s+(\d+)/)[1]) / 1024, threads = Number(status.match(/Threads:\s+(\d+)/)[1]);
  ok(opened === IDLE, `${IDLE} idle WebSockets open (${opened} opened, ${failed} failed, ${openS.toFixed(1)} s; server: ${threads} threads, ${rss.toFixed(0)} MiB resident)`);
  ok(threads <= 32, `no thread per connection: the server runs ${threads} threads for ${IDLE + SLOW} connections (at most 32)`);
  const t = await create(srv, { game: G, players: 2, seats: ['human', 'random'] });
  const p = { 0: await join(srv, t.id, 0, t.seats[0].token) };
  const lat = await playAll(p).catch((e) => { ok(false, 'the game under load', [e.message, srv.stderr().slice(-2000)]); return []; });
  ok((await http(srv, 'GET', `/api/tables/${t.id}`)).json.over,
     `meanwhile, with ${SLOW} slow-header connections too, a client plays a whole game (${lat.length} moves, 90% acked within ${pct(lat, 0.9).toFixed(1)} ms)`);
  const still = idle.filter((w) => w.readyState === WebSocket.OPEN).length;
  ok(still === IDLE, `the idle WebSockets are still open (${still})`);
  for (const w of idle) w.terminate();
  for (const s of slow) s.destroy();
  p[0].close();
  await srv.stop();
});

cleanup(dir);
done();
