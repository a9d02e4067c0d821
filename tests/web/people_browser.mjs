// people_browser.mjs — issue 21's people features in Debian's chromium
// through playwright-core, with several browser contexts (each its own
// localStorage, as separate people): names chosen and shown to the others
// (markup in a name shown as text), chat both ways and to a spectator (and
// muted), a public table joined from the lobby without an invite, and "my
// tables" listing two tables with whose turn it is. Screenshots of each at
// 1280×800 and 390×844 go to build/test-artifacts/people-*.png; no page
// may scroll sideways at 390 px.
import { mkdirSync, existsSync } from 'node:fs';
import { ok, skip, done, tempDir, startServer, http, join, cleanup, chromiumOrSkip, ART } from './lib.mjs';

const { chromium, CHROMIUM } = await chromiumOrSkip('people in the browser');

const LAPTOP = { width: 1280, height: 800 }, PHONE = { width: 390, height: 844 };
const dir = tempDir('people-browser-');
const srv = await startServer(`${dir}/p.db`, ['--bot-delay', '50', '--rate', '0']);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
const errors = [];

async function person(viewport) {
  const ctx = await browser.newContext({ viewport });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', (d) => d.accept());
  return { ctx, page };
}

// Both sizes of one page, and its sideways scroll at 390 px.
const wide = [];
async function shots(p, name) {
  const before = p.page.viewportSize();
  for (const [vp, tag] of [[LAPTOP, '1280x800'], [PHONE, '390x844']]) {
    await p.page.setViewportSize(vp);
    await p.page.waitForTimeout(150);
    await p.page.screenshot({ path: `${ART}/people-${name}-${tag}.png`, fullPage: true });
    if (vp === PHONE) {
      const w = await p.page.evaluate(() => document.documentElement.scrollWidth);
      if (w > 390) wide.push(`${name}: ${w}px`);
    }
  }
  await p.page.setViewportSize(before);
}

const seatsText = (p) => p.page.textContent('ul.seats');

// ------------------------------------------------------------ names
const XSS = '<img src=x onerror=a()>';
const made = (await http(srv, 'POST', '/api/tables', { game: 'splendor', players: 3, seats: ['human', 'human', 'heuristic'] })).json;
const A = await person(LAPTOP);
const B = await person(PHONE);
await A.page.goto(srv.base + made.seats[0].invite);
await A.page.waitForSelector('.name-prompt input');
ok(true, 'opening an invite asks for a name');
await A.page.fill('.name-prompt input', 'Ann');
await A.page.click('.name-prompt button[type=submit]');
await B.page.goto(srv.base + made.seats[1].invite);
await B.page.waitForSelector('.name-prompt input');
await B.page.fill('.name-prompt input', XSS);
await B.page.click('.name-prompt button[type=submit]');
await A.page.waitForFunction((x) => document.querySelector('ul.seats')?.textContent.includes(x), XSS, { timeout: 10000 }).catch(() => null);
await B.page.waitForFunction(() => document.querySelector('ul.seats')?.textContent.includes('Ann'), null, { timeout: 10000 }).catch(() => null);
ok((await seatsText(A)).includes(XSS) && (await seatsText(B)).includes('Ann') && (await A.page.locator('.name-prompt').count()) === 0,
   'each player\'s chosen name is shown to the other', [await seatsText(A), await seatsText(B)]);
ok((await A.page.locator('ul.seats img, .side img').count()) === 0 && (await seatsText(A)).includes('<img'), 'markup in a name is shown as text, never as an element');
ok((await seatsText(A)).includes('bot: Heuristic'), 'the bot keeps its bot name, in words');
// a move: the log says the mover's name
await A.page.locator('button.move').first().click();
await B.page.waitForFunction(() => /Ann (takes|buys|reserves)/.test(document.querySelector('ol.events')?.textContent || ''), null, { timeout: 10000 }).catch(() => null);
ok(/Ann (takes|buys|reserves)/.test(await B.page.textContent('ol.events')), 'the log says the player\'s name instead of "Seat 1"', (await B.page.textContent('ol.events')).slice(0, 300));
ok((await B.page.textContent('.decision')).length > 0, 'the page still reads after names arrive');
ok(await A.page.evaluate(() => localStorage.getItem('gg.name')) === '"Ann"', 'the name is kept in the browser for next time');
{
  // a name that the server refuses is explained, and nothing changes
  await A.page.click('button.rename');
  await A.page.fill('.name-prompt input', 'x'.repeat(30));
  await A.page.click('.name-prompt button[type=submit]');
  const msg = await A.page.textContent('.name-prompt .error').catch(() => '');
  await A.page.fill('.name-prompt input', 'Ann');
  await A.page.click('.name-prompt button[type=submit]');
  await A.page.waitForSelector('.name-prompt', { state: 'detached', timeout: 5000 }).catch(() => null);
  ok(/at most 24/.test(msg) && (await seatsText(B)).includes('Ann'), 'a too-long name is explained and not sent', msg);
}
await shots(A, 'names-ann');
await shots(B, 'names-other');

