// home.js — the start page: open a table (game, players, options, which
// seats are bots), hand out the invite links, and list the tables.
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { html, api } from './common.js';
import { t } from './i18n.js';
import { MyTables, Lobby } from './lobby.js';
import { savedName, saveName, nameProblem, rememberSeat, NAME_MAX } from './people.js';
import { ClockChoice, clockRequest } from './clock.js';

function CreateForm({ games, bots, onCreated }) {
  const [gameName, setGameName] = useState(games[0].name);
  const game = games.find((g) => g.name === gameName) || games[0];
  const [players, setPlayers] = useState(game.min_players);
  const [opts, setOpts] = useState({});
  const [seats, setSeats] = useState([]);
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  const [name, setName] = useState(savedName());
  const [isPublic, setPublic] = useState(false);
  const [clock, setClock] = useState('none');
  const [timeouts, setTimeouts] = useState('3');
  const n = Math.min(Math.max(players, game.min_players), game.max_players);
  const seatKind = (i) => seats[i] || (i === 0 ? 'human' : bots[0] || 'human');

  const submit = async (ev) => {
    ev.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const options = Object.fromEntries(Object.entries(opts).filter(([k]) => game.options.some((o) => o.key === k)));
      const body = { game: game.name, players: n, options, seats: Array.from({ length: n }, (_, i) => seatKind(i)), clock: clockRequest(clock, timeouts) };
      // people.js: the creator's name goes on the first person's seat; a
      // public table lists its other seats in the lobby
      if (name.trim()) {
        const problem = nameProblem(name);
        if (problem) throw new Error(problem);
        body.name = name.trim();
        saveName(name);
      }
      if (isPublic) body.public = true;
      const r = await api('POST', '/api/tables', body);
      const first = r.seats.find((s) => s.kind === 'human');
      if (first) rememberSeat({ table: r.id, seat: first.seat, token: first.token, title: game.title });
      onCreated(r);
    } catch (e) { setError(e.message); }
    setBusy(false);
  };

  return html`<form class="create" onSubmit=${submit}>
    <h2>Open a table</h2>
    <label>Game <select name="game" value=${gameName} onChange=${(e) => { setGameName(e.target.value); setOpts({}); setSeats([]); }}>
      ${games.map((g) => html`<option value=${g.name}>${g.title}</option>`)}</select></label>
    <label>Players <select name="players" value=${n} onChange=${(e) => setPlayers(Number(e.target.value))}>
      ${Array.from({ length: game.max_players - game.min_players + 1 }, (_, i) => game.min_players + i).map((k) => html`<option value=${k}>${k}</option>`)}
    </select></label>
    ${game.options.map((o) => html`<label title=${o.help}>${o.key.replace(/_/g, ' ')}
      <select name=${'opt-' + o.key} value=${opts[o.key] || o.values[0]} onChange=${(e) => setOpts({ ...opts, [o.key]: e.target.value })}>
        ${o.values.map((v) => html`<option value=${v}>${v}</option>`)}</select>
      <span class="help">${o.help}</span></label>`)}
    <fieldset><legend>Seats</legend>
      ${Array.from({ length: n }, (_, i) => html`<label>Seat ${i + 1}
        <select name=${'seat-' + i} value=${seatKind(i)} onChange=${(e) => { const s = Array.from({ length: n }, (_, k) => seatKind(k)); s[i] = e.target.value; setSeats(s); }}>
          <option value="human">a person (invite link)</option>
          ${bots.map((b) => html`<option value=${b}>bot: ${b}</option>`)}
        </select></label>`)}
    </fieldset>
    <label>${t('Your name')} <input name="creator-name" value=${name} maxlength=${NAME_MAX * 2} autocomplete="nickname" placeholder=${t('how others see you')}
      onInput=${(e) => setName(e.target.value)} /></label>
    <label><input type="checkbox" name="public" checked=${isPublic} onChange=${(e) => setPublic(e.target.checked)} />
      ${t('Public: list the free seats on this page so anyone can join')}</label>
    <${ClockChoice} preset=${clock} timeouts=${timeouts} onPreset=${setClock} onTimeouts=${setTimeouts} />
    ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
    <button type="submit" class="primary" disabled=${busy}>Open the table</button>
  </form>`;
}

