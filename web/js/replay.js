// replay.js — step through a game. During play a seat may look back at its
// own view only (its token in the link); once the game is over anyone may
// follow it from any seat's point of view, which then shows everything.
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { html, LangSwitcher, api, hashParams, Log, Scores, GenericBoard, breakdownOf, seatName, setSeatNames } from './common.js';
import * as splendor from './splendor.js';
import * as ys from './ys.js';
import { loadCatalogue, EventLog, decisionParts } from './events.js';
import { t, initI18n, formatDate } from './i18n.js';
import { ScoringWalk, useScoringWalk, scoringMarks } from './ys_scoring.js';

const boards = { splendor: splendor.Board, ys: ys.Board };

function Replay() {
  const params = hashParams();
  const [info, setInfo] = useState(null);
  const [viewer, setViewer] = useState(params.viewer !== undefined ? Number(params.viewer) : -1);
  const [step, setStep] = useState(null);
  const [frame, setFrame] = useState(null);
  const [error, setError] = useState(null);
  const walk = useScoringWalk(frame ? frame.events || [] : []);

  useEffect(() => {
    api('GET', `/api/tables/${encodeURIComponent(params.table || '')}`)
      .then((t) => { setInfo(t); setStep(t.moves); })
      .catch((e) => setError(e.message));
  }, []);
  useEffect(() => {
    if (!info || step === null) return;
    const q = new URLSearchParams({ viewer, step });
    if (params.token && viewer >= 0) q.set('token', params.token);
    api('GET', `/api/tables/${info.id}/replay?${q}`).then((f) => { setFrame(f); setError(null); }).catch((e) => setError(e.message));
  }, [info, viewer, step]);

  if (!info) return html`<div class="page">${error ? html`<p class="error">${error}</p>` : html`<p class="loading">${t('Loading…')}</p>`}</div>`;
  const Board = boards[info.game] || GenericBoard;
  setSeatNames(info); // players' names in the sentences
  const go = (s) => setStep(Math.max(0, Math.min(info.moves, s)));
  const viewers = info.over ? [-1, ...info.seats.map((s) => s.seat)] : [-1, ...(params.token && params.viewer !== undefined ? [Number(params.viewer)] : [])];
  return html`<div class="page replay-page">
    <header><a href="/" class="home">gemgames</a><span class="title">${t('Replay')} · ${info.title} · ${t('table {id}', { id: info.id })}${info.created ? html` · <time datetime=${new Date(info.created * 1000).toISOString()}>${formatDate(new Date(info.created * 1000))}</time>` : ''}</span><${LangSwitcher} /></header>
    <div class="replay-bar">
      <button onClick=${() => go(0)} aria-label=${t('first')}>«</button>
      <button onClick=${() => go(step - 1)} aria-label=${t('back')}>◀</button>
      <input type="range" min="0" max=${info.moves} value=${step ?? 0} onInput=${(e) => go(Number(e.target.value))} />
      <button onClick=${() => go(step + 1)} aria-label=${t('forward')}>▶</button>
      <button onClick=${() => go(info.moves)} aria-label=${t('last')}>»</button>
      <span>${t('move {step} of {moves}', { step, moves: info.moves })}</span>
      <label>${t('as')} <select value=${viewer} onChange=${(e) => setViewer(Number(e.target.value))}>
        ${viewers.map((v) => html`<option value=${v}>${v < 0 ? t('spectator') : seatName(info, v)}</option>`)}
      </select></label>
    </div>
    ${!info.over ? html`<p class="muted small">${t('The game is still being played: you see only what your seat saw.')}</p>` : ''}
    ${error ? html`<p class="error">${error}</p>` : ''}
    ${frame ? html`<main class="layout">
      <section class="board-area">${info.game === 'ys' ? html`<${ScoringWalk} walk=${walk} events=${frame.events || []} me=${viewer} />` : ''}<${Board} view=${frame.view} me=${viewer} table=${info} legal=${[]} select=${() => {}} selected=${null}
        marks=${info.game === 'ys' ? scoringMarks(walk, frame.events || [], viewer) : null} recent=${frame.step > 0 ? (frame.events || []).slice((frame.events || []).length - lastMoveEvents(frame)) : []} /></section>
      <aside class="side">
        <div class="decision">${decisionParts(frame.view, viewer)}</div>
        ${frame.view.over ? html`<${Scores} result=${info.result} breakdown=${breakdownOf(frame.view)} table=${info} me=${viewer} />` : ''}
        <h3>${t('What happened')}</h3><${EventLog} events=${frame.events || []} me=${viewer} fresh=${frame.step > 0 ? lastMoveEvents(frame) : 0} />
        <details class="notation"><summary>${t('Moves in notation')}</summary><${Log} log=${frame.log} me=${viewer} /></details>
      </aside></main>` : ''}
  </div>`;
}

// the last move's events: those after the previous step's count (sent as events_before)
const lastMoveEvents = (f) => (typeof f.events_before === 'number' ? f.events.length - f.events_before : 0);

const root = document.getElementById('app');
root.textContent = '';
render(html`<${Replay} />`, root);
initI18n().then(() => render(html`<${Replay} />`, root));
loadCatalogue().then(() => render(html`<${Replay} />`, root));
ys.loadPrinted().then(() => render(html`<${Replay} />`, root));