// ------------------------------------------------------------ chat
const S = await person(LAPTOP);
await S.page.goto(`${srv.base}/table.html#table=${made.id}`);
await S.page.waitForSelector('section.chat');
async function say(p, text) {
  await p.page.fill('form.chat-form input', text);
  await p.page.click('form.chat-form button');
}
const chatHas = (p, text) => p.page.waitForFunction((x) => [...document.querySelectorAll('ol.chat-list li')].some((li) => li.textContent.includes(x)), text, { timeout: 10000 }).then(() => true).catch(() => false);
await say(A, 'hello from Ann <script>window.pwned=1</script>');
ok(await chatHas(B, 'hello from Ann <script>') && await chatHas(S, 'hello from Ann'), 'a chat message reaches the other player and the spectator, markup as text');
await say(B, 'hi Ann');
ok(await chatHas(A, 'hi Ann') && await chatHas(S, 'hi Ann'), 'chat goes both ways');
await S.page.click('section.chat button.spectator-name');
await S.page.fill('section.chat form.name-form input', 'Sam');
await S.page.click('section.chat form.name-form button[type=submit]');
await say(S, 'watching you two');
ok(await chatHas(A, 'watching you two') && await chatHas(B, 'watching you two'), 'the spectator\'s message reaches both players');
ok((await A.page.locator('ol.chat-list li', { hasText: 'watching you two' }).locator('.chat-who').textContent()) === 'Sam (watching)', 'a spectator chats under the name they chose, marked as watching');
{
  const li = A.page.locator('ol.chat-list li', { hasText: 'hi Ann' });
  const who = await li.locator('.chat-who').textContent();
  const time = await li.locator('time').textContent();
  ok(who === XSS && /\d{1,2}:\d{2}/.test(time), 'messages are shown with the sender\'s name and time', { who, time });
  ok(!(await A.page.evaluate(() => window.pwned)) && (await A.page.locator('ol.chat-list script, ol.chat-list img').count()) === 0, 'no script in a message runs');
}
await shots(A, 'chat-player');
await shots(S, 'chat-spectator');
await A.page.click('section.chat button.mute');
await say(B, 'are you there?');
await S.page.waitForTimeout(500);
ok(await chatHas(S, 'are you there?') && (await A.page.locator('ol.chat-list').count()) === 0 && /1 new message/.test(await A.page.textContent('section.chat')),
   'a player mutes the chat: messages are hidden and counted', await A.page.textContent('section.chat'));
await A.page.reload();
await A.page.waitForSelector('section.chat');
ok((await A.page.locator('ol.chat-list').count()) === 0, 'the mute holds after a reload');
await A.page.click('section.chat button.mute');
ok(await chatHas(A, 'are you there?'), 'unmuting shows the history again');
{
  // an over-long message: the field holds at most 500 characters
  await A.page.fill('form.chat-form input', 'x'.repeat(600));
  ok((await A.page.inputValue('form.chat-form input')).length === 500, 'the chat field takes at most 500 characters');
}

