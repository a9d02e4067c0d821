#!/usr/bin/env node
// load.mjs — how much one `gemgames serve` sustains, on loopback only.
//
//   node scripts/load.mjs [--tables 1000] [--seconds 30] [--concurrency 16]
//                         [--spectators 100] [--game splendor] [--bin build/rel/gemgames]
//                         [--priority N] [--dir build/tmp] [--threads N]
//                         [--db postgresql://...] [--servers N] [--db-pid PID]
//
// --db URI runs the servers on that PostgreSQL database (give an empty one)
// instead of a fresh SQLite file; --servers N (default 1) starts N servers on
// it, and every move (its GET and POST) and every spectator goes to a server
// picked at random: no client sticks to a server. --db-pid PID (the
// postmaster's) adds the database's own CPU per move to the report.
// Starts the server on a fresh database, opens --tables tables whose seats are
// all people (this script plays them through the HTTP API, so every move goes
// the full way: validate, commit to SQLite, push, acknowledge), keeps that
// many games running (a finished table is replaced by a new one), and
// watches --spectators of them over WebSocket so pushes are part of the cost.
// Prints tables, moves/s and the action latency (p50/p99/max) of POST .../action.
// --priority -10 runs server and client at that nice level (needs root): on a
// machine shared with other jobs it approximates a machine of their own.
// --threads N (default: every core) splits the client over N worker threads
// (node:worker_threads), each with its share of the tables, of --concurrency
// and of the spectators, so one client thread's event loop is not the limit;
// the figures are summed over them.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { cpus, loadavg, setPriority } from 'node:os';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

// CPU seconds the server process has used so far (Linux /proc).
function serverCpu(pid) {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) / 100; // utime + stime in clock ticks
  } catch { return NaN; }
}
// CPU seconds of a process with its children (the PostgreSQL postmaster and
// its backends, Linux /proc).
function treeCpu(pid) {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    let t = (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / 100;
    for (const c of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean)) t += serverCpu(c);
    return t;
  } catch { return NaN; }
}
import WebSocket from 'ws';

const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const TABLES = Number(arg('tables', 1000));
const SECONDS = Number(arg('seconds', 30));
const CONC = Number(arg('concurrency', 16));
const SPECTATORS = Number(arg('spectators', 100));
const GAME = arg('game', 'splendor');
const THREADS = Math.max(1, Number(arg('threads', cpus().length)));
// share i of n equal parts of total (the first ones one larger)
const share = (total, i, n) => Math.floor(total / n) + (i < total % n ? 1 : 0);

// A client thread: opens its tables, watches its spectators, plays its
// workers until `end`, and returns its counts and latencies.
// It says `ready` once its tables and spectators are open, and starts
// playing when the main thread says `go` (with the common end time).
async function client({ ports, tables: TABLES, concurrency: CONC, spectators: SPECTATORS }) {
  const anyPort = () => ports[Math.floor(Math.random() * ports.length)];

  async function call(method, path, body, port = anyPort()) {
    const res = await fetch(`http://127.0.0.1:${port}` + path, { method, body: body && JSON.stringify(body), headers: body ? { 'content-type': 'application/json' } : {} });
    return { status: res.status, json: await res.json() };
  }

  async function newTable() {
    const game = (await call('GET', '/api/games')).json.games.find((g) => g.name === GAME);
    const P = game.min_players;
    const r = await call('POST', '/api/tables', { game: GAME, players: P, seats: Array(P).fill('human') });
    if (r.status !== 200) throw new Error(JSON.stringify(r.json));
    return { id: r.json.id, tokens: r.json.seats.map((s) => s.token) };
  }

  const tables = [];
  for (let i = 0; i < TABLES; i += 50) tables.push(...(await Promise.all(Array.from({ length: Math.min(50, TABLES - i) }, newTable))));

  const sockets = [];
  let pushes = 0;
  for (let i = 0; i < Math.min(SPECTATORS, TABLES); i++) {
    const ws = new WebSocket(`ws://127.0.0.1:${anyPort()}/ws`);
    ws.on('open', () => ws.send(JSON.stringify({ type: 'join', table: tables[i].id, seat: -1 })));
    ws.on('message', () => { pushes++; });
    ws.on('error', () => {});
    sockets.push(ws);
  }

  const lat = [];
  let moves = 0, errors = 0, stale = 0, finished = 0, next = 0;
  const go = new Promise((resolve) => parentPort.once('message', (m) => resolve(m.end)));
  parentPort.postMessage({ ready: true });
  const end = await go;

  async function worker() {
    while (Date.now() < end) {
      const k = next++ % tables.length;
      const t = tables[k];
      if (t.busy) continue;
      t.busy = true;
      try {
        const seat = t.actor || 0;
        const p = anyPort(); // this move's server
        const st = (await call('GET', `/api/tables/${t.id}/state?seat=${seat}&token=${t.tokens[seat]}&log_from=1000000`, undefined, p)).json;
        if (st.over) { finished++; tables[k] = await newTable(); continue; }
        t.actor = st.actors[0];
        if (t.actor !== seat) continue;
        if (!st.legal.length) continue;
        const a = st.legal[Math.floor(Math.random() * st.legal.length)];
        const s = process.hrtime.bigint();
        const r = await call('POST', `/api/tables/${t.id}/action`, { seat, token: t.tokens[seat], action: a }, p);
        lat.push(Number(process.hrtime.bigint() - s) / 1e6);
        if (r.status === 200) { moves++; t.actor = r.json.actors[0]; } else if (r.json.code === 'not_your_turn') stale++; else errors++;
      } catch { errors++; } finally { t.busy = false; }
    }
  }
  await Promise.all(Array.from({ length: CONC }, worker));
  sockets.forEach((s) => s.terminate());
  return { lat, moves, errors, stale, finished, pushes, spectators: sockets.length };
}

