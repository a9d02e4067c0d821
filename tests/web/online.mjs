// online.mjs — issue 21 through the API against the real binary: clocks
// (settings refused, a clock that waits for everyone, runs out, lets the
// heuristic bot move and hands the seat over after the table's number of
// timeouts; bank + increment arithmetic; clocks after a restart), undo
// against bots (the terminal's rule; refused to anyone not entitled), a
// rematch offered and accepted, and rule G-1 ending a table left to bots.
// Every refusal is a clear error and changes nothing.
import { ok, done, sleep, tempDir, startServer, http, connect, join, cleanup } from './lib.mjs';

const dir = tempDir('online-');
const db = `${dir}/online.db`;
let srv = await startServer(db, ['--rate', '0']);
const T = async (name, fn) => { try { await fn(); } catch (e) { ok(false, name, e.stack); } };
const info = async (id) => (await http(srv, 'GET', `/api/tables/${id}`)).json;
const state = async (id, seat, token) => (await http(srv, 'GET', `/api/tables/${id}/state?seat=${seat}&token=${token}`)).json;
const create = async (body) => (await http(srv, 'POST', '/api/tables', body)).json;
const act = (id, seat, token, action) => http(srv, 'POST', `/api/tables/${id}/action`, { seat, token, action });
const clearError = (r, status, code) => r.status === status && r.json && r.json.type === 'error' && r.json.code === code && r.json.message.length > 10;

// ------------------------------------------------------------ clock settings
await T('clock settings', async () => {
  const before = (await http(srv, 'GET', '/api/tables')).json.tables.length;
  const bad = [
    ['a string', 'fast'],
    ['an array', [120, 20]],
    ['no kind', { move_s: 30 }],
    ['an unknown kind', { kind: 'hourglass', move_s: 30 }],
    ['a per-move time of 1 s', { kind: 'move', move_s: 1 }],
    ['a per-move time of 15 days', { kind: 'move', move_s: 15 * 86400 }],
    ['a fractional time', { kind: 'move', move_s: 30.5 }],
    ['a time as text', { kind: 'move', move_s: '30' }],
    ['a huge number', { kind: 'move', move_s: 1e300 }],
    ['a bank without its size', { kind: 'bank', increment_s: 20 }],
    ['a negative increment', { kind: 'bank', bank_s: 120, increment_s: -5 }],
    ['an increment over a day', { kind: 'bank', bank_s: 120, increment_s: 90000 }],
    ['1000 timeouts', { kind: 'move', move_s: 30, timeouts: 1000 }],
    ['an unknown setting', { kind: 'move', move_s: 30, overtime: 5 }],
  ];
  for (const [what, clock] of bad) {
    const r = await http(srv, 'POST', '/api/tables', { game: 'splendor', players: 2, clock });
    ok(clearError(r, 400, 'bad_clock'), `a clock with ${what} is refused with a clear message`, r.text);
  }
  ok((await http(srv, 'GET', '/api/tables')).json.tables.length === before, 'refused clock settings created no table');
  const r = await http(srv, 'POST', '/api/tables', { game: 'splendor', players: 2, clock: { kind: 'bank', bank_s: 120, increment_s: 20, timeouts: 2 } });
  const i = r.status === 200 && await info(r.json.id);
  ok(i && i.clock && i.clock.kind === 'bank' && i.clock.bank_s === 120 && i.clock.increment_s === 20 && i.clock.timeouts === 2 &&
     i.clock.started === false && i.clock.seats.every((s) => s.remaining_ms === 120000 && !s.running),
     'a bank clock (2 min + 20 s) is kept as asked and waits for the players', i && i.clock);
  const none = await create({ game: 'splendor', players: 2, clock: { kind: 'none' } });
  ok(!(await info(none.id)).clock, 'a table without a clock says nothing about clocks');
});