// ------------------------------------------------------------ the lobby
const pub = (await http(srv, 'POST', '/api/tables', { game: 'splendor', players: 2, seats: ['human', 'human'], public: true, name: 'Host' })).json;
const D = await person(PHONE);
await D.page.goto(srv.base + '/');
await D.page.waitForSelector(`section.lobby li[data-table="${pub.id}"] button.take`);
ok((await D.page.locator('section.lobby li').count()) === 1 && (await D.page.textContent('section.lobby')).includes('Host'), 'the start page lists the public table\'s free seat (not the private table), with who sits there');
await shots(D, 'lobby');
await D.page.click(`section.lobby li[data-table="${pub.id}"] button.take`);
await D.page.waitForSelector('section.lobby form.name-form input');
await D.page.fill('section.lobby form.name-form input', 'Dee');
await D.page.click('section.lobby form.name-form button[type=submit]');
await D.page.waitForSelector('.layout', { timeout: 10000 });
ok(/seat=1&token=[0-9a-f]{32}/.test(D.page.url()) && (await D.page.locator('.name-prompt').count()) === 0 && (await seatsText(D)).includes('Dee'),
   'taking the seat (after giving a name) opens the table as that seat, without an invite', D.page.url());
{
  const H = await join(srv, pub.id, 0, pub.seats[0].token);
  const st = H.frames.findLast((f) => f.type === 'state');
  H.close();
  ok(st.table.seats[1].name === 'Dee' && !st.table.seats[1].open, 'the host sees the newcomer by name');
}
await shots(D, 'lobby-joined');

{
  // someone watching a public table sits down from its page
  const pub2 = (await http(srv, 'POST', '/api/tables', { game: 'splendor', players: 2, seats: ['human', 'open'], name: 'Host2' })).json;
  const E = await person(LAPTOP);
  await E.page.goto(`${srv.base}/table.html#table=${pub2.id}`);
  await E.page.click('.take-seat button.take');
  await E.page.fill('.take-seat form.name-form input', 'Eve');
  await E.page.click('.take-seat form.name-form button[type=submit]');
  await E.page.waitForFunction(() => /You \(Eve\)/.test(document.querySelector('ul.seats')?.textContent || ''), null, { timeout: 10000 }).catch(() => null);
  ok(/seat=1&token=[0-9a-f]{32}/.test(E.page.url()) && /You \(Eve\)/.test(await seatsText(E)) && (await E.page.locator('.take-seat').count()) === 0,
     'someone watching a public table takes its free seat from the table page', E.page.url());
  await shots(E, 'take-from-table');
  await E.ctx.close();
}

// ------------------------------------------------------------ my tables
// D also holds seat 1 of a private table where it is to move... seat 0
// moves first in Splendor, so D opens seat 0's invite of a second table.
const second = (await http(srv, 'POST', '/api/tables', { game: 'splendor', players: 2, seats: ['human', 'heuristic'] })).json;
await D.page.goto(srv.base + second.seats[0].invite);
await D.page.waitForSelector('.layout');
// From here the page's Notification and AudioContext are recorders, and
// document.hidden follows window.__hidden (a tab in the background).
await D.page.addInitScript(() => {
  window.__notes = [];
  window.__beeps = 0;
  const Real = window.Notification;
  window.Notification = class {
    constructor(title, opts) { window.__notes.push({ title, body: opts && opts.body }); }
    static get permission() { return Real.permission; }
    static requestPermission() { return Real.requestPermission(); }
    close() {}
  };
  const node = () => ({ connect: () => node(), gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, frequency: {}, start() {}, stop() {} });
  window.AudioContext = class { constructor() { this.currentTime = 0; this.destination = {}; } createOscillator() { window.__beeps++; return node(); } createGain() { return node(); } };
  Object.defineProperty(document, 'hidden', { get: () => window.__hidden === true });
});
await D.page.goto(srv.base + '/');
await D.page.waitForSelector('section.my-tables li .turn');
await D.page.waitForFunction(() => [...document.querySelectorAll('section.my-tables li .turn')].every((x) => x.textContent !== '…'), null, { timeout: 10000 }).catch(() => null);
{
  const items = await D.page.locator("section.my-tables li").allTextContents();
  const mineFirst = await D.page.textContent(`section.my-tables li[data-table="${second.id}"] .turn`);
  const other = await D.page.textContent(`section.my-tables li[data-table="${pub.id}"] .turn`);
  ok(items.length === 2 && mineFirst === 'Your turn' && /Waiting for Host/.test(other), '"my tables" lists both tables with whose turn it is', { items, mineFirst, other });
  ok(/^\(1\) Your turn/.test(await D.page.title()), 'the tab title says it is your turn somewhere', await D.page.title());
  ok((await D.page.locator(`section.my-tables li.your-turn[data-table="${second.id}"]`).count()) === 1, 'the table where it is your turn stands out');
}
await shots(D, 'my-tables');
{
  const perm = await D.page.evaluate(() => (typeof Notification === 'undefined' ? 'none' : Notification.permission));
  ok(perm !== 'granted', 'no notification permission is asked without the player ticking the box', perm);
}
// the player switches both alerts on (the browser grants the permission),
// then looks at another tab
await D.ctx.grantPermissions(['notifications'], { origin: srv.base });
await D.page.check('section.my-tables input[name=sound]');
await D.page.check('section.my-tables input[name=notify]');
const beeps0 = await D.page.evaluate(() => window.__beeps);
await D.page.evaluate(() => { window.__hidden = true; });
// the host moves at the public table: a moment later it is D's turn there too
await http(srv, 'POST', `/api/tables/${pub.id}/action`, { seat: 0, token: pub.seats[0].token, action: (await http(srv, 'GET', `/api/tables/${pub.id}/state?seat=0&token=${pub.seats[0].token}`)).json.legal[0] });
await D.page.evaluate(() => window.dispatchEvent(new Event('focus')));
await D.page.waitForFunction(() => /^\(2\) /.test(document.title), null, { timeout: 15000 }).catch(() => null);
ok(/^\(2\) Your turn/.test(await D.page.title()), 'after the other player moves, the list and title follow: your turn at two tables', await D.page.title());
{
  const { notes, beeps } = await D.page.evaluate(() => ({ notes: window.__notes, beeps: window.__beeps }));
  ok(notes.length === 1 && notes[0].title === 'Your turn' && /2 tables/.test(notes[0].body) && beeps === beeps0 + 1,
     'with the alerts on, a turn in a background tab brings one sound and one browser notification', { notes, beeps, beeps0 });
}

