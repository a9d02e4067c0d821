// chat.js — the table's chat for players and spectators. Messages come from
// the server as {"type":"chat","messages":[{i, seat, name, text, ts}]}
// (history on join, then each new one); every name and text is shown as a
// text node, never as markup. A player may mute the chat (kept in
// localStorage): messages are then hidden and only counted.
import { useEffect, useRef, useState } from 'preact/hooks';
import { html, seatLabel } from './common.js';
import { t, tn, formatTime } from './i18n.js';
import { savedName, NameForm } from './people.js';

export const CHAT_MAX = 500;

// Merges a chat frame into the messages held (by index; bounded).
export function mergeChat(old, m) {
  const byIndex = new Map(old.map((x) => [x.i, x]));
  for (const x of m.messages || []) byIndex.set(x.i, x);
  return [...byIndex.values()].sort((a, b) => a.i - b.i).slice(-300);
}

const muteKey = (table) => `gg.chatMuted.${table}`;
const isMuted = (table) => { try { return localStorage.getItem(muteKey(table)) === '1'; } catch { return false; } };

// the time of day in the page's language (not the browser's default locale)
function when(ts) {
  return formatTime(new Date(ts * 1000));
}

function who(m, me) {
  if (m.seat === me && me >= 0) return t('You');
  if (m.seat >= 0) return m.name || seatLabel(m.seat);
  return m.name ? t('{name} (watching)', { name: m.name }) : t('Spectator');
}

// session: common.js Session; error: the last chat error from the server.
export function Chat({ table, me, messages, session, error, clearError }) {
  const [text, setText] = useState('');
  const [muted, setMuted] = useState(isMuted(table));
  const [seenAtMute, setSeenAtMute] = useState(messages.length);
  const [myName, setMyName] = useState(savedName()); // a spectator's name in the chat
  const [naming, setNaming] = useState(false);
  const list = useRef(null);
  useEffect(() => { if (list.current) list.current.scrollTop = list.current.scrollHeight; }, [messages.length, muted]);
  const mute = (on) => {
    try { localStorage.setItem(muteKey(table), on ? '1' : '0'); } catch { /* private mode */ }
    setSeenAtMute(messages.length);
    setMuted(on);
  };
  const send = (ev) => {
    ev.preventDefault();
    const body = text.trim();
    if (!body) return;
    const msg = { type: 'chat', text: body, id: `chat-${Date.now()}` };
    if (me < 0 && myName) msg.name = myName;
    clearError();
    if (session && session.send(msg)) setText('');
  };
  const unseen = messages.length - seenAtMute;
  return html`<section class="chat" aria-label=${t('Chat')}>
    <div class="chat-head"><h3>${t('Chat')}</h3>
      <button class="link mute" onClick=${() => mute(!muted)}>${muted ? t('Unmute chat') : t('Mute chat')}</button></div>
    ${muted ? html`<p class="muted small">${t('Chat is muted.')} ${unseen > 0 ? tn('{n} new message', '{n} new messages', unseen) : ''}</p>`
      : html`<ol class="chat-list" ref=${list}>
        ${messages.length === 0 ? html`<li class="muted small">${t('No messages yet.')}</li>` : ''}
        ${messages.map((m) => html`<li key=${m.i} class=${m.seat === me && me >= 0 ? 'mine' : ''}>
          <time class="muted small" datetime=${new Date(m.ts * 1000).toISOString()}>${when(m.ts)}</time> <b class="chat-who">${who(m, me)}</b> <span class="chat-text">${m.text}</span></li>`)}
      </ol>
      ${me < 0 ? (naming ? html`<${NameForm} label=${t('Your name in the chat')} initial=${myName} onSave=${(n) => { setMyName(n); setNaming(false); }} />`
        : html`<p class="muted small">${myName ? t('You chat as {name} (watching).', { name: myName }) : t('You chat as a spectator.')}${' '}
            <button class="link spectator-name" onClick=${() => setNaming(true)}>${myName ? t('Change') : t('Give your name')}</button></p>`) : ''}
      <form class="chat-form" onSubmit=${send}>
        <input name="chat" value=${text} maxlength=${CHAT_MAX} placeholder=${t('Say something')} autocomplete="off"
          onInput=${(e) => setText(e.target.value)} />
        <button type="submit">${t('Send')}</button>
      </form>`}
    ${error ? html`<p class="error small" role="alert">${error}</p>` : ''}
  </section>`;
}