// ------------------------------------------------------------ a clock runs out
await T('clock runs out', async () => {
  const c = await create({ game: 'splendor', players: 2, seats: ['human', 'human'], clock: { kind: 'move', move_s: 3, timeouts: 2 } });
  const [t0, t1] = c.seats.map((s) => s.token);
  const a = await join(srv, c.id, 0, t0);
  await sleep(3600);
  let i = await info(c.id);
  ok(i.moves === 0 && i.clock.started === false && !i.clock.seats[0].running,
     'the clocks wait while a person has not come to the table yet (nobody times out)', i.clock);
  const spec = await join(srv, c.id, -1);
  const b = await join(srv, c.id, 1, t1);
  const f = await a.next((m) => m.type === 'state' && m.table.clock && m.table.clock.started, 5000, 0);
  ok(f.table.clock.seats[0].running && !f.table.clock.seats[1].running && f.table.clock.seats[0].remaining_ms <= 3000 &&
     f.table.clock.seats[0].remaining_ms > 2000, 'once everyone came the clock of the seat to act runs, shown to all with its remaining time', f.table.clock);
  const t = Date.now();
  const out = await spec.next((m) => m.type === 'state' && m.log.some((l) => l.timeout), 15000, 0);
  const took = Date.now() - t;
  const line = out.log.find((l) => l.timeout);
  ok(line.seat === 0 && line.i === 0 && took > 2000 && took < 12000,
     `when the clock runs out the move is made for that seat, and the log says so (after ${took} ms)`, { line, took });
  ok(out.table.seats[0].kind === 'human' && out.table.clock.seats[0].timeouts === 1, 'after one timeout the seat is still the person\'s', out.table.clock);
  // seat 1 plays its own move in time: no timeout for it
  const st1 = await b.next((m) => m.type === 'state' && m.legal.length > 0, 5000, 0);
  const r1 = await act(c.id, 1, t1, st1.legal[0]);
  ok(r1.status === 200, 'a move in time is accepted');
  const gone = await spec.next((m) => m.type === 'state' && m.table.seats[0].kind === 'bot', 8000, 0);
  const gl = gone.log.find((l) => l.to_bot) || (await state(c.id, -1, '')).log.find((l) => l.to_bot);
  ok(gone.table.seats[0].bot === 'heuristic' && gl && gl.seat === 0 && gl.timeout,
     'after the table\'s number of timeouts (2) the seat goes to the heuristic bot, and everyone sees it happen', { seats: gone.table.seats, gl });
  const late = await act(c.id, 0, t0, 'take W B G');
  ok(late.status === 403 && late.json.code === 'bot_seat', 'the seat\'s old token no longer moves', late.text);
  const aSt = await a.next((m) => m.type === 'state' && m.seat === -1, 5000, 0).catch(() => null);
  ok(aSt && aSt.legal.length === 0, 'the connection that sat there became a spectator');
  i = await info(c.id);
  ok(i.clock.seats[1].timeouts === 0, 'seat 1, who moved in time, has no timeout');
  // restart: the timeouts and the seat's bot come back from the store
  await srv.stop();
  srv = await startServer(db, ['--rate', '0']);
  const j = await info(c.id);
  ok(j.seats[0].kind === 'bot' && j.clock.seats[0].timeouts === 2 && j.clock.started,
     'after a restart the timeouts and the hand-over are the same', j.clock);
  [a, b, spec].forEach((x) => x.close());
});

