// clock.js — time controls in the browser (docs/server.md, "Clocks"): the
// choice at table creation, each seat's clock counting down locally from the
// remaining time the server last sent, and the log's notices of moves the
// clock made for a seat. The server keeps the time; this only shows it.
import { useEffect, useRef, useState } from 'preact/hooks';
import { html } from './common.js';
import { t, tn } from './i18n.js';

// Presets in the words of the big sites: real time (a bank and an increment)
// and turn based (a long time for every move).
export const CLOCK_PRESETS = [
  { id: 'none', label: () => t('No clock'), clock: null },
  { id: 'blitz', label: () => t('Real time, fast: 30 seconds a move'), clock: { kind: 'move', move_s: 30 } },
  { id: 'real', label: () => t('Real time: 2 minutes + 20 seconds a move'), clock: { kind: 'bank', bank_s: 120, increment_s: 20 } },
  { id: 'slow', label: () => t('Real time, slow: 10 minutes + 30 seconds a move'), clock: { kind: 'bank', bank_s: 600, increment_s: 30 } },
  { id: 'day', label: () => t('Turn based: 24 hours a move'), clock: { kind: 'move', move_s: 86400 } },
  { id: 'days', label: () => t('Turn based: 3 days a move'), clock: { kind: 'move', move_s: 259200 } },
];

// The "clock" of a creation request from the form's choice.
export function clockRequest(presetId, timeouts) {
  const p = CLOCK_PRESETS.find((x) => x.id === presetId);
  return p && p.clock ? { ...p.clock, timeouts: Number(timeouts) } : undefined;
}

export function ClockChoice({ preset, timeouts, onPreset, onTimeouts }) {
  return html`<fieldset class="clock-choice"><legend>${t('Clock')}</legend>
    <label>${t('Time for each player')}
      <select name="clock" value=${preset} onChange=${(e) => onPreset(e.target.value)}>
        ${CLOCK_PRESETS.map((p) => html`<option value=${p.id}>${p.label()}</option>`)}
      </select></label>
    ${preset !== 'none' ? html`<label>${t('When a player runs out of time')}
      <select name="timeouts" value=${timeouts} onChange=${(e) => onTimeouts(e.target.value)}>
        ${[1, 2, 3, 5].map((n) => html`<option value=${n}>${tn('a bot makes that move; after {n} time in a row the bot takes the seat', 'a bot makes that move; after {n} times in a row the bot takes the seat', n)}</option>`)}
        <option value="0">${t('a bot makes that move; the seat stays the player\'s')}</option>
      </select></label>` : ''}
  </fieldset>`;
}

// 1:05:09, 4:07, 0:09; a day or more as "2 d 3 h".
export function formatClock(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const d = Math.floor(s / 86400), h = Math.floor((s % 86400) / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
  if (d > 0) return t('{d} d {h} h', { d, h });
  const two = (x) => String(x).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}

// Remaining time of each seat now: a running clock counts down from what
// the last frame said, locally (no frame per second from the server).
function useClockNow(clock) {
  const base = useRef({ clock: null, at: 0 });
  if (base.current.clock !== clock) base.current = { clock, at: Date.now() };
  const [, tick] = useState(0);
  const running = clock && clock.seats.some((s) => s.running);
  useEffect(() => {
    if (!running) return undefined;
    const id = setInterval(() => tick((x) => x + 1), 250);
    return () => clearInterval(id);
  }, [running, clock]);
  const since = Date.now() - base.current.at;
  return (seat) => {
    const s = clock.seats[seat];
    return s.running ? s.remaining_ms - since : s.remaining_ms;
  };
}

export function describeClock(clock) {
  if (!clock) return '';
  if (clock.kind === 'move') return t('{time} a move', { time: formatClock(clock.move_s * 1000) });
  return t('{bank} + {inc} a move', { bank: formatClock(clock.bank_s * 1000), inc: formatClock(clock.increment_s * 1000) });
}

// Every seat's clock, the running ones counting down.
export function Clocks({ table, me }) {
  const clock = table.clock;
  const left = useClockNow(clock);
  if (!clock) return null;
  return html`<div class="clocks" role="timer">
    <div class="muted small">${describeClock(clock)}${clock.started ? '' : html` · ${t('the clocks start once every player has come to the table')}`}</div>
    <ul>${clock.seats.map((s, i) => {
      const ms = left(i);
      const low = s.running && ms < 10000;
      return html`<li key=${i} class=${['clock', s.running ? 'running' : '', low ? 'low' : '', i === me ? 'me' : ''].join(' ')} data-seat=${i}>
        <span class="who">${i === me ? t('You') : t('Seat {n}', { n: i + 1 })}</span>
        <span class="time">${table.seats[i].kind === 'bot' ? t('bot') : formatClock(ms)}</span>
        ${s.running ? html`<span class="badge">${t('running')}</span>` : ''}
        ${s.timeouts ? html`<span class="muted small">${tn('{n} timeout', '{n} timeouts', s.timeouts)}</span>` : ''}
      </li>`;
    })}</ul>
  </div>`;
}

// The log's notices: a move the clock made for a seat, and the seat going to
// a bot after the table's number of timeouts. Newest first, like the log.
export function ClockNotices({ log, me, table }) {
  const lines = log.filter((l) => l && l.timeout).slice().reverse();
  if (!lines.length) return null;
  const who = (s) => (s === me ? t('You') : t('Seat {n}', { n: s + 1 }));
  const limit = table.clock ? table.clock.timeouts : 0;
  return html`<ul class="clock-notices">${lines.map((l) => html`<li key=${l.i}>
    ${t('Move {i}: {who} ran out of time; the heuristic bot played for them.', { i: l.i + 1, who: who(l.seat) })}
    ${l.to_bot ? html` <b>${tn('After {n} timeout the seat goes to a bot for good.', 'After {n} timeouts the seat goes to a bot for good.', limit)}</b>` : ''}
  </li>`)}</ul>`;
}
