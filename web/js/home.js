// home.js — the start page: open a table (game, players, options, which
// seats are bots), hand out the invite links, and list the tables.
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { html, api } from './common.js';
import { t } from './i18n.js';
import { MyTables, Lobby } from './lobby.js';

import { CreateForm, botWords } from './create_form.js';

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
        : html`<li><b>Seat ${s.seat + 1}</b> ${botWords(s.bot).name}</li>`)}
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
