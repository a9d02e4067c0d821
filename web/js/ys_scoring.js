// ys_scoring.js — a Ys round's scoring, step by step, from the events: each
// district with its brokers turned face up as the engine's ys.reveal says
// (every value, per zone), then that district's results (port shares, zone
// winners, palace card); then the market revealed, its rows, columns and
// majority; then the final scoring. It drives the board: scoringMarks() says
// what the board (ys.js) draws for the step shown — the district in focus
// with its revealed brokers in their zones and each zone's result written in
// it, or the market's revealed brokers with each row's winner, each column's
// rate move and the majority — while the panel here has the step's controls
// and its results in sentences.
import { useState } from 'preact/hooks';
import { html } from './common.js';
import { eventParts, eventText, catalogueWord, gemName, zoneName } from './events.js';
import { t } from './i18n.js';

// Kinds of the placement phase: a round's scoring starts at the first reveal
// after the last of these (decisions made during scoring — a gem choice, a
// card played at a scoring window, a tied column — belong to its steps).
const PLACEMENT = new Set(['ys.round', 'ys.bid', 'ys.bids', 'ys.order', 'ys.place', 'ys.neutral', 'ys.peek', 'ys.refill', 'ys.throne_pick']);
const STARTS = new Set(['ys.reveal', 'ys.embassy', 'ys.smuggling', 'ys.market', 'ys.final']);
// (the Ys+ events' scoring, Y-10.20 Embassy and Y-10.21 Smuggling, between the
// districts and the market, each a step; Brokerage belongs to the market's)

// The steps of the newest scoring in `events` that the next round has not
// replaced yet: [{title, reveal, events: [i...]}], or null.
export function scoringSteps(events) {
  let from = 0;
  for (let i = events.length - 1; i >= 0; i--) if (PLACEMENT.has(events[i].kind)) { from = i + 1; break; }
  const steps = [];
  for (let i = from; i < events.length; i++) {
    const e = events[i];
    if (STARTS.has(e.kind)) {
      steps.push({
        title: e.kind === 'ys.reveal' ? t('District {n}', { n: e.district }) : e.kind === 'ys.market' ? t('Market')
          : e.kind === 'ys.embassy' ? t('Embassy') : e.kind === 'ys.smuggling' ? t('Smuggling card {n}', { n: e.card }) : t('Final scoring'),
        reveal: e, events: [i],
      });
    } else if (steps.length) steps[steps.length - 1].events.push(i);
  }
  return steps.length ? steps : null;
}

// After a step is chosen: the board's part in focus scrolled into sight (a
// phone shows the board wider than the screen), smoothly unless the reader
// asked for reduced motion.
function showOnBoard() {
  if (typeof requestAnimationFrame !== 'function') return;
  requestAnimationFrame(() => {
    const el = document.querySelector('svg .scoring-focus');
    const still = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (el && el.scrollIntoView) el.scrollIntoView({ block: 'nearest', inline: 'center', behavior: still ? 'auto' : 'smooth' });
  });
}

// The walk's state: which step is shown, or closed. A new scoring (its first
// event elsewhere) starts again at its first step.
export function useScoringWalk(events) {
  const steps = scoringSteps(events);
  const key = steps ? steps[0].events[0] : -1;
  const [state, setState] = useState({ key: -1, step: 0, closed: false });
  if (!steps) return null;
  const cur = state.key === key ? state : { key, step: 0, closed: false };
  const k = Math.min(cur.step, steps.length - 1);
  return {
    steps, k, step: steps[k], closed: cur.closed,
    go: (n) => {
      setState({ key, step: Math.max(0, Math.min(steps.length - 1, n)), closed: false });
      showOnBoard();
    },
    close: () => setState({ key, step: k, closed: true }),
  };
}

const seatWord = (s, me) => (s === 'neutral' || typeof s !== 'number' ? t('the neutral')
  : s === me ? t('You') : t('Seat {n}', { n: s + 1 }));

// One zone's result in a few words, for the board (the sentence is its title).
function zoneResult(e, me) {
  if (e.winner === null || e.winner === undefined) return t('nobody wins');
  const who = seatWord(e.winner, me);
  if (e.zone === 'port') return t('{who}: black gem', { who });
  if (e.zone === 'trade') return t('{who}: +{n} points', { who, n: e.points ?? 0 });
  if (e.zone === 'palace') return e.card ? t('{who}: {card}', { who, card: catalogueWord('ys', 'card', typeof e.card === 'string' ? e.card : e.card.card || e.card.name || '') }) : t('{who} wins', { who });
  return t('{who} wins', { who });
}

