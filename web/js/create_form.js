// create_form.js — "Open a table" on the start page, in players' words.
// Which options and values exist for a game and a player count is the
// server's word (GET /api/games/GAME/options, server/choices.c tries each
// value with the engine): the form shows only the options that change
// something for that many players, and a value the rules refuse with the
// other choices cannot be picked. This file only names things for people.
import { useEffect, useState } from 'preact/hooks';
import { html, api } from './common.js';
import { t } from './i18n.js';
import { optionsRefusal } from './errors.js';
import { savedName, saveName, nameProblem, rememberSeat, NAME_MAX } from './people.js';
import { ClockChoice, clockRequest } from './clock.js';

// Names and one-line explanations of each game's options and values.
const OPTION_WORDS = {
  ys: {
    districts: {
      name: () => t('Districts'),
      help: () => t('How big the city is: 3 districts make fewer places to fight over.'),
      values: { 4: () => t('4 districts'), 3: () => t('3 districts') },
    },
    kings_favour: {
      name: () => t("King's Favour"),
      help: () => t('After each scoring every player leaves one broker in the throne room for good; the biggest throne totals score 12, 7 and 3 at the end.'),
    },
    express: {
      name: () => t('Ys Express'),
      help: () => t('A quicker game: 9 brokers each, 3 placement turns a round, no ships with white gems.'),
    },
    ysplus: {
      name: () => t('Ys+ characters'),
      help: () => t('The 12 characters of the Ys+ expansion join the deck of characters.'),
    },
    events: {
      name: () => t('Ys+ events'),
      help: () => t('14 event cards hide in the palace piles; when one turns up it changes the rules for that round.'),
    },
    strong_neutral: {
      name: () => t('Stronger neutral player'),
      help: () => t('The neutral brokers you place are 4, 3, 1 and 0 instead of 4, 2, 1 and 0: a tougher third party.'),
    },
    see_own_hidden: {
      name: () => t('Look at your own face-down brokers'),
      help: () => t('Whether a player may peek at the brokers he placed face down, or must remember them.'),
      values: { on: () => t('Yes, you may look'), off: () => t('No, remember them') },
    },
  },
  splendor: {
    first: {
      name: () => t('Who begins'),
      help: () => t('The player who takes the first turn.'),
      values: { seat0: () => t('Seat 1'), random: () => t('A player drawn at random') },
    },
  },
};
const VALUE_WORDS = { on: () => t('On'), off: () => t('Off') };

function optionWords(game, key) {
  const w = (OPTION_WORDS[game] || {})[key];
  return {
    name: w ? w.name() : key.replace(/_/g, ' '),
    help: w ? w.help() : '',
    value: (v) => ((w && w.values && w.values[v]) || VALUE_WORDS[v] || (() => v))(),
  };
}

// What each bot is, with the strength measured in docs/strength.md.
export function botWords(spec) {
  if (spec === 'random') {
    return { name: t('Random bot'), help: t('Picks any legal move at random: fine for learning the rules, it almost never wins.') };
  }
  if (spec === 'heuristic') {
    return {
      name: t('Heuristic bot'),
      help: t('Moves at once by sensible rules of thumb. It beats the random bot in nearly every game (998 in 1000 at Splendor, 968 in 1000 at 4-player Ys): a fair first opponent.'),
    };
  }
  const m = /^ismcts(?::ms=(\d+))?/.exec(spec);
  if (m) {
    const ms = m[1] ? Number(m[1]) : 0;
    const name = ms ? t('Thinking bot, {s} s a move', { s: ms / 1000 }) : t('Thinking bot');
    const help = ms >= 1000
      ? t('Tries out thousands of possible games before each move. Measured at 1 s a move, it won all 60 2-player Splendor games it played against the heuristic bot; at 4-player Ys, even with only about 1,000 tries a move, it won 95 in 100 games against three heuristic bots.')
      : t('Searches like the 1-second bot, with less time. Even with much less (about 1,000 tries a move) it won 85 in 100 2-player Splendor games against the heuristic bot, and 95 in 100 4-player Ys games against three heuristic bots.');
    return { name, help };
  }
  return { name: t('Engine "{name}"', { name: spec }), help: t("A program this server's operator set up; its strength is theirs to tell.") };
}

// The default bot of a seat: the heuristic one, when the server offers it.
const defaultBot = (bots) => (bots.includes('heuristic') ? 'heuristic' : bots[0] || 'human');

// Which options to show: those with two or more values that play
// differently for this many players (the others say nothing here).
const shown = (o) => new Set(o.values.filter((v) => v.alone).map((v) => v.plays)).size > 1;

