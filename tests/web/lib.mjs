// lib.mjs — helpers for the server tests: start `gemgames serve` on a free
// loopback port, HTTP and WebSocket clients, TAP output and the leak check.
import { spawn, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, mkdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as pathJoin } from 'node:path';
import WebSocket from 'ws';

export const BIN = process.env.GEMGAMES || 'build/rel/gemgames';

// ------------------------------------------------------------------ TAP
let n = 0, failures = 0;
export function ok(cond, name, diag) {
  n++;
  if (cond) console.log(`ok ${n} - ${name}`);
  else {
    failures++;
    console.log(`not ok ${n} - ${name}`);
    if (diag !== undefined) console.log(`# ${String(typeof diag === 'string' ? diag : JSON.stringify(diag)).slice(0, 2000).replace(/\n/g, '\n# ')}`);
  }
  return !!cond;
}
export function skip(name, why) { n++; console.log(`ok ${n} - ${name} # SKIP ${why}`); }
// Servers started by this process die with it, even when a test throws.
const live = new Set();
process.on('exit', () => { for (const p of live) p.kill('SIGKILL'); });
for (const ev of ['uncaughtException', 'unhandledRejection']) {
  process.on(ev, (e) => { ok(false, 'the test ran to its end', e && e.stack); done(); });
}
export function done() { console.log(`1..${n}`); process.exit(failures ? 1 : 0); }
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// The browser tests' Debian chromium driven by playwright-core, and the
// folder (made here) their screenshots go to. Without either the test says
// what it skipped and ends: `what` names it.
export const ART = 'build/test-artifacts';
export async function chromiumOrSkip(what, art = ART) {
  const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';
  mkdirSync(art, { recursive: true });
  let chromium = null;
  try { ({ chromium } = await import('playwright-core')); } catch { /* below */ }
  if (!chromium || !existsSync(executablePath)) {
    skip(what, 'playwright-core or chromium missing (scripts/setup.sh installs both)');
    done();
  }
  return { chromium, CHROMIUM: executablePath };
}

export function tempDir(prefix) {
  mkdirSync('build/tmp', { recursive: true });
  return mkdtempSync(pathJoin('build/tmp', prefix));
}

// ------------------------------------------------------------------ server
// With GG_PG_URL set (tests/lib/pg.sh), a test's database file stands for a
// PostgreSQL database of its own, made on first use: the same test then runs
// against the PostgreSQL store (the same path: the same database again).
export function pgUrlFor(db) {
  const base = process.env.GG_PG_URL;
  if (!base || /^postgres(ql)?:\/\//.test(db)) return db;
  const name = 'gg_' + createHash('sha256').update(db).digest('hex').slice(0, 16);
  const url = base.replace(/\/[^/?]*(\?|$)/, `/${name}$1`);
  try {
    execFileSync(`${process.env.GG_PG_BIN || '/usr/lib/postgresql/15/bin'}/psql`,
                 [base, '-qc', `CREATE DATABASE ${name}`], { stdio: 'ignore' });
  } catch { /* it exists already */ }
  return url;
}

export async function startServer(db, extra = []) {
  db = pgUrlFor(db);
  // --log-json in `extra`: the operations log is kept (srv.stderr()), else --quiet
  const args = ['serve', '--port', '0', '--host', '127.0.0.1', '--db', db,
                ...(extra.includes('--log-json') ? [] : ['--quiet']), '--bot-delay', '0', ...extra];
  const proc = spawn(BIN, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(proc);
  proc.on('exit', () => live.delete(proc));
  let err = '';
  proc.stderr.on('data', (d) => { err += d; if (process.env.GG_DEBUG) process.stderr.write(d); });
  const port = await new Promise((resolve, reject) => {
    let out = '';
    const t = setTimeout(() => reject(new Error('server did not start: ' + err)), 20000);
    proc.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/listening on http:\/\/127\.0\.0\.1:(\d+)\//);
      if (m) { clearTimeout(t); resolve(Number(m[1])); }
    });
    const early = (code) => { clearTimeout(t); reject(new Error(`server exited ${code}: ${err}`)); };
    proc.on('exit', early);
    proc.stdout.on('data', () => { if (/listening on/.test(out)) proc.off('exit', early); });
  });
  const exited = new Promise((r) => proc.on('exit', (code, sig) => r({ code, sig })));
  return {
    port, proc, base: `http://127.0.0.1:${port}`, ws: `ws://127.0.0.1:${port}/ws`,
    stderr: () => err,
    async stop() { proc.kill('SIGTERM'); return exited; },
    async kill() { proc.kill('SIGKILL'); return exited; },
  };
}

