// phone.js — what makes a phone a first-class device: a board box that
// fits the width and zooms (buttons, or a pinch on a touch screen) with its
// own scrolling so the page never scrolls sideways, the narrow-screen test
// the boards lay themselves out by, and the move sheet: on a phone the moves
// are picked by tapping the board, and this bar at the bottom of the screen
// shows the moves that match what was tapped (a small chooser, each move in
// words: move_words.js), or every
// legal move on request (docs/server.md, "The browser").
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { html } from './common.js';
import { t, tn } from './i18n.js';
import { moveWords } from './move_words.js';

export const NARROW = '(max-width: 600px)';
export const PHONE = '(max-width: 820px)';

// True while the window matches the media query.
export function useMedia(query) {
  const mq = typeof matchMedia === 'function' ? matchMedia(query) : null;
  const [on, setOn] = useState(mq ? mq.matches : false);
  useEffect(() => {
    if (!mq) return undefined;
    const f = () => setOn(mq.matches);
    mq.addEventListener('change', f);
    f();
    return () => mq.removeEventListener('change', f);
  }, [query]);
  return on;
}

const ZOOM_MAX = 4;
const clampZoom = (z) => Math.min(ZOOM_MAX, Math.max(1, Math.round(z * 100) / 100));

// The board at the width of its box (zoom 1), or larger in a box that
// scrolls by itself. The centre of what is seen stays put when zooming.
export function ZoomBox({ children }) {
  const [zoom, setZoom] = useState(1);
  const box = useRef(null);
  const centre = useRef(null);
  const touches = useRef(new Map());
  const pinch = useRef(null);

  const change = (z) => {
    const el = box.current;
    if (el) centre.current = [(el.scrollLeft + el.clientWidth / 2) / el.scrollWidth, (el.scrollTop + el.clientHeight / 2) / el.scrollHeight];
    setZoom((old) => clampZoom(typeof z === 'function' ? z(old) : z));
  };
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || !centre.current) return;
    el.scrollLeft = centre.current[0] * el.scrollWidth - el.clientWidth / 2;
    centre.current = null;
  }, [zoom]);

  const spread = () => {
    const [a, b] = [...touches.current.values()];
    return Math.hypot(a[0] - b[0], a[1] - b[1]) || 1;
  };
  const down = (e) => {
    if (e.pointerType !== 'touch') return;
    touches.current.set(e.pointerId, [e.clientX, e.clientY]);
    if (touches.current.size === 2) pinch.current = { d: spread(), z: zoom };
  };
  const move = (e) => {
    if (!touches.current.has(e.pointerId)) return;
    touches.current.set(e.pointerId, [e.clientX, e.clientY]);
    if (pinch.current && touches.current.size === 2) change(pinch.current.z * (spread() / pinch.current.d));
  };
  const up = (e) => {
    touches.current.delete(e.pointerId);
    if (touches.current.size < 2) pinch.current = null;
  };

  return html`<div class=${'zoombox' + (zoom > 1 ? ' zoomed' : '')}>
    <div class="zoom-ctl" role="group" aria-label=${t('Zoom the board')}>
      <button type="button" class="zoom-out" aria-label=${t('Zoom out')} disabled=${zoom <= 1} onClick=${() => change((z) => z / 1.5)}>−</button>
      <button type="button" class="zoom-fit" disabled=${zoom === 1} onClick=${() => change(1)}>${t('Fit')}</button>
      <button type="button" class="zoom-in" aria-label=${t('Zoom in')} disabled=${zoom >= ZOOM_MAX} onClick=${() => change((z) => z * 1.5)}>+</button>
    </div>
    <div class="zoom-scroll" ref=${box} onPointerDown=${down} onPointerMove=${move} onPointerUp=${up} onPointerCancel=${up}>
      <div class="zoom-inner" style=${`width:${zoom * 100}%`}>${children}</div>
    </div>
  </div>`;
}

// The phone's move bar. `filter` is what was tapped on the board (its
// label and the test its moves pass); `boardOffers` says whether anything
// on the board can be tapped now: when nothing can (a decision with no
// place on the board), the whole list opens by itself.
// Brings the first thing that can be tapped into view (a Ys bid is made on
// the brokers behind your screen, below the board).
const showWhere = () => {
  const el = document.querySelector('.board-area .legal.clickable, .board-area button.broker-chip.legal');
  if (el) el.scrollIntoView({ block: 'center', behavior: 'smooth' });
};

export function MoveSheet({ game, legal, filter, onPick, onClear, boardOffers }) {
  const [all, setAll] = useState(false);
  useEffect(() => setAll(false), [legal.join('|')]);
  if (!legal.length) return null;
  const matching = filter ? legal.filter(filter.test) : null;
  const list = matching || (all || !boardOffers ? legal : null);
  return html`<div class="sheet" role="region" aria-label=${t('Your moves')}>
    <div class="sheet-head">
      ${matching ? html`<b>${filter.label || t('Moves for your choice')}</b>`
        : html`<b>${t('Your move')}</b> ${boardOffers ? html`<button type="button" class="link sheet-where" onClick=${showWhere}>${t('tap the board (show where)')}</button>` : ''}`}
      <span class="sheet-actions">
        ${matching ? html`<button type="button" class="link sheet-cancel" onClick=${onClear}>${t('cancel')}</button>`
          : boardOffers ? html`<button type="button" class="link sheet-all" aria-expanded=${all} onClick=${() => setAll(!all)}>${all ? t('hide the list') : tn('all {n} move', 'all {n} moves', legal.length)}</button>` : ''}
      </span>
    </div>
    ${list ? html`<div class="sheet-list">
      ${list.map((a) => {
        const said = moveWords(game, a);
        return html`<button type="button" class="move" data-move=${a} onClick=${() => onPick(a)}>${said}${said !== a ? html` <code class="notation">${a}</code>` : ''}</button>`;
      })}
      ${list.length === 0 ? html`<span class="muted">${t('nothing legal there')}</span>` : ''}
    </div>` : ''}
  </div>`;
}
