// browser.mjs — the browser UI in Debian's chromium driven by playwright-core:
// for each game, two browser contexts take the two human seats of one table
// from their invite links, make moves by clicking the board and the move
// list, then both hand their seats to bots, which finish the game. Every
// WebSocket frame each page receives is kept and leak-checked against a
// spectator's frames. Screenshots go to build/test-artifacts/.
import { mkdirSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { ok, skip, done, sleep, tempDir, startServer, http, join, leakCheck, eventLeakCheck, cleanup, chromiumOrSkip, ART } from './lib.mjs';

const { chromium, CHROMIUM } = await chromiumOrSkip('browser tests');

// Event data reaches the page only as text: no script sets HTML.
{
  const js = readdirSync('web/js').filter((f) => f.endsWith('.js'));
  const bad = js.filter((f) => /innerHTML|outerHTML|dangerouslySetInnerHTML|insertAdjacentHTML|document\.write/.test(readFileSync(`web/js/${f}`, 'utf8')));
  ok(js.includes('events.js') && bad.length === 0, 'no page script writes HTML (events are text nodes only)', bad);
}

// What the log must say once the game is over, per game: real sentences.
const SENTENCES = {
  splendor: [/The table is laid out — nobles: /, /(Seat \d|You) buys the \w+ \d-point card \([^)]*\) paying /, /(Seat \d|You) takes /, /Game over — points /],
  ys: [/District \d is revealed — /, /District \d (port|trade|palace): .* — /, /Round \d begins|bids/, /Game over — points /],
};

const dir = tempDir('browser-');
const srv = await startServer(`${dir}/b.db`, ['--bot-delay', '20']);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
const games = (await http(srv, 'GET', '/api/games')).json.games;

async function openSeat(url, viewport, extra = {}) {
  const ctx = await browser.newContext({ viewport, ...extra });
  const page = await ctx.newPage();
  const frames = [];
  const errors = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => {
    try { frames.push(JSON.parse(f.payload)); } catch { frames.push({ type: 'unparsable' }); }
  }));
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', (d) => d.accept());
  await page.goto(url);
  return { ctx, page, frames, errors };
}

const lastState = (frames) => frames.findLast((f) => f.type === 'state');

// Plays one move on a page whose seat is to act: a highlighted board element
// first when the board offers one, then a move button.
async function clickMove(p, useBoard) {
  const target = p.page.locator('svg .legal.clickable').first();
  let viaBoard = false;
  if (useBoard && (await target.count()) > 0) {
    await target.click();
    viaBoard = true;
  }
  // on a phone the whole list opens on request (the move sheet, web/js/phone.js)
  const all = p.page.locator('.sheet button.sheet-all[aria-expanded=false]');
  if (!viaBoard && (await all.count()) > 0) await all.click();
  const btn = p.page.locator('button.move').first();
  await btn.waitFor({ timeout: 5000 });
  const text = await btn.getAttribute('data-move');
  await btn.click();
  return { text, viaBoard };
}