function Invites({ created }) {
  const abs = (p) => `${location.origin}${p}`;
  const copy = (text) => navigator.clipboard && navigator.clipboard.writeText(text);
  return html`<section class="invites">
    <h2>Table ${created.id} is open</h2>
    <p>Send each friend their own link: it lets its holder play that seat and nobody else. Keep yours.</p>
    <ul>
      ${created.seats.map((s) => s.kind === 'human' ? html`<li>
        <b>Seat ${s.seat + 1}</b> <a class="invite" data-seat=${s.seat} href=${s.invite}>play this seat</a>
        <input readonly value=${abs(s.invite)} onFocus=${(e) => e.target.select()} />
        <button onClick=${() => copy(abs(s.invite))}>copy</button></li>`
        : html`<li><b>Seat ${s.seat + 1}</b> bot: ${s.bot}</li>`)}
      <li><b>Spectators</b> <a href=${created.spectate}>watch</a> <input readonly value=${abs(created.spectate)} onFocus=${(e) => e.target.select()} /></li>
    </ul>
    <p class="muted small">Your creator key lets you give a seat to a bot if a friend leaves: it is in the${' '}
      ${(() => { const s = created.seats.find((x) => x.kind === 'human'); return s ? html`<a class="admin-link" href=${`${s.invite}&admin=${created.admin}`}>creator's link to seat ${s.seat + 1}</a>` : html`<a class="admin-link" href=${`${created.spectate}&admin=${created.admin}`}>creator's watch link</a>`; })()}${' '}
      (keep it to yourself). Key: <code>${created.admin}</code></p>
  </section>`;
}

function TableList({ tables }) {
  if (!tables.length) return html`<p class="muted">No tables yet.</p>`;
  return html`<table class="tables">
    <thead><tr><th>Table</th><th>Game</th><th>Seats</th><th>Moves</th><th>State</th><th></th></tr></thead>
    <tbody>${tables.map((t) => html`<tr>
      <td><code>${t.id}</code></td><td>${t.title}</td>
      <td class="seat-list">${t.seats.map((s) => (s.kind === 'bot' ? html`<span class="bot-tag" title=${s.bot}>bot</span>`
        : html`<span class=${'dot ' + (s.connected ? 'on' : 'off')} title=${s.connected ? 'here' : 'away'}></span>`))}</td>
      <td>${t.moves}</td>
      <td>${t.over ? 'finished' : `to act: ${t.actors.map((a) => a + 1).join(', ')}`}</td>
      <td><a href=${`/table.html#table=${t.id}`}>watch</a>${t.over ? html` · <a href=${`/replay.html#table=${t.id}`}>replay</a>` : ''}</td>
    </tr>`)}</tbody>
  </table>`;
}

function Home() {
  const [meta, setMeta] = useState(null);
  const [tables, setTables] = useState([]);
  const [created, setCreated] = useState(null);
  const [error, setError] = useState(null);
  const refresh = () => api('GET', '/api/tables').then((r) => setTables(r.tables)).catch(() => {});
  useEffect(() => {
    api('GET', '/api/games').then(setMeta).catch((e) => setError(e.message));
    refresh();
    const t = setInterval(refresh, 5000);
    return () => clearInterval(t);
  }, []);
  return html`<div class="page home">
    <header><a href="/" class="home">gemgames</a><span class="title">Ys and Splendor with friends</span></header>
    ${error ? html`<p class="error">${error}</p>` : ''}
    <${MyTables} />
    <div class="home-grid">
      ${meta && meta.games.length ? html`<${CreateForm} games=${meta.games} bots=${meta.bots} onCreated=${(c) => { setCreated(c); refresh(); }} />`
        : html`<p class="muted">${meta ? 'This server has no games yet.' : 'Loading…'}</p>`}
      ${created ? html`<${Invites} created=${created} />` : ''}
    </div>
    <${Lobby} />
    <h2>Tables</h2>
    <${TableList} tables=${tables} />
  </div>`;
}

const root = document.getElementById('app');
root.textContent = '';
render(html`<${Home} />`, root);