// Starts a client thread; resolves when it is ready, with a function that
// starts it and resolves with its figures.
function startClient(data) {
  return new Promise((ready, fail) => {
    const w = new Worker(new URL(import.meta.url), { argv: process.argv.slice(2), workerData: data });
    let done;
    const result = new Promise((resolve) => { done = resolve; });
    w.on('message', (m) => (m.ready ? ready((end) => { w.postMessage({ end }); return result; }) : done(m)));
    w.on('error', fail);
  });
}

if (!isMainThread) {
  parentPort.postMessage(await client(workerData));
  process.exit(0); // its sockets and fetch keep-alives would keep the thread up
} else {
  const BIN = arg('bin', process.env.GEMGAMES || 'build/rel/gemgames');
  const PRIORITY = arg('priority', null);
  if (PRIORITY !== null) setPriority(Number(PRIORITY));

  const BASE = arg('dir', 'build/tmp'); // where the database goes
  mkdirSync(BASE, { recursive: true });
  const dir = mkdtempSync(join(BASE, 'load-'));
  const DB = arg('db', null);
  const NSERVERS = Math.max(1, Number(arg('servers', 1)));
  const DB_PID = arg('db-pid', null); // the PostgreSQL postmaster: its CPU is counted too
  const serverCmd = PRIORITY !== null ? ['nice', ['-n', String(PRIORITY), BIN]] : [BIN, []];
  const servers = [];
  process.on('exit', () => { for (const sv of servers) sv.kill('SIGKILL'); rmSync(dir, { recursive: true, force: true }); });
  async function startOne() {
    const server = spawn(serverCmd[0], [...serverCmd[1], 'serve', '--port', '0', '--host', '127.0.0.1', '--db', DB || `${dir}/load.db`, '--quiet',
      '--rate', '0', '--tables-per-addr', '1000000', '--ws-per-addr', '1000000', '--threads', String(2 * CONC + SPECTATORS + 64)], { stdio: ['ignore', 'pipe', 'inherit'] });
    servers.push(server);
    server.port = await new Promise((resolve, reject) => {
      let out = '';
      server.stdout.on('data', (d) => { out += d; const m = out.match(/:(\d+)\//); if (m) resolve(Number(m[1])); });
      server.on('exit', (c) => reject(new Error(`server exited ${c}`)));
    });
  }
  for (let i = 0; i < NSERVERS; i++) await startOne();
  const ports = servers.map((sv) => sv.port);
  const cpuAll = () => servers.reduce((a, sv) => a + serverCpu(sv.pid), 0);
  console.error(`load: opening ${TABLES} tables of ${GAME} on ${THREADS} client thread(s)...`);
  const starts = await Promise.all(Array.from({ length: THREADS }, (_, i) => startClient({
    ports, tables: Math.max(1, share(TABLES, i, THREADS)), concurrency: Math.max(1, share(CONC, i, THREADS)),
    spectators: share(SPECTATORS, i, THREADS),
  })));
  const t0 = Date.now();
  const cpu0 = cpuAll();
  const dbCpu0 = DB_PID ? treeCpu(DB_PID) : NaN;
  const parts = await Promise.all(starts.map((start) => start(t0 + SECONDS * 1000)));
  const lat = parts.flatMap((p) => p.lat);
  const sum = (k) => parts.reduce((a, p) => a + p[k], 0);
  const moves = sum('moves'), errors = sum('errors'), stale = sum('stale'), finished = sum('finished'), pushes = sum('pushes');
  const sockets = { length: sum('spectators') };

  const secs = (Date.now() - t0) / 1000;
  const cpu = cpuAll() - cpu0;
  const dbCpu = DB_PID ? treeCpu(DB_PID) - dbCpu0 : NaN;
  lat.sort((a, b) => a - b);
  const q = (p) => lat[Math.min(lat.length - 1, Math.floor(p * lat.length))] || 0;
  const report = {
    game: GAME, store: DB ? 'postgresql' : 'sqlite', servers: servers.length, tables: TABLES, concurrency: CONC, spectators: sockets.length, seconds: Math.round(secs), client_threads: THREADS,
    moves, moves_per_s: Math.round(moves / secs), errors, not_your_turn: stale, games_finished: finished, pushes,
    server_cpu_s: +cpu.toFixed(2), server_cpu_us_per_move: Math.round((cpu / moves) * 1e6),
    ...(DB_PID ? { db_cpu_s: +dbCpu.toFixed(2), db_cpu_us_per_move: Math.round((dbCpu / moves) * 1e6) } : {}),
    cores: cpus().length, load_average: +loadavg()[0].toFixed(2), priority: PRIORITY === null ? 0 : Number(PRIORITY),
    latency_ms: { p50: +q(0.5).toFixed(2), p99: +q(0.99).toFixed(2), max: +lat[lat.length - 1].toFixed(2) },
  };
  console.log(JSON.stringify(report));
  servers.forEach((sv) => sv.kill('SIGTERM'));
  process.exit(0);
}
