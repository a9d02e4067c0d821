// multi_clock.mjs — two servers on one PostgreSQL (tests/web/multi_clock.sh
// starts it): a seat handed to a bot is a compare-and-swap in the store
// (store.h update_seats_if: the seats and the number of moves this server
// decided on), so two servers acting on one table's seats at the same
// instant never both win nor lose the other's change; and a person's clock
// running out while two servers hold the table: the clock's stand-in plays
// exactly one move for them, both servers' spectators see the same, and the
// timeout is said once in the servers' logs. GG_PG_URL names the database.
import { execFileSync } from 'node:child_process';
import { ok, skip, done, sleep, tempDir, startServer, http, join, cleanup, pgUrlFor } from './lib.mjs';

if (!process.env.GG_PG_URL) { skip('several servers', 'GG_PG_URL not set (run tests/web/multi_clock.sh)'); done(); }
const ROUNDS = Number(process.env.HANDOVER_ROUNDS || 20);
const dir = tempDir('multi-clock-');
const db = pgUrlFor(`${dir}/multi-clock`);
const psql = (sql) => execFileSync(`${process.env.GG_PG_BIN || '/usr/lib/postgresql/15/bin'}/psql`,
  [db, '-Atc', sql], { encoding: 'utf8' }).trim();
// --log-json keeps each server's operations log (lib.mjs drops --quiet)
const FLAGS = ['--rate', '0', '--tables-per-addr', '100000', '--ws-per-addr', '100000', '--bot-max-ms', '300', '--log-json'];
const S = [await startServer(db, FLAGS), await startServer(db, FLAGS)];
const T = async (name, fn) => { try { await fn(); } catch (e) { ok(false, name, e.stack); } };

// The table events of one table in a server's log.
const events = (s, id) => s.stderr().split('\n').flatMap((l) => {
  try { const o = JSON.parse(l); return o.kind === 'table' && o.table === id ? [o] : []; } catch { return []; }
});
const count = (id, event) => S.reduce((n, s) => n + events(s, id).filter((e) => e.event === event).length, 0);
const storedSeats = (id) => JSON.parse(psql(`SELECT seats FROM tables WHERE id = '${id}'`));
// Both servers' info once they agree with `want` (or the last seen).
async function agreed(id, want) {
  let infos = [];
  for (let k = 0; k < 150; k++) {
    infos = await Promise.all(S.map(async (s) => (await http(s, 'GET', `/api/tables/${id}`)).json));
    if (infos.every(want)) break;
    await sleep(20);
  }
  return infos;
}
const twoServersHold = async (id) => Promise.all(S.map((s) => http(s, 'GET', `/api/tables/${id}`)));

// ------------------------------------------------------------ hand-over against hand-over
// Seat 1 is handed to a bot through both servers at the same instant (its
// creator to "random" on one, its own token to "heuristic" on the other):
// exactly one wins, the other is told the seat is a bot's, and the database
// and both servers hold the winner's bot.
await T('two hand-overs at once', async () => {
  const res = [];
  for (let k = 0; k < ROUNDS; k++) {
    const r = (await http(S[0], 'POST', '/api/tables', { game: 'splendor', players: 2, seats: ['human', 'human'] })).json;
    await twoServersHold(r.id);
    const two = await Promise.all([
      http(S[0], 'POST', `/api/tables/${r.id}/bot`, { seat: 1, token: r.admin, bot: 'random' }),
      http(S[1], 'POST', `/api/tables/${r.id}/bot`, { seat: 1, token: r.seats[1].token, bot: 'heuristic' })]);
    const won = two.findIndex((x) => x.status === 200);
    const spec = ['random', 'heuristic'][won];
    const stored = storedSeats(r.id)[1].bot;
    const infos = await agreed(r.id, (i) => i.seats[1].kind === 'bot' && i.seats[1].bot === stored);
    res.push({ ok: two.filter((x) => x.status === 200).length === 1 && two[1 - won].json?.code === 'bot_seat' &&
                   stored === spec && infos.every((i) => i.seats[1].bot === spec) && count(r.id, 'seat_to_bot') === 1,
               codes: two.map((x) => x.json?.code || x.status), stored, held: infos.map((i) => i.seats[1].bot),
               lost: count(r.id, 'seat_to_bot_lost') });
  }
  const lost = res.reduce((n, x) => n + x.lost, 0);
  ok(res.every((x) => x.ok), `${ROUNDS} hand-overs of one seat through two servers at the same instant: one wins, the other is told the seat is a bot's; the database and both servers hold the winner's bot, said once in the logs`,
     res.filter((x) => !x.ok).slice(0, 5));
  ok(lost > 0, `the store's compare-and-swap decided ${lost} of them: the loser read the table again and refused`, { lost });
});

// ------------------------------------------------------------ hand-over against a name
// Seat 1 goes to a bot through one server while seat 0's person names
// themselves through the other, at the same instant: neither acknowledged
// change is lost (a hand-over once rewrote all the seats from its server's
// memory, dropping a name stored a moment before).
await T('a hand-over and a name at once', async () => {
  const res = [];
  for (let k = 0; k < ROUNDS; k++) {
    const r = (await http(S[0], 'POST', '/api/tables', { game: 'splendor', players: 2, seats: ['human', 'human'] })).json;
    await twoServersHold(r.id);
    const name = `Anna ${k}`;
    const [h, n] = await Promise.all([
      http(S[0], 'POST', `/api/tables/${r.id}/bot`, { seat: 1, token: r.admin, bot: 'random' }),
      http(S[1], 'POST', `/api/tables/${r.id}/name`, { seat: 0, token: r.seats[0].token, name })]);
    const seats = storedSeats(r.id);
    const want = (i) => (h.status !== 200 || i.seats[1].kind === 'bot') && (n.status !== 200 || i.seats[0].name === name);
    const infos = await agreed(r.id, want);
    // each answer is a success or a clear "try again", and what was acknowledged is stored and known everywhere
    const clear = [h, n].every((x) => x.status === 200 || (x.status === 409 && x.json?.code === 'seats_changed') || x.status === 503);
    res.push({ ok: clear && h.status === 200 && (h.status !== 200 || seats[1].bot === 'random') &&
                   (n.status !== 200 || seats[0].name === name) && infos.every(want),
               h: h.json?.code || h.status, n: n.json?.code || n.status, seats, names: infos.map((i) => i.seats[0].name) });
  }
  ok(res.every((x) => x.ok), `${ROUNDS} times a seat handed to a bot through one server while the other seat's person names themselves through the other: both acknowledged changes are in the database and on both servers`,
     res.filter((x) => !x.ok).slice(0, 5));
});