for (const name of ['splendor', 'ys']) {
  const game = games.find((g) => g.name === name);
  if (!game) { skip(`${name} in the browser`, `${name} is not registered yet`); continue; }
  const players = Math.max(2, game.min_players);
  const seats = Array.from({ length: players }, (_, i) => (i < 2 ? 'human' : 'random'));
  const created = (await http(srv, 'POST', '/api/tables', { game: name, players, seats })).json;
  const spec = await join(srv, created.id, -1);
  const base = srv.base;
  const A = await openSeat(base + created.seats[0].invite, { width: 1280, height: 900 });
  const B = await openSeat(base + created.seats[1].invite, { width: 390, height: 844 }); // a phone
  await A.page.waitForSelector('.layout');
  await B.page.waitForSelector('.layout');
  ok(true, `${name}: two browsers open their invite links`);
  ok((await A.page.textContent('.side')).includes('You'), `${name}: the page knows which seat it is`);

  // Moves by clicking, until each page has moved a few times.
  const moved = [0, 0];
  let viaBoard = 0;
  for (let round = 0; round < 200 && (moved[0] < 3 || moved[1] < 3); round++) {
    const st = lastState(spec.frames);
    if (st.over) break;
    let acted = false;
    for (const [k, p] of [[0, A], [1, B]]) {
      const mine = lastState(p.frames);
      if (mine && mine.legal.length && mine.moves === st.moves && (await p.page.locator('.decision.mine').count())) {
        const before = st.moves;
        const r = await clickMove(p, true);
        viaBoard += r.viaBoard;
        await spec.next((f) => f.type === 'state' && f.moves > before, 10000, 0).catch(() => null);
        moved[k]++;
        acted = true;
        break;
      }
    }
    if (!acted) await sleep(100);
  }
  ok(moved[0] >= 3 && moved[1] >= 3, `${name}: both players made moves by clicking`, moved);
  ok(viaBoard > 0, `${name}: moves were chosen by clicking highlighted parts of the board`, viaBoard);
  await A.page.waitForTimeout(300);
  ok((await A.page.locator('ol.events li.last').count()) >= 1 && (await B.page.locator('ol.events li.last').count()) >= 1,
     `${name}: the newest events are highlighted in the log`);
  {
    const t = await A.page.textContent('ol.events');
    ok(/(Seat \d|You) /.test(t) && !/\{\w+(:[^}]*)?\}/.test(t) && !t.includes('"kind"'),
       `${name}: the log reads as sentences (no raw notation, placeholder or JSON)`, t.slice(0, 400));
  }
  // The full text of every card on the board, from the printed data: on hover
  // (titles), and on a tap for the Ys cards (shown under the chip).
  if (name === 'splendor') {
    const cards = await A.page.locator('svg .card title').allTextContents();
    const faceUp = cards.filter((c) => /^card \d-\d/.test(c)); // the board's face-up cards
    const nobles = await A.page.locator('svg .noble title').allTextContents();
    ok(faceUp.length >= 8 && faceUp.every((c) => /Tier [123] card: \d+ points, gives a (white|blue|green|red|black) bonus; costs \d+ \w+/.test(c))
       && nobles.length >= 3 && nobles.every((c) => /^Noble: \d+ points, visits a player with bonuses of \d+ \w+/.test(c)),
       `${name}: every face-up card and noble shows its cost, points and bonus on hover`, { cards: faceUp.slice(0, 3), nobles: nobles.slice(0, 2) });
  } else {
    // A tap on a palace card shows its printed text under it, a second tap
    // hides it. Bots may move between the two taps and the board may redraw
    // (the round's scoring remounts it): a toggle cut by a remount is tried
    // again, at most three times.
    let tip = '', tapped = false;
    for (let k = 0; k < 3 && !tapped; k++) {
      const chip = A.page.locator('.palace-cards .card-chip').first();
      if (!(await chip.count())) break;
      if (await A.page.locator('.palace-cards .card-tip').count()) { // left open by a remount: close it first
        await chip.click();
        await A.page.waitForSelector('.card-tip', { state: 'detached', timeout: 3000 }).catch(() => {});
      }
      await chip.click();
      const tipEl = A.page.locator('.palace-cards .card-tip').first();
      if (!(await tipEl.waitFor({ timeout: 3000 }).then(() => true).catch(() => false))) continue;
      tip = (await tipEl.textContent().catch(() => '')) || '';
      await chip.click();
      tapped = await A.page.waitForSelector('.card-tip', { state: 'detached', timeout: 3000 }).then(() => true).catch(() => false);
    }
    ok(/^[A-Z][\w' -]+ \(Y-\d+\.\d+\): \S/.test(tip) && tapped, // \S: the King's text begins "+5"
       `${name}: a tap on a palace card shows its printed text (Y-7/Y-10), a second tap hides it`, tip);
  }
  await A.page.screenshot({ path: `${ART}/${name}-seat0-laptop.png`, fullPage: true });
  await B.page.screenshot({ path: `${ART}/${name}-seat1-phone.png`, fullPage: true });

  // Reload: the seat comes back with its full view.
  const beforeReload = lastState(A.frames).moves;
  await A.page.reload();
  await A.page.waitForSelector('.layout');
  const logItems = await A.page.locator('ol.log li').count();
  ok(logItems >= beforeReload, `${name}: after a reload the page shows the whole log again`, { logItems, beforeReload });

  // Both leave; bots finish the game.
  for (const p of [A, B]) {
    const leave = p.page.locator('text=Leave: hand my seat to a bot');
    if (await leave.count()) await leave.click();
  }
  const end = await spec.next((f) => f.type === 'state' && f.over, 120000, 0).catch(() => null);
  ok(end && end.over, `${name}: bots finish the game after both players leave`);
  await A.page.waitForSelector('.scores', { timeout: 10000 }).catch(() => null);
  ok(await A.page.locator('.scores tr').count() >= players + 1, `${name}: the final score breakdown is shown`);
  await A.page.screenshot({ path: `${ART}/${name}-final.png`, fullPage: true });
  // The final screen names the winner once, readable on a laptop and a phone.
  for (const [p, vp, tag] of [[A, { width: 1280, height: 800 }, 'laptop'], [B, { width: 390, height: 844 }, 'phone']]) {
    await p.page.setViewportSize(vp);
    await p.page.waitForSelector('.decision .winner-line', { timeout: 10000 }).catch(() => null);
    await p.page.evaluate(() => window.scrollTo(0, 0));
    const line = (await p.page.locator('.decision').textContent().catch(() => '')) || '';
    const box = await p.page.locator('.decision .winner-line').boundingBox().catch(() => null);
    const winnerShown = !!box && box.y >= 0 && box.y + box.height <= vp.height && box.x + box.width <= vp.width + 1;
    const res = lastState(spec.frames).result;
    const wins = res.rank.map((r, i) => (r === 1 ? i : -1)).filter((i) => i >= 0);
    const named = wins.every((i) => line.includes(`Seat ${i + 1}`) || (line.includes('you win') && lastState(p.frames).seat === i) || /share the win/.test(line));
    ok(/^Game over — .* (wins|win|share the win) with \d+ points\.$/.test(line.trim()) && named && (line.match(/Game over/g) || []).length === 1 &&
       !/the game is over/i.test(line) && winnerShown,
       `${name}: the ${tag} final screen names the winner once, at the top of the screen`, { line, box });
    const fits = await p.page.locator('.scores').evaluate((el) => el.scrollWidth <= el.clientWidth + 1).catch(() => false);
    ok(fits && (await p.page.locator('.scores td.breakdown span').count()) > 0,
       `${name}: the ${tag} score breakdown fits the screen's width, in words`);
    await p.page.locator('.scores').scrollIntoViewIfNeeded();
    await p.page.screenshot({ path: `${ART}/${name}-final-${tag}-${vp.width}x${vp.height}.png` });
  }
  // The log once the game is over: every event, in sentences.
  await A.page.waitForFunction(() => /Game over/.test(document.querySelector('ol.events')?.textContent || ''), null, { timeout: 10000 }).catch(() => null);
  const finalLog = await A.page.textContent('ol.events');
  for (const re of SENTENCES[name] || []) ok(re.test(finalLog), `${name}: the log says ${re.source.replace(/\\/g, '')}`, finalLog.slice(0, 600));
  if (name === 'ys') {
    // Card texts on hover, from the printed data (GET /api/printed/ys).
    const titles = await A.page.locator('.card-chip[title], svg .zone text title').evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? e.textContent));
    const printedText = await A.page.evaluate(() => import('/js/ys.js').then((m) => m.loadPrinted().then(() => m.cardText('alchemist'))));
    ok(/^Alchemist \(Y-7\.4\): Exchange one of your coloured gems/.test(printedText) && titles.every((t) => !t.startsWith('{')) &&
       titles.filter((t) => /\(Y-\d+\.\d+\): \w/.test(t)).length === titles.filter((t) => !/^kept/.test(t)).length,
       `${name}: character and event cards show their printed text on hover (${titles.length} on the final board)`, { printedText, titles: titles.slice(0, 5) });
    // The last round's scoring, step by step: every district's brokers face up
    // with their values, then its results; the market; the final scoring.
    for (const [p, vp, tag] of [[A, { width: 1280, height: 800 }, 'laptop'], [B, { width: 390, height: 844 }, 'phone']]) {
      await p.page.setViewportSize(vp);
      const walk = p.page.locator('section.scoring');
      const shown = await walk.waitFor({ timeout: 10000 }).then(() => true).catch(() => false);
      ok(shown, `${name}: the ${tag} page shows the last scoring step by step`);
      if (!shown) continue;
      const titles = [];
      let districtOk = true, marketOk = false, boardDistricts = 0;
      for (let k = 0; k < 12; k++) {
        const head = await walk.locator('.scoring-head b').textContent();
        titles.push(head);
        const chips = await walk.locator('.broker-chip').allTextContents();
        const results = await walk.locator('ul.scoring-results').textContent();
        // the same brokers, face up with their values, ON THE BOARD: in the
        // district (or the market) in focus, each result written where it happened
        const onBoard = (await p.page.locator('svg .scoring-focus [data-revealed]').evaluateAll((els) => els.map((e) => e.getAttribute('data-revealed')))).sort();
        const sameBrokers = JSON.stringify(onBoard) === JSON.stringify([...chips].sort());
        if (/District \d/.test(head)) {
          const d = head.match(/District (\d)/)[1];
          const focus = await p.page.locator('svg .district.scoring-focus').getAttribute('data-district').catch(() => null);
          const zoneResults = await p.page.locator('svg .district.scoring-focus .zone-result').count();
          districtOk = districtOk && chips.every((c) => /^\d+$/.test(c)) && focus === d && sameBrokers && (chips.length === 0 || zoneResults >= 1) &&
            (chips.length === 0 || new RegExp(`District ${d} (port|trade|palace)`).test(results) || /nobody there|no broker/.test(results));
          if (chips.length) boardDistricts++;
        } else if (/Market/.test(head)) {
          const marked = await p.page.locator('svg .market.scoring-focus .row-result, svg .market.scoring-focus .majority-result').count();
          marketOk = sameBrokers && (chips.length === 0 || marked >= 1);
        }
        await walk.scrollIntoViewIfNeeded();
        await p.page.screenshot({ path: `${ART}/ys-scoring-${tag}-${vp.width}x${vp.height}-${k + 1}.png` });
        const focusEl = p.page.locator('svg .scoring-focus').first();
        if (await focusEl.count()) {
          await focusEl.scrollIntoViewIfNeeded();
          await p.page.screenshot({ path: `${ART}/ys-scoring-board-${tag}-${vp.width}x${vp.height}-${k + 1}.png` });
        }
        const next = walk.locator('button.next');
        if (await next.isDisabled()) break;
        await next.click();
      }
      ok(titles.some((t) => /District 1/.test(t)) && titles.some((t) => /Market/.test(t)) && titles.some((t) => /Final/.test(t)) && districtOk,
         `${name}: the ${tag} scoring walk reveals each district's brokers with their values and its results, then the market and the final scoring`, titles);
      ok(districtOk && boardDistricts >= 1 && marketOk,
         `${name}: the ${tag} scoring walk reveals the brokers ON THE BOARD (district in focus, then the market) with each zone's and row's result there`, { titles, boardDistricts, marketOk });
    }
  }
  for (const [p, vp, tag] of [[A, { width: 1280, height: 800 }, 'laptop'], [B, { width: 390, height: 844 }, 'phone']]) {
    await p.page.setViewportSize(vp);
    await p.page.locator('ol.events').scrollIntoViewIfNeeded();
    await p.page.screenshot({ path: `${ART}/${name}-log-${tag}-${vp.width}x${vp.height}.png` });
    await p.page.locator('ol.events').screenshot({ path: `${ART}/${name}-log-${tag}-list.png` });
  }

  // The replay viewer, from the start page's link.
  const R = await openSeat(`${base}/replay.html#table=${created.id}`, { width: 1280, height: 900 });
  await R.page.waitForSelector('.replay-bar');
  await R.page.locator('button[aria-label=first]').click();
  await R.page.locator('button[aria-label=forward]').click();
  await R.page.waitForFunction(() => document.querySelector('.replay-bar span').textContent.startsWith('move 1 '));
  await R.page.waitForTimeout(300);
  await R.page.screenshot({ path: `${ART}/${name}-replay.png`, fullPage: true });
  ok((await R.page.locator('details.notation ol.log li').count()) === 1 && (await R.page.locator('ol.events li').count()) >= 1,
     `${name}: the replay viewer steps through the game, its first move in sentences`);
  await R.page.locator('button[aria-label=last]').click();
  await R.page.waitForFunction(() => /Game over/.test(document.querySelector('ol.events')?.textContent || ''), null, { timeout: 10000 }).catch(() => null);
  ok(/Game over/.test(await R.page.textContent('ol.events')), `${name}: the replay's last step tells the whole game in sentences`);
  if (name === 'ys') ok((await R.page.locator('section.scoring .scoring-head').count()) === 1, `${name}: the replay's last step shows the last scoring step by step`);
  // What changed last is marked on the board; animated, unless the reader
  // asked for reduced motion (then marked without animation).
  const RM = await openSeat(`${base}/replay.html#table=${created.id}`, { width: 1280, height: 900 }, { reducedMotion: 'reduce' });
  await RM.page.waitForSelector('.replay-bar');
  const marks = {};
  for (const [P, tag] of [[R, 'motion'], [RM, 'reduced']]) {
    await P.page.locator('button[aria-label=first]').click();
    let found = null;
    for (let k = 0; k < 60 && !found; k++) {
      await P.page.locator('button[aria-label=forward]').click();
      await P.page.waitForTimeout(120);
      const el = P.page.locator('svg .last-move .broker, svg .last-move.card, svg .changed').first();
      if (await el.count()) found = { anim: await el.evaluate((e) => getComputedStyle(e).animationName), step: k + 1 };
    }
    marks[tag] = found;
    if (tag === 'motion' && found) await P.page.screenshot({ path: `${ART}/${name}-last-move.png` });
  }
  ok(marks.motion && marks.reduced && marks.motion.anim !== 'none' && marks.reduced.anim === 'none',
     `${name}: the last move is highlighted on the board, animated only without prefers-reduced-motion`, marks);
  await RM.ctx.close();
  await R.ctx.close();

  const problems = leakCheck([A.frames, B.frames], spec.frames);
  ok(problems.length === 0, `${name}: no WebSocket frame to either browser holds the other seat's secrets (${A.frames.length + B.frames.length} frames)`, problems.slice(0, 5));
  const evp = eventLeakCheck([A.frames, B.frames], spec.frames);
  ok(evp.length === 0 && evp.checked > 0, `${name}: no event in any WebSocket frame tells a seat or the spectator another seat's secret (${evp.checked} events)`, evp.slice(0, 5));
  ok(A.errors.length === 0 && B.errors.length === 0, `${name}: no script errors in the pages`, [...A.errors, ...B.errors]);
  await A.ctx.close();
  await B.ctx.close();
  spec.close();
}

// The start page: open a table with the form and follow the invite link.
if (!games.length) skip('the start page opens a table', 'no game is registered yet');
else {
  const H = await openSeat(srv.base + '/', { width: 1280, height: 900 });
  await H.page.waitForSelector('form.create');
  await H.page.locator('button.primary').click();
  await H.page.waitForSelector('a.invite');
  await H.page.screenshot({ path: `${ART}/start-page.png`, fullPage: true });
  await H.page.locator('a.invite').first().click();
  await H.page.waitForSelector('.layout');
  ok((await H.page.locator('.decision').count()) === 1, 'the start page opens a table and its invite link works');
  await H.ctx.close();
}

await browser.close();
await srv.stop();
cleanup(dir);
done();