// ------------------------------------------------------------ timeouts in a row
// The seat goes to the bot after the table's number of timeouts in a row:
// a move made in time in between starts the count again.
await T('timeouts in a row', async () => {
  const c = await create({ game: 'splendor', players: 2, seats: ['human', 'random'], options: { first: 'seat0' },
    clock: { kind: 'move', move_s: 6, timeouts: 2 } });
  const tok = c.seats[0].token;
  const a = await join(srv, c.id, 0, tok);
  // timeout 1 (move 0), the bot answers, then a move in time (move 2);
  // 6 s a move, so that the server's restart below (slow under load: it
  // once took over 3 s) ends before move 6's clock runs out
  const mine = await a.next((m) => m.type === 'state' && m.moves === 2 && m.legal.length > 0, 30000, 0);
  const r = await act(c.id, 0, tok, mine.legal.find((x) => x.startsWith('take')) || mine.legal[0]);
  // the bot answers (move 3), then timeout again (move 4): the first of a new run
  const after = await a.next((m) => m.type === 'state' && m.moves >= 6 && m.actors[0] === 0, 30000, 0);
  const log = (await state(c.id, -1, '')).log;
  const i = await info(c.id);
  ok(r.status === 200 && log[0].timeout && !log[2].timeout && log[4].timeout && !log.some((l) => l.to_bot) &&
     i.seats[0].kind === 'human' && i.clock.seats[0].timeouts === 1 && after.seat === 0 && after.legal.length > 0,
     'two timeouts with a move made in time between: the count starts again (1 in a row), the seat stays the person\'s (table: 2)',
     { status: r.status, log: log.map((l) => [l.i, l.seat, !!l.timeout, !!l.to_bot]), seat0: i.seats[0], clock: i.clock });
  // a restart counts the same way from the stored moves
  await srv.stop();
  srv = await startServer(db, ['--rate', '0']);
  const j = await info(c.id);
  ok(j.seats[0].kind === 'human' && j.clock.seats[0].timeouts === 1, 'after a restart the count in a row is the same', j.clock);
  a.close();
});

// ------------------------------------------------------------ simultaneous decisions
await T('simultaneous clocks', async () => {
  // Ys opens with the secret bid (Y-5.1): every seat at once, every person's clock runs.
  const c = await create({ game: 'ys', players: 3, seats: ['human', 'human', 'heuristic'], clock: { kind: 'move', move_s: 600 } });
  await state(c.id, 0, c.seats[0].token);
  const st = await state(c.id, 1, c.seats[1].token);
  let i = st.table;
  for (let k = 0; k < 100 && i.actors.length < 2; k++) { await sleep(20); i = await info(c.id); }
  const people = i.actors.filter((a) => a < 2);
  ok(people.length === 2 && people.every((a) => i.clock.seats[a].running) && !i.clock.seats[2].running,
     'when several people must decide at once (the Ys bid), each one\'s clock runs; the bot has none', { actors: i.actors, clock: i.clock });
  const bid = (await state(c.id, 0, c.seats[0].token)).legal[0];
  const r = await act(c.id, 0, c.seats[0].token, bid);
  const k = r.json && r.json.table.clock;
  ok(r.status === 200 && !k.seats[0].running && k.seats[1].running, 'the one who has decided stops; the other\'s clock runs on', k);
});

// ------------------------------------------------------------ bank + increment
await T('bank clock', async () => {
  const c = await create({ game: 'splendor', players: 2, seats: ['human', 'human'], clock: { kind: 'bank', bank_s: 60, increment_s: 5 } });
  const [t0, t1] = c.seats.map((s) => s.token);
  await state(c.id, 0, t0); // both come to the table (a GET with the token counts)
  await state(c.id, 1, t1);
  await sleep(1200);
  const st = await state(c.id, 0, t0);
  ok(st.table.clock.started && st.table.clock.seats[0].running, 'the bank of the seat to act runs');
  const used = 60000 - st.table.clock.seats[0].remaining_ms;
  const sent = Date.now();
  const r = await act(c.id, 0, t0, st.legal.find((x) => x.startsWith('take')));
  const slack = Date.now() - sent + 500; // the time the move took to arrive, at most
  ok(r.status === 200, 'a move is played');
  const k = r.json.table.clock.seats[0];
  ok(!k.running && k.remaining_ms >= 60000 + 5000 - used - slack && k.remaining_ms <= 65000 - used + 50,
     `a turn spends from the bank and adds the increment (used about ${used} ms, left ${k.remaining_ms})`, k);
  ok(r.json.table.clock.seats[1].running && r.json.table.clock.seats[1].remaining_ms <= 60000, 'then the other seat\'s clock runs');
});

