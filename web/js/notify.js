// notify.js — telling a player it is their turn when they are looking
// elsewhere: the tab title (done by each page), and, if they switch them on,
// a short sound and a browser notification (Notifications API; permission
// is asked only when they tick the box). Choices are kept in localStorage.
import { useState } from 'preact/hooks';
import { html } from './common.js';
import { t } from './i18n.js';

const get = (k) => { try { return localStorage.getItem(k) === '1'; } catch { return false; } };
const set = (k, v) => { try { localStorage.setItem(k, v ? '1' : '0'); } catch { /* private mode */ } };

export const soundOn = () => get('gg.sound');
export const notifyOn = () => get('gg.notify') && typeof Notification !== 'undefined' && Notification.permission === 'granted';

let audio = null;
export function beep() {
  try {
    audio = audio || new AudioContext();
    const o = audio.createOscillator(), g = audio.createGain();
    o.frequency.value = 660;
    g.gain.setValueAtTime(0.15, audio.currentTime);
    g.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
    o.connect(g).connect(audio.destination);
    o.start();
    o.stop(audio.currentTime + 0.35);
  } catch { /* no audio */ }
}

// It has just become this player's turn somewhere: `text` says where.
export function turnAlert(text, url) {
  if (soundOn()) beep();
  if (notifyOn() && document.hidden) {
    try {
      const n = new Notification(t('Your turn'), { body: text, tag: url || 'gemgames' });
      n.onclick = () => { window.focus(); if (url) location.href = url; n.close(); };
    } catch { /* some browsers only notify from a service worker */ }
  }
}

export function AlertSettings() {
  const [sound, setSound] = useState(get('gg.sound'));
  const [notify, setNotify] = useState(get('gg.notify'));
  const [denied, setDenied] = useState(false);
  const canNotify = typeof Notification !== 'undefined';
  const toggleNotify = async (on) => {
    if (on && canNotify && Notification.permission !== 'granted') {
      const p = await Notification.requestPermission().catch(() => 'denied');
      if (p !== 'granted') { setDenied(true); on = false; }
    }
    set('gg.notify', on);
    setNotify(on);
  };
  return html`<div class="alert-settings small">
    <label><input type="checkbox" name="sound" checked=${sound} onChange=${(e) => { set('gg.sound', e.target.checked); setSound(e.target.checked); if (e.target.checked) beep(); }} /> ${t('Sound on my turn')}</label>
    ${canNotify ? html`<label><input type="checkbox" name="notify" checked=${notify} onChange=${(e) => toggleNotify(e.target.checked)} /> ${t('Browser notification on my turn')}</label>` : ''}
    ${denied ? html`<span class="muted">${t('Notifications are blocked for this site in your browser.')}</span>` : ''}
  </div>`;
}
