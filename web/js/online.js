// online.js — undo against bots and the rematch, at the table page
// (docs/server.md, "Undo against bots" and "Rematch"). The server decides
// (the terminal's undo rule, who may offer); this offers the buttons and
// follows a rematch to its new table.
import { html } from './common.js';
import { t } from './i18n.js';

// Undo: only a person alone with bots, once they have moved.
export function canUndo(st) {
  const me = st.seat;
  const seats = st.table.seats;
  return me >= 0 && !st.over && seats[me] && seats[me].kind === 'human' &&
    seats.every((s) => s.seat === me || s.kind === 'bot');
}

export function UndoButton({ st, log, session }) {
  if (!canUndo(st)) return null;
  const moved = log.some((l) => l && l.seat === st.seat);
  return html`<p><button class="undo" disabled=${!moved}
      title=${t('Takes back your last move and the bots\' replies; never across a card drawn or a secret revealed')}
      onClick=${() => session.send({ type: 'undo' })}>${t('Undo my last move')}</button></p>`;
}

// The link to a rematch's table, with the creator's key for the one who
// offered (to give a seat to a bot if a friend does not come).
export function rematchLink(m) {
  return `${m.invite}${m.admin ? `&admin=${m.admin}` : ''}`;
}

// Opens the rematch in this tab: the page reads its table from the hash.
export function followRematch(m) {
  location.href = rematchLink(m);
  location.reload();
}

export function Rematch({ st, session }) {
  const me = st.seat;
  const table = st.table;
  if (!st.over) return null;
  const r = table.rematch;
  const seated = me >= 0 && table.seats[me] && table.seats[me].kind === 'human';
  const offer = () => session.send({ type: 'rematch' });
  if (!r) {
    return seated ? html`<div class="rematch"><button class="primary rematch-offer" onClick=${offer}>${t('Rematch: play again, same game and seats')}</button></div>` : null;
  }
  const names = r.seats.map((s) => (s === me ? t('you') : t('Seat {n}', { n: s + 1 }))).join(', ');
  return html`<div class="rematch" role="status">
    <p>${t('A rematch is open; moved over so far: {names}.', { names })}</p>
    ${seated ? html`<button class="primary rematch-accept" onClick=${offer}>${r.seats.includes(me) ? t('Go to the rematch') : t('Accept the rematch')}</button>`
      : html`<a href=${`/table.html#table=${r.table}`}>${t('Watch the rematch')}</a>`}
  </div>`;
}

// A game of bots ended by the game-length rule (G-1): scored as it stands.
export function LengthNotice({ result }) {
  if (!result || !result.adjudicated) return null;
  return html`<p class="notice">${t('Only bots were left and the game reached its length limit, so it was scored as it stands.')}</p>`;
}