// ------------------------------------------------------------ undo against bots
await T('undo', async () => {
  const c = await create({ game: 'splendor', players: 2, seats: ['human', 'random'], seed: 11 });
  const tok = c.seats[0].token;
  const spec = await join(srv, c.id, -1);
  let r = await http(srv, 'POST', `/api/tables/${c.id}/undo`, { seat: 0, token: tok });
  ok(clearError(r, 409, 'nothing_to_undo'), 'undo before any move of yours is refused', r.text);
  // a move that draws nothing, then the bot's reply: undo until it is allowed once
  let undone = 0, refused = 0, tries = 0;
  while (tries++ < 30 && (undone < 1 || refused < 1)) {
    let st = await state(c.id, 0, tok);
    while (!st.legal.length && !st.over) { await sleep(20); st = await state(c.id, 0, tok); }
    if (st.over) break;
    const before = st.moves;
    const take = st.legal.find((x) => x.startsWith('take')) || st.legal.find((x) => x.startsWith('return'));
    const buy = st.legal.find((x) => x.startsWith('buy') || x.startsWith('reserve'));
    // every other try: a move that reveals a card (a buy or reserve refills the board)
    const mine = refused < 1 && tries % 2 === 0 && buy ? buy : take || st.legal[0];
    await act(c.id, 0, tok, mine);
    let now = await state(c.id, 0, tok);
    for (let k = 0; k < 100 && !now.legal.length && !now.over; k++) { await sleep(20); now = await state(c.id, 0, tok); }
    const rec = now.log.slice(before).map((l) => l.text);
    r = await http(srv, 'POST', `/api/tables/${c.id}/undo`, { seat: 0, token: tok });
    const after = await state(c.id, 0, tok);
    const drew = /^(buy|reserve)/.test(mine) || rec.some((x) => /^(buy|reserve)/.test(x));
    if (r.status === 200) {
      undone++;
      ok(!drew && after.moves === before && r.json.type === 'undone' && JSON.stringify(after.legal) === JSON.stringify(st.legal),
         `undo takes back your move and the bot's reply (${rec.join(', ')}) and gives the same choice again`, { rec, before, after: after.moves });
      const sf = await spec.next((m) => m.type === 'state' && m.moves === before, 3000, 0).catch(() => null);
      ok(sf && sf.log.length === 0 && sf.log_from === before, 'watchers are sent the shorter game at once');
    } else {
      ok(clearError(r, 409, 'cannot_undo') && drew && after.moves === now.moves,
         `undo across a card drawn (${rec.join(', ')}) is refused and changes nothing`, r.text);
      refused++;
    }
  }
  ok(undone >= 1 && refused >= 1, `undo was allowed (${undone}) and refused across a drawn card (${refused})`);
  const moves = (await info(c.id)).moves;
  // not entitled: each refused, nothing changed
  r = await http(srv, 'POST', `/api/tables/${c.id}/undo`, { seat: 0, token: 'f'.repeat(32) });
  ok(clearError(r, 403, 'bad_token'), 'undo with a wrong token is refused', r.text);
  r = await http(srv, 'POST', `/api/tables/${c.id}/undo`, { seat: 1, token: tok });
  ok(clearError(r, 403, 'bot_seat'), 'undo for the bot\'s seat is refused', r.text);
  r = await http(srv, 'POST', `/api/tables/${c.id}/undo`, { seat: 'x', token: tok });
  ok(clearError(r, 400, 'bad_seat'), 'undo with a garbage seat is refused', r.text);
  const w = await spec.request({ type: 'undo' }, (m) => m.type === 'error');
  ok(w.code === 'spectator', 'a spectator cannot undo', w);
  ok((await info(c.id)).moves === moves, 'the refused undos changed nothing');
  // two people at the table: undo is refused
  const two = await create({ game: 'splendor', players: 3, seats: ['human', 'human', 'random'] });
  const s0 = await state(two.id, 0, two.seats[0].token);
  await act(two.id, 0, two.seats[0].token, s0.legal.find((x) => x.startsWith('take')));
  r = await http(srv, 'POST', `/api/tables/${two.id}/undo`, { seat: 0, token: two.seats[0].token });
  ok(clearError(r, 409, 'not_alone') && (await info(two.id)).moves === 1, 'undo at a table with another person is refused and changes nothing', r.text);
  // over WebSocket, and kept through a restart
  let st = await state(c.id, 0, tok);
  for (let k = 0; k < 100 && !st.legal.length; k++) { await sleep(20); st = await state(c.id, 0, tok); }
  const before = st.moves;
  const pl = await join(srv, c.id, 0, tok);
  await act(c.id, 0, tok, st.legal.find((x) => x.startsWith('take')) || st.legal[0]);
  await sleep(300);
  const u = await pl.request({ type: 'undo', id: 7 }, (m) => m.type === 'undone' || m.type === 'error');
  if (u.type === 'undone') {
    ok(u.moves === before && u.id === 7, 'undo over the WebSocket answers "undone" with the moves left', u);
    await srv.stop();
    srv = await startServer(db, ['--rate', '0']);
    ok((await info(c.id)).moves === before, 'an undo is kept through a restart');
  } else {
    ok(u.code === 'cannot_undo', 'undo over the WebSocket is refused only by the rule', u);
  }
  pl.close();
  spec.close();
});

