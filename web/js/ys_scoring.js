// ys_scoring.js — a Ys round's scoring, step by step, from the events: each
// district with its brokers turned face up as the engine's ys.reveal says
// (every value, per zone), then that district's results (port shares, zone
// winners, palace card); then the market revealed, its rows, columns and
// majority; then the final scoring. The board itself has already moved on
// (the brokers went home): this panel shows what happened, where it happened.
import { useState } from 'preact/hooks';
import { html } from './common.js';
import { t } from './i18n.js';
import { eventParts, gemName, zoneName } from './events.js';
import { SEAT_FILL } from './ys.js';

// Kinds of the placement phase: a round's scoring starts at the first reveal
// after the last of these (decisions made during scoring — a gem choice, a
// card played at a scoring window, a tied column — belong to its steps).
const PLACEMENT = new Set(['ys.round', 'ys.bid', 'ys.bids', 'ys.order', 'ys.place', 'ys.neutral', 'ys.peek', 'ys.refill', 'ys.throne_pick']);
const STARTS = new Set(['ys.reveal', 'ys.market', 'ys.final']);

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
        title: e.kind === 'ys.reveal' ? t('District {n}', { n: e.district }) : e.kind === 'ys.market' ? t('Market') : t('Final scoring'),
        reveal: e, events: [i],
      });
    } else if (steps.length) steps[steps.length - 1].events.push(i);
  }
  return steps.length ? steps : null;
}

function Chip({ b }) {
  const neutral = b.seat === 'neutral' || typeof b.seat !== 'number';
  // seat colours as in ys.js (SEAT_FILL), as classes: the CSP allows no inline style
  const cls = neutral ? 'seat-n' : `seat-${b.seat % SEAT_FILL.length}`;
  return html`<span class=${`broker-chip ${cls}`} title=${neutral ? t('neutral broker') : t("Seat {n}'s broker", { n: b.seat + 1 })}>${String(b.value)}</span>`;
}

function Revealed({ e }) {
  if (e.kind === 'ys.reveal') {
    return html`<div class="revealed">${(e.zones || []).map((z) => html`<div class="rev-zone" key=${z.zone}>
      <span class="rev-name">${zoneName(z.zone)}</span>${(z.brokers || []).length ? z.brokers.map((b, i) => html`<${Chip} key=${i} b=${b} />`) : html`<span class="muted">${t('empty')}</span>`}</div>`)}</div>`;
  }
  if (e.kind === 'ys.market') {
    return html`<div class="revealed">${(e.rows || []).map((r) => html`<div class="rev-zone" key=${r.row}>
      <span class="rev-name">${t('row {n}', { n: r.row })}</span>${(r.brokers || []).map((b, i) => html`<span key=${i}><${Chip} b=${b} /><span class=${`gem gem-${b.colour}`}>${gemName(b.colour)}</span> </span>`)}</div>`)}</div>`;
  }
  return null;
}

export function ScoringWalk({ events, me }) {
  const steps = scoringSteps(events);
  const key = steps ? steps[0].events[0] : -1;
  const [state, setState] = useState({ key: -1, step: 0, closed: false });
  if (!steps) return null;
  const cur = state.key === key ? state : { key, step: 0, closed: false };
  if (cur.closed) return null;
  const k = Math.min(cur.step, steps.length - 1);
  const s = steps[k];
  const go = (n) => setState({ key, step: Math.max(0, Math.min(steps.length - 1, n)), closed: false });
  return html`<section class="scoring" aria-label=${t('scoring')}>
    <div class="scoring-head"><b>${t('Scoring: {step}', { step: s.title })}</b> <span class="muted">${t('({k} of {n})', { k: k + 1, n: steps.length })}</span>
      <button onClick=${() => go(k - 1)} disabled=${k === 0} aria-label=${t('previous scoring step')}>◀</button>
      <button class="next" onClick=${() => go(k + 1)} disabled=${k === steps.length - 1} aria-label=${t('next scoring step')}>▶</button>
      <button class="link" onClick=${() => setState({ key, step: k, closed: true })}>${t('close')}</button></div>
    <${Revealed} e=${s.reveal} />
    <ul class="scoring-results">${s.events.slice(1).map((i) => html`<li key=${i} data-kind=${events[i].kind}>${eventParts(events[i], me)}</li>`)}</ul>
  </section>`;
}
