// phone.mjs — issue 21's start page in players' words and the phone as a
// first-class device, in Debian's chromium driven by playwright-core (one
// server, one browser for everything):
// - the start page offers only the options the server's
//   /api/games/GAME/options says change something for the player count,
//   each named and explained without option keys or rule ids; a value the
//   rules refuse with the other choices cannot be picked; seats default to
//   the heuristic bot; each bot's strength is told; the server still
//   refuses an invalid combination with a clear message;
// - at 390×844, for Ys 2..5 players and Splendor 2..4, the board is in the
//   first screen and fits the width, and no page (start, table, replay)
//   scrolls sideways; the Ys board zooms inside its own box;
// - a move made by tapping the board (and the chooser) in each game;
// - Splendor's printed text on a tap for every face-up card, noble and own
//   reserved card;
// - the Ys player panels in every language at 390×844 and 1366×768: no
//   label meets the brokers beside it, nothing past a panel's edge, the
//   brokers' values can be read, the disabled ones too (4.5:1), and every
//   gem dot keeps its size.
// Screenshots at 1280×800 and 390×844 in build/test-artifacts/phone-*.png.
import { mkdirSync, existsSync } from 'node:fs';
import { ok, skip, done, sleep, tempDir, startServer, http, cleanup, chromiumOrSkip, ART } from './lib.mjs';

const { chromium, CHROMIUM } = await chromiumOrSkip('phone and start page tests');

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };
const dir = tempDir('phone-');
const srv = await startServer(`${dir}/p.db`, ['--bot-delay', '0']);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
const meta = (await http(srv, 'GET', '/api/games')).json;
const errors = [];

async function newPage(viewport, touch) {
  const ctx = await browser.newContext({ viewport, hasTouch: !!touch, isMobile: !!touch });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', (d) => d.accept());
  return { ctx, page };
}
const sideways = (page) => page.evaluate(() => ({ scroll: document.scrollingElement.scrollWidth, width: innerWidth }));
const create = async (game, players, seats, options) => (await http(srv, 'POST', '/api/tables', { game, players, seats, options })).json;

// Bot-only games to replay later: they finish while the rest runs.
const finished = {
  ys: await create('ys', 2, ['heuristic', 'heuristic']),
  splendor: await create('splendor', 2, ['heuristic', 'heuristic']),
};

// ------------------------------------------------------------ the endpoint
{
  const r = await http(srv, 'GET', '/api/games/ys/options?players=3&express=on');
  const byKey = Object.fromEntries((r.json.options || []).map((o) => [o.key, o]));
  const val = (k, v) => byKey[k].values.find((x) => x.value === v);
  ok(r.status === 200 && r.json.ok && val('events', 'on').ok === false && val('events', 'on').alone === true && /3 districts/.test(val('events', 'on').why) &&
     val('strong_neutral', 'on').alone === false && val('districts', '3').ok === true,
     'options endpoint: Ys 3 players with Express: events refused with the other choices (and why), the strong neutral for no 3-player game', r.json);
  const two = (await http(srv, 'GET', '/api/games/ys/options?players=2')).json;
  const d2 = two.options.find((o) => o.key === 'districts');
  ok(d2.values.every((v) => v.plays === '3'), 'options endpoint: 2-player Ys plays 3 districts whatever is asked', d2);
  const bad = [
    ['/api/games/ys/options?players=6', 400, /players.*2 to 5/],
    ['/api/games/ys/options?players=x', 400, /players/],
    ['/api/games/ys/options?express=maybe', 400, /express takes off, on/],
    [`/api/games/ys/options?express=${'x'.repeat(5000)}`, 400, /query is too long/],
    [`/api/games/ys/options?express=${'x'.repeat(100)}`, 400, /option in the query is too long/],
    ['/api/games/ys/options?players=3&bogus=1', 400, /Ys has no option "bogus"/],
    ['/api/games/ys/options?%3Cb%3E=1', 400, /Ys has no option "<b>"/],
    ['/api/games/chess/options', 404, /no such game/],
    [`/api/games/${'y'.repeat(300)}/options`, 404, /no such/],
  ];
  for (const [path, status, re] of bad) {
    const b = await http(srv, 'GET', path);
    ok(b.status === status && b.json && b.json.type === 'error' && re.test(b.json.message), `options endpoint refuses ${path.slice(0, 60)} with ${status} and a clear message`, b);
  }
  const refused = await http(srv, 'POST', '/api/tables', { game: 'ys', players: 2, options: { kings_favour: 'on' } });
  ok(refused.status === 400 && refused.json.code === 'bad_options' && /King's Favour is for 3 to 5 players, not 2/.test(refused.json.message),
     'the server still refuses an invalid combination with a clear message', refused.json);
  const refused2 = await http(srv, 'POST', '/api/tables', { game: 'ys', players: 4, options: { express: 'on', events: 'on' } });
  ok(refused2.status === 400 && /events with Ys Express need 3 districts/.test(refused2.json.message), 'and an invalid pair of options too', refused2.json);
}