export function CreateForm({ games, bots, onCreated }) {
  const [gameName, setGameName] = useState(games[0].name);
  const game = games.find((g) => g.name === gameName) || games[0];
  const [players, setPlayers] = useState(game.min_players);
  const [opts, setOpts] = useState({});
  const [choices, setChoices] = useState(null);
  const [seats, setSeats] = useState([]);
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  const [name, setName] = useState(savedName());
  const [isPublic, setPublic] = useState(false);
  const [clock, setClock] = useState('none');
  const [timeouts, setTimeouts] = useState('3');
  const n = Math.min(Math.max(players, game.min_players), game.max_players);
  const seatKind = (i) => seats[i] || (i === 0 ? 'human' : defaultBot(bots));

  // Ask the server what may be chosen, whenever the game, count or options change.
  useEffect(() => {
    let live = true;
    const q = new URLSearchParams({ players: n, ...opts });
    api('GET', `/api/games/${encodeURIComponent(game.name)}/options?${q}`)
      .then((c) => { if (live) setChoices(c); })
      .catch((e) => { if (live) setError(e.message); });
    return () => { live = false; };
  }, [game.name, n, JSON.stringify(opts)]);

  const submit = async (ev) => {
    ev.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const body = { game: game.name, players: n, options: opts, seats: Array.from({ length: n }, (_, i) => seatKind(i)), clock: clockRequest(clock, timeouts) };
      // people.js: the creator's name goes on the first person's seat; a
      // public table lists its other seats in the lobby
      if (name.trim()) {
        const problem = nameProblem(name);
        if (problem) throw new Error(problem);
        body.name = name.trim();
        saveName(name);
      }
      if (isPublic) body.public = true;
      const r = await api('POST', '/api/tables', body);
      const first = r.seats.find((s) => s.kind === 'human' && !s.open);
      if (first) rememberSeat({ table: r.id, seat: first.seat, token: first.token, title: game.title });
      onCreated(r);
    } catch (e) { setError(e.message); }
    setBusy(false);
  };
  // A new game or player count starts from the defaults, which every count allows.
  const reset = () => setOpts({});
  const current = choices && choices.game === game.name && choices.players === n ? choices : null;
  const offered = current ? current.options.filter(shown) : [];

  return html`<form class="create" onSubmit=${submit}>
    <h2>${t('Open a table')}</h2>
    <label>${t('Game')} <select name="game" value=${gameName} onChange=${(e) => { setGameName(e.target.value); setSeats([]); reset(); }}>
      ${games.map((g) => html`<option value=${g.name}>${g.title}</option>`)}</select></label>
    <label>${t('Players')} <select name="players" value=${n} onChange=${(e) => { setPlayers(Number(e.target.value)); reset(); }}>
      ${Array.from({ length: game.max_players - game.min_players + 1 }, (_, i) => game.min_players + i).map((k) => html`<option value=${k}>${k}</option>`)}
    </select></label>
    ${offered.length ? html`<fieldset class="options"><legend>${t('Rules for {n} players', { n })}</legend>
      ${offered.map((o) => {
        const w = optionWords(game.name, o.key);
        return html`<div class="option" key=${o.key}>
          <label>${w.name} <select name=${'opt-' + o.key} value=${o.value}
              onChange=${(e) => setOpts({ ...opts, [o.key]: e.target.value })}>
            ${o.values.filter((v) => v.alone).map((v) => html`<option value=${v.value} disabled=${!v.ok}>${w.value(v.value)}${v.ok ? '' : ` — ${t('not with your other choices')}`}</option>`)}
          </select></label>
          ${w.help ? html`<span class="help">${w.help}</span>` : ''}
        </div>`;
      })}
    </fieldset>` : current ? html`<p class="muted small">${t('No options to choose for {n} players.', { n })}</p>` : ''}
    ${current && !current.ok ? html`<p class="error" role="alert">${optionsRefusal(current.why)}</p>` : ''}
    <fieldset class="seats"><legend>${t('Seats')}</legend>
      ${Array.from({ length: n }, (_, i) => html`<label key=${i}>${t('Seat {n}', { n: i + 1 })}
        <select name=${'seat-' + i} value=${seatKind(i)} onChange=${(e) => { const s = Array.from({ length: n }, (_, k) => seatKind(k)); s[i] = e.target.value; setSeats(s); }}>
          <option value="human">${t('a person (invite link)')}</option>
          <option value="open">${t('open: anyone may take it')}</option>
          ${bots.map((b) => html`<option value=${b}>${botWords(b).name}</option>`)}
        </select></label>`)}
      <details class="bot-help"><summary>${t('How strong is each bot?')}</summary>
        <dl>${bots.map((b) => html`<div key=${b} data-bot=${b}><dt>${botWords(b).name}</dt><dd>${botWords(b).help}</dd></div>`)}</dl>
      </details>
    </fieldset>
    <label>${t('Your name')} <input name="creator-name" value=${name} maxlength=${NAME_MAX * 2} autocomplete="nickname" placeholder=${t('how others see you')}
      onInput=${(e) => setName(e.target.value)} /></label>
    <label class="check"><input type="checkbox" name="public" checked=${isPublic} onChange=${(e) => setPublic(e.target.checked)} />
      <span>${t('Public: list the free seats on this page so anyone can join')}</span></label>
    <${ClockChoice} preset=${clock} timeouts=${timeouts} onPreset=${setClock} onTimeouts=${setTimeouts} />
    ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
    <button type="submit" class="primary" disabled=${busy || (current && !current.ok)}>${t('Open the table')}</button>
  </form>`;
}
