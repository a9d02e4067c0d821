// events.js — the engine's events in words, in the browser: each event (a
// JSON object from the server's frames, already masked for this viewer) is
// written with the catalogue's template (GET /api/catalogue/en), by the same
// rules as src/core/words.c (docs/formats.md, "Event sentences"). Gem words
// become coloured chips, cards get a card chip; every piece is a text node
// (htm/Preact), never HTML made from event data.
import { html, seatLabel, humanize, withRules } from './common.js';
import { t, pickLanguage } from './i18n.js';

let catalogue = null;
let loading = null;
export function loadCatalogue(lang = pickLanguage()) {
  if (!loading) {
    loading = fetch(`/api/catalogue/${lang}`).then((r) => (r.ok ? r.json() : {}))
      .then((c) => { catalogue = c; return c; })
      .catch(() => { catalogue = {}; return catalogue; });
  }
  return loading;
}
export const catalogueReady = () => catalogue !== null;
export function setCatalogue(c) { catalogue = c; loading = Promise.resolve(c); } // tests

const MAX_DEPTH = 6;
const entry = (cat, id) => (typeof cat[id] === 'string' ? cat[id] : null);

// Writes out the parts of one template filled from ctx.
function render(out, tmpl, ctx, cx, depth) {
  if (depth > MAX_DEPTH) return;
  let p = 0;
  while (p < tmpl.length) {
    const open = tmpl.indexOf('{', p);
    if (open < 0) { out.push(tmpl.slice(p)); return; }
    out.push(tmpl.slice(p, open));
    const close = tmpl.indexOf('}', open);
    if (close < 0) { out.push(tmpl.slice(open)); return; }
    const inner = tmpl.slice(open + 1, close);
    const colon = inner.indexOf(':');
    const name = colon < 0 ? inner : inner.slice(0, colon);
    const hint = colon < 0 ? null : inner.slice(colon + 1) || null;
    const v = ctx && typeof ctx === 'object' ? ctx[name] : undefined;
    if (v !== undefined) value(out, v, hint, cx, depth);
    else out.push('?');
    p = close + 1;
  }
}

// A word of namespace `hint`: "<game>:<hint>.<v>", ":<hint>.<v>", then v.
function word(cx, hint, v) {
  const id = `${cx.game}:${hint}.${v}`;
  return entry(cx.cat, id) ?? entry(cx.cat, id.slice(id.indexOf(':'))) ?? String(v);
}

// The catalogue's word for a value (e.g. ('ys', 'card', 'captain') → "Captain").
export const catalogueWord = (game, hint, v) => word({ cat: catalogue || {}, game }, hint, v);

// A word of the catalogue for the board: wordOf('ys', 'gem', 'red').
export const wordOf = (game, hint, v) => word({ cat: catalogue || {}, game }, hint, v);
export const gemName = (c) => wordOf('ys', 'gem', c);
export const zoneName = (z) => wordOf('ys', 'zone', z);

function pushWord(out, cx, hint, v) {
  const w = word(cx, hint, v);
  if (hint === 'gem') out.push(html`<span class=${`gem gem-${String(v).replace(/[^a-z]/g, '')}`}>${w}</span>`);
  else if (hint === 'card') out.push(html`<span class="cardname">${w}</span>`);
  else out.push(w);
}

// Which plural form a count takes in the catalogue's language ("_plural",
// as plural_form in words.c): 0 one, 1 few/other, 2 many.
export function pluralForm(rule, n) {
  n = Math.abs(n | 0);
  if (rule === 'fr') return n <= 1 ? 0 : 1;
  if (rule === 'pl') return n === 1 ? 0 : (n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14)) ? 1 : 2;
  if (rule === 'cs') return n === 1 ? 0 : (n >= 2 && n <= 4) ? 1 : 2;
  return n === 1 ? 0 : 1;
}

// {n:#one|few|many}: the word's form for count n; the last form serves.
function plural(cx, forms, n) {
  const f = forms.split('|');
  return f[Math.min(pluralForm(entry(cx.cat, '_plural') ?? 'en', n), f.length - 1)];
}

function list(out, arr, hint, cx, depth, semi) {
  const sep = entry(cx.cat, semi ? 'list.semi' : 'list.sep') ?? (semi ? '; ' : ', ');
  const and = semi ? sep : entry(cx.cat, 'list.and') ?? ' and ';
  if (arr.length === 0) { out.push(entry(cx.cat, 'word.nothing') ?? '-'); return; }
  arr.forEach((e, i) => {
    if (i > 0) out.push(i === arr.length - 1 ? and : sep);
    value(out, e, hint, cx, depth);
  });
}

// {"red": 2, "gold": 1} as "2 red and 1 gold" (word.count), each colour a chip.
function counts(out, obj, cx) {
  const items = Object.entries(obj).filter(([, n]) => typeof n === 'number' && n !== 0);
  const tm = entry(cx.cat, 'word.count') ?? '{n} {what}';
  const sep = entry(cx.cat, 'list.sep') ?? ', ';
  const and = entry(cx.cat, 'list.and') ?? ' and ';
  if (items.length === 0) { out.push(entry(cx.cat, 'word.nothing') ?? '-'); return; }
  items.forEach(([k, n], i) => {
    if (i > 0) out.push(i === items.length - 1 ? and : sep);
    for (const part of tm.split(/(\{n\}|\{what\})/)) {
      if (part === '{n}') out.push(String(n | 0));
      else if (part === '{what}') pushWord(out, cx, 'gem', k);
      else out.push(part);
    }
  });
}

