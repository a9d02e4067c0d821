// lobby.js — two lists on the start page. "Your tables": every table this
// browser holds a seat at (people.js keeps the tokens), with whose turn it
// is, from one POST /api/status for all of them; when one becomes yours the
// tab title says so, and a sound or notification if chosen (notify.js).
// "Free seats": the public tables' open seats (GET /api/lobby); taking one
// asks the server for a seat token, which is remembered like an invite.
import { useEffect, useRef, useState } from 'preact/hooks';
import { html, api, seatName } from './common.js';
import { t, tn, formatDate } from './i18n.js';
import { mySeats, forgetSeat, rememberSeat, savedName, NameForm } from './people.js';
import { turnAlert, AlertSettings } from './notify.js';

const POLL_MS = 10000;
const baseTitle = document.title;

function whoseTurn(s) {
  if (s.over) return t('Finished');
  if (s.your_turn) return t('Your turn');
  const names = s.actors.map((a) => seatName(s, a));
  return names.length ? t('Waiting for {names}', { names: names.join(', ') }) : '';
}

export function MyTables() {
  const [seats, setSeats] = useState(mySeats());
  const [status, setStatus] = useState([]);
  const mine = useRef(null); // the turns seen last time; null before the first answer
  const refresh = () => {
    const held = mySeats();
    setSeats(held);
    if (!held.length) { setStatus([]); return; }
    api('POST', '/api/status', { seats: held.map(({ table, seat, token }) => ({ table, seat, token })) })
      .then((r) => {
        setStatus(r.seats);
        const turns = r.seats.map((s, k) => (s.your_turn ? `${held[k].table}/${held[k].seat}` : null)).filter(Boolean);
        const fresh = mine.current ? turns.filter((k) => !mine.current.has(k)) : []; // none on opening the page
        mine.current = new Set(turns);
        document.title = turns.length ? `(${turns.length}) ${t('Your turn')} — ${baseTitle}` : baseTitle;
        if (fresh.length) turnAlert(tn('It is your turn at {n} table', 'It is your turn at {n} tables', turns.length));
      })
      .catch(() => {});
  };
  useEffect(() => {
    refresh();
    const timer = setInterval(refresh, POLL_MS);
    window.addEventListener('focus', refresh);
    return () => { clearInterval(timer); window.removeEventListener('focus', refresh); };
  }, []);
  if (!seats.length) return null;
  return html`<section class="my-tables">
    <h2>${t('Your tables')}</h2>
    <${AlertSettings} />
    <ul class="card-list">${seats.map((h, k) => {
      const s = status[k];
      const link = `/table.html#table=${h.table}&seat=${h.seat}&token=${h.token}`;
      if (s && s.error) {
        return html`<li class="gone" key=${h.table + h.seat}><span>${h.title || t('Table')} <code>${h.table}</code> — ${s.error === 'unknown_table' ? t('this table is gone') : t('your seat there is no longer yours')}</span>
          <button class="link" onClick=${() => { forgetSeat(h.table, h.seat); refresh(); }}>${t('Forget')}</button></li>`;
      }
      return html`<li key=${h.table + h.seat} class=${s && s.your_turn ? 'your-turn' : ''} data-table=${h.table}>
        <a href=${link}><b>${s ? s.title : h.title || t('Table')}</b> <code>${h.table}</code></a>
        <span class="turn">${s ? whoseTurn(s) : '…'}</span>
        ${s ? html`<span class="muted small players">${s.seats.map((x) => (x.seat === h.seat ? t('you') : seatName(s, x.seat))).join(' · ')} · ${tn('{n} move', '{n} moves', s.moves)}${s.last_move ? html` · <time datetime=${new Date(s.last_move * 1000).toISOString()}>${formatDate(new Date(s.last_move * 1000))}</time>` : ''}</span>` : ''}
        ${s && s.over ? html`<button class="link" onClick=${() => { forgetSeat(h.table, h.seat); refresh(); }}>${t('Forget')}</button>` : ''}
      </li>`;
    })}</ul>
  </section>`;
}

export function Lobby() {
  const [tables, setTables] = useState(null);
  const [name, setName] = useState(savedName());
  const [want, setWant] = useState(null); // {table, seat} waiting for a name
  const [error, setError] = useState(null);
  const refresh = () => api('GET', '/api/lobby').then((r) => setTables(r.tables)).catch(() => {});
  useEffect(() => {
    refresh();
    const timer = setInterval(refresh, POLL_MS);
    return () => clearInterval(timer);
  }, []);
  const take = async (table, seat, who) => {
    setError(null);
    try {
      const r = await api('POST', `/api/tables/${table.id}/take`, { seat, name: who });
      rememberSeat({ table: r.table, seat: r.seat, token: r.token, title: table.title });
      location.href = r.invite;
    } catch (e) { setError(e.message); refresh(); }
  };
  const ask = (table, seat) => (name ? take(table, seat, name) : setWant({ table, seat }));
  return html`<section class="lobby">
    <h2>${t('Free seats at public tables')}</h2>
    ${want ? html`<${NameForm} label=${t('Your name, before you sit down')} button=${t('Take the seat')}
        onSave=${(n) => { setName(n); take(want.table, want.seat, n); }} />` : ''}
    ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
    ${!tables ? html`<p class="muted">${t('Loading…')}</p>`
      : !tables.length ? html`<p class="muted">${t('No public table has a free seat right now. Open one and tick "Public".')}</p>`
      : html`<ul class="card-list">${tables.map((tb) => html`<li key=${tb.id} data-table=${tb.id}>
          <b>${tb.title}</b> <span class="muted small">${tn('{n} player', '{n} players', tb.players)} · <code>${tb.id}</code></span>
          <span class="seat-row">${tb.seats.map((s) => (s.open
            ? html`<button class="take" data-seat=${s.seat} onClick=${() => ask(tb, s.seat)}>${t('Take seat {n}', { n: s.seat + 1 })}</button>`
            : html`<span class="held">${seatName(tb, s.seat)}</span>`))}</span>
        </li>`)}</ul>`}
  </section>`;
}

// On a public table's page, for someone watching: its free seats, to sit
// down at one (the same request as the start page's lobby).
export function TakeSeat({ table }) {
  const [want, setWant] = useState(null);
  const [error, setError] = useState(null);
  const open = table.seats.filter((x) => x.open);
  if (!open.length) return null;
  const take = async (seat, who) => {
    setError(null);
    try {
      const r = await api('POST', `/api/tables/${table.id}/take`, { seat, name: who });
      rememberSeat({ table: r.table, seat: r.seat, token: r.token, title: table.title });
      location.href = r.invite; // only the hash changes: table.js starts over
    } catch (e) { setError(e.message); }
  };
  return html`<div class="take-seat">
    <p>${open.map((x) => html`<button class="take" data-seat=${x.seat} onClick=${() => (savedName() ? take(x.seat, savedName()) : setWant(x.seat))}>${t('Take seat {n}', { n: x.seat + 1 })}</button> `)}</p>
    ${want !== null ? html`<${NameForm} label=${t('Your name, before you sit down')} button=${t('Take the seat')} onSave=${(n) => take(want, n)} />` : ''}
    ${error ? html`<p class="error small" role="alert">${error}</p>` : ''}
  </div>`;
}