// ------------------------------------------------------------ results and replays
{
  // two named people play a whole game (moves over the API); the final
  // scores and the replay name them
  const g = (await http(srv, 'POST', '/api/tables', { game: 'splendor', players: 2, seats: ['human', 'human'], name: 'Ann' })).json;
  await http(srv, 'POST', `/api/tables/${g.id}/name`, { seat: 1, token: g.seats[1].token, name: 'Zoë' });
  for (let k = 0; k < 2000; k++) {
    const st = (await http(srv, 'GET', `/api/tables/${g.id}/state`)).json;
    if (st.over) break;
    const seat = st.actors[0];
    const mine = (await http(srv, 'GET', `/api/tables/${g.id}/state?seat=${seat}&token=${g.seats[seat].token}`)).json;
    await http(srv, 'POST', `/api/tables/${g.id}/action`, { seat, token: g.seats[seat].token, action: mine.legal[(k * 7) % mine.legal.length] });
  }
  const R = await person(LAPTOP);
  await R.page.goto(srv.base + g.seats[0].invite);
  await R.page.waitForSelector('.scores', { timeout: 10000 }).catch(() => null);
  const scores = (await R.page.locator('.scores').count()) ? await R.page.textContent('.scores') : '';
  ok(/Zoë/.test(scores) && /You/.test(scores), 'the final scores name the players', scores.slice(0, 200));
  await shots(R, 'results');
  await R.page.goto(`${srv.base}/replay.html#table=${g.id}`);
  await R.page.waitForSelector('.replay-bar');
  await R.page.waitForFunction(() => /Game over/.test(document.querySelector('ol.events')?.textContent || ''), null, { timeout: 10000 }).catch(() => null);
  const options = await R.page.locator('.replay-bar select option').allTextContents();
  const log = await R.page.textContent('ol.events');
  ok(options.includes('Ann') && options.includes('Zoë') && /Ann (takes|buys|reserves)/.test(log) && /Zoë (takes|buys|reserves)/.test(log),
     'the replay names the players (viewer choice and the log)', { options, log: log.slice(0, 200) });
  await shots(R, 'replay');
  await R.ctx.close();
}

// ------------------------------------------------------------ the home page at 390 px
await shots(A, 'table-after');
ok(wide.length === 0, 'no page scrolls sideways at 390 px', wide);
ok(errors.length === 0, 'no script errors in the pages', errors);

await browser.close();
await srv.stop();
cleanup(dir);
done();
