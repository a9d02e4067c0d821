// i18n_error_codes.mjs — every error code the server can send has a sentence
// in every language of the browser (issue 23, web/js/errors.js). The codes
// are read from the server's sources (each srv_fail call in server/*.c), so a
// new code without its line in errors.js, or a sentence missing from a
// catalogue, fails here. errors.js runs in node with each catalogue set as
// the page would set it. Then a real server: a player count out of range
// carries its range as params (reason "players"), which the page says in its
// language, while the English message stays as it was for API clients.
import { readFileSync, readdirSync } from 'node:fs';
import { ok, done, tempDir, startServer, http, cleanup } from './lib.mjs';
import { errorText, optionsRefusal } from '../../web/js/errors.js';
import { setUiCatalogue, PLURAL_RULES, LANGUAGES } from '../../web/js/i18n.js';

// The third argument of srv_fail(e, http, CODE, fmt...): a literal, a
// choice between literals, or the parameter `code` of srv_text_clean (then
// the literals its callers pass).
function serverCodes() {
  const src = readdirSync('server').filter((f) => f.endsWith('.c'))
    .map((f) => readFileSync(`server/${f}`, 'utf8')).join('\n');
  const codes = new Set(), unknown = new Set();
  const call = /srv_fail\(\s*[^,()]+,\s*\d+\s*,\s*/g;
  let m;
  while ((m = call.exec(src))) {
    let i = m.index + m[0].length, depth = 0, arg = '';
    for (; i < src.length; i++) { // the argument up to its comma
      const c = src[i];
      if (c === '"') { const end = src.indexOf('"', i + 1); arg += src.slice(i, end + 1); i = end; continue; }
      if (c === '(') depth++;
      else if (c === ')') depth--;
      else if (c === ',' && depth === 0) break;
      arg += c;
    }
    const lits = [...arg.matchAll(/"([a-z_0-9]+)"/g)].map((x) => x[1]);
    if (lits.length) lits.forEach((c) => codes.add(c));
    else if (arg.trim() === 'code') {
      for (const x of src.matchAll(/srv_text_clean\([^;]*?"([a-z_0-9]+)"/g)) codes.add(x[1]);
    } else unknown.add(arg.trim());
  }
  return { codes: [...codes].sort(), unknown: [...unknown] };
}

const { codes, unknown } = serverCodes();
ok(codes.length >= 40 && codes.includes('bad_request') && codes.includes('illegal') && codes.includes('bad_name'),
   `the server's error codes are read from server/*.c (${codes.length})`, codes);
ok(unknown.length === 0, 'every srv_fail names its code in a way this test can read', unknown);

// Each code, with the numbers the server may send and without them, and each
// reason errors.js knows a sentence for.
const SENT = 'An English sentence from the server.';
const reasons = ['empty', 'too_long', 'control', 'not_utf8', 'players'];
const cases = [];
for (const code of codes) {
  cases.push({ code, message: SENT });
  cases.push({ code, message: SENT, params: { count: 7, min: 2, max: 5 } });
  for (const reason of reasons) cases.push({ code, reason, message: SENT, params: { count: 7, min: 2, max: 5 } });
}
const said = {};
for (const [lang] of LANGUAGES) {
  const cat = lang === 'en' ? {} : JSON.parse(readFileSync(`web/i18n/${lang}.json`, 'utf8'));
  setUiCatalogue(cat, PLURAL_RULES[lang]);
  said[lang] = cases.map((m) => errorText(m));
}
setUiCatalogue({}, PLURAL_RULES.en);
const key = (m) => `${m.code}${m.reason ? `:${m.reason}` : ''}${m.params ? ' (with params)' : ''}`;
for (const [lang] of LANGUAGES) {
  const bad = [];
  cases.forEach((m, i) => {
    const s = said[lang][i];
    if (s === SENT || !s) bad.push(`${key(m)}: the server's English message`);
    else if (/[{}]/.test(s)) bad.push(`${key(m)}: a placeholder left: ${s}`);
    else if (lang !== 'en' && s === said.en[i]) bad.push(`${key(m)}: not translated: ${s}`);
  });
  ok(bad.length === 0, `${lang}: every error code the server sends has a sentence`, bad.slice(0, 20));
}
ok(said.en.includes('This game is for 2 to 5 players.') && said.pl.includes('W tę grę gra od 2 do 5 graczy.'),
   'a player count out of range says the range in the page\'s language');

// An engine's English reason: only its rule ids are kept.
setUiCatalogue(JSON.parse(readFileSync('web/i18n/pl.json', 'utf8')), PLURAL_RULES.pl);
const why = optionsRefusal("King's Favour is for 3 to 5 players, not 2 (Y-9.1)");
const illegal = errorText({ code: 'illegal', message: 'you have placed your 2 brokers this turn (Y-6.2, Y-7.7)' });
setUiCatalogue({}, PLURAL_RULES.en);
ok(why === 'Zasady nie pozwalają na te opcje razem (Y-9.1).', 'an option combination the rules refuse: the Polish sentence and the rule id', why);
ok(illegal === 'Ten ruch jest teraz niedozwolony (Y-6.2, Y-7.7).', 'an illegal move: the Polish sentence and the rule ids', illegal);

// The server: the range travels as params, the English message unchanged.
const dir = tempDir('i18n-codes-');
const srv = await startServer(`${dir}/c.db`);
const q = await http(srv, 'GET', '/api/games/ys/options?players=9');
ok(q.status === 400 && q.json.code === 'bad_options' && q.json.reason === 'players' &&
   q.json.params?.min === 2 && q.json.params?.max === 5 && /"players" must be 2 to 5/.test(q.json.message),
   'GET options with 9 players: bad_options, reason players, params {min, max}, the English message kept', q.json);
const c = await http(srv, 'POST', '/api/tables', { game: 'splendor', players: 1 });
ok(c.status === 400 && c.json.code === 'bad_options' && c.json.reason === 'players' &&
   c.json.params?.min === 2 && c.json.params?.max === 4, 'a table of 1 Splendor player: its range as params', c.json);
setUiCatalogue(JSON.parse(readFileSync('web/i18n/hu.json', 'utf8')), PLURAL_RULES.hu);
ok(errorText(c.json) === 'Ezt a játékot 2–4 játékos játszhatja.', 'and the page says it in Hungarian', errorText(c.json));
setUiCatalogue({}, PLURAL_RULES.en);
const o = await http(srv, 'GET', '/api/games/splendor/options?nosuch=1');
ok(o.status === 400 && o.json.code === 'bad_options' && !o.json.reason, 'an unknown option: bad_options with no reason', o.json);
await srv.stop();
cleanup(dir);
done();
