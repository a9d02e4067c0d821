// table.js — one table, as one seat (invite link) or as a spectator.
// Everything shown comes from the server's "state" messages: the view of
// this seat, its own legal moves, and the log as this seat may read it.
import { render } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { errorText } from './errors.js';
import { html, LangSwitcher, hashParams, Session, mergeLog, withRules, loadRules, Seats, Log, Moves, Scores, GenericBoard, breakdownOf, setSeatNames, seatName, winnerLine, playerName } from './common.js';
import { Chat, mergeChat } from './chat.js';
import { NameForm, savedName, rememberSeat } from './people.js';
import { turnAlert, AlertSettings } from './notify.js';
import { TakeSeat } from './lobby.js';
import * as splendor from './splendor.js';
import * as ys from './ys.js';
import { loadCatalogue, mergeEvents, EventLog, decisionParts } from './events.js';
import { t, initI18n } from './i18n.js';
import { ScoringWalk, useScoringWalk, scoringMarks } from './ys_scoring.js';
import { Clocks, ClockNotices } from './clock.js';
import { UndoButton, Rematch, LengthNotice, followRematch } from './online.js';
import { MoveSheet, useMedia, PHONE } from './phone.js';
import { HintPanel, AnalysisPanel } from './advice.js';

const boards = { splendor: splendor.Board, ys: ys.Board };

