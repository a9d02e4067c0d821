// crash.mjs — kill -9 the server at random moments while bots and a client
// play, restart it on the same database, and check that nothing
// acknowledged was lost: every move acknowledged to the client is in its
// table's log at the index the ack gave, no table has fewer moves than a
// spectator was already shown, and every game still reaches its end. The
// client also chats and renames its seat as it plays (issue 21): every chat
// message acknowledged is kept at its index with its text, and the seat's
// name after each restart is the last one acknowledged (or the one in
// flight when the server died). A table of two people with a clock (a bank
// and an increment) gets one move from this test before each kill; after the
// restart every seat's clock must be what the stored move times give — the
// same deadline for the running clock, the same banks for the others — not a
// fresh or reset one, and the move acknowledged must be there.
// CRASH_KILLS (default 20) sets how many times; `make soak` uses more.
import { execFileSync } from 'node:child_process';
import { ok, skip, done, sleep, tempDir, startServer, http, Client, cleanup } from './lib.mjs';

const KILLS = Number(process.env.CRASH_KILLS || 20);
const dir = tempDir('crash-');
const db = `${dir}/crash.db`;
let srv = await startServer(db, ['--bot-delay', '15', '--rate', '0', '--tables-per-addr', '100000', '--threads', '512', '--ws-per-addr', '100000']);
let up = true;
let seed = 1;
const rand = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };

const games = (await http(srv, 'GET', '/api/games')).json.games;
const game = games.find((g) => g.name === 'splendor') || games[0];
if (!game) { skip('crash test', 'no game is registered yet'); await srv.stop(); cleanup(dir); done(); }
const P = Math.max(2, game.min_players);

// Bot tables of every game, and one table where seat 0 is this test's client.
const tables = [];
for (const g of games) {
  for (let i = 0; i < 3; i++) {
    const n = Math.min(g.max_players, Math.max(2, g.min_players) + i);
    const r = await http(srv, 'POST', '/api/tables', { game: g.name, players: n, seats: Array(n).fill('random'), seed: 100 + i });
    tables.push({ id: r.json.id, bot: true });
  }
}
const human = (await http(srv, 'POST', '/api/tables', { game: game.name, players: P, seats: ['human', ...Array(P - 1).fill('random')], seed: 7 })).json;
tables.push({ id: human.id, bot: false });
const token = human.seats[0].token;
const acked = [];          // [index] = notation, for the client's seat
const seen = new Map();    // table id → most moves a spectator was shown
let ackErrors = 0;
const chatAcked = [];      // [index] = text of each chat message acknowledged
const namesSent = [];      // every name asked for, in order
let nameAcked = -1, chatSent = 0, lastChat = 0; // nameAcked: index in namesSent

// Spectators on every table, reconnecting after each restart.
let watchers = [];
function watchAll() {
  watchers = tables.map((t) => {
    const c = new Client(srv.ws);
    c.opened.then(() => c.send({ type: 'join', table: t.id, seat: -1 })).catch(() => {});
    c.ws.on('message', (d) => {
      try {
        const m = JSON.parse(d.toString());
        if (m.type === 'state') seen.set(t.id, Math.max(seen.get(t.id) || 0, m.moves));
      } catch { /* ignore */ }
    });
    c.ws.on('error', () => {});
    return c;
  });
}
watchAll();

// The client plays seat 0 over HTTP (and chats on after its game is over);
// a refused or failed request is retried.
let stopClient = false;
const client = (async () => {
  while (!stopClient) {
    if (!up) { await sleep(20); continue; }
    try {
      const st = await http(srv, 'GET', `/api/tables/${human.id}/state?seat=0&token=${token}`);
      // a chat message (at most 20 a second) and now and then a new name
      if (Date.now() - lastChat >= 50 && chatSent < 3000) {
        lastChat = Date.now();
        const text = `message ${chatSent++} <b>${st.json.moves}</b>`;
        const c = await http(srv, 'POST', `/api/tables/${human.id}/chat`, { seat: 0, token, text });
        if (c.status === 200) {
          if (chatAcked[c.json.i] !== undefined) ackErrors++;
          chatAcked[c.json.i] = text;
        }
        if (chatSent % 10 === 0) {
          namesSent.push(`Player ${chatSent}`);
          const k = namesSent.length - 1;
          const n = await http(srv, 'POST', `/api/tables/${human.id}/name`, { seat: 0, token, name: namesSent[k] });
          if (n.status === 200) nameAcked = k;
        }
      }
      if (!st.json.legal.length) { await sleep(10); continue; }
      const a = st.json.legal[Math.floor(rand() * st.json.legal.length)];
      const r = await http(srv, 'POST', `/api/tables/${human.id}/action`, { seat: 0, token, action: a });
      if (r.status === 200) {
        if (acked[r.json.index] !== undefined && acked[r.json.index] !== r.json.action) ackErrors++;
        acked[r.json.index] = r.json.action;
      }
    } catch { await sleep(20); /* the server is down */ }
  }
})();

