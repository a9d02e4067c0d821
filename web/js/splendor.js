// splendor.js — the Splendor table as SVG: nobles, three rows of cards with
// their decks, the token supply, and each player's tokens, bonuses, reserved
// cards and nobles. Clicking a card, deck, token, noble or reserved card
// narrows the move list to the legal moves about it (notation in
// docs/notation.md: "take W B G", "buy 2-3", "reserve deck 1", "buy r1", ...).
import { useState } from 'preact/hooks';
import { html, seatName } from './common.js';
import { ZoomBox } from './phone.js';
import { t, tn } from './i18n.js';
import { gemName } from './events.js';

const COLOURS = ['white', 'blue', 'green', 'red', 'black', 'gold'];
const LETTER = { white: 'W', blue: 'B', green: 'G', red: 'R', black: 'K', gold: 'Y' };
const FILL = { white: '#f4f1ea', blue: '#2f6fd6', green: '#2f9a52', red: '#d23a3a', black: '#3a3030', gold: '#e9b82c' };
const INK = { white: '#333', blue: '#fff', green: '#fff', red: '#fff', black: '#fff', gold: '#333' };

const words = (a) => a.split(' ');
const isBuyOf = (src) => (a) => a === `buy ${src}` || a.startsWith(`buy ${src} `);

export function cardTest(tier, slot) {
  const src = `${tier}-${slot}`;
  return (a) => isBuyOf(src)(a) || a === `reserve ${src}`;
}
export const deckTest = (tier) => (a) => a === `reserve deck ${tier}`;
export const supplyTest = (colour) => (a) => words(a)[0] === 'take' && words(a).includes(LETTER[colour]);
export const ownTokenTest = (colour) => (a) => words(a)[0] === 'return' && words(a).includes(LETTER[colour]);
export const reservedTest = (i) => isBuyOf(`r${i}`);
export const nobleTest = (slot) => (a) => a === `noble ${slot}`;

// The full text of a card or noble, from the view's printed data (the card's
// cost, points and bonus): shown on hover (SVG title), in the move list's
// heading when a tap selects it, and on a tap on any card or noble the viewer
// can see (a phone has no hover): under the board, or under the seat's
// reserved cards (tipText).
const costText = (cost) => COLOURS.filter((c) => cost && cost[c] > 0).map((c) => `${cost[c]} ${gemName(c)}`).join(', ') || t('nothing');
export function cardText(card) {
  if (!card || card.hidden) return t('a face-down card');
  return t('Tier {tier} card: {points} points, gives a {bonus} bonus; costs {cost}', {
    tier: card.tier ?? '?', points: card.points ?? 0, bonus: gemName(card.bonus), cost: costText(card.cost),
  });
}
export const nobleText = (noble) => t('Noble: {points} points, visits a player with bonuses of {needs}', { points: noble.points, needs: costText(noble.requires) });

// The text a tap asked for ({key: "c" + card id or "n" + noble id}), while
// that card or noble is still where the viewer sees it; null otherwise.
function tipText(view, tip) {
  if (!tip) return null;
  for (const n of view.nobles || []) if (n && `n${n.noble}` === tip.key) return nobleText(n);
  const cards = [...view.tiers.flatMap((tr) => tr.cards), ...view.players.flatMap((p) => p.reserved)];
  const c = cards.find((x) => x && !x.hidden && `c${x.card}` === tip.key);
  return c ? cardText(c) : null;
}
const Tip = ({ text, tipKey }) => html`<p class="card-tip splendor-tip" role="note" data-tip=${tipKey}>${text}</p>`;

function Gem({ x, y, r, colour, n, label }) {
  return html`<g>
    <circle class="frame" cx=${x} cy=${y} r=${r} fill=${FILL[colour]} stroke="#0006" stroke-width="1.5" />
    ${n !== undefined ? html`<text x=${x} y=${y + r * 0.35} text-anchor="middle" font-size=${r * 1.05} font-weight="700" fill=${INK[colour]}>${n}</text>` : ''}
    ${label ? html`<text x=${x} y=${y + r + 13} text-anchor="middle" font-size="11" fill="#555">${label}</text>` : ''}
  </g>`;
}

