// people.js — what this browser remembers about its player, in
// localStorage: the display name (asked once, offered again next time) and
// every seat it holds (table, seat, token) for "my tables" on the start
// page; and the little form that asks for a name. Names are untrusted text
// from anyone: the server checks them (1–24 characters, no control
// characters) and the pages show them only as text nodes.
import { useState } from 'preact/hooks';
import { html } from './common.js';
import { t } from './i18n.js';

const NAME_KEY = 'gg.name';
const SEATS_KEY = 'gg.seats';
const MAX_SEATS = 50; // what POST /api/status takes at once
export const NAME_MAX = 24;

function load(key, fallback) {
  try { const v = JSON.parse(localStorage.getItem(key)); return v ?? fallback; } catch { return fallback; }
}
function save(key, v) { try { localStorage.setItem(key, JSON.stringify(v)); } catch { /* private mode */ } }

export const savedName = () => { const n = load(NAME_KEY, ''); return typeof n === 'string' ? n : ''; };
export const saveName = (n) => save(NAME_KEY, String(n).trim());

// The same checks as the server (people.c), to say what is wrong before sending.
export function nameProblem(name) {
  const n = String(name || '').trim();
  if (!n) return t('Please enter a name.');
  if ([...n].length > NAME_MAX) return t('A name has at most {n} characters.', { n: NAME_MAX });
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/.test(n)) return t('A name cannot contain control characters.');
  return null;
}

// Seats this browser holds: [{table, seat, token, title, added}], newest first.
export function mySeats() {
  const a = load(SEATS_KEY, []);
  return Array.isArray(a) ? a.filter((s) => s && typeof s.table === 'string' && Number.isInteger(s.seat) && typeof s.token === 'string') : [];
}
export function rememberSeat({ table, seat, token, title }) {
  if (!table || !(seat >= 0) || !token) return;
  const rest = mySeats().filter((s) => !(s.table === table && s.seat === seat));
  save(SEATS_KEY, [{ table, seat, token, title: title || '', added: Date.now() }, ...rest].slice(0, MAX_SEATS));
}
export function forgetSeat(table, seat) {
  save(SEATS_KEY, mySeats().filter((s) => !(s.table === table && s.seat === seat)));
}

// "Your name: [____] [Save]". onSave(name) gets a checked, trimmed name.
export function NameForm({ initial, onSave, label, button, error }) {
  const [name, setName] = useState(initial ?? savedName());
  const [problem, setProblem] = useState(null);
  const submit = (ev) => {
    ev.preventDefault();
    const p = nameProblem(name);
    setProblem(p);
    if (p) return;
    saveName(name);
    onSave(name.trim());
  };
  return html`<form class="name-form" onSubmit=${submit}>
    <label>${label || t('Your name')} <input name="player-name" value=${name} maxlength=${NAME_MAX * 2} autocomplete="nickname"
      onInput=${(e) => setName(e.target.value)} placeholder=${t('how others see you')} /></label>
    <button type="submit">${button || t('Save')}</button>
    ${problem || error ? html`<span class="error small" role="alert">${problem || error}</span>` : ''}
  </form>`;
}
