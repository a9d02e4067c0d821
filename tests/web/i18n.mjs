// i18n.mjs — the browser UI in five languages and the pseudo-locale xx
// (issue 23, docs/i18n.md), in Debian's chromium through playwright-core:
//  - one Ys table of bots per language, watched as a spectator: screenshots
//    of the start page, the board mid-round, the scoring walk and the final
//    screen at 1280x800 and 390x844 (build/test-artifacts/i18n/), each page with
//    <html lang> set, nothing wider than the window and no text clipped in
//    its button or label;
//  - the pseudo-locale (?lang=xx, every t() and every catalogue sentence
//    wrapped [[...]]): no text outside [[...]] on those pages but notation,
//    numbers and what the server sends as data (table titles); the
//    decision line (the view's "prompt" in the catalogue's words), the bots'
//    names in the seat labels and the cards' printed texts (hover titles and
//    the tap's note) are checked too;
//  - the switcher remembers the choice (localStorage) and navigator.languages
//    picks the language when nothing was chosen.
import { mkdirSync, existsSync } from 'node:fs';
import { ok, skip, done, sleep, tempDir, startServer, http, cleanup, chromiumOrSkip } from './lib.mjs';

const ART = 'build/test-artifacts/i18n';
const { chromium, CHROMIUM } = await chromiumOrSkip('i18n in the browser', ART);
const LANGS = ['en', 'pl', 'hu', 'cs', 'fr', 'xx'];
const VIEWPORTS = [{ width: 1280, height: 800 }, { width: 390, height: 844 }];
const WORD = { en: 'District', pl: 'Dystrykt', hu: 'kerület', cs: 'Čtvrť', fr: 'Quartier', xx: '[[District' };

const dir = tempDir('i18n-');
const srv = await startServer(`${dir}/i.db`, ['--bot-delay', '120']);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });

// Text on the page outside [[...]], skipping notation (move buttons, the
// notation log, code), the language names of the switcher, and the data the
// server sends as it is (marked data-raw).
async function unwrapped(page) {
  const text = await page.evaluate(() => {
    const skipSel = 'button.move, details.notation, code, select[name=lang], title, script, style, option';
    const out = [];
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const el = n.parentElement;
      if (!el || el.closest(skipSel)) continue;
      out.push(n.nodeValue);
    }
    // the cards' printed texts, shown on hover (title) and tap
    for (const el of document.querySelectorAll('.card-chip[title]')) out.push(el.getAttribute('title'));
    return out.join('\u0001');
  });
  let s = text.replace(/\u0001/g, ' ');
  for (let prev = ''; prev !== s;) { prev = s; s = s.replace(/\[\[[^[\]]*\]\]/g, ' '); }
  const words = new Set(s.match(/[A-Za-zÀ-ž]{3,}/g) || []);
  for (const w of ['gemgames', 'Ys', 'Splendor']) words.delete(w);
  return [...words];
}

// Elements wider than the window, and buttons/labels whose text is clipped.
async function overflows(page) {
  return page.evaluate(() => {
    const bad = [];
    const W = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > W + 1) bad.push(`page ${document.documentElement.scrollWidth}px > ${W}px`);
    for (const el of document.querySelectorAll('button, label, h1, h2, h3, th, td, .title, .points, .muted, .badge, .scoring-head')) {
      const cs = getComputedStyle(el);
      if (cs.display === 'none' || el.closest('svg')) continue;
      if ((cs.overflowX === 'hidden' || cs.textOverflow === 'ellipsis') && el.scrollWidth > el.clientWidth + 1) {
        bad.push(`${el.tagName.toLowerCase()}.${el.className}: "${el.textContent.trim().slice(0, 40)}" clipped`);
      }
      let scroller = false; // inside a box that scrolls or clips on purpose
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(a).overflowX)) scroller = true;
      const r = el.getBoundingClientRect();
      if (!scroller && r.width > 0 && r.right > W + 1) bad.push(`${el.tagName.toLowerCase()}.${el.className}: "${el.textContent.trim().slice(0, 40)}" past the right edge`);
    }
    return bad.slice(0, 10);
  });
}