function Cost({ cost, x, y, size }) {
  const items = COLOURS.filter((c) => cost && cost[c] > 0);
  return items.map((c, i) => html`<g key=${c}>
    <circle cx=${x + size / 2} cy=${y - i * (size + 3) - size / 2} r=${size / 2} fill=${FILL[c]} stroke="#0008" />
    <text x=${x + size / 2} y=${y - i * (size + 3) - size / 2 + size * 0.34} text-anchor="middle" font-size=${size * 0.85} font-weight="700" fill=${INK[c]}>${cost[c]}</text>
  </g>`);
}

// One development card (or a face-down one) at x, y.
// onTap: any tap (its printed text); onClick: a tap that selects (legal).
export function Card({ card, x, y, w = 100, hgt = 140, onClick, onTap, legal, selected, title, last }) {
  const cls = ['card', legal ? 'legal' : '', selected ? 'selected' : '', onClick ? 'clickable' : '', last ? 'last-move' : '', onTap ? 'tappable' : ''].join(' ');
  if (!card || card.hidden) {
    const tier = card ? card.tier : '?';
    return html`<g class=${cls} onClick=${onClick} data-target=${title}>
      <title>${title || t('face-down card')}</title>
      <rect class="frame" x=${x} y=${y} width=${w} height=${hgt} rx="8" fill=${['#6a9d5b', '#c9a227', '#3f64a8'][(tier - 1) % 3] || '#777'} stroke="#0008" />
      <text x=${x + w / 2} y=${y + hgt / 2 + 8} text-anchor="middle" font-size="22" fill="#fff" font-weight="700">${'•'.repeat(tier)}</text>
    </g>`;
  }
  const tap = onTap || onClick ? (e) => { if (onTap) onTap(); if (onClick) onClick(e); } : undefined;
  return html`<g class=${cls} onClick=${tap} data-target=${title}>
    <title>${title ? `${title} — ` : ''}${cardText(card)}</title>
    <rect class="frame" x=${x} y=${y} width=${w} height=${hgt} rx="8" fill="#fffdf7" stroke="#0008" />
    <rect x=${x} y=${y} width=${w} height=${hgt * 0.24} rx="8" fill=${FILL[card.bonus]} opacity="0.9" />
    ${card.points ? html`<text x=${x + 9} y=${y + hgt * 0.19} font-size=${hgt * 0.17} font-weight="800" fill=${INK[card.bonus]}>${card.points}</text>` : ''}
    <circle cx=${x + w - 16} cy=${y + hgt * 0.12} r=${hgt * 0.08} fill=${FILL[card.bonus]} stroke=${INK[card.bonus]} stroke-width="2" />
    <${Cost} cost=${card.cost} x=${x + 6} y=${y + hgt - 6} size=${hgt * 0.14} />
  </g>`;
}

function Noble({ noble, x, y, onClick, onTap, legal }) {
  if (!noble) return html`<rect x=${x} y=${y} width="86" height="86" rx="6" fill="none" stroke="#0002" stroke-dasharray="4" />`;
  const req = COLOURS.filter((c) => noble.requires[c] > 0);
  const tap = (e) => { if (onTap) onTap(); if (onClick) onClick(e); };
  return html`<g class=${['noble', legal ? 'legal clickable' : '', 'tappable'].join(' ')} onClick=${tap} data-target=${`noble ${noble.slot}`}>
    <title>${nobleText(noble)}</title>
    <rect class="frame" x=${x} y=${y} width="86" height="86" rx="6" fill="#efe3c8" stroke="#0008" />
    <text x=${x + 8} y=${y + 24} font-size="20" font-weight="800" fill="#5a3d12">${noble.points}</text>
    ${req.map((c, i) => html`<g key=${c}><rect x=${x + 60} y=${y + 6 + i * 26} width="20" height="24" rx="3" fill=${FILL[c]} stroke="#0008" />
      <text x=${x + 70} y=${y + 23 + i * 26} text-anchor="middle" font-size="14" font-weight="700" fill=${INK[c]}>${noble.requires[c]}</text></g>`)}
  </g>`;
}

