// table.js — one table, as one seat (invite link) or as a spectator.
// Everything shown comes from the server's "state" messages: the view of
// this seat, its own legal moves, and the log as this seat may read it.
import { render } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { html, LangSwitcher, hashParams, Session, mergeLog, humanize, withRules, loadRules, Seats, Log, Moves, Scores, GenericBoard, breakdownOf } from './common.js';
import * as splendor from './splendor.js';
import * as ys from './ys.js';
import { loadCatalogue, mergeEvents, EventLog } from './events.js';
import { t, initI18n } from './i18n.js';
import { ScoringWalk } from './ys_scoring.js';

const boards = { splendor: splendor.Board, ys: ys.Board };

function App() {
  const params = hashParams();
  const seat = params.seat !== undefined ? Number(params.seat) : -1;
  const [st, setSt] = useState(null);
  const [log, setLog] = useState([]);
  const [events, setEvents] = useState([]);
  const [fresh, setFresh] = useState(0);
  const [status, setStatus] = useState('connecting');
  const [error, setError] = useState(null);
  const [filter, setFilter] = useState(null);
  const [pending, setPending] = useState(false);
  const session = useRef(null);

  useEffect(() => {
    if (!params.table) { setError({ message: t('This link names no table.') }); return undefined; }
    const s = new Session({
      table: params.table, seat, token: params.token,
      onState: (m) => {
        setSt(m);
        setLog((old) => mergeLog(old, m));
        setEvents((old) => {
          const merged = mergeEvents(old, m);
          // "what just happened": the events this frame added (a join or the
          // game's end resends them all: then only those beyond what we had)
          if (merged.length > old.length) setFresh(old.length ? merged.length - old.length : Math.min(merged.length, 3));
          return merged;
        });
        setPending(false);
        if (m.legal.length === 0) setFilter(null);
      },
      onError: (m) => { setError(m); setPending(false); },
      onAck: () => setError(null),
      onStatus: setStatus,
    });
    session.current = s;
    return () => s.close();
  }, []);

  const pick = (a) => {
    setError(null);
    setFilter(null);
    if (session.current.act(a)) setPending(true);
    else setError({ message: t('Not connected; reconnecting…') });
  };
  const select = (f) => setFilter((old) => (!f || (old && old.key === f.key && !f.replace) ? null : f));

  if (!st) {
    return html`<div class="page"><header><a href="/" class="home">gemgames</a></header>
      ${error ? html`<p class="error" role="alert">${error.message}</p>` : html`<p class="loading">${t('Connecting… ({status})', { status: t(status) })}</p>`}</div>`;
  }
  const view = st.view;
  const table = st.table;
  const me = st.seat;
  const Board = boards[table.game] || GenericBoard;
  const myTurn = st.legal.length > 0;
  document.title = `${myTurn ? `● ${t('Your move')} — ` : st.over ? `${t('Game over')} — ` : ''}${table.title} · gemgames`;
  const waitingOn = st.actors.filter((a) => a !== me);

  return html`<div class="page table-page">
    <header>
      <a href="/" class="home">gemgames</a>
      <span class="title">${table.title} · ${t('table {id}', { id: table.id })}${table.seed !== undefined ? html` · <span title=${t('The creator chose this seed: it decides every hidden card')}>${t('seed {seed} (chosen)', { seed: table.seed })}</span>` : ''}</span>
      <span class=${'status ' + status}>${status === 'live' ? '●' : '○'} ${t(status)}</span><${LangSwitcher} />
    </header>
    <div class=${'decision' + (myTurn ? ' mine' : '')} role="status">
      ${st.over ? html`<b>${t('Game over.')}</b> ${withRules(humanize(view.decision || '', me))}`
        : myTurn ? html`<b>${t('Your move.')}</b> ${withRules(humanize(view.decision || '', me))}`
        : html`${me >= 0 ? t('Waiting for {seats}.', { seats: waitingOn.map((a) => t('Seat {n}', { n: a + 1 })).join(', ') }) : t('{seats} to act.', { seats: waitingOn.map((a) => t('Seat {n}', { n: a + 1 })).join(', ') })} ${withRules(humanize(view.decision || '', me))}`}
      ${pending ? html` <span class="muted">${t('sending…')}</span>` : ''}
    </div>
    ${error ? html`<p class="error" role="alert">${withRules(error.message)} <button class="link" onClick=${() => setError(null)}>${t('dismiss')}</button></p>` : ''}
    <main class="layout">
      <section class="board-area">
        ${table.game === 'ys' ? html`<${ScoringWalk} events=${events} me=${me} />` : ''}
        <${Board} view=${view} me=${me} table=${table} legal=${st.legal} select=${select} selected=${filter} />
      </section>
      <aside class="side">
        ${myTurn ? html`<${Moves} legal=${st.legal} filter=${filter} label=${filter && filter.label}
            onPick=${pick} onClear=${() => setFilter(null)} />` : ''}
        ${st.over ? html`<${Scores} result=${st.result} breakdown=${breakdownOf(view)} table=${table} me=${me} />` : ''}
        ${st.over ? html`<p><a href=${`/replay.html#table=${table.id}`}>${t('Replay this game')}</a></p>` : ''}
        <h3>${t('Players')}</h3>
        <${Seats} table=${table} me=${me} actors=${st.actors} />
        ${me >= 0 && !st.over && table.seats[me].kind === 'human' ? html`<p><button class="link danger"
            onClick=${() => { if (confirm(t('Leave for good and let a bot play your seat?'))) session.current.toBot('random'); }}>${t('Leave: hand my seat to a bot')}</button></p>` : ''}
        ${params.admin && !st.over ? table.seats.filter((s) => s.kind === 'human' && s.seat !== me).map((s) => html`<p key=${s.seat}><button class="link"
            onClick=${() => { if (confirm(t('Let a bot play seat {n} from now on?', { n: s.seat + 1 }))) session.current.send({ type: 'bot', seat: s.seat, token: params.admin, bot: 'random' }); }}>
            ${s.connected ? t('Give seat {n} to a bot', { n: s.seat + 1 }) : t('Give seat {n} to a bot (away)', { n: s.seat + 1 })}</button></p>`) : ''}
        ${me >= 0 && params.token ? html`<p class="muted small"><a href=${`/replay.html#table=${table.id}&viewer=${me}&token=${params.token}`}>${t('Look back at earlier moves')}</a></p>` : ''}
        <h3>${t('What happened')}</h3>
        <${EventLog} events=${events} me=${me} fresh=${fresh} />
        <details class="notation"><summary>${t('Moves in notation')}</summary><${Log} log=${log} me=${me} /></details>
      </aside>
    </main>
  </div>`;
}

const root = document.getElementById('app');
root.textContent = '';
render(html`<${App} />`, root);
initI18n().then(() => render(html`<${App} />`, root));
loadRules().then(() => render(html`<${App} />`, root)); /* rule quotes on hover */
loadCatalogue().then(() => render(html`<${App} />`, root)); /* sentences for the events */
ys.loadPrinted().then(() => render(html`<${App} />`, root)); /* card texts on hover */