// ------------------------------------------------------------ the start page
const EXPECT = { // which options a player sees, per game and count (the rules: docs/rules/ys.md Y-9, Y-10)
  ys: {
    2: { has: ['ysplus', 'events', 'strong_neutral', 'see_own_hidden'], not: ['districts', 'kings_favour', 'express'] },
    3: { has: ['districts', 'kings_favour', 'express', 'ysplus', 'events'], not: ['strong_neutral'] },
    4: { has: ['kings_favour', 'express'], not: ['districts', 'strong_neutral'] },
    5: { has: ['kings_favour', 'ysplus'], not: ['districts', 'express', 'strong_neutral'] },
  },
  splendor: { 2: { has: ['first'], not: [] }, 3: { has: ['first'], not: [] }, 4: { has: ['first'], not: [] } },
};
for (const vp of [LAPTOP, PHONE]) {
  const tag = `${vp.width}x${vp.height}`;
  const H = await newPage(vp, vp === PHONE);
  await H.page.goto(srv.base + '/');
  await H.page.waitForSelector('form.create');
  const optionNames = () => H.page.locator('form.create select[name^=opt-]').evaluateAll((es) => es.map((e) => e.name.slice(4)));
  for (const [game, counts] of Object.entries(EXPECT)) {
    await H.page.selectOption('select[name=game]', game);
    for (const [n, want] of Object.entries(counts)) {
      await H.page.selectOption('select[name=players]', n);
      const api = (await http(srv, 'GET', `/api/games/${game}/options?players=${n}`)).json;
      const offered = api.options.filter((o) => new Set(o.values.filter((v) => v.alone).map((v) => v.plays)).size > 1).map((o) => o.key);
      await H.page.waitForFunction((keys) => [...document.querySelectorAll('form.create select[name^=opt-]')].map((e) => e.name.slice(4)).join() === keys.join(),
        offered, { timeout: 5000 }).catch(() => null);
      const names = await optionNames();
      ok(names.join() === offered.join() && want.has.every((k) => names.includes(k)) && want.not.every((k) => !names.includes(k)),
         `start page ${tag}: ${game} ${n} players shows exactly the options valid for ${n} players`, { names, offered, want });
      const form = await H.page.textContent('form.create');
      const helps = await H.page.locator('form.create .option .help').allTextContents();
      ok(!/ysplus|see.own.hidden|kings_favour|strong_neutral|\b[YS]-\d+(\.\d+)?\b|\bseat0\b/.test(form) && helps.length === names.length && helps.every((h) => h.length > 20),
         `start page ${tag}: ${game} ${n} players: every option named and explained in words (no option keys, no rule ids)`, { form: form.slice(0, 800), helps });
      const seats = await H.page.locator('form.create select[name^=seat-]').evaluateAll((es) => es.map((e) => e.value));
      ok(seats.length === Number(n) && seats[0] === 'human' && seats.slice(1).every((s) => s === 'heuristic'),
         `start page ${tag}: ${game} ${n} players: seat 1 a person, the others the heuristic bot by default`, seats);
    }
  }
  // A value the rules refuse with the other choices cannot be picked.
  await H.page.selectOption('select[name=game]', 'ys');
  await H.page.selectOption('select[name=players]', '3');
  await H.page.waitForSelector('select[name=opt-express]');
  await H.page.selectOption('select[name=opt-express]', 'on');
  await H.page.waitForFunction(() => document.querySelector('select[name=opt-events] option[value=on]')?.disabled === true, null, { timeout: 5000 }).catch(() => null);
  const evOn = H.page.locator('select[name=opt-events] option[value=on]');
  ok(await evOn.isDisabled() && /not with your other choices/.test(await evOn.textContent()),
     `start page ${tag}: Ys 3 players with Express and 4 districts: the events cannot be chosen`);
  await H.page.selectOption('select[name=opt-districts]', '3');
  await H.page.waitForFunction(() => document.querySelector('select[name=opt-events] option[value=on]')?.disabled === false, null, { timeout: 5000 }).catch(() => null);
  ok(!(await evOn.isDisabled()), `start page ${tag}: with 3 districts they can`);
  await H.page.selectOption('select[name=opt-events]', 'on');
  // Each bot's strength, in words with the measured figures.
  await H.page.locator('.bot-help summary').click();
  const botHelp = await H.page.locator('.bot-help [data-bot]').evaluateAll((es) => es.map((e) => [e.dataset.bot, e.textContent]));
  const help = Object.fromEntries(botHelp);
  ok(botHelp.length === meta.bots.length && /random/i.test(help.random) && /968 in 1000/.test(help.heuristic) &&
     Object.entries(help).filter(([b]) => b.startsWith('ismcts')).every(([, h]) => /\d+ in 100/.test(h)),
     `start page ${tag}: every bot offered is explained, with its measured strength`, help);
  const sw = await sideways(H.page);
  ok(sw.scroll <= sw.width, `start page ${tag}: no sideways scrolling`, sw);
  await H.page.screenshot({ path: `${ART}/phone-start-${tag}.png`, fullPage: true });
  // The form opens that table (Ys, 3 players, 3 districts, Express, events).
  await H.page.locator('form.create button.primary').click();
  await H.page.waitForSelector('a.invite', { timeout: 10000 }).catch(() => null);
  const id = await H.page.locator('.invites h2').textContent().then((s) => (s.match(/Table (\w+)/) || [])[1]).catch(() => null);
  const info = id ? (await http(srv, 'GET', `/api/tables/${id}`)).json : null;
  ok(info && info.options.express === 'on' && info.options.events === 'on' && info.options.districts === '3' &&
     info.seats.map((s) => s.bot || s.kind).join() === 'human,heuristic,heuristic',
     `start page ${tag}: the form opens the table as chosen`, info);
  const sw2 = await sideways(H.page);
  ok(sw2.scroll <= sw2.width, `start page ${tag}: no sideways scrolling with the invites and the table list`, sw2);
  await H.page.screenshot({ path: `${ART}/phone-start-created-${tag}.png`, fullPage: true });
  await H.ctx.close();
}

