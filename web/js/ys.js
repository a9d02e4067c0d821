// ys.js — the Ys board as SVG: the districts (ship, palace card, port, trade
// and palace zones with their brokers), the market grid, the rate track, the
// turn order, and each player's screen, front brokers, gems, cards and score.
// Clicking a zone, a market cell, a broker behind your screen or a gem colour
// narrows the move list to the legal moves about it (notation: "bid 1+3",
// "up 2 d3-port", "down 4 blue2", "gem red", "rate yellow-", "column red",
// "play magician ...", "order 1", "refill 3", "pass").
import { html, seatName, CardChip } from './common.js';
import { t, tn, formatNumber } from './i18n.js';
import { gemName, zoneName, wordOf } from './events.js';
import { ZoomBox, useMedia, NARROW } from './phone.js';

const GEMS = ['blue', 'green', 'yellow', 'red'];
const GEM_FILL = { blue: '#2f6fd6', green: '#2f9a52', yellow: '#e9c22c', red: '#d23a3a', black: '#2b2b2b', white: '#f5f5f0' };
export const SEAT_FILL = ['#f57c00', '#7b1fa2', '#00897b', '#6d4c41', '#c2185b'];
const ZONES = ['port', 'trade', 'palace'];

const w = (a) => a.split(' ');
export const targetTest = (t) => (a) => w(a).includes(t) || w(a).some((x) => x.split('/')[0] === t);
export const valueTest = (v) => (a) => {
  const x = w(a);
  if (x[0] === 'up' || x[0] === 'down') return (x[1] === 'front' ? x[2] : x[1]) === String(v);
  if (x[0] === 'bid') return x[1].split('+').includes(String(v));
  return false;
};
export const neutralTest = (v) => (a) => w(a)[0] === 'neutral' && w(a)[1] === String(v);
export const colourTest = (c) => (a) => a === `gem ${c}` || a.startsWith(`rate ${c}`) || a === `column ${c}`;

function Broker({ b, x, y, s = 26, me, revealed }) {
  const neutral = b.seat === 'neutral' || (revealed && typeof b.seat !== 'number');
  const fill = neutral ? '#8d8d8d' : SEAT_FILL[b.seat % SEAT_FILL.length];
  const hidden = !revealed && b.face === 'down';
  const label = b.value !== undefined ? String(b.value) : '?';
  const owner = neutral ? (b.placer !== undefined ? t('neutral (placed by Seat {n})', { n: b.placer + 1 }) : t('neutral')) : b.seat === me ? t('your') : t('Seat {n}\'s', { n: b.seat + 1 });
  const face = b.face === 'down' ? t('face down') : t('face up');
  return html`<g class=${revealed ? 'broker revealed' : 'broker'} data-revealed=${revealed ? String(b.value) : undefined}>
    <title>${revealed ? t('{owner} broker, revealed for scoring: {value}', { owner, value: b.value }) : b.value !== undefined ? t('{owner} broker, {face}, value {value}', { owner, face, value: b.value }) : t('{owner} broker, {face}', { owner, face })}</title>
    <rect x=${x} y=${y} width=${s} height=${s} rx="5" fill=${hidden ? '#fff' : fill} stroke=${fill} stroke-width="3"
      stroke-dasharray=${hidden ? '4 2' : ''} />
    <text x=${x + s / 2} y=${y + s * 0.7} text-anchor="middle" font-size=${s * 0.6} font-weight="800" fill=${hidden ? fill : '#fff'}>${label}</text>
  </g>`;
}

function GemDot({ x, y, r, colour, n }) {
  return html`<g><circle cx=${x} cy=${y} r=${r} fill=${GEM_FILL[colour]} stroke="#0007" />
    ${n !== undefined ? html`<text x=${x} y=${y + r * 0.38} text-anchor="middle" font-size=${r * 1.1} font-weight="700" fill=${colour === 'yellow' || colour === 'white' ? '#333' : '#fff'}>${n}</text>` : ''}</g>`;
}

