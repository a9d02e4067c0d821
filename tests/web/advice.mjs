// advice.mjs — hints and post-game analysis over the WebSocket (issue 27):
// offered only to the one person at a table of bots (state.advice), computed
// with the server's budget whatever the client asks, sent only to that seat's
// connections, each hinted move one of the seat's legal moves; refused to
// spectators, at a table of several people, out of turn, and (analysis)
// before the game is over; the analysis lists the person's own decisions,
// biggest estimated loss first.
import { existsSync } from 'node:fs';
import { ok, skip, done, tempDir, startServer, http, join, cleanup } from './lib.mjs';

const dir = tempDir('advice-');
const srv = await startServer(`${dir}/advice.db`);
const lastState = (c) => c.frames.findLast((f) => f.type === 'state');
const errorOr = (type) => (f) => f.type === type || f.type === 'error';

// A table of one person (seat 0) and a bot.
const made = await http(srv, 'POST', '/api/tables', { game: 'splendor', players: 2, seats: ['human', 'random'], seed: 12 });
ok(made.status === 200, 'a table of one person and a bot', made.text);
const { id } = made.json;
const token = made.json.seats[0].token;
const me = await join(srv, id, 0, token);
const watcher = await join(srv, id, -1);
let st = lastState(me);
ok(st.advice === true, 'the person alone with bots is offered hints (state.advice)', st.advice);
ok(lastState(watcher).advice === false, 'a spectator is not', lastState(watcher).advice);

{
  const m = await me.request({ type: 'hint', budget: 'ismcts:iters=100000000', iters: 1e9 }, errorOr('hint'), 60000);
  ok(m.type === 'hint' && Array.isArray(m.hints) && m.hints.length >= 1, 'a hint comes back', m);
  ok(m.budget === 'ismcts:iters=4000:rollout=light', 'with the server\'s budget, not the one the client asked for', m.budget);
  ok(m.hints.every((h) => st.legal.includes(h.action)), 'every hinted move is one of our legal moves', { hints: m.hints, legal: st.legal });
  ok(m.hints.every((h) => h.win >= 0 && h.win <= 1 && h.visits > 0), 'each with an estimated win share and its visits', m.hints);
  ok(m.hints.every((h, i) => i === 0 || h.visits <= m.hints[i - 1].visits), 'best (most visited) first', m.hints);
  ok(m.seat === 0 && m.moves === st.moves, 'for our seat and the position it was asked in', m);
  ok(!watcher.frames.some((f) => f.type === 'hint'), 'the spectator never receives the hint');
}
{
  const m = await watcher.request({ type: 'hint' }, errorOr('hint'));
  ok(m.type === 'error' && m.code === 'spectator', 'a spectator asking for a hint is refused', m);
  const a = await me.request({ type: 'analysis' }, errorOr('analysis'));
  ok(a.type === 'error' && a.code === 'not_over', 'the analysis is refused before the game is over', a);
}

// Play to the end: buy when we can (the most expensive-looking first), else
// the first listed move.
let guard = 0;
while (!st.over && guard++ < 400) {
  if (st.legal.length) {
    const buy = st.legal.filter((a) => a.startsWith('buy')).pop();
    const from = me.frames.length;
    me.send({ type: 'action', action: buy || st.legal[0] });
    await me.next((f) => f.type === 'state' && (f.moves > st.moves || f.over), 20000, from);
  } else {
    await me.next((f) => f.type === 'state' && f.moves > st.moves, 20000);
  }
  st = lastState(me);
}
ok(st.over, `the game ends (${st.moves} moves)`);
{
  const mine = new Set(me.frames.filter((f) => f.type === 'state').flatMap((f) => f.log || []).filter((l) => l.seat === 0).map((l) => l.i));
  const a = await me.request({ type: 'analysis' }, errorOr('analysis'), 300000);
  ok(a.type === 'analysis' && a.decisions.length > 5, `the analysis of the finished game comes back (${a.decisions && a.decisions.length} decisions)`, a);
  ok(a.budget === 'ismcts:iters=1000:rollout=light', 'with the server\'s budget', a.budget);
  ok(a.decisions.every((d) => mine.has(d.index)), 'every analysed decision is one of ours', a.decisions.map((d) => d.index));
  const losses = a.decisions.map((d) => (d.loss === null ? -1 : d.loss));
  ok(losses.every((x, i) => i === 0 || x <= losses[i - 1]), 'biggest estimated loss first', losses);
  ok(a.decisions.every((d) => typeof d.played === 'string' && typeof d.best === 'string' && d.best_win >= 0 && d.best_win <= 1),
     'each names the move played, the bot\'s preferred move and its estimate', a.decisions[0]);
  ok(!watcher.frames.some((f) => f.type === 'analysis'), 'the spectator never receives the analysis');
}