// ------------------------------------------------------------ tables on a phone
const TABLES = [['ys', 2], ['ys', 3], ['ys', 4], ['ys', 5], ['splendor', 2], ['splendor', 3], ['splendor', 4]];
const P = await newPage(PHONE, true);
const boardBox = (page) => page.evaluate(() => {
  const r = document.querySelector('svg.board').getBoundingClientRect();
  return { top: r.top, left: r.left, right: r.right, width: r.width, height: r.height, inner: innerWidth, innerH: innerHeight, scroll: document.scrollingElement.scrollWidth };
});
const movesOf = async (id) => (await http(srv, 'GET', `/api/tables/${id}`)).json.moves;
const tapped = {};
for (const [game, n] of TABLES) {
  const t = await create(game, n, ['human', ...Array(n - 1).fill('heuristic')]);
  await P.page.goto('about:blank'); // the invite differs only after '#': load it afresh
  await P.page.goto(srv.base + t.seats[0].invite);
  await P.page.waitForSelector('svg.board');
  ok((await P.page.textContent('header .title')).includes(t.id), `phone: ${game} ${n} players: the invite link opens the table`);
  await P.page.waitForSelector('.sheet', { timeout: 10000 }).catch(() => null); // the person's first decision
  await P.page.evaluate(() => window.scrollTo(0, 0));
  const b = await boardBox(P.page);
  ok(b.top >= 0 && b.top < b.innerH * 0.45 && b.left >= 0 && b.right <= b.inner && b.width >= b.inner * 0.9,
     `phone: ${game} ${n} players: the board is in the first screen and fits the width`, b);
  ok(b.scroll <= b.inner, `phone: ${game} ${n} players: the table page does not scroll sideways`, b);
  ok(await P.page.locator('.side .moves').count() === 0 && await P.page.locator('.sheet').isVisible(),
     `phone: ${game} ${n} players: no wall of move buttons; a move bar at the bottom instead`);
  await P.page.screenshot({ path: `${ART}/phone-${game}-${n}p-390x844.png` });

  if (game === 'ys' && n === 5) {
    // Zoom: the board grows inside its own box; the page still does not scroll sideways.
    await P.page.locator('.zoom-in').click();
    await P.page.locator('.zoom-in').click();
    const z = await boardBox(P.page);
    const boxScroll = await P.page.locator('.zoom-scroll').evaluate((e) => ({ sw: e.scrollWidth, cw: e.clientWidth, left: e.scrollLeft }));
    ok(z.width > b.width * 2 && boxScroll.sw > boxScroll.cw && z.scroll <= z.inner && boxScroll.left > 0,
       'phone: Ys 5 players: zooming in enlarges the board inside its box (centred), the page does not scroll sideways', { z, boxScroll });
    await P.page.screenshot({ path: `${ART}/phone-ys-5p-zoomed-390x844.png` });
    await P.page.locator('.zoom-fit').click();
    // A pinch (two touches spreading apart) zooms too.
    const area = await P.page.locator('.zoom-scroll').boundingBox();
    const cdp = await P.ctx.newCDPSession(P.page);
    const cx = area.x + area.width / 2, cy = area.y + Math.min(area.height, 400) / 2;
    const touch = (type, d) => cdp.send('Input.dispatchTouchEvent', {
      type, touchPoints: type === 'touchEnd' ? [] : [{ x: cx - d, y: cy, id: 1 }, { x: cx + d, y: cy, id: 2 }] });
    await touch('touchStart', 30);
    for (let d = 40; d <= 120; d += 10) await touch('touchMove', d);
    await touch('touchEnd', 0);
    await P.page.waitForTimeout(200);
    const pinched = await boardBox(P.page);
    ok(pinched.width > b.width * 1.5 && pinched.scroll <= pinched.inner, 'phone: Ys 5 players: a pinch zooms the board (in its box)', { before: b.width, after: pinched.width });
    await P.page.locator('.zoom-fit').click();
  }
  // A move by tapping the board: Ys, a broker behind the screen for the bid,
  // then a zone of a district; Splendor, a face-up card, then "reserve".
  if (!tapped[game]) {
    let done1 = false, detail = null;
    const before = await movesOf(t.id);
    if (game === 'splendor') {
      await P.page.locator('svg.board g.card.legal.clickable[data-target^="card "]').first().tap();
      const choices = await P.page.locator('.sheet button.move').evaluateAll((es) => es.map((e) => [e.dataset.move, e.textContent]));
      await P.page.screenshot({ path: `${ART}/phone-splendor-chooser-390x844.png` });
      const reserve = P.page.locator('.sheet button.move[data-move^="reserve "]');
      detail = choices;
      if (choices.length >= 1 && choices.length <= 3 && await reserve.count() === 1 &&
          choices.every(([a, words]) => /^(buy|reserve) \d-\d/.test(a) && /^(Buy|Reserve) card \d-\d/.test(words))) { await reserve.tap(); done1 = true; }
    } else {
      // the bid is made on the brokers behind the screen, below the board: the bar shows where
      await P.page.locator('.sheet .sheet-where').tap();
      await P.page.waitForTimeout(800);
      const seen = await P.page.locator('.player.mine button.broker-chip.legal').first().evaluate((e) => {
        const r = e.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= innerHeight;
      });
      ok(seen, 'phone: ys: "show where" brings the brokers to bid with into view');
      await P.page.locator('.player.mine button.broker-chip.legal').first().tap();
      const bids = await P.page.locator('.sheet button.move').evaluateAll((es) => es.map((e) => e.dataset.move));
      if (bids.length && bids.every((a) => /^bid /.test(a))) await P.page.locator('.sheet button.move').first().tap();
      // placement: wait for a zone to glow, tap it, pick from the chooser
      const zone = P.page.locator('svg.board g.zone.legal.clickable').first();
      await zone.waitFor({ timeout: 20000 }).catch(() => null);
      if (await zone.count()) {
        const target = await zone.getAttribute('data-target');
        const mid = await movesOf(t.id);
        await zone.tap();
        const choices = await P.page.locator('.sheet button.move').evaluateAll((es) => es.map((e) => [e.dataset.move, e.textContent]));
        await P.page.screenshot({ path: `${ART}/phone-ys-chooser-390x844.png` });
        detail = { target, choices };
        if (choices.length && choices.every(([a, words]) => a.includes(target) && /^(\d face (up|down) on|Neutral \d on) district \d (port|trade|palace)/.test(words))) {
          await P.page.locator('.sheet button.move').first().tap();
          const deadline = Date.now() + 5000;
          while (Date.now() < deadline && (await movesOf(t.id)) === mid) await sleep(100);
          done1 = (await movesOf(t.id)) > mid;
        }
      }
    }
    if (game === 'splendor') {
      const deadline = Date.now() + 5000;
      while (Date.now() < deadline && (await movesOf(t.id)) === before) await sleep(100);
      done1 = done1 && (await movesOf(t.id)) > before;
    }
    ok(done1, `phone: ${game}: a move made by tapping the board, then the matching move in the chooser`, detail);
    tapped[game] = true;
    await P.page.screenshot({ path: `${ART}/phone-${game}-${n}p-after-tap-390x844.png` });
  }
  // The same table at 1280×800 keeps its laptop layout: the move list beside the board.
  await P.page.setViewportSize(LAPTOP);
  await P.page.waitForTimeout(200);
  const lap = await boardBox(P.page);
  ok(lap.scroll <= lap.inner && lap.top < 800 && (await P.page.locator('.sheet').isVisible()) === false,
     `laptop: ${game} ${n} players: the board in the first screen, no move bar, no sideways scrolling`, lap);
  await P.page.screenshot({ path: `${ART}/phone-${game}-${n}p-1280x800.png` });
  await P.page.setViewportSize(PHONE);
}
// ------------------------------------------------------------ the Ys player panels in every language
// At 390×844 and 1366×768, in each language, a 2-player Ys table (the panels
// then have every row a seat starts with, the neutral brokers in hand
// included; yours with buttons, the opponent's with counts in words): in
// each row the label's text (its box and any text past it) meets none of the
// brokers, gems or words beside it, and nothing in a panel reaches past its
// right edge (long labels such as Polish "Za ekranikiem" and "Neutralny"
// wrapped under brokers that covered them).
{
  const t = await create('ys', 2, ['human', 'heuristic']);
  for (const vp of [PHONE, { width: 1366, height: 768 }]) {
    for (const lang of ['en', 'cs', 'fr', 'hu', 'pl']) {
      const L = await newPage(vp, vp === PHONE);
      const url = new URL(srv.base + t.seats[0].invite);
      url.searchParams.set('lang', lang);
      await L.page.goto(url.href);
      await L.page.waitForSelector('.ys .player.mine button.broker-chip');
      await L.page.waitForTimeout(300);
      const r = await L.page.evaluate(() => {
        const bad = [];
        const box = (r) => ({ left: r.left, right: r.right, top: r.top, bottom: r.bottom });
        const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
        const rows = [...document.querySelectorAll('.ys .player .ys-row')];
        for (const row of rows) {
          const panel = row.closest('.player');
          const edge = panel.getBoundingClientRect().right - parseFloat(getComputedStyle(panel).borderRightWidth);
          const label = row.firstElementChild;
          const range = document.createRange();
          range.selectNodeContents(label);
          const lb = box(label.getBoundingClientRect()), lt = box(range.getBoundingClientRect());
          const ext = { left: Math.min(lb.left, lt.left), right: Math.max(lb.right, lt.right), top: Math.min(lb.top, lt.top), bottom: Math.max(lb.bottom, lt.bottom) };
          const where = `seat ${panel.dataset.seat} "${label.textContent}"`;
          if (ext.right > edge + 0.5) bad.push(`${where}: the label reaches past the panel`);
          for (const el of row.querySelectorAll('*')) {
            if (el === label || label.contains(el) || el.contains(label) || el.closest('svg') !== el && el.closest('svg')) continue;
            const b = box(el.getBoundingClientRect());
            if (b.right <= b.left) continue;
            if (meet(ext, b)) bad.push(`${where} meets ${el.tagName.toLowerCase()}.${el.getAttribute('class') || ''} "${el.textContent.slice(0, 24)}"`);
            if (b.right > edge + 0.5) bad.push(`${where}: ${el.tagName.toLowerCase()} "${el.textContent.slice(0, 24)}" reaches past the panel`);
          }
        }
        for (const p of document.querySelectorAll('.ys .player')) if (p.scrollWidth > p.clientWidth + 1) bad.push(`seat ${p.dataset.seat}: the panel scrolls sideways (${p.scrollWidth} > ${p.clientWidth})`);
        const labels = rows.map((row) => row.firstElementChild.textContent);
        // the brokers' values stand out from their box (contrast of the text,
        // blended over the box, at least 1.5: a disabled one is dimmed, not hidden)
        const rgba = (c) => (c.match(/[\d.]+/g) || []).map(Number);
        const lum = ([r, g, b]) => 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
        const lin = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
        const faint = [];
        for (const el of document.querySelectorAll('.ys .player .broker-chip')) {
          const cs = getComputedStyle(el);
          const bg = rgba(cs.backgroundColor), fg = rgba(cs.color), a = fg.length > 3 ? fg[3] : 1;
          const over = [0, 1, 2].map((i) => fg[i] * a + bg[i] * (1 - a));
          const [hi, lo] = [lum(over), lum(bg)].sort((x, y) => y - x);
          const contrast = (hi + 0.05) / (lo + 0.05);
          if (contrast < 1.5) faint.push(`"${el.textContent}" ${cs.color} on ${cs.backgroundColor}`);
        }
        // a disabled broker button (not your turn, or a value you cannot
        // use now) still reads as text: WCAG AA, 4.5:1, for the colours as
        // painted (its text over its box, the whole button at its opacity
        // over the panel behind it); and it looks disabled (not-allowed cursor)
        const over2 = (top, under) => { const a = top.length > 3 ? top[3] : 1; return [0, 1, 2].map((i) => top[i] * a + under[i] * (1 - a)); };
        const ratio = (x, y) => { const [hi, lo] = [lum(x), lum(y)].sort((p, q) => q - p); return (hi + 0.05) / (lo + 0.05); };
        const disabled = [];
        for (const el of document.querySelectorAll('.ys .player button.broker-chip:disabled')) {
          const cs = getComputedStyle(el);
          let back = [255, 255, 255], opacity = 1;
          for (let a = el; a; a = a.parentElement) opacity *= Number(getComputedStyle(a).opacity);
          for (let a = el.parentElement; a; a = a.parentElement) {
            const c = rgba(getComputedStyle(a).backgroundColor);
            if (c.length === 3 || c[3] > 0) { back = over2(c, [255, 255, 255]); break; }
          }
          const box = over2(rgba(cs.backgroundColor), back), text = over2(rgba(cs.color), box);
          const seen = (c) => c.map((v, i) => v * opacity + back[i] * (1 - opacity));
          disabled.push({ value: el.textContent, contrast: Math.round(ratio(seen(text), seen(box)) * 100) / 100, cursor: cs.cursor,
                          border: cs.borderTopStyle, colours: `${cs.color} on ${cs.backgroundColor}, opacity ${opacity}` });
        }
        // the gem dots keep their size (a circle of radius 12 is 24 px) however long the labels beside them
        const dots = [...document.querySelectorAll('.ys .player svg circle')].map((c) => {
          const b = c.getBoundingClientRect();
          return { want: 2 * c.r.baseVal.value, w: Math.round(b.width * 10) / 10, h: Math.round(b.height * 10) / 10 };
        });
        const chips = document.querySelectorAll('.ys .player .broker-chip').length;
        return { bad, labels, faint, chips, disabled, dots, scroll: document.scrollingElement.scrollWidth, width: innerWidth };
      });
      ok(r.bad.length === 0 && r.labels.length >= 8 && r.scroll <= r.width,
         `Ys player panels ${vp.width}x${vp.height} ${lang}: no label meets the brokers beside it, nothing past a panel's edge`, r);
      ok(r.chips >= 4 && r.faint.length === 0, `Ys player panels ${vp.width}x${vp.height} ${lang}: the brokers' values can be read`, { chips: r.chips, faint: r.faint });
      ok(r.disabled.length >= 1 && r.disabled.every((d) => d.contrast >= 4.5),
         `Ys player panels ${vp.width}x${vp.height} ${lang}: the disabled brokers' values can be read too (contrast at least 4.5:1)`, r.disabled);
      ok(r.disabled.length >= 1 && r.disabled.every((d) => d.cursor === 'not-allowed'),
         `Ys player panels ${vp.width}x${vp.height} ${lang}: a disabled broker shows it cannot be picked (cursor not-allowed)`, r.disabled);
      // a dashed border is a hidden broker's ("?", an opponent's face-down
      // one): a disabled broker of one's own must not look like one
      ok(r.disabled.length >= 1 && r.disabled.every((d) => d.border === 'solid'),
         `Ys player panels ${vp.width}x${vp.height} ${lang}: a disabled broker's border is solid, not a hidden broker's dashes`, r.disabled);
      ok(r.dots.length === 10 && r.dots.every((d) => d.want === 24 && Math.abs(d.w - d.want) < 0.5 && Math.abs(d.h - d.want) < 0.5),
         `Ys player panels ${vp.width}x${vp.height} ${lang}: every gem dot is its full size (24 px)`, r.dots);
      await L.page.locator('.ys .players').screenshot({ path: `${ART}/phone-ys-panels-${lang}-${vp.width}x${vp.height}.png` });
      await L.ctx.close();
    }
  }
}
// ------------------------------------------------------------ Splendor texts on a tap
// At 390×844 (no hover) a tap on any face-up card, on every noble and on the
// player's own reserved card shows its printed text (the same words as the
// hover title), selectable or not; a second tap hides it. The player has
// reserved a tier 3 card it cannot buy (so that tap selects nothing) and the
// page is looked at on the player's turn (bots wait: nothing redraws).
{
  const t = await create('splendor', 2, ['human', 'heuristic'], { first: 'seat0' });
  const tok = t.seats[0].token;
  const st0 = (await http(srv, 'GET', `/api/tables/${t.id}/state?seat=0&token=${tok}`)).json;
  const r = await http(srv, 'POST', `/api/tables/${t.id}/action`, { seat: 0, token: tok, action: st0.legal.find((a) => /^reserve 3-/.test(a)) });
  let info = null;
  for (let k = 0; k < 200; k++) { info = (await http(srv, 'GET', `/api/tables/${t.id}`)).json; if (info.moves >= 2 && info.actors[0] === 0) break; await sleep(50); }
  await P.page.setViewportSize(PHONE);
  await P.page.goto('about:blank');
  await P.page.goto(srv.base + t.seats[0].invite);
  await P.page.waitForSelector('.player.mine .reserved-svg g.card');
  await P.page.waitForSelector('.sheet', { timeout: 10000 }).catch(() => null);
  const tipOf = (where) => P.page.locator(`${where} > .splendor-tip`).textContent({ timeout: 3000 }).catch(() => '');
  const said = (title) => title.replace(/^[^—]* — /, '');
  const wrong = [];
  // the own reserved card (not affordable: a tap selects nothing), then a second tap
  const mine = P.page.locator('.player.mine .reserved-svg g.card').first();
  const mineTitle = said(await mine.locator('title').textContent());
  const mineLegal = await mine.evaluate((e) => e.classList.contains('legal'));
  await mine.tap();
  const mineTip = await tipOf('.player.mine');
  await mine.tap();
  await P.page.waitForTimeout(200);
  const mineGone = await P.page.locator('.player.mine > .splendor-tip').count();
  ok(r.status === 200 && !mineLegal && mineTip === mineTitle && /^Tier 3 card: \d+ points/.test(mineTip) && mineGone === 0,
     'phone: splendor: a tap on your own reserved card (one you cannot buy) shows its printed text, a second tap hides it', { mineLegal, mineTip, mineTitle, mineGone });
  // every noble (never selectable before a visit), then every face-up card
  const nobles = P.page.locator('svg.board g.noble');
  const nn = await nobles.count();
  for (let i = 0; i < nn; i++) {
    const title = await nobles.nth(i).locator('title').textContent();
    await nobles.nth(i).tap();
    const tip = await tipOf('.splendor');
    if (tip !== title) wrong.push({ noble: i, title, tip });
  }
  const cards = P.page.locator('svg.board g.card[data-target^="card "]');
  const nc = await cards.count();
  for (let i = 0; i < nc; i++) {
    const title = said(await cards.nth(i).locator('title').textContent());
    await cards.nth(i).tap();
    const tip = await tipOf('.splendor');
    if (tip !== title) wrong.push({ card: i, title, tip });
  }
  await P.page.screenshot({ path: `${ART}/phone-splendor-card-text-390x844.png` });
  ok(nn === 3 && nc === 12 && wrong.length === 0,
     `phone: splendor: a tap on each of the ${nn} nobles and ${nc} face-up cards shows its cost, points and bonus (the hover text)`, { nn, nc, wrong: wrong.slice(0, 4) });
  const sw = await P.page.evaluate(() => ({ scroll: document.scrollingElement.scrollWidth, width: innerWidth }));
  ok(sw.scroll <= sw.width, 'phone: splendor: the text shown does not make the page scroll sideways', sw);
}
await P.ctx.close();

