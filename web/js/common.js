// common.js — what every page shares: the API, the WebSocket session, and
// the pieces of a table screen (seats, log, moves, score breakdown).
import { h } from 'preact';
import htm from 'htm';
import { t, tn, LANGUAGES, language, chooseLanguage } from './i18n.js';

export const html = htm.bind(h);

export async function api(method, path, body) {
  const res = await fetch(path, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  let json = null;
  try { json = await res.json(); } catch { /* empty */ }
  if (!res.ok) throw new Error((json && json.message) || `${res.status} ${res.statusText}`);
  return json;
}

// Parameters after '#': table, seat, token (kept out of server logs).
export function hashParams() {
  const p = new URLSearchParams(location.hash.slice(1));
  return Object.fromEntries(p.entries());
}

// A WebSocket joined to one table as one seat; reconnects with backoff and
// re-joins, so a reload or a network drop gives the full view back.
export class Session {
  constructor({ table, seat, token, onState, onError, onAck, onStatus }) {
    Object.assign(this, { table, seat, token, onState, onError, onAck, onStatus });
    this.backoff = 500;
    this.nextId = 1;
    this.closedByUs = false;
    this.open();
  }
  open() {
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${proto}://${location.host}/ws`);
    this.ws = ws;
    this.onStatus && this.onStatus('connecting');
    ws.onopen = () => {
      this.backoff = 500;
      ws.send(JSON.stringify({ type: 'join', table: this.table, seat: this.seat, token: this.token }));
    };
    ws.onmessage = (ev) => {
      let m;
      try { m = JSON.parse(ev.data); } catch { return; }
      if (m.type === 'state') { this.onStatus && this.onStatus('live'); this.onState(m); }
      else if (m.type === 'error') this.onError && this.onError(m);
      else if (m.type === 'ack') this.onAck && this.onAck(m);
    };
    ws.onclose = () => {
      if (this.closedByUs) return;
      this.onStatus && this.onStatus('offline');
      setTimeout(() => this.open(), this.backoff);
      this.backoff = Math.min(this.backoff * 2, 10000);
    };
  }
  send(obj) {
    if (this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(obj));
    return true;
  }
  act(action) { return this.send({ type: 'action', action, id: this.nextId++ }); }
  toBot(bot) { return this.send({ type: 'bot', bot }); }
  close() { this.closedByUs = true; this.ws.close(); }
}

// Merges a state message's log lines into the log we hold.
export function mergeLog(log, m) {
  const out = m.log_from === 0 ? [] : log.slice(0, m.log_from);
  for (const l of m.log) out[l.i] = l;
  return out;
}

export const seatName = (table, i) => {
  const s = table && table.seats[i];
  if (!s) return t('Seat {n}', { n: i + 1 });
  return s.kind === 'bot' ? t('Seat {n} (bot: {name})', { n: i + 1, name: s.bot }) : t('Seat {n}', { n: i + 1 });
};

// The language switcher (docs/i18n.md): the choice is remembered.
export function LangSwitcher() {
  return html`<label class="lang"><span class="sr-only">${t('Language')}</span>
    <select name="lang" aria-label=${t('Language')} value=${language()} onChange=${(e) => chooseLanguage(e.target.value)}>
      ${LANGUAGES.map(([code, name]) => html`<option value=${code} lang=${code}>${name}</option>`)}</select></label>`;
}

// Rule ids in engine sentences (Y-8.12, S-3.4) are entries of the project's
// rules reference, docs/rules/ys.md and splendor.md (served at /rules/):
// withRules(text) links each id there and quotes its entry on hover.
const ruleQuotes = {};
let rulesLoaded = null;
export function loadRules() {
  if (!rulesLoaded) {
    rulesLoaded = Promise.all(['ys', 'splendor'].map((g) => fetch(`/rules/${g}.md`)
      .then((r) => (r.ok ? r.text() : ''))
      .then((md) => {
        // an entry runs from "- **Y-7.8" to the next entry, blank line or heading
        const entries = md.matchAll(/(?:^|\n)(?:- \*\*|#+ )([YS]-\d+(?:\.\d+)?)\b([\s\S]*?)(?=\n- |\n\n|\n#|$)/g);
        for (const m of entries) {
          const text = m[2].replace(/[*`|]/g, ' ').replace(/\s+/g, ' ').trim();
          ruleQuotes[m[1]] = `${m[1]} ${text.length > 600 ? `${text.slice(0, 600)}…` : text}`;
        }
      })
      .catch(() => {})));
  }
  return rulesLoaded;
}

export function withRules(text) {
  return String(text).split(/\b([YS]-\d+(?:\.\d+)?)\b/).map((part, i) => (i % 2 === 0 ? part
    : html`<a class="rule" href=${`/rules/${part[0] === 'Y' ? 'ys' : 'splendor'}.md`} target="_blank" rel="noopener"
        title=${ruleQuotes[part] || t('{rule}: see the rules reference', { rule: part })}>${part}</a>`));
}

// "seat 2 …" in engine sentences becomes "Seat 3" / "you" for people.
export function humanize(text, me) {
  return String(text).replace(/\b[Ss]eat (\d+)\b/g, (_, d) => (Number(d) === me ? t('Seat {n} (you)', { n: Number(d) + 1 }) : t('Seat {n}', { n: Number(d) + 1 })));
}

export function Seats({ table, me, actors }) {
  return html`<ul class="seats">
    ${table.seats.map((s) => html`<li class=${[actors.includes(s.seat) ? 'to-act' : '', s.seat === me ? 'me' : ''].join(' ')}>
      <span class=${'dot ' + (s.kind === 'bot' || s.connected ? 'on' : 'off')}></span>
      ${s.seat === me ? html`<b>${t('You')}</b> ${t('(seat {n})', { n: s.seat + 1 })}` : seatName(table, s.seat)}
      ${actors.includes(s.seat) ? html` <span class="badge">${t('to act')}</span>` : ''}
    </li>`)}
    ${table.spectators ? html`<li class="muted">${tn('{n} watching', '{n} watching', table.spectators)}</li>` : ''}
  </ul>`;
}

export function Log({ log, me }) {
  const items = log.filter(Boolean).slice().reverse();
  return html`<ol class="log" reversed>
    ${items.map((l) => html`<li key=${l.i} value=${l.i + 1}><span class="who">${l.seat === me ? t('You') : t('Seat {n}', { n: l.seat + 1 })}</span> ${l.text}</li>`)}
  </ol>`;
}

// Legal moves, narrowed by what the player clicked on the board.
export function Moves({ legal, filter, onPick, label, onClear }) {
  const shown = filter ? legal.filter(filter.test) : legal;
  if (!legal.length) return null;
  return html`<div class="moves">
    <div class="moves-head">${filter ? html`<span>${label || t('Moves for your choice')}</span> <button class="link" onClick=${onClear}>${t('show all')}</button>` : html`<span>${t('Your moves ({n}) — or click the board', { n: legal.length })}</span>`}</div>
    <div class="move-list">
      ${shown.map((a) => html`<button class="move" data-move=${a} onClick=${() => onPick(a)}>${a}</button>`)}
      ${shown.length === 0 ? html`<span class="muted">${t('nothing legal there')}</span>` : ''}
    </div>
  </div>`;
}

// Nested breakdown objects become flat columns: {colours:{blue:{points}}} → "blue points".
function flatten(o) {
  const out = {};
  for (const [k, v] of Object.entries(o || {})) {
    if (v === null || typeof v !== 'object') { out[k] = v; continue; }
    for (const [k2, v2] of Object.entries(v)) {
      if (v2 === null || typeof v2 !== 'object') out[`${k} ${k2}`] = v2;
      else for (const [k3, v3] of Object.entries(v2)) if (typeof v3 !== 'object') out[`${k2} ${k3}`] = v3;
    }
  }
  return out;
}

// Final scores: the engine's result plus the game's own breakdown rows.
export function Scores({ result, breakdown, table, me }) {
  if (!result) return null;
  const rows = result.score.map((s, i) => ({ seat: i, score: s, rank: result.rank[i], extra: flatten((breakdown || []).find((b) => b.seat === i)) }));
  rows.sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r.extra).filter((k) => !['seat', 'rank', 'points', 'total', 'score'].includes(k))))];
  return html`<div class="scores">
    <h3>${t('Final scores')}</h3>
    <table>
      <thead><tr><th>#</th><th>${t('Player')}</th><th>${t('Score')}</th>${keys.map((k) => html`<th>${t(k.replace(/_/g, ' '))}</th>`)}</tr></thead>
      <tbody>${rows.map((r) => html`<tr class=${r.rank === 1 ? 'winner' : ''}><td>${r.rank}</td><td>${r.seat === me ? t('You') : seatName(table, r.seat)}</td><td><b>${r.score}</b></td>${keys.map((k) => html`<td>${String(r.extra[k] ?? '')}</td>`)}</tr>`)}</tbody>
    </table>
  </div>`;
}

export const breakdownOf = (view) => (Array.isArray(view.result) ? view.result : view.final || view.scores);

// A readable dump of any view, for games without a drawn board.
export function GenericBoard({ view }) {
  return html`<pre class="generic">${JSON.stringify(view, null, 1)}</pre>`;
}
