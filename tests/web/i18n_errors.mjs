// i18n_errors.mjs — the server's refusals in the player's language (issue
// 23, web/js/errors.js), in Debian's chromium through playwright-core. The
// server keeps its English "message" for API clients and gives each error a
// stable "code" (and, for names and chat, a "reason" and "params"); the page
// shows the catalogue's sentence for it. In Polish and in the pseudo-locale
// xx, on a real table: a blank name (bad_name:empty), a blank chat message
// (bad_chat:empty), chat faster than the server allows (rate_limited), a seat
// link with a wrong token (bad_token), an unknown table (unknown_table); the
// move errors and an unknown code through the page's own errors.js. And the
// times and dates shown (chat, "your tables", the replay) in the page's
// language through Intl.
import { readFileSync } from 'node:fs';
import { ok, done, tempDir, startServer, http, cleanup, chromiumOrSkip } from './lib.mjs';

const ART = 'build/test-artifacts/i18n';
const { chromium, CHROMIUM } = await chromiumOrSkip("server errors in the player's language", ART);
const dir = tempDir('i18n-errors-');
const srv = await startServer(`${dir}/e.db`, ['--bot-delay', '50']);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
const pageErrors = [];
const catalogue = { pl: JSON.parse(readFileSync('web/i18n/pl.json', 'utf8')) };

// What the page should show for an English id in `lang`.
function expected(lang, id, params = {}) {
  const fill = (s) => s.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
  if (lang === 'xx') return `[[${fill(id)}]]`;
  return fill(catalogue[lang][id]);
}
const textOf = (page, sel) => page.waitForSelector(sel, { timeout: 10000 }).then((e) => e.textContent()).catch(() => '');