function Player({ p, me, view, table, legal, select, selectedKey, recent, tip, toggleTip }) {
  const mine = p.seat === me;
  // what the newest events changed for this seat
  const mineNow = recent.filter((e) => e.seat === p.seat);
  const scored = mineNow.some((e) => e.kind === 'splendor.buy' || e.kind === 'splendor.noble');
  const tokenMoved = (c) => mineNow.some((e) => (e.kind === 'splendor.take' || e.kind === 'splendor.return') && e.tokens && e.tokens[c])
    || mineNow.some((e) => e.kind === 'splendor.buy' && e.paid && e.paid[c]) || (c === 'gold' && mineNow.some((e) => e.kind === 'splendor.reserve' && e.gold));
  const toAct = view.actors.includes(p.seat);
  return html`<div class=${['player', mine ? 'mine' : '', toAct ? 'to-act' : ''].join(' ')} data-seat=${p.seat}>
    <div class="player-head"><b>${mine ? t('You') : seatName(table, p.seat)}</b>
      <span class=${scored ? 'points changed' : 'points'}>${tn('{n} pt', '{n} pts', p.points)}</span>
      <span class="muted">${tn('{n} card', '{n} cards', p.card_count)} · ${tn('{n} token', '{n} tokens', p.token_count)}${p.nobles.length ? ` · ${tn('{n} noble', '{n} nobles', p.nobles.length)}` : ''}</span></div>
    <svg class="player-svg" viewBox="0 0 330 94" role="img" aria-label=${t('tokens and bonuses')}>
      ${COLOURS.map((c, i) => {
        const test = ownTokenTest(c);
        const can = mine && legal.some(test);
        return html`<g key=${c} class=${[can ? 'legal clickable' : '', tokenMoved(c) ? 'changed' : ''].join(' ')} data-target=${`own ${c}`}
            onClick=${can ? () => select({ key: `own-${c}`, label: t('Return {colour}', { colour: gemName(c) }), test }) : undefined}>
          <${Gem} x=${26 + i * 52} y=${24} r=${18} colour=${c} n=${p.tokens[c]} />
          ${c !== 'gold' ? html`<rect x=${12 + i * 52} y=${52} width="28" height="36" rx="4" fill=${FILL[c]} stroke="#0008" />
            <text x=${26 + i * 52} y=${76} text-anchor="middle" font-size="17" font-weight="700" fill=${INK[c]}>${p.bonus[c]}</text>` : ''}
        </g>`;
      })}
    </svg>
    ${p.reserved.length ? html`<div class="reserved">
      <span class="muted">${t('Reserved:')}</span>
      <svg viewBox=${`0 0 ${p.reserved.length * 62} 84`} class="reserved-svg">
        ${p.reserved.map((c, i) => {
          const test = reservedTest(i + 1);
          const can = mine && legal.some(test);
          return html`<${Card} key=${i} card=${c} x=${i * 62 + 1} y=${1} w=${58} hgt=${82} legal=${can}
            selected=${selectedKey === `r${i + 1}`} title=${c.shown ? t('reserved r{n}: shown to everyone at a pass (S-3.6)', { n: i + 1 }) : t('reserved r{n}', { n: i + 1 })}
            onTap=${c.hidden ? undefined : () => toggleTip(`c${c.card}`, `seat ${p.seat}`)}
            onClick=${can ? () => select({ key: `r${i + 1}`, label: `${t('Reserved card r{n}', { n: i + 1 })} — ${cardText(c)}`, test }) : undefined} />`;
        })}
      </svg></div>` : ''}
    ${tip && tip.where === `seat ${p.seat}` && tipText(view, tip) ? html`<${Tip} text=${tipText(view, tip)} tipKey=${tip.key} />` : ''}
  </div>`;
}