function Zone({ d, zone, x, y, wd, me, legal, select, sel, mark, last }) {
  const target = `d${d.district}-${zone}`;
  const test = targetTest(target);
  const can = legal.some(test);
  const brokers = mark ? mark.brokers : d[zone].brokers;
  return html`<g class=${['zone', can ? 'legal clickable' : '', sel === target ? 'selected' : '', mark ? 'scored' : '', last ? 'last-move' : ''].join(' ')} data-target=${target}
      onClick=${can ? () => select({ key: target, label: t('District {n}, {zone}', { n: d.district, zone: zoneName(zone) }), test }) : undefined}>
    <rect class="frame" x=${x} y=${y} width=${wd} height="62" rx="6" fill=${{ port: '#dbe9f6', trade: '#f3ead2', palace: '#eadcf1' }[zone]} stroke="#0003" />
    <text x=${x + 6} y=${y + 14} font-size="11" fill="#555">${zone === 'palace' && d.palace_card ? html`<title>${cardText(d.palace_card)}</title>` : ''}${zoneName(zone)}${zone === 'palace' && d.palace_card ? ` — ${d.pile !== undefined ? t('card: {card} ({n} left)', { card: cardTitle(d.palace_card), n: d.pile }) : t('card: {card}', { card: cardTitle(d.palace_card) })}` : ''}</text>
    ${brokers.map((b, i) => html`<${Broker} key=${(mark ? 'r' : '') + i} b=${b} x=${x + 6 + (i % 7) * 30} y=${y + 20 + Math.floor(i / 7) * 30} me=${me} revealed=${!!mark} />`)}
    ${mark && mark.result ? html`<g class="zone-result"><title>${mark.title}</title>
      <rect x=${x + wd - 4 - Math.min(wd - 8, 10 + mark.result.length * 7.2)} y=${y + 46} width=${Math.min(wd - 8, 10 + mark.result.length * 7.2)} height="15" rx="4" fill="#5a3d12" />
      <text x=${x + wd - 8} y=${y + 57} text-anchor="end" font-size="11" font-weight="700" fill="#fff">${mark.result}</text></g>` : ''}
  </g>`;
}

function District({ d, x, me, legal, select, sel, event, marks, recent }) {
  const wd = 230;
  const focus = marks && marks.district === d.district ? marks : null;
  const lastIn = (zone) => recent.some((e) => (e.kind === 'ys.place' || e.kind === 'ys.neutral') && e.district === d.district && e.zone === zone);
  return html`<g class=${focus ? 'district scoring-focus' : 'district'} data-district=${d.district}>
    <rect class="district-frame" x=${x} y="0" width=${wd} height="300" rx="10" fill="#f7f2e6" stroke=${focus ? '#e65100' : '#0004'} stroke-width=${focus ? 5 : 1} />
    <text x=${x + 10} y="20" font-size="15" font-weight="800" fill="#5a3d12">${t('District {n}', { n: d.district })}</text>
    ${event ? html`<text class="port-event" x=${x + wd - 8} y="20" text-anchor="end" font-size="12" font-weight="700" fill="#b23a1e"><title>${t('event in this port this round (Y-10.3)')} — ${cardText(event)}</title>${wordOf('ys', 'event', event)}</text>` : ''}
    ${d.ship ? html`<g><title>${t('ship {card}: {gems}', { card: d.ship.card, gems: (d.ship.gems || []).map(gemName).join(', ') })}</title>
      <path d=${`M${x + 10} 38 h150 l-18 26 h-114 z`} fill="#8d6e63" />
      ${(d.ship.gems || []).map((g, i) => html`<${GemDot} key=${i} x=${x + 36 + i * 28} y=${33} r=${9} colour=${g} />`)}
    </g>` : html`<text x=${x + 10} y="52" font-size="12" fill="#999">${t('no ship')}</text>`}
    ${focus && focus.port ? html`<text class="port-result" x=${x + 10} y="69" font-size="10" font-weight="700" fill="#b23a1e"><title>${focus.port.title}</title>${t('port gems: {list}', { list: fitList(focus.port.text, 28) })}</text>` : ''}
    ${ZONES.map((z, i) => html`<${Zone} key=${z} d=${d} zone=${z} x=${x + 6} y=${72 + i * 74} wd=${wd - 12} me=${me} legal=${legal} select=${select} sel=${sel}
        mark=${focus && focus.zones[z] ? focus.zones[z] : null} last=${lastIn(z)} />`)}
  </g>`;
}

