// online_browser.mjs — issue 21 in Debian's chromium driven by playwright-core:
// a clock that runs out (two browsers; the heuristic bot moves for the seat
// and both pages say so), a rematch offered in one browser and accepted in
// the other (both follow to the new table with their new seats), and undo
// against bots. Screenshots of each at 1280×800 and 390×844 go to
// build/test-artifacts/.
import { mkdirSync, existsSync } from 'node:fs';
import { ok, skip, done, sleep, tempDir, startServer, http, cleanup, chromiumOrSkip, ART } from './lib.mjs';

const { chromium, CHROMIUM } = await chromiumOrSkip('online play in the browser');

const dir = tempDir('online-browser-');
const srv = await startServer(`${dir}/b.db`, ['--bot-delay', '50', '--rate', '0']);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
const LAPTOP = { width: 1280, height: 800 }, PHONE = { width: 390, height: 844 };
const errors = [];

async function open(url, viewport) {
  const ctx = await browser.newContext({ viewport });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', (d) => d.accept());
  await page.goto(url);
  await page.waitForSelector('.layout');
  return { ctx, page };
}

// Both sizes of each page, for people to look at.
async function shots(name, pages) {
  for (const [tag, p] of pages) {
    for (const vp of [LAPTOP, PHONE]) {
      await p.page.setViewportSize(vp);
      await p.page.waitForTimeout(150);
      await p.page.screenshot({ path: `${ART}/online-${name}-${tag}-${vp.width}x${vp.height}.png`, fullPage: true });
      if (vp === PHONE) {
        const wide = await p.page.evaluate(() => document.documentElement.scrollWidth);
        if (wide > PHONE.width) sideways.push(`${name} ${tag}: ${wide} px`);
      }
    }
  }
}
const sideways = [];

const info = async (id) => (await http(srv, 'GET', `/api/tables/${id}`)).json;
const hashOf = (p) => new URLSearchParams(new URL(p.page.url()).hash.slice(1));

// ------------------------------------------------------------ a clock runs out
{
  const c = (await http(srv, 'POST', '/api/tables', { game: 'splendor', players: 2, seats: ['human', 'human'],
    clock: { kind: 'move', move_s: 4, timeouts: 3 } })).json;
  const A = await open(srv.base + c.seats[0].invite, LAPTOP);
  const B = await open(srv.base + c.seats[1].invite, PHONE);
  await A.page.waitForSelector('.clock.running', { timeout: 5000 });
  const t1 = await A.page.locator('.clock.running .time').textContent();
  await A.page.waitForTimeout(1300);
  const t2 = await A.page.locator('.clock.running .time').textContent();
  const secs = (x) => { const [m, s] = x.split(':').map(Number); return m * 60 + s; };
  ok(secs(t2) < secs(t1) && (await A.page.locator('.clock.running.me').count()) === 1,
     `the page counts the running clock down by itself (${t1} → ${t2})`);
  ok((await B.page.locator('.clock.running[data-seat="0"]').count()) === 1, 'the other player sees whose clock runs');
  await shots('clock-running', [['seat1', A], ['seat2', B]]);
  // Seat 1 does nothing: the clock runs out and the bot moves for it.
  const notice = await Promise.all([A, B].map((p) => p.page.waitForSelector('.clock-notices li', { timeout: 9000 }).then(() => true).catch(() => false)));
  const texts = await Promise.all([A, B].map((p) => p.page.locator('.clock-notices').textContent().catch(() => '')));
  const i = await info(c.id);
  ok(notice.every(Boolean) && texts.every((x) => /Move 1: (You|Seat 1) ran out of time; the heuristic bot played for them/.test(x)) && i.moves >= 1,
     'the clock runs out, the bot moves for that seat, and both pages say so in words', texts);
  ok(/take|reserve|buy/.test(await A.page.locator('details.notation').textContent()), 'the bot\'s move is in the log');
  await shots('clock-timeout', [['seat1', A], ['seat2', B]]);
  await A.ctx.close();
  await B.ctx.close();
}