export async function http(srv, method, path, body, raw) {
  const res = await fetch(srv.base + path, {
    method, headers: body !== undefined || raw !== undefined ? { 'content-type': 'application/json' } : {},
    body: raw !== undefined ? raw : body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let json = null;
  try { json = JSON.parse(text); } catch { /* not JSON */ }
  return { status: res.status, json, text };
}

// A WebSocket client that keeps every frame it receives.
export class Client {
  constructor(url) {
    this.frames = [];
    this.waiters = [];
    this.closed = false;
    this.ws = new WebSocket(url);
    this.ws.on('message', (data, isBinary) => {
      const text = data.toString();
      let m = null;
      try { m = JSON.parse(text); } catch { m = { type: 'unparsable', text }; }
      this.frames.push(m);
      this.waiters = this.waiters.filter((w) => !(w.pred(m) && (w.resolve(m), true)));
    });
    this.ws.on('close', () => { this.closed = true; });
    this.opened = new Promise((r, j) => { this.ws.on('open', r); this.ws.on('error', j); });
  }
  send(obj) { this.ws.send(typeof obj === 'string' ? obj : JSON.stringify(obj)); }
  // The next frame (received from now on, or already waiting after `from`) matching pred.
  next(pred, ms = 10000, from = this.frames.length) {
    for (let i = from; i < this.frames.length; i++) if (pred(this.frames[i])) return Promise.resolve(this.frames[i]);
    return new Promise((resolve, reject) => {
      const w = { pred, resolve };
      this.waiters.push(w);
      setTimeout(() => { this.waiters = this.waiters.filter((x) => x !== w); reject(new Error('timeout waiting for a frame')); }, ms);
    });
  }
  async request(obj, pred, ms) { const from = this.frames.length; this.send(obj); return this.next(pred, ms, from); }
  close() { this.ws.close(); }
}

export async function connect(srv) {
  const c = new Client(srv.ws);
  await c.opened;
  await c.next((m) => m.type === 'hello', 10000, 0);
  return c;
}

export async function join(srv, table, seat, token) {
  const c = await connect(srv);
  const m = await c.request({ type: 'join', table, seat, token }, (f) => f.type === 'state' || f.type === 'error');
  if (m.type !== 'state') throw new Error('join failed: ' + JSON.stringify(m));
  return c;
}

// ------------------------------------------------------------------ leaks
// Leaves of a JSON value as path → JSON text.
function leaves(v, path = '', out = new Map()) {
  if (v !== null && typeof v === 'object') {
    if (Array.isArray(v)) v.forEach((x, i) => leaves(x, `${path}[${i}]`, out));
    else for (const k of Object.keys(v)) leaves(v[k], `${path}.${k}`, out);
    if (Object.keys(v).length === 0) out.set(path, JSON.stringify(v));
  } else out.set(path, JSON.stringify(v));
  return out;
}
const PER_VIEWER = new Set(['.seat', '.decision']);

// Checks frames seen by each seat against the spectator's at the same move
// count: whatever seat j sees differently from a spectator is j's secret, and
// no other seat k may see that same value there; and no seat reads another
// seat's private announcement of a move. Returns a list of problems.
export function leakCheck(framesBySeat, spectatorFrames) {
  const problems = [];
  const byMoves = (frames) => {
    const m = new Map();
    for (const f of frames) if (f.type === 'state' && f.view) m.set(f.moves, f);
    return m;
  };
  const spec = byMoves(spectatorFrames);
  const seats = framesBySeat.map(byMoves);
  const specLog = new Map();
  for (const f of spectatorFrames) if (f.type === 'state') for (const l of f.log) specLog.set(l.i, l.text);
  const seatLog = framesBySeat.map((frames) => {
    const m = new Map();
    for (const f of frames) if (f.type === 'state') for (const l of f.log) m.set(l.i, l);
    return m;
  });
  for (const [moves, sf] of spec) {
    const S = leaves(sf.view);
    const V = seats.map((m) => (m.get(moves) ? leaves(m.get(moves).view) : null));
    V.forEach((Vj, j) => {
      if (!Vj) return;
      for (const [p, val] of Vj) {
        if (PER_VIEWER.has(p) || S.get(p) === val) continue; // public or per-viewer
        V.forEach((Vk, k) => {
          if (k !== j && Vk && Vk.get(p) === val)
            problems.push(`after ${moves} moves seat ${k} sees seat ${j}'s secret ${p}=${val}`);
        });
      }
    });
  }
  seatLog.forEach((logK, k) => {
    for (const [i, l] of logK) {
      const pub = specLog.get(i);
      if (pub === undefined || l.text === pub || l.seat === k) continue;
      const own = seatLog[l.seat] && seatLog[l.seat].get(i);
      if (own && own.text === l.text) problems.push(`seat ${k} reads seat ${l.seat}'s private move ${i}: ${l.text}`);
    }
  });
  // Legal moves go only to the seat that makes them.
  framesBySeat.forEach((frames, k) => {
    for (const f of frames) if (f.type === 'state' && f.legal.length && !f.actors.includes(k))
      problems.push(`seat ${k} got legal moves while not to act`);
  });
  for (const f of spectatorFrames) if (f.type === 'state' && f.legal.length) problems.push('spectator got legal moves');
  return problems;
}

// ------------------------------------------------------------------ event leaks
// The fields of an event that only its seat may know (docs/formats.md,
// "Events": "secret: the seat"); null when the event has none.
export function secretFields(e) {
  switch (e.kind) {
    case 'ys.bid': return ['brokers'];
    // a front broker (Illusionist, Y-7.10) stood face up in front: everyone saw its value
    case 'ys.place': return e.face === 'down' && !e.illusion ? ['value'] : null;
    case 'ys.neutral': case 'ys.peek': case 'ys.throne_pick': return ['value'];
    case 'ys.speculate': return ['colour'];
    case 'splendor.reserve': return e.from === 'deck' ? ['card'] : null;
    default: return null;
  }
}

// The events of every WebSocket frame, checked per viewer (seat k, or -1 for
// the spectator) while the game runs (once it is over every event is public):
// no event a viewer gets holds a secret field of another seat's event (it
// must come "masked": true, without the field), and whatever seat j's event
// says beyond the spectator's is j's alone: no other seat gets it the same.
// Returns the problems; .checked counts the events looked at.
export function eventLeakCheck(framesBySeat, spectatorFrames) {
  const problems = [];
  let checked = 0;
  const collect = (frames) => {
    const m = new Map();
    for (const f of frames) {
      if (f.type !== 'state' || f.over || !Array.isArray(f.events)) continue;
      f.events.forEach((e, k) => m.set(f.events_from + k, e));
    }
    return m;
  };
  const spec = collect(spectatorFrames);
  const seats = framesBySeat.map(collect);
  [[-1, spec], ...seats.map((m, k) => [k, m])].forEach(([v, m]) => {
    for (const [i, e] of m) {
      checked++;
      const secret = secretFields(e);
      if (!secret || e.seat === v) continue;
      for (const f of secret) {
        if (f in e) problems.push(`${v < 0 ? 'the spectator' : `seat ${v}`} got seat ${e.seat}'s secret ${f} in event ${i} (${e.kind}): ${JSON.stringify(e)}`);
      }
      if (e.masked !== true) problems.push(`event ${i} (${e.kind}) of seat ${e.seat} reached ${v < 0 ? 'the spectator' : `seat ${v}`} without "masked"`);
    }
  });
  seats.forEach((Ej, j) => {
    for (const [i, e] of Ej) {
      const s = spec.get(i);
      if (!s) continue;
      const ej = JSON.stringify(e);
      if (ej === JSON.stringify(s)) continue;
      seats.forEach((Ek, k) => {
        if (k !== j && Ek.has(i) && JSON.stringify(Ek.get(i)) === ej)
          problems.push(`seat ${k} gets seat ${j}'s private event ${i}: ${ej}`);
      });
    }
  });
  problems.checked = checked;
  return problems;
}

export function cleanup(dir) { try { rmSync(dir, { recursive: true, force: true }); } catch { /* gone */ } }
export { tempDir as tmp };
export const tmpBase = tmpdir();
