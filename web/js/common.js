// common.js — what every page shares: the API, the WebSocket session, and
// the pieces of a table screen (seats, log, moves, score breakdown).
import { h } from 'preact';
import { useState } from 'preact/hooks';
import htm from 'htm';
import { t, tn, LANGUAGES, language, chooseLanguage } from './i18n.js';
import { errorText } from './errors.js';

export const html = htm.bind(h);

export async function api(method, path, body) {
  const res = await fetch(path, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  let json = null;
  try { json = await res.json(); } catch { /* empty */ }
  if (!res.ok) throw new Error((json && errorText(json)) || `${res.status} ${res.statusText}`);
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
  constructor({ table, seat, token, onState, onError, onAck, onStatus, onOther, onAdvice }) {
    Object.assign(this, { table, seat, token, onState, onError, onAck, onStatus, onOther, onAdvice });
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
      else if (m.type === 'hint' || m.type === 'analysis') this.onAdvice && this.onAdvice(m);
      else if (this.onOther) this.onOther(m); // chat, chat_ack, name_ack (chat.js, people.js); undone, rematch (online.js)
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

// A bot's short name in words, from its spec (docs/bots.md): "Random",
// "Heuristic", "Thinking, 1 s"; an external engine keeps the name the
// server's operator gave it (data, shown as text).
export function botName(spec) {
  const s = String(spec ?? '');
  if (s === 'random') return t('Random');
  if (s === 'heuristic') return t('Heuristic');
  const m = /^ismcts(?::ms=(\d+))?/.exec(s);
  if (m) return m[1] ? t('Thinking, {s} s', { s: Number(m[1]) / 1000 }) : t('Thinking');
  return s;
}

// Players' display names (people.js): untrusted text, only ever put in
// text nodes and attributes by htm, never parsed as markup. A seat without
// a name is "Seat N"; a bot keeps its bot name.
export const seatName = (table, i) => {
  const s = table && table.seats[i];
  if (!s) return t('Seat {n}', { n: i + 1 });
  if (typeof s.name === 'string' && s.kind !== 'bot' && s.name.trim()) return s.name.trim();
  if (s.kind === 'bot') return t('Seat {n} (bot: {bot})', { n: i + 1, bot: botName(s.bot) });
  return s.name ? s.name : t('Seat {n}', { n: i + 1 });
};
// The names of the table on screen, for sentences written without the
// table at hand (events.js, humanize).
let namesTable = null;
export function setSeatNames(table) { namesTable = table; }
export const seatLabel = (i) => {
  const s = namesTable && namesTable.seats[i];
  return s && s.kind !== 'bot' && s.name ? s.name : t('Seat {n}', { n: i + 1 });
};

// A card's name with its full printed text: on hover (title) and on a tap
// or Enter (shown under it until tapped again), as text nodes only.
export function CardChip({ name, text, cls = 'card-chip' }) {
  const [open, setOpen] = useState(false);
  const toggle = () => setOpen(!open);
  return html`<span class="card-wrap"><span class=${cls} tabindex="0" role="button" aria-expanded=${open ? 'true' : 'false'} title=${text}
      onClick=${toggle} onKeyDown=${(e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); toggle(); } }}>${name}</span>${open ? html`<span class="card-tip" role="note">${text}</span>` : ''}</span>`;
}

// A seat as players know it (the final screen, "waiting for"): seatName.
export const playerName = (table, i) => seatName(table, i);

// The final screen's one line: who won, with how many points (named once).
export function winnerLine(result, table, me) {
  if (!result || !Array.isArray(result.rank)) return t('Game over.');
  const wins = result.rank.map((r, i) => (r === 1 ? i : -1)).filter((i) => i >= 0);
  const pts = wins.length ? result.score[wins[0]] : 0;
  if (wins.length === 1) {
    return wins[0] === me ? t('Game over — you win with {n} points.', { n: pts })
      : t('Game over — {name} wins with {n} points.', { name: playerName(table, wins[0]), n: pts });
  }
  const names = wins.map((i) => (i === me ? t('you') : playerName(table, i))).join(t(' and '));
  return t('Game over — {names} share the win with {n} points.', { names, n: pts });
}

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
  return String(text).replace(/\b[Ss]eat (\d+)\b/g, (_, d) => `${seatLabel(Number(d))}${Number(d) === me ? t(' (you)') : ''}`);
}

export function Seats({ table, me, actors }) {
  return html`<ul class="seats">
    ${table.seats.map((s) => html`<li class=${[actors.includes(s.seat) ? 'to-act' : '', s.seat === me ? 'me' : ''].join(' ')}>
      <span class=${'dot ' + (s.kind === 'bot' || s.connected ? 'on' : 'off')}></span>
      ${s.seat === me ? html`<b>${t('You')}</b> (${s.name ? s.name : t('seat {n}', { n: s.seat + 1 })})` : html`<span class="pname">${seatName(table, s.seat)}</span>`}
      ${s.open ? html` <span class="muted small">${t('free seat')}</span>` : ''}
      ${actors.includes(s.seat) ? html` <span class="badge">${t('to act')}</span>` : ''}
    </li>`)}
    ${table.spectators ? html`<li class="muted">${tn('{n} watching', '{n} watching', table.spectators)}</li>` : ''}
  </ul>`;
}

export function Log({ log, me }) {
  const items = log.filter(Boolean).slice().reverse();
  return html`<ol class="log" reversed>
    ${items.map((l) => html`<li key=${l.i} value=${l.i + 1}><span class="who">${l.seat === me ? t('You') : seatLabel(l.seat)}</span> ${l.text}</li>`)}
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

// A seat's breakdown as short readable parts: "trade 12", "blue 3 gems = 12",
// "black gems 2" — the game's own field names, nested objects one level in,
// zeros left out (the full numbers are the engine's view; this is for reading).
function breakdownParts(o) {
  const parts = [];
  // the game's field names are message ids too ("black gems", "trade points"),
  // entered by hand in web/i18n/<lang>.json (docs/i18n.md)
  const label = (k) => t(k.replace(/_/g, ' '));
  for (const [k, v] of Object.entries(o || {})) {
    if (['seat', 'rank', 'points', 'total', 'score'].includes(k)) continue;
    if (v === null || v === undefined || v === 0 || v === false) continue;
    if (typeof v !== 'object') { parts.push(`${label(k)} ${v}`); continue; }
    for (const [k2, v2] of Object.entries(v)) {
      if (v2 && typeof v2 === 'object') {
        const g = v2.gems ?? v2.n, p = v2.points;
        if (g || p) parts.push(g !== undefined && p !== undefined ? t('{what} {g} gems = {p}', { what: label(k2), g, p }) : `${label(k2)} ${JSON.stringify(v2)}`);
      } else if (v2) parts.push(`${label(k)} ${label(k2)} ${v2}`);
    }
  }
  return parts;
}

// Final scores: the engine's result, best first, each seat's breakdown in a
// wrapping cell (readable at 390 px wide as at 1280).
export function Scores({ result, breakdown, table, me }) {
  if (!result) return null;
  const rows = result.score.map((s, i) => ({ seat: i, score: s, rank: result.rank[i], parts: breakdownParts((breakdown || []).find((b) => b.seat === i)) }));
  rows.sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  return html`<div class="scores final-screen">
    <h3>${t('Final scores')}</h3>
    <table>
      <thead><tr><th>#</th><th>${t('Player')}</th><th>${t('Score')}</th><th>${t('Breakdown')}</th></tr></thead>
      <tbody>${rows.map((r) => html`<tr class=${r.rank === 1 ? 'winner' : ''} data-seat=${r.seat}><td>${r.rank}</td>
        <td class="who">${r.seat === me ? t('You') : playerName(table, r.seat)}${r.rank === 1 ? html` <span class="badge">${t('winner')}</span>` : ''}</td>
        <td><b>${r.score}</b></td><td class="breakdown">${r.parts.map((p, i) => html`<span key=${i}>${p}</span>`)}</td></tr>`)}</tbody>
    </table>
  </div>`;
}

export const breakdownOf = (view) => (Array.isArray(view.result) ? view.result : view.final || view.scores);

// A readable dump of any view, for games without a drawn board.
export function GenericBoard({ view }) {
  return html`<pre class="generic">${JSON.stringify(view, null, 1)}</pre>`;
}