// ------------------------------------------------------------ rematch
// Both seats play (buying whenever they can) until the game ends.
async function playOut(id, tokens) {
  for (let k = 0; k < 600; k++) {
    const i = await info(id);
    if (i.over) return true;
    const seat = i.actors.find((a) => tokens[a]);
    if (seat === undefined) { await sleep(20); continue; }
    const st = await state(id, seat, tokens[seat]);
    if (!st.legal.length) continue;
    const a = st.legal.find((x) => x.startsWith('buy')) || st.legal.find((x) => x.startsWith('take')) || st.legal[0];
    await act(id, seat, tokens[seat], a);
  }
  return (await info(id)).over;
}

await T('rematch', async () => {
  const c = await create({ game: 'splendor', players: 3, seats: ['human', 'human', 'heuristic'], options: { first: 'random' }, clock: { kind: 'move', move_s: 600 } });
  const toks = c.seats.map((s) => s.token);
  let r = await http(srv, 'POST', `/api/tables/${c.id}/rematch`, { seat: 0, token: toks[0] });
  ok(clearError(r, 409, 'not_over'), 'a rematch before the game is over is refused', r.text);
  ok(await playOut(c.id, toks), 'the game is played to its end');
  const spec = await join(srv, c.id, -1);
  const w = await spec.request({ type: 'rematch' }, (m) => m.type === 'error');
  ok(w.code === 'spectator', 'a spectator cannot offer a rematch', w);
  r = await http(srv, 'POST', `/api/tables/${c.id}/rematch`, { seat: 0, token: toks[1] });
  ok(clearError(r, 403, 'bad_token'), 'a rematch with a wrong token is refused', r.text);
  r = await http(srv, 'POST', `/api/tables/${c.id}/rematch`, { seat: 2, token: toks[0] });
  ok(clearError(r, 403, 'bot_seat'), 'a bot\'s seat cannot offer a rematch', r.text);
  ok(!(await info(c.id)).rematch, 'the refused offers changed nothing');
  const A = await join(srv, c.id, 0, toks[0]);
  const offer = await A.request({ type: 'rematch', id: 1 }, (m) => m.type === 'rematch' || m.type === 'error');
  ok(offer.type === 'rematch' && offer.seat === 0 && offer.token && offer.token !== toks[0] && offer.admin && offer.id === 1,
     'seat 1 offers a rematch: a new table and a new token for that seat', offer);
  const seen = await spec.next((m) => m.type === 'state' && m.table.rematch, 3000, 0);
  ok(seen.table.rematch.table === offer.table && JSON.stringify(seen.table.rematch.seats) === '[0]', 'everyone at the table sees the offer', seen.table.rematch);
  r = await http(srv, 'POST', `/api/tables/${c.id}/rematch`, { seat: 1, token: toks[1] });
  ok(r.status === 200 && r.json.table === offer.table && r.json.seat === 1 && r.json.token !== toks[1] && r.json.token !== offer.token && !r.json.admin,
     'seat 2 accepts: the same new table, its own new token', r.json);
  const again = await http(srv, 'POST', `/api/tables/${c.id}/rematch`, { seat: 0, token: toks[0] });
  ok(again.status === 200 && again.json.table === offer.table && again.json.token === offer.token, 'asking again gives the same seat, not another table');
  const n = await info(offer.table);
  const o = await info(c.id);
  ok(n.game === o.game && n.players === 3 && JSON.stringify(n.options) === JSON.stringify(o.options) && n.moves <= 1 && // the bot may begin (first: random)
     n.seats.map((s) => s.kind).join() === 'human,human,bot' && n.seats[2].bot === 'heuristic' && n.clock && n.clock.move_s === 600,
     'the rematch has the same game, options, seats (the bot stays a bot) and clock', { n, o: o.options });
  const p0 = await state(offer.table, 0, offer.token);
  const p1 = await state(offer.table, 1, r.json.token);
  ok(p0.seat === 0 && p1.seat === 1 && p0.type === 'state', 'the new tokens sit at the new table');
  const old = await http(srv, 'GET', `/api/tables/${offer.table}/state?seat=0&token=${toks[0]}`);
  ok(old.status === 403, 'the old token does not sit at the new table');
  await srv.stop();
  srv = await startServer(db, ['--rate', '0']);
  const k = await info(c.id);
  ok(k.rematch && k.rematch.table === offer.table && JSON.stringify(k.rematch.seats) === '[0,1]', 'the rematch and who moved over survive a restart', k.rematch);
  A.close();
  spec.close();
});