async function look(lang, vp, url, name, extra) {
  const ctx = await browser.newContext({ viewport: vp, locale: 'en-US' });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  if (extra) await extra(page);
  await sleep(400);
  const htmlLang = await page.evaluate(() => document.documentElement.lang);
  await page.screenshot({ path: `${ART}/${name}-${lang}-${vp.width}x${vp.height}.png`, fullPage: false });
  const res = { htmlLang, over: await overflows(page), left: lang === 'xx' ? await unwrapped(page) : [], errors, text: await page.evaluate(() => document.body.innerText) };
  await ctx.close();
  return res;
}

const withLang = (url, lang) => url.replace(/^([^?#]*)(\?[^#]*)?/, (m, p, q) => `${p}${q ? `${q}&` : '?'}lang=${lang}`);

// one table of bots per language, started together
const tables = {};
for (const lang of LANGS) {
  tables[lang] = (await http(srv, 'POST', '/api/tables', { game: 'ys', players: 3, seats: ['random', 'random', 'random'] })).json;
}
for (const lang of LANGS) {
  for (const vp of VIEWPORTS) {
    const r = await look(lang, vp, withLang(`${srv.base}/`, lang), 'start');
    ok(r.htmlLang === (lang === 'xx' ? 'en' : lang) && r.errors.length === 0, `${lang} ${vp.width}px: the start page sets <html lang> and loads`, r);
    ok(r.over.length === 0, `${lang} ${vp.width}px: nothing on the start page overflows its box`, r.over);
    if (lang === 'xx') ok(r.left.length === 0, `xx ${vp.width}px: the start page shows no text outside the catalogue`, r.left);
  }
  const spect = withLang(srv.base + tables[lang].spectate, lang);
  for (const vp of VIEWPORTS) {
    const r = await look(lang, vp, spect, 'ys-board', (p) => p.waitForSelector('.ys svg.board', { timeout: 10000 }).catch(() => {}));
    ok(r.text.includes(WORD[lang]), `${lang} ${vp.width}px: the Ys board mid-round speaks ${lang} ("${WORD[lang]}")`, r.text.slice(0, 300));
    ok(r.over.length === 0, `${lang} ${vp.width}px: nothing on the Ys board overflows its box`, r.over);
    if (lang === 'xx') ok(r.left.length === 0, `xx ${vp.width}px: the Ys board shows no text outside the catalogue`, r.left);
  }
}
// the games end; then the scoring walk and the final screen
const deadline = Date.now() + 120000;
for (const lang of LANGS) {
  while (Date.now() < deadline && !(await http(srv, 'GET', `/api/tables/${tables[lang].id}`)).json.over) await sleep(500);
}
for (const lang of LANGS) {
  const spect = withLang(srv.base + tables[lang].spectate, lang);
  for (const vp of VIEWPORTS) {
    const r = await look(lang, vp, spect, 'ys-final', (p) => p.waitForSelector('.scores', { timeout: 10000 }).catch(() => {}));
    ok(/\d/.test(r.text) && r.over.length === 0, `${lang} ${vp.width}px: the final screen, nothing overflows its box`, r.over);
    if (lang === 'xx') ok(r.left.length === 0, `xx ${vp.width}px: the final screen shows no text outside the catalogue`, r.left);
    const s = await look(lang, vp, spect, 'ys-scoring', async (p) => {
      await p.waitForSelector('section.scoring', { timeout: 10000 }).catch(() => {});
      await p.locator('section.scoring').scrollIntoViewIfNeeded().catch(() => {});
    });
    ok(s.over.length === 0, `${lang} ${vp.width}px: the Ys scoring walk, nothing overflows its box`, s.over);
    if (lang === 'xx') ok(s.left.length === 0, `xx ${vp.width}px: the scoring walk shows no text outside the catalogue`, s.left);
  }
}

// the switcher remembers; navigator.languages decides otherwise
{
  const ctx = await browser.newContext({ locale: 'cs-CZ' });
  const page = await ctx.newPage();
  await page.goto(`${srv.base}/`);
  await page.waitForSelector('select[name=lang]');
  ok(await page.evaluate(() => document.documentElement.lang) === 'cs', 'navigator.languages (cs-CZ) picks Czech');
  await page.selectOption('select[name=lang]', 'hu');
  await page.waitForLoadState('load');
  await sleep(500);
  await page.goto(`${srv.base}/`);
  await page.waitForSelector('select[name=lang]');
  ok(await page.evaluate(() => document.documentElement.lang) === 'hu', 'the switcher\'s choice (Magyar) is remembered over navigator.languages');
  await ctx.close();
}

await browser.close();
await srv.stop();
cleanup(dir);
done();