// A table of two people: no hints.
{
  const two = await http(srv, 'POST', '/api/tables', { game: 'splendor', players: 2, seats: ['human', 'human'] });
  const c = await join(srv, two.json.id, 0, two.json.seats[0].token);
  ok(lastState(c).advice === false, 'two people at a table: no hints offered');
  const m = await c.request({ type: 'hint' }, errorOr('hint'));
  ok(m.type === 'error' && m.code === 'advice_off', 'and a hint asked anyway is refused', m);
  const other = await join(srv, two.json.id, 1, two.json.seats[1].token);
  const n = await other.request({ type: 'hint' }, errorOr('hint'));
  ok(n.type === 'error' && (n.code === 'advice_off' || n.code === 'not_your_turn'), 'for every seat', n);
  c.close(); other.close();
}
me.close(); watcher.close();

// The browser: a Hint button on our turn, the analysis view of the finished
// game, and neither at a table of two people.
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
let chromium;
try { ({ chromium } = await import('playwright-core')); } catch { /* below */ }
if (!chromium || !existsSync(CHROMIUM)) {
  skip('the hint button and the analysis view in the browser', 'playwright-core or chromium missing');
} else {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const fresh = await http(srv, 'POST', '/api/tables', { game: 'splendor', players: 2, seats: ['human', 'random'] });
  await page.goto(`${srv.base}${fresh.json.seats[0].invite}`);
  await page.waitForSelector('.hint-button', { timeout: 20000 });
  await page.click('.hint-button');
  await page.waitForSelector('ol.hints li', { timeout: 60000 });
  const items = await page.$$eval('ol.hints li', (li) => li.map((x) => x.textContent));
  ok(items.length >= 1 && items.every((x) => /estimated chance to win \d+%/.test(x)), 'the Hint button shows the top moves with their chances', items);
  const note = await page.$eval('.hint-panel', (d) => d.textContent);
  ok(note.includes('Ranked by how much the search looked at each move'), 'the hint says its order is the search\'s, not the estimates\'', note);
  await page.goto('about:blank'); // another table's link: load it afresh (only the hash differs)
  await page.goto(`${srv.base}/table.html#table=${id}&seat=0&token=${token}`);
  await page.waitForSelector('.analysis-button', { timeout: 20000 });
  await page.click('.analysis-button');
  await page.waitForSelector('table.analysis tbody tr', { timeout: 120000 });
  const rows = await page.$$eval('table.analysis tbody tr', (tr) => tr.map((x) => x.textContent));
  ok(rows.length > 5, `the finished game's analysis is shown as a table (${rows.length} decisions)`, rows.slice(0, 3));
  const two = await http(srv, 'POST', '/api/tables', { game: 'splendor', players: 2, seats: ['human', 'human'] });
  await page.goto('about:blank');
  await page.goto(`${srv.base}${two.json.seats[0].invite}`);
  await page.waitForSelector('.board-area', { timeout: 20000 });
  ok(await page.$('.hint-button') === null, 'no Hint button at a table of two people');
  await browser.close();
}
await srv.stop();
cleanup(dir);
done();
