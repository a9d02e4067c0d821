// advice.js — hints and the analysis of a finished game (issue 27), offered
// only when the server says so (state.advice: this seat is the one person at
// a table of bots). The server computes both with its own budget, from this
// seat's view only; the page just asks and shows.
import { html } from './common.js';
import { t, tn } from './i18n.js';

const pct = (x) => `${Math.round(100 * x)}%`;

// The "Hint" button and the bot's top moves for the current decision. A hint
// computed for an earlier position (st.moves changed since) is not shown.
export function HintPanel({ st, advice, ask, onPick }) {
  if (!st.advice || st.over || st.legal.length === 0) return '';
  const hint = advice.hint && advice.hint.moves === st.moves ? advice.hint : null;
  return html`<div class="advice hint-panel">
    <button class="hint-button" disabled=${advice.waiting === 'hint'} onClick=${() => ask('hint')}>
      ${advice.waiting === 'hint' ? t('Thinking…') : t('Hint')}</button>
    ${hint ? html`<ol class="hints">
      ${hint.hints.map((h) => html`<li key=${h.action}>
        <button class="link" title=${t('Play this move')} onClick=${() => onPick(h.action)}>${h.action}</button>
        <span class="muted"> ${t('estimated chance to win {p}', { p: pct(h.win) })}</span></li>`)}
    </ol><p class="muted small">${t('Ranked by how much the search looked at each move, which is how the bot chooses, so a move further down can show a higher estimate.')}
      ${' '}${t('From your view only, by a short search; the estimates are rough.')}</p>` : ''}
  </div>`;
}

// "Analyse my game" once the game is over: each of this seat's decisions with
// the bot's preferred move and the estimated loss, the biggest first.
export function AnalysisPanel({ st, advice, ask }) {
  if (!st.advice || !st.over) return '';
  const a = advice.analysis;
  return html`<div class="advice analysis-panel">
    ${a ? '' : html`<button class="analysis-button" disabled=${advice.waiting === 'analysis'} onClick=${() => ask('analysis')}>
      ${advice.waiting === 'analysis' ? t('Analysing…') : t('Analyse my game')}</button>`}
    ${a ? html`<h3>${t('Your decisions, the biggest estimated loss first')}</h3>
      <p class="muted small">${tn('{n} decision analysed', '{n} decisions analysed', a.decisions.length)}</p>
      <table class="analysis">
        <thead><tr><th>${t('Move')}</th><th>${t('You played')}</th><th>${t('The bot prefers')}</th><th>${t('Estimated loss')}</th></tr></thead>
        <tbody>${a.decisions.map((d) => html`<tr key=${d.index} class=${d.loss !== null && d.loss >= 0.05 ? 'big-loss' : ''}>
          <td>${d.index + 1}</td>
          <td>${d.played}${d.played_win !== null ? html` <span class="muted">(${pct(d.played_win)})</span>` : ''}</td>
          <td>${d.best === d.played ? t('the same') : html`${d.best} <span class="muted">(${pct(d.best_win)})</span>`}</td>
          <td>${d.loss === null ? t('not looked at') : pct(d.loss)}</td></tr>`)}
        </tbody></table>` : ''}
  </div>`;
}