function value(out, v, hint, cx, depth) {
  const last = hint ? hint[hint.length - 1] : '';
  if ((last === '*' || last === ';') && Array.isArray(v)) {
    list(out, v, hint.slice(0, -1) || null, cx, depth, last === ';');
    return;
  }
  if (hint && hint[0] === '@' && v !== null) {
    let tm = entry(cx.cat, hint.slice(1));
    if (v && typeof v === 'object' && typeof v.variant === 'string') tm = entry(cx.cat, `${hint.slice(1)}.${v.variant}`) ?? tm;
    if (tm && typeof v === 'object' && !Array.isArray(v)) {
      const sub = [];
      render(sub, tm, v, cx, depth + 1);
      if (hint.endsWith('.card')) out.push(html`<span class="cardref">${sub}</span>`);
      else out.push(...sub);
      return;
    }
    if (tm) { render(out, tm, { value: v }, cx, depth + 1); return; }
  }
  if (hint === 'seat') {
    if (typeof v === 'number' && cx.engineSeats) {
      render(out, entry(cx.cat, 'word.seat') ?? 'Seat {n}', { n: v + 1 }, cx, depth + 1);
    } else if (typeof v === 'number') {
      // seats are numbered from 1 in the browser, as on the rest of the page
      // (the decision line says "Seat 2 (you)": "You places" would not agree)
      const label = v !== cx.me ? seatLabel(v) : cx.youAfter ? `${seatLabel(v)}${t(' (you)')}` : t('You');
      out.push(html`<span class="seatref">${label}</span>`);
    } else out.push(entry(cx.cat, typeof v === 'string' ? 'word.neutral' : 'word.nobody') ?? '-');
    return;
  }
  if (hint && hint[0] === '#' && typeof v === 'number') { out.push(plural(cx, hint.slice(1), v)); return; }
  if (hint === 'sign' && typeof v === 'number') { out.push(`${v >= 0 ? '+' : '-'}${Math.abs(v | 0)}`); return; }
  if (hint === 'abs' && typeof v === 'number') { out.push(String(Math.abs(v | 0))); return; }
  if (hint === 'counts' && v && typeof v === 'object' && !Array.isArray(v)) { counts(out, v, cx); return; }
  if (typeof v === 'number') { if (hint) pushWord(out, cx, hint, String(v | 0)); else out.push(String(v | 0)); return; }
  if (typeof v === 'string') { if (hint) pushWord(out, cx, hint, v); else out.push(v); return; }
  if (typeof v === 'boolean') { out.push(entry(cx.cat, v ? 'word.yes' : 'word.no') ?? (v ? 'yes' : 'no')); return; }
  if (Array.isArray(v)) { list(out, v, hint, cx, depth, false); return; }
  out.push(entry(cx.cat, 'word.none') ?? '-');
}

// kind[.variant][.masked]: the most particular template the catalogue has.
function templateFor(cat, e) {
  const ids = [];
  if (typeof e.variant === 'string') {
    if (e.masked === true) ids.push(`${e.kind}.${e.variant}.masked`);
    ids.push(`${e.kind}.${e.variant}`);
  }
  if (e.masked === true) ids.push(`${e.kind}.masked`);
  ids.push(e.kind);
  for (const id of ids) if (entry(cat, id)) return entry(cat, id);
  return null;
}

// One event as a list of parts (strings and chips) for Preact.
// opts.engineSeats: seats as the catalogue writes them (word.seat, counted
// from 1), exactly as gg_event_text does; otherwise "Seat n+1" / "You".
export function eventParts(e, me, opts = {}) {
  if (!e || typeof e.kind !== 'string') return ['(not an event)'];
  const cat = catalogue || {};
  const tm = templateFor(cat, e);
  if (!tm) return [JSON.stringify(e)];
  const out = [];
  render(out, tm, e, { cat, game: e.kind.split('.')[0], me, engineSeats: !!opts.engineSeats, youAfter: !!opts.youAfter }, 0);
  return out;
}

// Plain text of an event (for titles and tests).
export function eventText(e, me, opts) {
  const flat = (p) => (typeof p === 'string' ? p : Array.isArray(p) ? p.map(flat).join('')
    : p && p.props ? flat(p.props.children ?? '') : '');
  return eventParts(e, me, opts).map(flat).join('');
}

// The view's decision in the reader's language: its "prompt" (a catalogue id
// and fields, written like an event; seats by name or "Seat n", the reader's
// own "Seat 2 (you)"), else the engine's English line. Rule ids (Y-8.12)
// become links.
export function decisionParts(view, me) {
  const p = view && view.prompt;
  if (p && typeof p.kind === 'string' && catalogue && templateFor(catalogue, p)) {
    return eventParts(p, me, { youAfter: true }).map((part) => (typeof part === 'string' ? withRules(part) : part));
  }
  return withRules(humanize((view && view.decision) || '', me));
}

// Merges a frame's events (events_from..) into the list we hold.
export function mergeEvents(events, m) {
  if (!Array.isArray(m.events) || typeof m.events_from !== 'number') return events;
  const out = events.slice(0, m.events_from);
  if (out.length < m.events_from) return events; // a gap: keep ours until a full frame comes
  return out.concat(m.events);
}

// The log in sentences, newest first; the newest `fresh` events marked.
export function EventLog({ events, me, fresh = 0 }) {
  const n = events.length;
  const items = [];
  for (let i = n - 1; i >= 0; i--) {
    const e = events[i];
    items.push(html`<li key=${i} value=${i + 1} class=${[`ev-${e.kind.replace(/\./g, '-')}`, i >= n - fresh ? 'last' : ''].join(' ')}
      data-kind=${e.kind}>${eventParts(e, me)}</li>`);
  }
  return html`<ol class="log events" reversed aria-live="polite">${items}</ol>`;
}