// ------------------------------------------------------------ replays on a phone
for (const [game, t] of Object.entries(finished)) {
  const deadline = Date.now() + 60000;
  while (Date.now() < deadline && !(await http(srv, 'GET', `/api/tables/${t.id}`)).json.over) await sleep(250);
  for (const vp of [PHONE, LAPTOP]) {
    const R = await newPage(vp, vp === PHONE);
    await R.page.goto(`${srv.base}/replay.html#table=${t.id}`);
    await R.page.waitForSelector('svg.board', { timeout: 10000 }).catch(() => null);
    await R.page.waitForTimeout(300);
    // the last step (a Ys game's last scoring walk comes first there), then move 1
    const last = await boardBox(R.page).catch(() => null);
    ok(last && last.scroll <= last.inner && last.right <= last.inner,
       `replay ${vp.width}x${vp.height}: ${game}: the last step does not scroll sideways`, last);
    await R.page.screenshot({ path: `${ART}/phone-replay-${game}-last-${vp.width}x${vp.height}.png` });
    await R.page.locator('button[aria-label=first]').click();
    await R.page.locator('button[aria-label=forward]').click();
    await R.page.waitForFunction(() => document.querySelector('.replay-bar span').textContent.startsWith('move 1 '), null, { timeout: 5000 }).catch(() => null);
    await R.page.waitForTimeout(300);
    const b = await boardBox(R.page).catch(() => null);
    ok(b && b.scroll <= b.inner && b.right <= b.inner && b.top < b.innerH * 0.5,
       `replay ${vp.width}x${vp.height}: ${game}: at move 1 the board is in the first screen, no sideways scrolling`, b);
    await R.page.screenshot({ path: `${ART}/phone-replay-${game}-${vp.width}x${vp.height}.png` });
    await R.ctx.close();
  }
}

ok(errors.length === 0, 'no script errors in the pages', errors);
await browser.close();
await srv.stop();
cleanup(dir);
done();