// ------------------------------------------------------------ rematch
{
  const c = (await http(srv, 'POST', '/api/tables', { game: 'splendor', players: 3, seats: ['human', 'human', 'heuristic'] })).json;
  const toks = c.seats.map((s) => s.token);
  const A = await open(srv.base + c.seats[0].invite, LAPTOP);
  const B = await open(srv.base + c.seats[1].invite, PHONE);
  // the two play quickly over the API (buying when they can) to the end; bounded by time, not
  // by a count of polls (each wait for the bot's 50 ms delay is a poll, so under make test's
  // load 600 polls were once not enough to finish the game)
  for (const end = Date.now() + 90000; Date.now() < end;) {
    const t = await info(c.id);
    if (t.over) break;
    const seat = t.actors.find((a) => toks[a]);
    if (seat === undefined) { await sleep(20); continue; }
    const st = (await http(srv, 'GET', `/api/tables/${c.id}/state?seat=${seat}&token=${toks[seat]}`)).json;
    const a = st.legal.find((x) => x.startsWith('buy')) || st.legal.find((x) => x.startsWith('take')) || st.legal[0];
    if (a) await http(srv, 'POST', `/api/tables/${c.id}/action`, { seat, token: toks[seat], action: a });
  }
  await A.page.waitForSelector('button.rematch-offer', { timeout: 10000 });
  ok((await B.page.locator('button.rematch-offer').count()) === 1, 'at the end both players are offered a rematch');
  await shots('rematch-offer', [['seat1', A], ['seat2', B]]);
  await A.page.locator('button.rematch-offer').click();
  await A.page.waitForFunction((old) => !location.hash.includes(old), c.id, { timeout: 10000 });
  await A.page.waitForSelector('.layout');
  const newId = hashOf(A).get('table');
  ok(newId && newId !== c.id && hashOf(A).get('seat') === '0' && hashOf(A).get('admin'), 'the one who offers moves to the new table, with its creator key', A.page.url());
  await B.page.waitForSelector('button.rematch-accept', { timeout: 10000 });
  ok(/moved over so far: Seat 1/.test(await B.page.locator('.rematch').textContent()), 'the other player sees the offer');
  await shots('rematch-offered', [['seat2', B]]);
  await B.page.locator('button.rematch-accept').click();
  await B.page.waitForFunction((id) => location.hash.includes(id), newId, { timeout: 10000 });
  await B.page.waitForSelector('.layout');
  ok(hashOf(B).get('table') === newId && hashOf(B).get('seat') === '1' && hashOf(B).get('token') !== toks[1], 'the one who accepts follows to the same new table with a new token');
  const n = await info(newId);
  await sleep(300);
  const n2 = await info(newId);
  ok(n.moves === 0 || n2.seats[0].connected + n2.seats[1].connected === 2, 'both browsers sit at the rematch', n2.seats);
  ok(n.game === 'splendor' && n.seats.map((s) => s.kind).join() === 'human,human,bot' && n.seats[2].bot === 'heuristic', 'the bot stays a bot at the rematch');
  ok((await A.page.textContent('.side')).includes('You') && (await B.page.locator('.decision').count()) === 1, 'both pages play the new game');
  await shots('rematch-accepted', [['seat1', A], ['seat2', B]]);
  await A.ctx.close();
  await B.ctx.close();
}

// ------------------------------------------------------------ undo against bots
{
  const c = (await http(srv, 'POST', '/api/tables', { game: 'splendor', players: 2, seats: ['human', 'random'], seed: 5 })).json;
  const A = await open(srv.base + c.seats[0].invite, LAPTOP);
  let undone = false;
  for (let k = 0; k < 12 && !undone; k++) {
    await A.page.waitForSelector('.decision.mine', { timeout: 10000 });
    const before = (await info(c.id)).moves;
    const take = A.page.locator('button.move[data-move^="take"]').first();
    await ((await take.count()) ? take : A.page.locator('button.move').first()).click();
    for (let w = 0; w < 200; w++) { // my move and the bot's reply, then my turn again
      const t = await info(c.id);
      if (t.moves >= before + 2 && t.actors.includes(0)) break;
      await sleep(25);
    }
    const moves = (await info(c.id)).moves;
    await A.page.waitForFunction((n) => document.querySelectorAll('details.notation ol.log li').length === n &&
      document.querySelector('.decision.mine'), moves, { timeout: 10000 });
    if (k === 0) await shots('undo-before', [['seat1', A]]);
    await A.page.locator('button.undo').click();
    const r = await A.page.waitForFunction((b) => {
      const err = document.querySelector('.error');
      if (err) return `error: ${err.textContent}`;
      return null;
    }, before, { timeout: 1500 }).then((h) => h.jsonValue()).catch(() => null);
    const after = (await info(c.id)).moves;
    if (!r && after === before) {
      undone = true;
      ok((await A.page.locator('details.notation ol.log li').count()) === before, 'undo takes the move and the bot\'s reply back on the page');
      await shots('undo-after', [['seat1', A]]);
    } else {
      ok(/drew a card|revealed/.test(r || '') && after > before, 'an undo across a card drawn is refused with the reason', r);
      await A.page.locator('.error button.link').click();
    }
  }
  ok(undone, 'undo against bots works in the browser');
  await A.ctx.close();
  // with two people there is no undo button
  const two = (await http(srv, 'POST', '/api/tables', { game: 'splendor', players: 2, seats: ['human', 'human'] })).json;
  const P = await open(srv.base + two.seats[0].invite, PHONE);
  ok((await P.page.locator('button.undo').count()) === 0, 'no undo is offered at a table with another person');
  await P.ctx.close();
}

ok(sideways.length === 0, 'at 390 px no page with clocks, a rematch or undo scrolls sideways', sideways);
ok(errors.length === 0, 'no script errors in the pages', errors);
await browser.close();
await srv.stop();
cleanup(dir);
done();