function Market({ market, y, me, legal, select, sel, marks, recent }) {
  const rows = market.rows;
  const cw = 96, ch = 40, x0 = 70;
  const m = marks && marks.market;
  const lastAt = (c, row) => recent.some((e) => (e.kind === 'ys.place' || e.kind === 'ys.neutral') && e.where === 'market' && e.row === row && e.colour === c);
  return html`<g class=${m ? 'market scoring-focus' : 'market'}>
    <text x="0" y=${y - 8} font-size="14" font-weight="800" fill="#5a3d12">${t('Market')}</text>
    ${m && m.majority ? html`<text class="majority-result" x="70" y=${y - 8} font-size="12" font-weight="700" fill="#b23a1e"><title>${m.majority.title}</title>${m.majority.result}</text>` : ''}
    ${GEMS.map((c, k) => html`<g key=${c}><rect x=${x0 + k * cw + 2} y=${y} width=${cw - 4} height="20" rx="4" fill=${GEM_FILL[c]} />
      <text x=${x0 + k * cw + cw / 2} y=${y + 15} text-anchor="middle" font-size="12" fill=${c === 'yellow' ? '#333' : '#fff'}>${gemName(c)}</text></g>`)}
    ${rows.map((r, j) => html`<g key=${r.row}>
      <text x="4" y=${y + 24 + j * ch + 26} font-size="12" fill=${r.open ? '#333' : '#bbb'}>${t('row {n}', { n: r.row })}</text>
      ${m && m.rows[r.row] ? html`<g class="row-result"><title>${m.rows[r.row].title}</title>
        <text x="4" y=${y + 24 + j * ch + 37} font-size="9" font-weight="700" fill="#b23a1e">→ ${m.rows[r.row].result}</text></g>` : ''}
      ${r.gem ? html`<${GemDot} x=${56} y=${y + 24 + j * ch + 21} r=${8} colour=${r.gem} />` : ''}
      ${GEMS.map((c, k) => {
        const target = `${c}${r.row}`;
        const test = targetTest(target);
        const can = legal.some(test);
        const rb = m ? m.cells[target] : null;
        const b = rb || (m ? null : market.columns[c][r.row]);
        return html`<g key=${c} class=${['cell', can ? 'legal clickable' : '', sel === target ? 'selected' : '', lastAt(c, r.row) ? 'last-move' : ''].join(' ')} data-target=${target}
            onClick=${can ? () => select({ key: target, label: t('Market {colour}, row {n}', { colour: gemName(c), n: r.row }), test }) : undefined}>
          <rect class="frame" x=${x0 + k * cw + 2} y=${y + 24 + j * ch} width=${cw - 4} height=${ch - 4} rx="5" fill=${r.open ? '#fffdf7' : '#e0ddd5'} stroke="#0003" />
          ${b ? html`<${Broker} key=${rb ? 'r' : 'b'} b=${b} x=${x0 + k * cw + cw / 2 - 14} y=${y + 24 + j * ch + 4} s=${28} me=${me} revealed=${!!rb} />` : ''}
        </g>`;
      })}
    </g>`)}
    ${m ? GEMS.map((c, k) => (m.columns[c] !== undefined ? html`<text key=${'mv' + c} class="column-result" x=${x0 + k * cw + cw - 8} y=${y + 15} text-anchor="end" font-size="11" font-weight="800" fill=${c === 'yellow' ? '#333' : '#fff'}><title>${t('the {colour} rate moves {move}', { colour: gemName(c), move: `${m.columns[c] >= 0 ? '+' : ''}${m.columns[c]}` })}</title>${m.columns[c] >= 0 ? '+' : ''}${m.columns[c]}</text>` : '')) : ''}
  </g>`;
}

