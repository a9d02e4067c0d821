// home.js — the start page: open a table (game, players, options, which
// seats are bots), hand out the invite links, and list the tables.
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { html, api, LangSwitcher } from './common.js';
import { t, initI18n, formatNumber } from './i18n.js';
import { MyTables, Lobby } from './lobby.js';

import { CreateForm, botWords } from './create_form.js';

function Invites({ created }) {
  const abs = (p) => `${location.origin}${p}`;
  const copy = (text) => navigator.clipboard && navigator.clipboard.writeText(text);
  return html`<section class="invites">
    <h2>${t('Table {id} is open', { id: created.id })}</h2>
    <p>${t('Send each friend their own link: it lets its holder play that seat and nobody else. Keep yours.')}</p>
    <ul>
      ${created.seats.map((s) => s.open ? html`<li><b>Seat ${s.seat + 1}</b> ${t('open: anyone can take it from the start page')}</li>`
        : s.kind === 'human' ? html`<li>
        <b>${t('Seat {n}', { n: s.seat + 1 })}</b> <a class="invite" data-seat=${s.seat} href=${s.invite}>${t('play this seat')}</a>
        <input readonly value=${abs(s.invite)} onFocus=${(e) => e.target.select()} />
        <button onClick=${() => copy(abs(s.invite))}>${t('copy')}</button></li>`
        : html`<li><b>${t('Seat {n}', { n: s.seat + 1 })}</b> ${botWords(s.bot).name}</li>`)}
      <li><b>${t('Spectators')}</b> <a href=${created.spectate}>${t('watch')}</a> <input readonly value=${abs(created.spectate)} onFocus=${(e) => e.target.select()} /></li>
    </ul>
    <p class="muted small">${t('Your creator key lets you give a seat to a bot if a friend leaves: it is in the')}${' '}
      ${(() => { const s = created.seats.find((x) => x.kind === 'human' && !x.open); return s ? html`<a class="admin-link" href=${`${s.invite}&admin=${created.admin}`}>${t("creator's link to seat {n}", { n: s.seat + 1 })}</a>` : html`<a class="admin-link" href=${`${created.spectate}&admin=${created.admin}`}>${t("creator's watch link")}</a>`; })()}${' '}
      ${t('(keep it to yourself). Key:')} <code>${created.admin}</code></p>
  </section>`;
}

function TableList({ tables }) {
  if (!tables.length) return html`<p class="muted">${t('No tables yet.')}</p>`;
  return html`<table class="tables">
    <thead><tr><th>${t('Table')}</th><th>${t('Game')}</th><th>${t('Seats')}</th><th>${t('Moves')}</th><th>${t('State')}</th><th></th></tr></thead>
    <tbody>${tables.map((tb) => html`<tr>
      <td><code>${tb.id}</code></td><td>${tb.title}</td>
      <td class="seat-list">${tb.seats.map((s) => (s.kind === 'bot' ? html`<span class="bot-tag" title=${botWords(s.bot).name}>${t('bot')}</span>`
        : html`<span class=${'dot ' + (s.connected ? 'on' : 'off')} title=${s.connected ? t('here') : t('away')}></span>`))}</td>
      <td>${formatNumber(tb.moves)}</td>
      <td>${tb.over ? t('finished') : t('to act: {seats}', { seats: tb.actors.map((a) => a + 1).join(', ') })}</td>
      <td><a href=${`/table.html#table=${tb.id}`}>${t('watch')}</a>${tb.over ? html` · <a href=${`/replay.html#table=${tb.id}`}>${t('replay')}</a>` : ''}</td>
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
    const timer = setInterval(refresh, 5000);
    return () => clearInterval(timer);
  }, []);
  return html`<div class="page home">
    <header><a href="/" class="home">gemgames</a><span class="title">${t('Ys and Splendor with friends')}</span><${LangSwitcher} /></header>
    ${error ? html`<p class="error">${error}</p>` : ''}
    <${MyTables} />
    <${Lobby} />
    <div class="home-grid">
      ${meta && meta.games.length ? html`<${CreateForm} games=${meta.games} bots=${meta.bots} onCreated=${(c) => { setCreated(c); refresh(); }} />`
        : html`<p class="muted">${meta ? t('This server has no games yet.') : t('Loading…')}</p>`}
      ${created ? html`<${Invites} created=${created} />` : ''}
    </div>
    <h2>${t('Tables')}</h2>
    <${TableList} tables=${tables} />
  </div>`;
}

const root = document.getElementById('app');
root.textContent = '';
render(html`<${Home} />`, root);
initI18n().then(() => render(html`<${Home} />`, root));