async function checkDurable(when) {
  const problems = [];
  // what was acknowledged before we look (the client goes on meanwhile)
  const movesBefore = acked.slice(), chatBefore = chatAcked.slice(), nameBefore = nameAcked;
  for (const t of tables) {
    const info = (await http(srv, 'GET', `/api/tables/${t.id}`)).json;
    if (info.moves < (seen.get(t.id) || 0)) problems.push(`${t.id}: ${info.moves} moves < ${seen.get(t.id)} shown before ${when}`);
  }
  const st = (await http(srv, 'GET', `/api/tables/${human.id}/state?seat=0&token=${token}`)).json;
  const log = new Map(st.log.map((l) => [l.i, l]));
  movesBefore.forEach((a, i) => {
    if (a === undefined) return;
    const l = log.get(i);
    if (!l || l.seat !== 0 || l.text !== a) problems.push(`acknowledged move ${i} "${a}" is ${l ? `"${l.text}"` : 'missing'} after ${when}`);
  });
  // chat: the count covers every acknowledged message; the history (the
  // last 200) holds each of them at its index with its text
  const chat = (await http(srv, 'GET', `/api/tables/${human.id}/chat`)).json;
  const byI = new Map(chat.messages.map((m) => [m.i, m]));
  if (chat.count < chatBefore.length) problems.push(`chat has ${chat.count} messages, ${chatBefore.length} were acknowledged, after ${when}`);
  chatBefore.forEach((text, i) => {
    if (text === undefined || i < chat.count - 200) return;
    const m = byI.get(i);
    if (!m || m.text !== text || m.seat !== 0) problems.push(`acknowledged chat ${i} "${text}" is ${m ? `"${m.text}"` : 'missing'} after ${when}`);
  });
  // the name: the last one acknowledged, or one asked for after it
  const name = st.table.seats[0].name ?? null;
  if (nameBefore >= 0 && namesSent.lastIndexOf(name) < nameBefore) problems.push(`the seat is named "${name}", "${namesSent[nameBefore]}" was acknowledged, after ${when}`);
  return problems;
}

// The clock table: two people, both played by this test, one move before
// each kill (taking tokens and giving them back, so the game goes on).
let clockTable = null;
async function clockMove() {
  if (!clockTable || (await http(srv, 'GET', `/api/tables/${clockTable.id}`)).json.over) {
    const c = (await http(srv, 'POST', '/api/tables', { game: 'splendor', players: 2, seats: ['human', 'human'],
      clock: { kind: 'bank', bank_s: 3600, increment_s: 7 } })).json;
    clockTable = { id: c.id, tokens: c.seats.map((x) => x.token), last: {} };
    for (const k of [0, 1]) await http(srv, 'GET', `/api/tables/${c.id}/state?seat=${k}&token=${clockTable.tokens[k]}`);
  }
  const t = clockTable;
  const i = (await http(srv, 'GET', `/api/tables/${t.id}`)).json;
  const seat = i.actors[0];
  const L = (await http(srv, 'GET', `/api/tables/${t.id}/state?seat=${seat}&token=${t.tokens[seat]}`)).json.legal;
  const back = t.last[seat] && L.find((a) => a === `return ${t.last[seat]}`);
  const a = back || L.filter((x) => x.startsWith('take')).sort((x, y) => x.length - y.length)[0] || L.find((x) => x.startsWith('return')) || L[0];
  if (a.startsWith('take')) t.last[seat] = a.slice(5);
  await sleep(rand() * 300); // some time on the clock
  const r = await http(srv, 'POST', `/api/tables/${t.id}/action`, { seat, token: t.tokens[seat], action: a });
  if (r.status !== 200) return null;
  return { ...(await http(srv, 'GET', `/api/tables/${t.id}`)).json, acked: r.json.index };
}
const clockProblems = [];
let clockChecks = 0;
function clockAfter(before, after, when) {
  if (!before) return;
  clockChecks++;
  const a = after.clock, b = before.clock;
  if (after.moves !== before.moves || after.moves !== before.acked + 1) clockProblems.push(`${when}: ${after.moves} moves, ${before.moves} before (move ${before.acked} acknowledged)`);
  if (!a || !a.started) clockProblems.push(`${when}: the clocks did not resume (${JSON.stringify(a)})`);
  else b.seats.forEach((sb, k) => {
    const sa = a.seats[k];
    if (sa.running !== sb.running) clockProblems.push(`${when}: seat ${k} running ${sa.running}, before ${sb.running}`);
    else if (sb.running && Math.abs((sa.remaining_ms + a.now) - (sb.remaining_ms + b.now)) > 1)
      clockProblems.push(`${when}: seat ${k} runs out at ${sa.remaining_ms + a.now}, before the kill at ${sb.remaining_ms + b.now}`);
    else if (!sb.running && sa.remaining_ms !== sb.remaining_ms)
      clockProblems.push(`${when}: seat ${k} has ${sa.remaining_ms} ms, before the kill ${sb.remaining_ms}`);
  });
}