function Rates({ rates, x, y, legal, select, sel }) {
  const vals = Object.values(rates);
  const lo = Math.min(-3, ...vals), hi = Math.max(6, ...vals);
  const cw = Math.min(30, 250 / (hi - lo + 1));
  return html`<g class="rates">
    <text x=${x} y=${y - 8} font-size="14" font-weight="800" fill="#5a3d12">${t('Rates')}</text>
    ${Array.from({ length: hi - lo + 1 }, (_, i) => html`<text key=${i} x=${x + 60 + i * cw + cw / 2} y=${y + 8} text-anchor="middle" font-size="10" fill="#777">${lo + i}</text>`)}
    ${GEMS.map((c, k) => {
      const test = colourTest(c);
      const can = legal.some(test);
      return html`<g key=${c} class=${['rate', can ? 'legal clickable' : '', sel === `colour-${c}` ? 'selected' : ''].join(' ')} data-target=${`colour ${c}`}
          onClick=${can ? () => select({ key: `colour-${c}`, label: gemName(c), test }) : undefined}>
        <rect class="frame" x=${x} y=${y + 14 + k * 34} width=${60 + (hi - lo + 1) * cw} height="30" rx="5" fill="#fffdf7" stroke="#0002" />
        <${GemDot} x=${x + 16} y=${y + 29 + k * 34} r=${10} colour=${c} />
        <text x=${x + 32} y=${y + 34 + k * 34} font-size="12">${rates[c]}</text>
        <circle cx=${x + 60 + (rates[c] - lo) * cw + cw / 2} cy=${y + 29 + k * 34} r="9" fill=${GEM_FILL[c]} stroke="#000" stroke-width="2" />
      </g>`;
    })}
  </g>`;
}

