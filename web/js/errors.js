// errors.js — the server's refusals in the player's language (issue 23).
// An error frame or reply is {"code", "message", "reason"?, "params"?}
// (docs/server.md): the message is English for API clients and logs; the
// page shows the sentence of the catalogue for the code (and its reason), and
// an unknown code's message as the server sent it.
import { t } from './i18n.js';

const BY_CODE = {
  // names and chat (server/people.c, server/chat.c)
  'bad_name:empty': () => t('Please enter a name.'),
  'bad_name:too_long': (p) => (p.max ? t('A name has at most {n} characters.', { n: p.max }) : t('That name is too long.')),
  'bad_name:control': () => t('A name cannot contain control characters.'),
  bad_name: () => t('That name cannot be used.'),
  'bad_chat:empty': () => t('The message is empty.'),
  'bad_chat:too_long': (p) => (p.max ? t('A message has at most {n} characters.', { n: p.max }) : t('The message is too long.')),
  'bad_chat:control': () => t('A message cannot contain control characters.'),
  bad_chat: () => t('That message cannot be sent.'),
  chat_full: () => t("This table's chat is full."),
  rate_limited: () => t('Too many messages at once: wait a moment and try again (this one was not sent).'),
  too_large: () => t('That is too long to send.'),
  // seats and tables
  bad_seat: () => t('There is no such seat at this table.'),
  seat_taken: () => t('That seat is taken.'),
  bot_seat: () => t('A bot plays that seat.'),
  not_your_seat: () => t('That is not your seat.'),
  bad_token: () => t('This link does not allow that (a wrong or missing seat token).'),
  spectator: () => t('Spectators cannot do that.'),
  not_joined: () => t('Not at the table yet; reconnecting…'),
  unknown_table: () => t('There is no such table (it may have expired).'),
  gone: () => t("The rematch's table has expired."),
  not_public: () => t('This table is by invitation only.'),
  too_many_tables: () => t('Too many tables were created from your address; finish some first.'),
  seats_changed: () => t('The seats just changed; try again.'),
  broken: () => t('This table could not be restored.'),
  // moves
  not_your_turn: () => t('It is not your turn.'),
  illegal: () => t('That move is not legal now.'),
  game_over: () => t('The game is over.'),
  not_over: () => t('Not until the game is over.'),
  nothing_to_undo: () => t('You have not moved yet: nothing to take back.'),
  cannot_undo: () => t('That move cannot be taken back: it revealed something hidden.'),
  not_alone: () => t('Undo is only for a table where every other seat is a bot.'),
  // hints, the server itself
  advice_off: () => t('Hints are only for your own seat, at a table with no other people.'),
  no_advice: () => t('Hints are not available on this server now.'),
  busy: () => t('The server is busy; try again in a moment.'),
  stopping: () => t('The server is restarting; try again in a moment.'),
  storage: () => t('The server could not store that; try again later.'),
  internal: () => t('Something went wrong on the server; try again in a moment.'),
  // a new table (server/tables.c, server/clock.c, GET /api/games/GAME/options)
  bad_game: () => t('This server does not play that game.'),
  'bad_options:players': (p) => (p.min && p.max
    ? t('This game is for {min} to {max} players.', { min: p.min, max: p.max })
    : t('That number of players cannot play this game.')),
  bad_options: () => t('Those game options cannot be used: one is unknown, or the rules do not allow that value.'),
  bad_clock: () => t('That clock setting cannot be used.'),
  bad_seats: () => t('Each seat must be a person or one of the bots this server offers.'),
  bad_bot: () => t('This server does not offer that bot (or not with those settings).'),
  seed_not_allowed: () => t('A chosen seed is only allowed at a table with one person and bots: it lets whoever chose it know the hidden cards.'),
  // the replay, "your tables", a move typed in notation
  bad_step: (p) => (p.max ? t('The replay has no such move (0 to {max}).', { max: p.max }) : t('The replay has no such move.')),
  too_many: (p) => (p.max ? t('Too many tables to look up at once (at most {max}).', { max: p.max }) : t('Too many tables to look up at once.')),
  bad_notation: () => t('That move is not written in the game\'s notation.'),
  not_found: () => t('The server has no such page or request.'),
  // requests the page itself got wrong (an old page in the cache, a bug)
  bad_request: () => t('The server did not understand that request; reload the page and try again.'),
  bad_json: () => t('The server could not read that request; reload the page and try again.'),
  bad_utf8: () => t('The server could not read that request; reload the page and try again.'),
  bad_frame: () => t('The server could not read that request; reload the page and try again.'),
  too_deep: () => t('The server could not read that request; reload the page and try again.'),
  bad_method: () => t('The server refused a request of this page; reload the page and try again.'),
  bad_content_type: () => t('The server refused a request of this page; reload the page and try again.'),
  bad_origin: () => t('The server refused a request of this page; reload the page and try again.'),
};

// The rule ids an engine's English reason names ("… (Y-6.2, Y-7.7)"): they
// read the same in every language (linked by withRules).
const ruleIds = (text) => [...new Set(String(text || '').match(/\b[YS]-\d+(?:\.\d+)?\b/g) || [])];
const withIds = (sentence, text) => {
  const ids = ruleIds(text);
  if (!ids.length) return sentence;
  const end = /[.!]$/.test(sentence) ? sentence.slice(-1) : ''; // "… now (Y-6.2)."
  return `${end ? sentence.slice(0, -1) : sentence} (${ids.join(', ')})${end}`;
};

// Why the rules refuse a combination of game options (the engine's English
// `why` of GET /api/games/GAME/options): the page's sentence, its rule ids kept.
export const optionsRefusal = (why) => withIds(t('The rules do not allow these options together.'), why);

// The sentence to show for an error frame or reply (a string for anything else).
export function errorText(m) {
  if (!m || typeof m !== 'object') return String(m ?? '');
  const say = BY_CODE[`${m.code}:${m.reason}`] || BY_CODE[m.code];
  const p = m.params && typeof m.params === 'object' ? m.params : {};
  if (!say) return String(m.message || m.code || '');
  // the rules an illegal move or a refused option breaks stay named (Y-8.12)
  return m.code === 'illegal' || m.code === 'bad_options' ? withIds(say(p), m.message) : say(p);
}