let lost = [];
let kills = 0, killsDuringPlay = 0;
for (; kills < KILLS; kills++) {
  // New bot games keep arriving, so every kill lands in the middle of some.
  if (kills % 4 === 3) {
    const g = games[kills % games.length];
    const n = Math.max(2, g.min_players);
    const r = await http(srv, 'POST', '/api/tables', { game: g.name, players: n, seats: Array(n).fill('random'), seed: 1000 + kills });
    tables.push({ id: r.json.id, bot: true });
  }
  await sleep(40 + rand() * 400);
  // If every game happens to be over, start one more and let it begin. A
  // random bot game can end between two looks, so look again until one is
  // seen in play just before the kill.
  let fresh = 0;
  for (;;) {
    const now = await Promise.all(tables.map(async (t) => (await http(srv, 'GET', `/api/tables/${t.id}`)).json));
    if (now.some((i) => i.moves > 0 && !i.over)) { killsDuringPlay++; break; }
    if (++fresh > 5) break; // counted as a kill outside play: the check below fails
    const g = games[(kills + fresh) % games.length];
    const n = Math.max(2, g.min_players);
    const r = await http(srv, 'POST', '/api/tables', { game: g.name, players: n, seats: Array(n).fill('random'), seed: 5000 + 10 * kills + fresh });
    tables.push({ id: r.json.id, bot: true });
    while ((await http(srv, 'GET', `/api/tables/${r.json.id}`)).json.moves < 2) await sleep(5);
  }
  const clockSeen = await clockMove();
  up = false;
  await srv.kill();
  watchers.forEach((w) => { try { w.ws.terminate(); } catch { /* gone */ } });
  srv = await startServer(db, ['--bot-delay', '15', '--rate', '0', '--tables-per-addr', '100000', '--threads', '512', '--ws-per-addr', '100000']);
  if (clockSeen) clockAfter(clockSeen, (await http(srv, 'GET', `/api/tables/${clockTable.id}`)).json, `kill ${kills + 1}`);
  up = true;
  lost.push(...(await checkDurable(`kill ${kills + 1}`)));
  watchAll();
}
ok(kills === KILLS && killsDuringPlay === KILLS, `the server was killed with SIGKILL ${KILLS} times during play and restarted`, { killsDuringPlay });
ok(lost.length === 0, 'every acknowledged or shown move survived every kill', lost.slice(0, 10));
ok(clockChecks >= KILLS - 1 && clockProblems.length === 0,
   `after each restart the clocks resume as the stored move times give them (${clockChecks} compared)`, clockProblems.slice(0, 10));
ok(acked.filter((a) => a !== undefined).length > 0, `the client's moves were acknowledged (${acked.filter((a) => a !== undefined).length})`);

// Let everything finish.
const deadline = Date.now() + 180000;
let infos = [];
while (Date.now() < deadline) {
  infos = await Promise.all(tables.map(async (t) => (await http(srv, 'GET', `/api/tables/${t.id}`)).json));
  if (infos.every((i) => i.over)) break;
  await sleep(200);
}
stopClient = true;
await client;
ok(infos.every((i) => i.over && !i.broken), 'every game continues to its end after the crashes', infos.map((i) => [i.id, i.moves, i.over]));
const rec = (await http(srv, 'GET', `/api/tables/${human.id}/record`)).json;
const mismatch = acked.map((a, i) => (a !== undefined && (!rec.actions[i] || rec.actions[i].action !== a || rec.actions[i].seat !== 0) ? i : -1)).filter((i) => i >= 0);
ok(rec && mismatch.length === 0 && ackErrors === 0, 'the final record holds every acknowledged move at its index', mismatch);
const last = await checkDurable('the end');
ok(last.length === 0, 'nothing shown was lost at the end', last);
{
  // every acknowledged chat message, not only the last 200, is in the store
  const rows = execFileSync('sqlite3', ['-json', db, `SELECT idx, text FROM chat WHERE table_id = '${human.id}'`], { encoding: 'utf8' });
  const stored = new Map((rows.trim() ? JSON.parse(rows) : []).map((r) => [r.idx, r.text]));
  const missing = chatAcked.map((text, i) => (text !== undefined && stored.get(i) !== text ? i : -1)).filter((i) => i >= 0);
  ok(chatAcked.filter((x) => x !== undefined).length > 0 && missing.length === 0 && nameAcked >= 0,
     `every acknowledged chat message (${chatAcked.filter((x) => x !== undefined).length}) and name survived the kills`, missing.slice(0, 10));
}

watchers.forEach((w) => { try { w.ws.terminate(); } catch { /* gone */ } });
await srv.stop();
cleanup(dir);
done();