// ------------------------------------------------------------ a clock runs out
// The person at seat 0 sits on server A's socket and lets the shortest clock
// (3 s a move, server/clock.c) run out twice; spectators watch on A and B.
await T('a clock runs out with two servers', async () => {
  const c = (await http(S[0], 'POST', '/api/tables', { game: 'splendor', players: 2, seats: ['human', 'random'],
    options: { first: 'seat0' }, clock: { kind: 'move', move_s: 3, timeouts: 2 } })).json;
  const person = await join(S[0], c.id, 0, c.seats[0].token);
  const specs = await Promise.all(S.map((s) => join(s, c.id, -1)));
  const t0 = Date.now();
  // the first timeout, and the bot's answer (seat 0 to act again)
  const firsts = await Promise.all(specs.map((sp) => sp.next((m) => m.type === 'state' && m.moves === 2 && m.actors[0] === 0, 20000, 0)));
  const took = Date.now() - t0;
  const rows = psql(`SELECT idx || ':' || seat || ':' || flags FROM actions WHERE table_id = '${c.id}' ORDER BY idx`).split('\n');
  const views = await Promise.all(S.map(async (s) => (await http(s, 'GET', `/api/tables/${c.id}/state?seat=-1`)).json));
  const lines0 = specs.map((sp) => sp.frames.filter((f) => f.type === 'state').flatMap((f) => f.log).filter((l) => l.i === 0));
  ok(rows.length === 2 && rows[0] === '0:0:1' && rows[1] === '1:1:0' && took > 2500,
     `the clock ran out (after ${took} ms): exactly one move was played for seat 0 by the stand-in, then the bot answered`, rows);
  ok(lines0.every((ls) => ls.length === 1 && ls[0].timeout === true && ls[0].seat === 0),
     'each server\'s spectator got move 0 once, marked as played by the clock', lines0);
  ok(JSON.stringify(views[0].view) === JSON.stringify(views[1].view) && JSON.stringify(views[0].log) === JSON.stringify(views[1].log) &&
     JSON.stringify(firsts[0].view) === JSON.stringify(firsts[1].view) && views[0].table.clock.seats[0].timeouts === 1 &&
     views[1].table.clock.seats[0].timeouts === 1 && views.every((v) => v.table.seats[0].kind === 'human'),
     'both servers show the same board, log and clocks (1 timeout, the seat still the person\'s)',
     views.map((v) => ({ moves: v.moves, clock: v.table.clock })));
  ok(count(c.id, 'timeout') === 1 && count(c.id, 'move') === 2,
     'the timeout is said once in the two servers\' logs, each move once', S.map((s) => events(s, c.id)));
  // the second timeout in a row gives the seat to the heuristic bot; the bots then end the game
  const ends = await Promise.all(specs.map((sp) => sp.next((m) => m.type === 'state' && m.over, 60000, 0)));
  await sleep(200);
  const all = psql(`SELECT count(*) || ':' || sum(flags) || ':' || max(idx) FROM actions WHERE table_id = '${c.id}'`);
  const [n, flags, last] = all.split(':').map(Number);
  const recs = await Promise.all(S.map((s) => http(s, 'GET', `/api/tables/${c.id}/record`)));
  const seen = specs.map((sp) => {
    const got = new Map();
    let twice = 0;
    for (const f of sp.frames) if (f.type === 'state') for (const l of f.log) { twice += got.has(l.i); got.set(l.i, l); }
    return { twice, n: got.size, timeouts: [...got.values()].filter((l) => l.timeout).map((l) => l.i), toBot: [...got.values()].filter((l) => l.to_bot).length };
  });
  const becameSpectator = person.frames.some((f) => f.type === 'state' && f.seat === -1);
  ok(flags === 2 && n === last + 1 && count(c.id, 'timeout') === 2 && count(c.id, 'seat_to_bot') === 1 &&
     ends.every((e) => e.table.seats[0].bot === 'heuristic') && becameSpectator,
     'the second timeout in a row gives seat 0 to the heuristic bot, said once in the logs; the person\'s connection on server A now watches',
     { all, timeouts: count(c.id, 'timeout'), toBot: count(c.id, 'seat_to_bot'), seats: ends.map((e) => e.table.seats) });
  ok(recs.every((x) => x.status === 200 && x.text === recs[0].text) && seen.every((x) => x.twice === 0 && x.n === n && x.toBot === 1 &&
     JSON.stringify(x.timeouts) === JSON.stringify(seen[0].timeouts)) && JSON.stringify(ends[0].view) === JSON.stringify(ends[1].view),
     `the game ends by the bots (${n} moves): both servers give the same record and final board, each spectator saw every move once`, { seen });
  [person, ...specs].forEach((x) => x.close());
});

for (const s of S) await s.stop();
cleanup(dir);
done();