function PlayerPanel({ p, me, view, table, legal, select, sel, recent }) {
  const mine = p.seat === me;
  // what the newest events changed for this seat: highlighted (and, unless
  // the reader asked for reduced motion, briefly animated: style.css)
  const scored = recent.some((e) => e.kind === 'ys.points' && e.seat === p.seat);
  const gemMoved = (c) => recent.some((e) => e.kind === 'ys.gem' && e.seat === p.seat && e.gem === c);
  const toAct = view.actors.includes(p.seat);
  const counts = {};
  for (const v of p.screen || []) counts[v] = (counts[v] || 0) + 1;
  return html`<div class=${['player', mine ? 'mine' : '', toAct ? 'to-act' : ''].join(' ')} data-seat=${p.seat}>
    <div class="player-head"><span class="seat-chip" style=${`background:${SEAT_FILL[p.seat % SEAT_FILL.length]}`}></span>
      <b>${mine ? t('You') : seatName(table, p.seat)}</b>
      <span class=${scored ? 'points changed' : 'points'}>${tn('{n} pt', '{n} pts', p.score)}</span>
      <span class="muted">${t('order {n}', { n: p.order })}${p.bid_done === false && view.stage === 'bid' ? ` · ${t('bidding…')}` : ''}</span></div>
    <div class="ys-row"><span class="muted ys-label">${t('Gems')}</span><div class="ys-vals">
      <span class="gem-dots">${[...GEMS, 'black'].map((c) => html`<svg key=${c} viewBox="0 0 28 28" class="gem-dot"><g class=${gemMoved(c) ? 'changed' : ''}><${GemDot} x=${14} y=${14} r=${12} colour=${c} n=${p.gems[c]} /></g></svg>`)}</span></div></div>
    <div class="ys-row"><span class="muted ys-label">${t('Front')}</span><div class="ys-vals">
      ${p.front.map((v, i) => html`<span key=${i} class="broker-chip" style=${`border-color:${SEAT_FILL[p.seat % SEAT_FILL.length]}`}>${v}</span>`)}
      ${Array.from({ length: p.front_hidden || 0 }, (_, i) => html`<span key=${'h' + i} class="broker-chip hidden">?</span>`)}
      ${!p.front.length && !p.front_hidden ? html`<span class="muted">—</span>` : ''}</div></div>
    <div class="ys-row"><span class="muted ys-label">${t('Screen')}</span><div class="ys-vals">
      ${mine && p.screen ? Object.keys(counts).map((v) => {
        const test = valueTest(v);
        const can = legal.some(test);
        return html`<button key=${v} class=${['broker-chip', can ? 'legal' : '', sel === `value-${v}` ? 'selected' : ''].join(' ')} data-target=${`value ${v}`}
            disabled=${!can} onClick=${() => select({ key: `value-${v}`, label: t('Your broker {n}', { n: v }), test })}
            style=${`border-color:${SEAT_FILL[p.seat % SEAT_FILL.length]}`}>${v}${counts[v] > 1 ? html`<sub>×${counts[v]}</sub>` : ''}</button>`;
      }) : html`<span>${tn('{n} broker behind the screen', '{n} brokers behind the screen', p.screen_count)}</span>`}</div></div>
    ${(p.cards && p.cards.length) || (p.active && p.active.length) || (p.kept && p.kept.length) ? html`<div class="ys-row"><span class="muted ys-label">${t('Cards')}</span><div class="ys-vals">
      ${(p.kept || []).map((c, i) => html`<${CardChip} key=${'k' + i} cls="card-chip active" text=${`${t('kept (Y-10.2)')} — ${cardText(c)}`} name=${t('{card} (kept)', { card: cardTitle(c) })} />`)}
      ${(p.cards || []).map((c, i) => html`<${CardChip} key=${i} text=${cardText(c)} name=${cardName(c)} />`)}
      ${(p.active || []).map((c, i) => html`<${CardChip} key=${'a' + i} cls="card-chip active" text=${cardText(c)} name=${cardName(c)} />`)}</div></div>` : ''}
    ${p.neutral_hand || p.neutral_hand_count ? html`<div class="ys-row"><span class="muted ys-label">${t('Neutral')}</span><div class="ys-vals">
      ${(p.neutral_hand || []).map((v, i) => {
        const test = neutralTest(v);
        const can = mine && legal.some(test);
        return html`<button key=${i} class=${['broker-chip', can ? 'legal' : '', sel === `neutral-${v}` ? 'selected' : ''].join(' ')}
          data-target=${`neutral ${v}`} disabled=${!can} style="border-color:#8d8d8d"
          onClick=${() => select({ key: `neutral-${v}`, label: t('Neutral broker {n}', { n: v }), test })}>${v}</button>`;
      })}
      ${!p.neutral_hand ? html`<span>${tn('{n} neutral broker in hand', '{n} neutral brokers in hand', p.neutral_hand_count)}</span>` : ''}</div></div>` : ''}
  </div>`;
}