// recent: the newest events (table.js), whose changes are highlighted.
export function Board({ view, me, table, legal, select, selected, recent = [] }) {
  const sel = selected && selected.key;
  // {key, where}: the card or noble whose printed text a tap asked for
  const [tip, setTip] = useState(null);
  const toggleTip = (key, where) => setTip((old) => (old && old.key === key && old.where === where ? null : { key, where }));
  const boardTip = tip && tip.where === 'board' ? tipText(view, tip) : null;
  const refilled = (tier, slot) => recent.some((e) => e.kind === 'splendor.refill' && e.tier === tier && e.slot === slot);
  const supplyMoved = (c) => recent.some((e) => ((e.kind === 'splendor.take' || e.kind === 'splendor.return') && e.tokens && e.tokens[c])
    || (e.kind === 'splendor.buy' && e.paid && e.paid[c]) || (c === 'gold' && e.kind === 'splendor.reserve' && e.gold));
  const nobles = view.nobles || [];
  const click = (key, label, test) => (legal.some(test) ? () => select({ key, label, test }) : undefined);
  return html`<div class="splendor">
    <${ZoomBox}><svg class="board" viewBox="0 0 660 560" role="img" aria-label=${t('Splendor table')}>
      ${nobles.map((n, i) => html`<${Noble} key=${i} noble=${n} x=${110 + i * 92} y=${2} onTap=${n ? () => toggleTip(`n${n.noble}`, 'board') : undefined}
          legal=${n && legal.some(nobleTest(n.slot))} onClick=${n ? click(`noble-${n.slot}`, `${t('Noble {n}', { n: n.slot })} — ${nobleText(n)}`, nobleTest(n.slot)) : undefined} />`)}
      ${[...view.tiers].reverse().map((tr, row) => {
        const y = 100 + row * 152;
        const deckCan = legal.some(deckTest(tr.tier));
        return html`<g key=${tr.tier}>
          ${tr.deck > 0 ? html`<${Card} card=${{ hidden: true, tier: tr.tier }} x=${0} y=${y} legal=${deckCan} selected=${sel === `deck-${tr.tier}`}
            title=${t('deck {n}', { n: tr.tier })} onClick=${click(`deck-${tr.tier}`, t('Deck {n}', { n: tr.tier }), deckTest(tr.tier))} />` :
            html`<rect x="0" y=${y} width="100" height="140" rx="8" fill="none" stroke="#0003" stroke-dasharray="5" />`}
          <text x="50" y=${y + 128} text-anchor="middle" font-size="12" fill="#fff">${t('{n} left', { n: tr.deck })}</text>
          ${tr.cards.map((c, k) => {
            const test = cardTest(tr.tier, k + 1);
            return c ? html`<${Card} key=${k} card=${c} x=${110 + k * 110} y=${y} legal=${legal.some(test)} last=${refilled(tr.tier, k)}
                selected=${sel === `${tr.tier}-${k + 1}`} title=${t('card {id}', { id: `${tr.tier}-${k + 1}` })}
                onTap=${() => toggleTip(`c${c.card}`, 'board')}
                onClick=${click(`${tr.tier}-${k + 1}`, `${t('Card {id}', { id: `${tr.tier}-${k + 1}` })} — ${cardText(c)}`, test)} />`
              : html`<rect key=${k} x=${110 + k * 110} y=${y} width="100" height="140" rx="8" fill="none" stroke="#0002" stroke-dasharray="5" />`;
          })}
        </g>`;
      })}
      ${COLOURS.map((c, i) => {
        const test = supplyTest(c);
        const can = legal.some(test);
        // Colours add up: W then B then G narrows to "take W B G".
        const picked = selected && selected.colours ? selected.colours : [];
        const isPicked = picked.includes(c);
        const next = isPicked ? picked.filter((x) => x !== c) : [...picked, c];
        const pick = () => (next.length ? select({
          key: `take-${next.join('+')}`, colours: next, replace: true, label: t('Take {colours}', { colours: next.map(gemName).join(', ') }),
          test: (a) => next.every((x) => supplyTest(x)(a)),
        }) : select(null));
        return html`<g key=${c} class=${['supply', can ? 'legal clickable' : '', isPicked ? 'selected' : '', supplyMoved(c) ? 'changed' : ''].join(' ')}
            data-target=${`supply ${c}`} onClick=${can ? pick : undefined}>
          <title>${t('{colour}: {n} in the supply', { colour: gemName(c), n: view.supply[c] })}</title>
          <${Gem} x=${610} y=${38 + i * 90} r=${30} colour=${c} n=${view.supply[c]} label=${gemName(c)} />
        </g>`;
      })}
    </svg></${ZoomBox}>
    ${boardTip ? html`<${Tip} text=${boardTip} tipKey=${tip.key} />` : ''}
    <div class="players">
      ${view.players.map((p) => html`<${Player} key=${p.seat} p=${p} me=${me} view=${view} table=${table}
          legal=${legal} select=${select} selectedKey=${sel} recent=${recent} tip=${tip} toggleTip=${toggleTip} />`)}
    </div>
  </div>`;
}