function App() {
  const params = hashParams();
  const seat = params.seat !== undefined ? Number(params.seat) : -1;
  const [st, setSt] = useState(null);
  const [log, setLog] = useState([]);
  const [events, setEvents] = useState([]);
  const [fresh, setFresh] = useState(0);
  const [status, setStatus] = useState('connecting');
  // the error frame itself, said in the page's language when shown: one that
  // comes before the catalogue (a bad link at once) is said again after it
  const [error, setError] = useState(null);
  const errorSaid = error && (error.say ? error.say() : errorText(error));
  const [filter, setFilter] = useState(null);
  const [pending, setPending] = useState(false);
  const [chat, setChat] = useState([]);
  const [chatError, setChatError] = useState(null);
  const [nameError, setNameError] = useState(null);
  const [renaming, setRenaming] = useState(false);
  const [advice, setAdvice] = useState({});
  const session = useRef(null);
  const named = useRef(false);
  const wasMyTurn = useRef(null); // null until the first state: no alert on opening the page
  const phone = useMedia(PHONE); // moves by tapping the board, the list in a sheet (phone.js)
  const [boardOffers, setBoardOffers] = useState(true);
  useLayoutEffect(() => {
    const offers = !!document.querySelector('.board-area .legal.clickable, .board-area button.broker-chip.legal');
    if (offers !== boardOffers) setBoardOffers(offers);
  });
  const walk = useScoringWalk(events);

  useEffect(() => {
    if (!params.table) { setError({ say: () => t('This link names no table.') }); return undefined; }
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
        // names (people.js): this browser keeps the seat for "my tables" and
        // gives its saved name to a seat that has none yet
        if (seat >= 0 && m.seat === seat && params.token) {
          rememberSeat({ table: params.table, seat, token: params.token, title: m.table.title });
          if (!named.current && !m.table.seats[seat].name && savedName()) s.send({ type: 'name', name: savedName(), id: 'name-auto' });
          named.current = true;
        }
      },
      onOther: (m) => {
        if (m.type === 'chat') setChat((old) => mergeChat(m.history ? [] : old, m));
        else if (m.type === 'name_ack') { setNameError(null); setRenaming(false); }
        else if (m.type === 'rematch') followRematch(m); // online.js
        else if (m.type === 'undone') setError(null);
      },
      onError: (m) => {
        const id = String(m.id ?? '');
        if (id.startsWith('chat')) setChatError(errorText(m));
        else if (id.startsWith('name')) setNameError(errorText(m));
        else { setError(m); setPending(false); setAdvice((a) => ({ ...a, waiting: null })); }
      },
      onAdvice: (m) => setAdvice((a) => ({ ...a, waiting: null, [m.type]: m })),
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
  const ask = (kind) => { if (session.current.send({ type: kind })) setAdvice((a) => ({ ...a, waiting: kind })); };
  const select = (f) => setFilter((old) => (!f || (old && old.key === f.key && !f.replace) ? null : f));

  if (!st) {
    return html`<div class="page"><header><a href="/" class="home">gemgames</a></header>
      ${error ? html`<p class="error" role="alert">${errorSaid}</p>` : html`<p class="loading">${t('Connecting… ({status})', { status: t(status) })}</p>`}</div>`;
  }
  const view = st.view;
  const table = st.table;
  const me = st.seat;
  const Board = boards[table.game] || GenericBoard;
  const myTurn = st.legal.length > 0;
  setSeatNames(table);
  if (myTurn && wasMyTurn.current === false) turnAlert(t('Your move at {game}, table {id}', { game: table.title, id: table.id }), location.href);
  wasMyTurn.current = myTurn;
  const myName = me >= 0 && table.seats[me] ? table.seats[me].name : null;
  document.title = `${myTurn ? `● ${t('Your move')} — ` : st.over ? `${t('Game over')} — ` : ''}${table.title} · gemgames`;
  const waitingOn = st.actors.filter((a) => a !== me);

  return html`<div class=${'page table-page' + (phone && myTurn ? ' has-sheet' : '')}>
    <header>
      <a href="/" class="home">gemgames</a>
      <span class="title">${table.title} · ${t('table {id}', { id: table.id })}${table.seed !== undefined ? html` · <span title=${t('The creator chose this seed: it decides every hidden card')}>${t('seed {seed} (chosen)', { seed: table.seed })}</span>` : ''}</span>
      <span class=${'status ' + status}>${status === 'live' ? '●' : '○'} ${t(status)}</span><${LangSwitcher} />
    </header>
    ${me >= 0 && table.seats[me] && table.seats[me].kind === 'human' && (!myName || renaming) ? html`<div class="name-prompt">
      <${NameForm} label=${t('Choose the name others will see')} button=${t('Sit down')} error=${nameError}
        onSave=${(n) => session.current.send({ type: 'name', name: n, id: 'name-form' })} /></div>` : ''}
    <div class=${'decision' + (myTurn ? ' mine' : '')} role="status">
      ${st.over ? html`<b class="winner-line">${winnerLine(st.result, table, me)}</b>`
        : myTurn ? html`<b>${t('Your move.')}</b> ${decisionParts(view, me)}`
        : html`${me >= 0 ? t('Waiting for {seats}.', { seats: waitingOn.map((a) => playerName(table, a)).join(', ') }) : t('{seats} to act.', { seats: waitingOn.map((a) => playerName(table, a)).join(', ') })} ${decisionParts(view, me)}`}
      ${pending ? html` <span class="muted">${t('sending…')}</span>` : ''}
    </div>
    ${error ? html`<p class="error" role="alert">${withRules(errorSaid)} <button class="link" onClick=${() => setError(null)}>${t('dismiss')}</button></p>` : ''}
    <main class="layout">
      <section class="board-area">
        ${table.game === 'ys' ? html`<${ScoringWalk} walk=${walk} events=${events} me=${me} />` : ''}
        <${Board} view=${view} me=${me} table=${table} legal=${st.legal} select=${select} selected=${filter}
          marks=${table.game === 'ys' ? scoringMarks(walk, events, me) : null} recent=${fresh ? events.slice(events.length - fresh) : []} />
      </section>
      <aside class="side">
        <${HintPanel} st=${st} advice=${advice} ask=${ask} onPick=${pick} />
        ${myTurn && !phone ? html`<${Moves} legal=${st.legal} filter=${filter} label=${filter && filter.label}
            onPick=${pick} onClear=${() => setFilter(null)} />` : ''}
        <${UndoButton} st=${st} log=${log} session=${session.current} />
        <${Rematch} st=${st} session=${session.current} />
        <${LengthNotice} result=${st.result} />
        ${st.over ? html`<${Scores} result=${st.result} breakdown=${breakdownOf(view)} table=${table} me=${me} />` : ''}
        ${st.over ? html`<p><a href=${`/replay.html#table=${table.id}`}>${t('Replay this game')}</a></p>` : ''}
        <${AnalysisPanel} st=${st} advice=${advice} ask=${ask} />
        <h3>${t('Players')}</h3>
        <${Seats} table=${table} me=${me} actors=${st.actors} />
        ${me < 0 && table.public && !st.over ? html`<${TakeSeat} table=${table} />` : ''}
        <${Clocks} table=${table} me=${me} />
        ${me >= 0 && !st.over && table.seats[me].kind === 'human' ? html`<p><button class="link danger"
            onClick=${() => { if (confirm(t('Leave for good and let a bot play your seat?'))) session.current.toBot('random'); }}>${t('Leave: hand my seat to a bot')}</button></p>` : ''}
        ${params.admin && !st.over ? table.seats.filter((s) => s.kind === 'human' && s.seat !== me).map((s) => html`<p key=${s.seat}><button class="link"
            onClick=${() => { if (confirm(t('Let a bot play seat {n} from now on?', { n: s.seat + 1 }))) session.current.send({ type: 'bot', seat: s.seat, token: params.admin, bot: 'random' }); }}>
            ${s.connected ? t('Give seat {n} to a bot', { n: s.seat + 1 }) : t('Give seat {n} to a bot (away)', { n: s.seat + 1 })}</button></p>`) : ''}
        ${me >= 0 && params.token ? html`<p class="muted small"><a href=${`/replay.html#table=${table.id}&viewer=${me}&token=${params.token}`}>${t('Look back at earlier moves')}</a></p>` : ''}
        ${myName && !renaming ? html`<p class="small"><button class="link rename" onClick=${() => setRenaming(true)}>${t('Change my name')}</button></p>` : ''}
        ${me >= 0 ? html`<${AlertSettings} />` : ''}
        <${Chat} table=${table.id} me=${me} messages=${chat} session=${session.current} error=${chatError} clearError=${() => setChatError(null)} />
        <h3>${t('What happened')}</h3>
        <${ClockNotices} log=${log} me=${me} table=${table} />
        <${EventLog} events=${events} me=${me} fresh=${fresh} />
        <details class="notation"><summary>${t('Moves in notation')}</summary><${Log} log=${log} me=${me} /></details>
      </aside>
    </main>
    ${myTurn && phone ? html`<${MoveSheet} game=${table.game} legal=${st.legal} filter=${filter} onPick=${pick} onClear=${() => setFilter(null)} boardOffers=${boardOffers} />` : ''}
  </div>`;
}

// Another table's link opened in this tab changes only the hash: start over.
window.addEventListener('hashchange', () => location.reload());
const root = document.getElementById('app');
root.textContent = '';
render(html`<${App} />`, root);
initI18n().then(() => render(html`<${App} />`, root));
loadRules().then(() => render(html`<${App} />`, root)); /* rule quotes on hover */
loadCatalogue().then(() => render(html`<${App} />`, root)); /* sentences for the events */
ys.loadPrinted().then(() => render(html`<${App} />`, root)); /* card texts on hover */