for (const lang of ['pl', 'xx']) {
  const made = (await http(srv, 'POST', '/api/tables', { game: 'splendor', players: 2, seats: ['human', 'heuristic'] })).json;
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
  const invite = made.seats[0].invite; // /table.html#table=…&seat=0&token=…
  await page.goto(`${srv.base}${invite.replace('/table.html', `/table.html?lang=${lang}`)}`);
  await page.waitForSelector('.name-prompt input');

  // a name of nothing but a zero-width space: the page lets it through, the
  // server refuses it as empty
  await page.fill('.name-prompt input', '\u200b');
  await page.click('.name-prompt button[type=submit]');
  let shown = await textOf(page, '.name-prompt .error');
  let want = expected(lang, 'Please enter a name.');
  ok(shown === want, `${lang}: a blank name refused by the server (bad_name, empty) is said in the page's language`, { shown, want });
  await page.fill('.name-prompt input', 'Ann');
  await page.click('.name-prompt button[type=submit]');
  await page.waitForSelector('.name-prompt', { state: 'detached', timeout: 10000 }).catch(() => null);

  // a blank chat message (zero-width spaces)
  await page.fill('form.chat-form input', '\u200b\u200b');
  await page.click('form.chat-form button');
  shown = await textOf(page, 'section.chat .error');
  want = expected(lang, 'The message is empty.');
  ok(shown === want, `${lang}: a blank chat message (bad_chat, empty) is said in the page's language`, { shown, want });

  // chat faster than one message a second after a burst of five: the server
  // refuses (rate_limited)
  want = expected(lang, 'Too many messages at once: wait a moment and try again (this one was not sent).');
  // Sent back to back, without waiting for replies in between, so that a
  // loaded machine (slow clicks) cannot refill the bucket between sends; each
  // refused send shows the error again, so the last ones leave it shown.
  const isShown = (w) => document.querySelector('section.chat .error')?.textContent === w;
  let limited = false;
  for (let i = 0; i < 20 && !limited; i++) {
    await page.fill('form.chat-form input', `hello ${i}`);
    await page.click('form.chat-form button');
    limited = await page.evaluate(isShown, want);
  }
  if (!limited) {
    limited = await page.waitForFunction(isShown, want, { timeout: 5000 }).then(() => true).catch(() => false);
  }
  shown = await page.textContent('section.chat .error').catch(() => '');
  ok(limited, `${lang}: chat too fast (rate_limited) is said in the page's language`, { shown, want });
  await page.screenshot({ path: `${ART}/errors-chat-${lang}.png` });

  // the move errors and an unknown code, through the page's own errors.js
  const said = await page.evaluate(async () => {
    const { errorText } = await import('/js/errors.js');
    return {
      illegal: errorText({ code: 'illegal', message: 'seat 0 cannot afford that card (S-4.2)' }),
      turn: errorText({ code: 'not_your_turn', message: 'seat 0 is not to act now' }),
      unknown: errorText({ code: 'no_such_code_yet', message: 'Some English sentence.' }),
      long: errorText({ code: 'bad_chat', reason: 'too_long', message: 'x', params: { count: 700, max: 500 } }),
    };
  });
  const notLegal = expected(lang, 'That move is not legal now.');
  const withRule = notLegal.endsWith('.') ? `${notLegal.slice(0, -1)} (S-4.2).` : `${notLegal} (S-4.2)`;
  ok(said.illegal === withRule, `${lang}: an illegal move is said in the page's language, its rule id kept`, said);
  ok(said.turn === expected(lang, 'It is not your turn.'), `${lang}: not your turn, in the page's language`, said);
  ok(said.unknown === 'Some English sentence.', `${lang}: an unknown code shows the server's English message as sent`, said);
  ok(said.long === expected(lang, 'A message has at most {n} characters.', { n: 500 }), `${lang}: a too-long message says the server's limit`, said);

  // times and dates in the page's language (Intl), not the browser's: the
  // chat's clock times, the last move in "your tables", the replay's date
  const loc = lang === 'xx' ? 'en' : lang;
  const timesOk = (sel, opts) => page.evaluate(([q, l, o]) => {
    const els = [...document.querySelectorAll(q)];
    const bad = els.filter((e) => e.textContent !== new Intl.DateTimeFormat(l, o).format(new Date(e.dateTime)));
    return { n: els.length, bad: bad.map((e) => `${e.dateTime} shown as ${e.textContent}`) };
  }, [sel, loc, opts]);
  let times = await timesOk('ol.chat-list time[datetime]', { hour: '2-digit', minute: '2-digit' });
  ok(times.n > 0 && times.bad.length === 0, `${lang}: the chat's times in the page's language`, times);
  await page.goto(`${srv.base}/?lang=${lang}`);
  await page.waitForSelector(`li[data-table="${made.id}"] time[datetime]`, { timeout: 10000 }).catch(() => null);
  times = await timesOk(`li[data-table="${made.id}"] time[datetime]`, { dateStyle: 'medium', timeStyle: 'short' });
  ok(times.n === 1 && times.bad.length === 0, `${lang}: "your tables" dates the last move in the page's language`, times);
  await page.goto(`${srv.base}/replay.html?lang=${lang}#table=${made.id}`);
  await page.waitForSelector('header time[datetime]', { timeout: 10000 }).catch(() => null);
  times = await timesOk('header time[datetime]', { dateStyle: 'medium', timeStyle: 'short' });
  ok(times.n === 1 && times.bad.length === 0, `${lang}: the replay's date in the page's language`, times);

  // a seat link with a wrong token, and a table that does not exist
  await page.goto(`${srv.base}/table.html?lang=${lang}#table=${made.id}&seat=0&token=${'0'.repeat(32)}`);
  shown = await textOf(page, 'p.error');
  want = expected(lang, 'This link does not allow that (a wrong or missing seat token).');
  ok(shown.startsWith(want), `${lang}: a wrong seat token (bad_token) is said in the page's language`, { shown, want });
  await page.goto(`${srv.base}/table.html?lang=${lang}#table=nosuchtable`);
  shown = await textOf(page, 'p.error');
  want = expected(lang, 'There is no such table (it may have expired).');
  ok(shown.startsWith(want), `${lang}: an unknown table (unknown_table) is said in the page's language`, { shown, want });
  await page.screenshot({ path: `${ART}/errors-table-${lang}.png` });
  await ctx.close();
}

// an error that comes before the page's catalogue (an unknown table, at once)
// is said in the page's language once the catalogue is in, not left in English
{
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.route('**/i18n/pl.json', async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.goto(`${srv.base}/table.html?lang=pl#table=nosuchtable`);
  const want = expected('pl', 'There is no such table (it may have expired).');
  const said = await page.waitForFunction((w) => document.querySelector('p.error')?.textContent.startsWith(w), want, { timeout: 10000 })
    .then(() => true).catch(() => false);
  const shown = await page.textContent('p.error').catch(() => '');
  ok(said, 'pl: an error shown before the catalogue came is said again in the page\'s language', { shown, want });
  await ctx.close();
}

// the server still speaks English to API clients, with the code and reason
{
  const made = (await http(srv, 'POST', '/api/tables', { game: 'splendor', players: 2, seats: ['human', 'heuristic'] })).json;
  const r = await http(srv, 'POST', `/api/tables/${made.id}/chat`, { seat: 0, token: made.seats[0].token, text: '\u200b' });
  ok(r.json && r.json.code === 'bad_chat' && r.json.reason === 'empty' && /is empty/.test(r.json.message),
     'an error reply keeps its English message and gives code and reason', r.json);
}
ok(pageErrors.length === 0, 'no script errors in the pages', pageErrors);
await browser.close();
await srv.stop();
cleanup(dir);
done();