// The printed text of every character and event (GET /api/printed/ys, from
// data/ys/character_text.csv and event_text.csv), shown on hover and tap, in
// the reader's language: name and text from the event catalogue
// (ys:card.KEY, ys:text.KEY in data/i18n/<lang>.json), the rule id from the
// printed data; the printed English where a catalogue lacks the text.
let printed = null;
export function loadPrinted() {
  return fetch('/api/printed/ys').then((r) => (r.ok ? r.json() : null)).then((p) => { printed = p; }).catch(() => {});
}
// "smuggling2" is the second Smuggling card (Y-10.21): the same card's words.
const copyOf = (k) => (typeof k === 'string' && /^[a-z_]+2$/.test(k) && printed && printed.events[k.slice(0, -1)] ? k.slice(0, -1) : k);
export function cardText(key) {
  const k = copyOf(key && typeof key === 'object' ? key.card || key.name : key);
  const c = printed && (printed.characters[k] || printed.events[k]);
  if (!c) return String(k ?? '');
  const text = wordOf('ys', 'text', k);
  return `${cardTitle(k)} (${c.rule}): ${text !== String(k) ? text : c.text || ''}`;
}

// A ", "-separated list cut to about n characters at an item's end (never
// inside a name, so a translated or pseudo-locale word stays whole), "…" after.
function fitList(s, n) {
  if (s.length <= n) return s;
  const parts = s.split(', ');
  let out = parts[0];
  for (const p of parts.slice(1)) {
    if (out.length + 2 + p.length > n - 1) break;
    out += `, ${p}`;
  }
  return `${out}…`;
}

// A card's name in the reader's language (the event catalogue), else its
// printed name ("Royal Guard"), else its key.
export function cardTitle(key) {
  const k0 = key && typeof key === 'object' ? key.card || key.name : key;
  const k = copyOf(k0);
  if (k !== k0) return `${cardTitle(k)} 2`;
  for (const hint of ['card', 'event']) {
    const w = wordOf('ys', hint, k);
    if (w !== String(k)) return w;
  }
  const c = printed && (printed.characters[k] || printed.events[k]);
  return c && c.name ? c.name : String(k ?? '?');
}
const cardName = (c) => (c && typeof c === 'object' && c.playable === false ? t('{card} (used)', { card: cardTitle(c) }) : cardTitle(c));

// Ys+ (Y-10.3, Y-10.12): the general events in effect (district events are
// written in their district), the brokers on each Smuggling card, and the
// Philosopher's brokers on lines between zones.
const brokerText = (b) => `${b.seat === 'neutral' ? 'N' : t('seat {n}', { n: b.seat + 1 })} ${b.face === 'down' ? t('face down') : t('face up')}${b.value !== undefined ? ` ${b.value}` : ' ?'}`;
function Extras({ view }) {
  const ev = view.events;
  const ports = (ev && ev.ports) || [];
  const general = ev ? (ev.active || []).filter((e) => !ports.includes(e)) : [];
  const smuggling = ev ? ['smuggling1', 'smuggling2'].filter((k) => (ev[k] || []).length) : [];
  const lines = view.lines || [];
  if (!general.length && !smuggling.length && !lines.length) return '';
  return html`<div class="ys-info ys-extras">
    ${general.length ? html`<span>${t('events:')} ${general.map((g) => html`<${CardChip} key=${g} cls="card-chip event" text=${cardText(g)} name=${cardTitle(g)} />`)}</span>` : ''}
    ${smuggling.map((k) => html`<span key=${k}>${t('Smuggling {n}', { n: k.slice(-1) })}: ${ev[k].map(brokerText).join(', ')}</span>`)}
    ${lines.length ? html`<span>${t('on lines:')} ${lines.map((b) => `${b.line} (${brokerText(b)})`).join(', ')}</span>` : ''}
  </div>`;
}

// marks: what the scoring walk shows on the board (ys_scoring.js,
// scoringMarks); recent: the newest events, whose places are highlighted.
// The palace cards and port events on the board, by district, each with its
// full text on hover or tap (the SVG's titles need a mouse).
function PalaceCards({ view }) {
  const city = view.city || [];
  const ports = (view.events && view.events.ports) || [];
  const items = [];
  city.forEach((d, i) => {
    if (d.palace_card) items.push({ key: `p${d.district}`, d: d.district, c: d.palace_card });
    if (ports[i]) items.push({ key: `e${d.district}`, d: d.district, c: ports[i] });
  });
  if (!items.length) return '';
  return html`<div class="ys-info palace-cards"><span class="muted">${t('On the board:')}</span>
    ${items.map((x) => html`<span key=${x.key}>${t('D{n}', { n: x.d })} <${CardChip} text=${cardText(x.c)} name=${cardTitle(x.c)} /></span>`)}</div>`;
}

