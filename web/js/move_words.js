// move_words.js — a legal move in a few words, for the phone's chooser
// (phone.js): "Buy card 2-3" for `buy 2-3`, "2 face up" for `up 2 d1-port`.
// The notation (docs/notation.md) stays the move's identity; a form this
// file does not know is shown as its notation.
import { t } from './i18n.js';

const LETTER = { W: 'white', B: 'blue', G: 'green', R: 'red', K: 'black', Y: 'gold' };
const colour = (c) => ({
  white: t('white'), blue: t('blue'), green: t('green'), red: t('red'), black: t('black'), gold: t('gold'), yellow: t('yellow'),
}[c] || c);
const letters = (xs) => xs.map((x) => colour(LETTER[x] || x)).join(', ');

// Ys places: "d1-port", "blue2", "d1-port/trade", "smuggling1".
function place(p) {
  let m = /^d(\d)-(port|trade|palace)$/.exec(p);
  if (m) return t('district {d} {zone}', { d: m[1], zone: { port: t('port'), trade: t('trade'), palace: t('palace') }[m[2]] });
  m = /^(blue|green|yellow|red)(\d)$/.exec(p);
  if (m) return t('market {colour} row {row}', { colour: colour(m[1]), row: m[2] });
  return p;
}

function splendor(w) {
  switch (w[0]) {
    case 'take':
      return w.length === 3 && w[1] === w[2] ? t('Take two {colour}', { colour: colour(LETTER[w[1]]) }) : t('Take {gems}', { gems: letters(w.slice(1)) });
    case 'reserve':
      return w[1] === 'deck' ? t('Reserve the top card of deck {n}', { n: w[2] }) : t('Reserve card {card}', { card: w[1] });
    case 'buy': {
      const what = /^r\d$/.test(w[1]) ? t('Buy your reserved card {n}', { n: w[1].slice(1) }) : t('Buy card {card}', { card: w[1] });
      return w[2] === 'gold' ? t('{buy}, gold for {gems}', { buy: what, gems: letters(w.slice(3)) }) : what;
    }
    case 'return': return t('Give back {gems}', { gems: letters(w.slice(1)) });
    case 'noble': return t('Take noble {n}', { n: w[1] });
    case 'pass': return t('Pass');
    default: return null;
  }
}

function ys(w) {
  switch (w[0]) {
    case 'bid': return t('Bid {a} and {b}', { a: w[1].split('+')[0], b: w[1].split('+')[1] });
    case 'order': return t('Turn place {n}', { n: w[1] });
    case 'up': case 'down': {
      if (w.length !== 3) return null;
      return w[0] === 'up' ? t('{v} face up on {place}', { v: w[1], place: place(w[2]) }) : t('{v} face down on {place}', { v: w[1], place: place(w[2]) });
    }
    case 'neutral': return w.length === 3 ? t('Neutral {v} on {place}', { v: w[1], place: place(w[2]) }) : null;
    case 'gem': return w[1].includes('>') ? t('A white gem, as {colour}', { colour: colour(w[1].split('>')[1]) }) : t('Take a {colour} gem', { colour: colour(w[1]) });
    case 'column': return t('The {colour} column next', { colour: colour(w[1]) });
    case 'rate': {
      const c = w[1].slice(0, -1);
      return w[1].endsWith('+') ? t('Raise {colour}', { colour: colour(c) }) : t('Lower {colour}', { colour: colour(c) });
    }
    case 'refill': return t('Refill with {v}', { v: w[1] });
    case 'throne': return t('{v} to the throne room', { v: w[1] });
    case 'pass': return t('Pass');
    default: return null;
  }
}

// The words for `move` in `game`, or the notation itself.
export function moveWords(game, move) {
  const w = String(move).split(' ');
  const said = game === 'splendor' ? splendor(w) : game === 'ys' ? ys(w) : null;
  return said || move;
}