// ------------------------------------------------------------ rule G-1
await T('G-1', async () => {
  const c = await create({ game: 'splendor', players: 2, seats: ['human', 'human'] });
  const toks = c.seats.map((s) => s.token);
  const last = {};
  for (let k = 0; k < 410; k++) { // take and give back: a game that need not end (rule G-1)
    const i = await info(c.id);
    if (i.over || i.moves >= 400) break;
    const seat = i.actors[0];
    const L = (await state(c.id, seat, toks[seat])).legal;
    const back = last[seat] && L.find((a) => a === `return ${last[seat]}`);
    const takes = L.filter((a) => a.startsWith('take')).sort((a, b) => a.length - b.length);
    const a = back || takes[0] || L.find((x) => x.startsWith('return')) || L[0];
    if (a.startsWith('take')) last[seat] = a.slice(5);
    await act(c.id, seat, toks[seat], a);
  }
  let i = await info(c.id);
  ok(i.moves >= 400 && !i.over, `people may play on past the bots' limit (${i.moves} moves)`);
  await http(srv, 'POST', `/api/tables/${c.id}/bot`, { seat: 1, token: toks[1], bot: 'random' });
  // if it was seat 1's turn its new bot moves at once, after the request
  // has been answered: the person's turn is where the game waits
  const until = Date.now() + 10000;
  for (i = await info(c.id); !i.over && i.actors[0] !== 0 && Date.now() < until; i = await info(c.id)) await sleep(50);
  ok(!i.over && i.actors[0] === 0, 'with one person left the game goes on, waiting for that person', { over: i.over, actors: i.actors });
  const moves = i.moves;
  await http(srv, 'POST', `/api/tables/${c.id}/bot`, { seat: 0, token: toks[0], bot: 'random' });
  await sleep(300);
  i = await info(c.id);
  ok(i.over && i.result && i.result.adjudicated === true && i.result.over && i.result.rank.length === 2 && i.moves === moves,
     'once only bots are left past the limit, rule G-1 ends the game, scored as it stands', i.result);
  const rec = await http(srv, 'GET', `/api/tables/${c.id}/record`);
  ok(rec.status === 200 && rec.json.adjudicated === true && rec.json.actions.length === moves, 'its record is served and says rule G-1 ended it', { status: rec.status, adjudicated: rec.json && rec.json.adjudicated, n: rec.json && rec.json.actions && rec.json.actions.length, moves, text: rec.text.slice(0, 300) });
  await srv.stop();
  srv = await startServer(db, ['--rate', '0']);
  i = await info(c.id);
  ok(i.over && i.result.adjudicated && i.moves === moves, 'and it stays ended after a restart');
});

await srv.stop();
cleanup(dir);
done();