// What the board draws for the shown step (null when closed or none):
// {district, zones: {zone: {brokers, result, title}}, port} for a district,
// {market: {cells: {"blue2": broker}, rows: {row: {result, title}},
// columns: {colour: move}, majority: {result, title}}} for the market.
export function scoringMarks(walk, events, me) {
  if (!walk || walk.closed) return null;
  const s = walk.step;
  const evs = s.events.map((i) => events[i]);
  if (s.reveal.kind === 'ys.reveal') {
    const zones = {};
    for (const z of s.reveal.zones || []) zones[z.zone] = { brokers: z.brokers || [], result: '', title: '' };
    let port = null;
    for (const e of evs) {
      if (e.kind === 'ys.zone' && zones[e.zone]) {
        zones[e.zone].result = zoneResult(e, me);
        zones[e.zone].title = eventText(e, me);
      } else if (e.kind === 'ys.port') {
        const gems = e.gems || [];
        port = {
          text: (e.standings || []).length
            ? (e.standings || []).slice(0, gems.length).map((st, i) => `${seatWord(st.seat, me)} ${gemName(gems[i])}`).join(', ')
            : t('no broker: the gems stay in the bank'),
          title: eventText(e, me),
        };
      }
    }
    return { district: s.reveal.district, zones, port };
  }
  if (s.reveal.kind === 'ys.market') {
    const cells = {}, rows = {}, columns = {};
    let majority = null;
    for (const r of s.reveal.rows || []) for (const b of r.brokers || []) cells[`${b.colour}${r.row}`] = b;
    for (const e of evs) {
      if (e.kind === 'ys.row') {
        rows[e.row] = { result: e.winner === null || e.winner === undefined ? t('nobody') : seatWord(e.winner, me), title: eventText(e, me) };
      } else if (e.kind === 'ys.columns') {
        for (const c of e.columns || []) columns[c.colour] = c.move;
      } else if (e.kind === 'ys.majority') {
        majority = { result: e.winner === null || e.winner === undefined ? t('majority: nobody') : t('majority: {who}', { who: seatWord(e.winner, me) }), title: eventText(e, me) };
      }
    }
    return { market: { cells, rows, columns, majority } };
  }
  return null;
}

function Chip({ b, me }) {
  const neutral = b.seat === 'neutral' || typeof b.seat !== 'number';
  // seat colours as in ys.js (SEAT_FILL), as classes: the CSP allows no inline style
  const cls = neutral ? 'seat-n' : `seat-${b.seat % 5}`;
  return html`<span class=${`broker-chip ${cls}`} title=${neutral ? t('neutral broker') : t('{who}: broker', { who: seatWord(b.seat, me) })}>${String(b.value)}</span>`;
}

function Revealed({ e, me }) {
  if (e.kind === 'ys.reveal') {
    return html`<div class="revealed">${(e.zones || []).map((z) => html`<div class="rev-zone" key=${z.zone}>
      <span class="rev-name">${zoneName(z.zone)}</span>${(z.brokers || []).length ? z.brokers.map((b, i) => html`<${Chip} key=${i} b=${b} me=${me} />`) : html`<span class="muted">${t('empty')}</span>`}</div>`)}</div>`;
  }
  if (e.kind === 'ys.market') {
    return html`<div class="revealed">${(e.rows || []).map((r) => html`<div class="rev-zone" key=${r.row}>
      <span class="rev-name">${t('row {n}', { n: r.row })}</span>${(r.brokers || []).map((b, i) => html`<span key=${i}><${Chip} b=${b} me=${me} /><span class=${`gem gem-${b.colour}`}>${gemName(b.colour)}</span> </span>`)}</div>`)}</div>`;
  }
  return null;
}

// The panel: the step's title, its controls, its brokers and results in words.
export function ScoringWalk({ walk, events, me }) {
  if (!walk || walk.closed) return null;
  const { steps, k, step: s, go } = walk;
  return html`<section class="scoring" aria-label=${t('scoring')}>
    <div class="scoring-head"><b>${t('Scoring: {title}', { title: s.title })}</b> <span class="muted">(${t('{k} of {n}', { k: k + 1, n: steps.length })})</span>
      <button onClick=${() => go(k - 1)} disabled=${k === 0} aria-label=${t('previous scoring step')}>◀</button>
      <button class="next" onClick=${() => go(k + 1)} disabled=${k === steps.length - 1} aria-label=${t('next scoring step')}>▶</button>
      <button class="link" onClick=${walk.close}>${t('close')}</button>
      ${s.reveal.kind === 'ys.reveal' || s.reveal.kind === 'ys.market' ? html`<span class="muted small">${t('shown on the board')}</span>` : ''}</div>
    <${Revealed} e=${s.reveal} me=${me} />
    <ul class="scoring-results">${s.events.slice(1).map((i) => html`<li key=${i} data-kind=${events[i].kind}>${eventParts(events[i], me)}</li>`)}</ul>
  </section>`;
}