export function Board({ view, me, table, legal, select, selected, marks = null, recent = [] }) {
  const sel = selected && selected.key;
  const city = view.city || [];
  // A narrow screen (phone.js) stacks the districts two by two, then the
  // market, then the rates: 485 wide instead of up to 970, so the board
  // fits a phone's width at a readable size.
  const narrow = useMedia(NARROW);
  const cols = narrow ? 2 : Math.max(city.length, 1);
  const rows = Math.ceil(city.length / cols) || 1;
  const marketY = rows * 310 + 30;
  const marketRows = view.market ? view.market.rows.length : 0;
  const rateAt = narrow ? [5, marketY + 80 + marketRows * 40] : [470, 370];
  const width = narrow ? 485 : Math.max(city.length * 240 + 10, 800);
  const height = narrow ? rateAt[1] + 160 : 560;
  return html`<div class="ys">
    <div class="ys-info">
      <span>${t('Round')} <b>${view.round}</b></span>
      <span>${t('stage')} <b>${t(String(view.stage || '').replace(/_/g, ' '))}</b>${view.step ? ` (${t(String(view.step).replace(/_/g, ' '))})` : ''}</span>
      <span>${t('turn order:')} ${(view.turn_order || []).map((s, i) => html`<span key=${i} class="seat-chip" title=${t('seat {n}', { n: s + 1 })} style=${`background:${SEAT_FILL[s % SEAT_FILL.length]}`}>${s + 1}</span>`)}</span>
      ${view.port_gems_left ? html`<span>${t('port gems:')} ${view.port_gems_left.map((g, i) => html`<span key=${i} class="gem-chip" style=${`background:${GEM_FILL[g]}`}></span>`)}</span>` : ''}
      ${view.neutral ? html`<span>${t('neutral:')} <b>${formatNumber(view.neutral.score)}</b> ${t('pts (brokers {brokers})', { brokers: view.neutral.brokers })}</span>` : ''}
      <span class="muted">${t('ships left {n}', { n: view.ship_deck_left })} · ${t('palace piles {n}', { n: view.palace_piles_left })}</span>
    </div>
    ${Extras({ view })}
    <${ZoomBox}><svg class="board" viewBox=${`0 0 ${width} ${height}`} role="img" aria-label=${t('Ys board')}>
      ${city.map((d, i) => html`<g key=${d.district} transform=${`translate(${(i % cols) * 240 - i * 240} ${Math.floor(i / cols) * 310})`}><${District} d=${d} x=${5 + i * 240} me=${me} legal=${legal} select=${select} sel=${sel} event=${view.events && view.events.ports ? view.events.ports[i] : null} marks=${marks} recent=${recent} /></g>`)}
      ${view.market ? html`<g transform=${`translate(5 ${narrow ? marketY : 340})`}><${Market} market=${view.market} y=${20} me=${me} legal=${legal} select=${select} sel=${sel} marks=${marks} recent=${recent} /></g>` : ''}
      ${view.rates ? html`<${Rates} rates=${view.rates} x=${rateAt[0]} y=${rateAt[1]} legal=${legal} select=${select} sel=${sel} />` : ''}
    </svg></${ZoomBox}>
    ${PalaceCards({ view })}
    <div class="players">
      ${view.players.map((p) => html`<${PlayerPanel} key=${p.seat} p=${p} me=${me} view=${view} table=${table} legal=${legal} select=${select} sel=${sel} recent=${recent} />`)}
    </div>
  </div>`;
}
