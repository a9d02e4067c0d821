// people.mjs — what issue 21 adds for people at a table, against the real
// binary: display names, public tables in the lobby and taking a free seat,
// the batch status behind "my tables", and each table's chat. Every new
// input is tried hostile: markup and script payloads (kept as inert text,
// never changed into or out of markup by the server), oversized, empty,
// control characters, floods (rate-limited with a clear error, the
// connection kept), wrong tokens — each a clear error that changes nothing.
// Names, chat and public tables survive a restart; the store's schema is
// versioned and an old database is upgraded.
import { execFileSync } from 'node:child_process';
import { ok, done, sleep, tempDir, startServer, http, connect, join, cleanup } from './lib.mjs';

const dir = tempDir('people-');
const db = `${dir}/people.db`;
let srv = await startServer(db);
const sql = (file, q) => execFileSync('sqlite3', [file, q], { encoding: 'utf8' }).trim();
const info = async (id) => (await http(srv, 'GET', `/api/tables/${id}`)).json;
const XSS = '<img src=x onerror=a()>'; // 23 characters: a valid name

// ------------------------------------------------------------ names
const made = (await http(srv, 'POST', '/api/tables', { game: 'splendor', players: 3, seats: ['human', 'human', 'heuristic'], name: 'Ann' })).json;
const id = made.id;
const tok = made.seats.map((s) => s.token);
{
  const i = await info(id);
  ok(i.seats[0].name === 'Ann' && i.seats[1].name === undefined && i.seats[2].kind === 'bot' && i.seats[2].name === undefined && i.seats[2].bot === 'heuristic',
     'the creator\'s name is on seat 1; a free seat has none; a bot keeps its bot name', i.seats);
  ok(!i.public && !i.seats.some((s) => s.open), 'a table is private unless asked', i);
}
{
  const r = await http(srv, 'POST', `/api/tables/${id}/name`, { seat: 1, token: tok[1], name: '  Bob  ' });
  ok(r.status === 200 && r.json.seats[1].name === 'Bob', 'a player names themselves (spaces trimmed)', r.text);
  const m = await http(srv, 'POST', `/api/tables/${id}/name`, { seat: 1, token: tok[1], name: XSS });
  ok(m.status === 200 && (await info(id)).seats[1].name === XSS, 'a name with markup is kept as text, byte for byte (the page shows it as text)', m.text);
  const uni = '😀'.repeat(24);
  const u = await http(srv, 'POST', `/api/tables/${id}/name`, { seat: 1, token: tok[1], name: uni });
  ok(u.status === 200 && (await info(id)).seats[1].name === uni, 'a name of 24 characters beyond ASCII is accepted (characters, not bytes)', u.text);
  await http(srv, 'POST', `/api/tables/${id}/name`, { seat: 1, token: tok[1], name: 'Bob' });
}
for (const [what, body, code] of [
  ['an empty name', { seat: 1, token: tok[1], name: '' }, 'bad_name'],
  ['a name of spaces', { seat: 1, token: tok[1], name: '     ' }, 'bad_name'],
  ['a name of zero-width and wide spaces', { seat: 1, token: tok[1], name: '\u200B\u3000\u00A0\uFEFF' }, 'bad_name'],
  ['a name of 25 characters', { seat: 1, token: tok[1], name: 'x'.repeat(25) }, 'bad_name'],
  ['a name of 10,000 characters', { seat: 1, token: tok[1], name: 'y'.repeat(10000) }, 'bad_name'],
  ['a name with a newline', { seat: 1, token: tok[1], name: 'Bob\nSeat 1 resigns' }, 'bad_name'],
  ['a name with a NUL byte', { seat: 1, token: tok[1], name: 'Bob\u0000x' }, 'bad_request'],
  ['a name with a right-to-left override', { seat: 1, token: tok[1], name: 'Bob\u202Egnp.exe' }, 'bad_name'],
  ['a name that is a number', { seat: 1, token: tok[1], name: 42 }, 'bad_name'],
  ['a missing name', { seat: 1, token: tok[1] }, 'bad_name'],
  ['a wrong token', { seat: 1, token: tok[0], name: 'Mallory' }, 'bad_token'],
  ['no token', { seat: 1, name: 'Mallory' }, 'bad_token'],
  ['a bot\'s seat', { seat: 2, token: tok[0], name: 'Mallory' }, 'bot_seat'],
  ['a seat that does not exist', { seat: 9, token: tok[0], name: 'Mallory' }, 'bad_seat'],
]) {
  const r = await http(srv, 'POST', `/api/tables/${id}/name`, body);
  const i = await info(id);
  ok(r.json && r.json.code === code && r.json.message.length > 5 && i.seats[1].name === 'Bob' && i.seats[0].name === 'Ann' && i.seats[2].name === undefined,
     `naming with ${what} gives "${code}" and changes nothing`, [r.text, i.seats]);
}
{
  const r = await http(srv, 'POST', '/api/tables', { game: 'splendor', players: 2, seats: ['human', 'human'], name: 'x'.repeat(30) });
  ok(r.status === 400 && r.json.code === 'bad_name' && (await http(srv, 'GET', '/api/tables')).json.tables.length === 1,
     'creating a table with a bad name is refused and creates nothing', r.text);
}
// over the WebSocket: the seat's own connection names it; everyone sees it
const A = await join(srv, id, 0, tok[0]);
const B = await join(srv, id, 1, tok[1]);
const S = await join(srv, id, -1);
{
  const from = B.frames.length;
  const ack = await A.request({ type: 'name', name: 'Anna', id: 7 }, (f) => f.type === 'name_ack' || f.type === 'error');
  const seen = await B.next((f) => f.type === 'state' && f.table.seats[0].name === 'Anna', 5000, from).catch(() => null);
  ok(ack.type === 'name_ack' && ack.id === 7 && seen, 'a name set over the WebSocket reaches the other players at once', ack);
  const bad = await A.request({ type: 'name', name: 'a\u0007b' }, (f) => f.type === 'error');
  const spec = await S.request({ type: 'name', name: 'Eve' }, (f) => f.type === 'error');
  ok(bad.code === 'bad_name' && spec.code === 'spectator' && (await info(id)).seats[0].name === 'Anna',
     'over the WebSocket a bad name and a spectator naming a seat are refused', [bad, spec]);
}

// ------------------------------------------------------------ names unique at a table
// A name another seat holds (letter case aside) is given with a suffix,
// "Anna (2)": two people are never both "Anna" at one table.
{
  const u = (await http(srv, 'POST', '/api/tables', { game: 'splendor', players: 4, seats: ['human', 'human', 'human', 'human'], name: 'Anna' })).json;
  const ut = u.seats.map((x) => x.token);
  const nm = async (seat, name) => (await http(srv, 'POST', `/api/tables/${u.id}/name`, { seat, token: ut[seat], name })).json;
  const a2 = await nm(1, 'Anna');
  const a3 = await nm(2, ' anna ');
  ok(a2.seats[1].name === 'Anna (2)' && a3.seats[2].name === 'anna (3)' && a3.seats[0].name === 'Anna',
     'a second and third "Anna" at one table (letter case aside) become "Anna (2)" and "anna (3)"; the first keeps hers', a3.seats);
  const again = await nm(1, 'Anna');
  const own = await nm(0, 'ANNA');
  ok(again.seats[1].name === 'Anna (2)' && own.seats[0].name === 'ANNA',
     'asking again for a taken name keeps the suffix; a player may change the case of her own name', own.seats);
  const bo = await nm(2, 'Bo');
  const freed = await nm(3, 'anna');
  ok(bo.seats[2].name === 'Bo' && freed.seats[3].name === 'anna (3)', 'a suffix freed by a rename is given again', freed.seats);
  const long = 'Annabelle Annabelle Anna'; // 24 characters, the most
  await nm(0, long);
  const cut = await nm(2, long);
  const wide = 'é'.repeat(24);
  await nm(0, wide);
  const cutWide = await nm(1, wide);
  ok(cut.seats[2].name === 'Annabelle Annabelle (2)' && cutWide.seats[1].name === 'é'.repeat(20) + ' (2)' && [...cutWide.seats[1].name].length === 24,
     'a 24-character name is cut to make room for its suffix (whole characters, still 24 at most)', [cut.seats[2].name, cutWide.seats[1].name]);
  // over the WebSocket, and taking a free seat from the lobby
  const W = await join(srv, u.id, 3, ut[3]);
  const ack = await W.request({ type: 'name', name: wide, id: 'n' }, (f) => f.type === 'name_ack' || f.type === 'error');
  const third = (await info(u.id)).seats[3].name;
  ok(ack.type === 'name_ack' && third === 'é'.repeat(20) + ' (3)', 'over the WebSocket too: a third player of that name gets the next suffix, " (3)"', [ack, third]);
  W.close();
  const pub = (await http(srv, 'POST', '/api/tables', { game: 'splendor', players: 3, seats: ['human', 'open', 'open'], name: 'Dee', public: true })).json;
  const t1 = await http(srv, 'POST', `/api/tables/${pub.id}/take`, { seat: 1, name: 'dee' });
  const t2 = await http(srv, 'POST', `/api/tables/${pub.id}/take`, { seat: 2, name: 'Dee' });
  const pi = await info(pub.id);
  ok(t1.json.name === 'dee (2)' && t2.json.name === 'Dee (3)' && pi.seats[1].name === 'dee (2)' && pi.seats[2].name === 'Dee (3)',
     'a free seat taken from the lobby under a name already at the table gets the suffix, and the reply says the name given', [t1.text, t2.text]);
}

// ------------------------------------------------------------ chat
{
  const fromB = B.frames.length, fromS = S.frames.length;
  const ack = await A.request({ type: 'chat', text: 'hello <b>all</b>', id: 'c1' }, (f) => f.type === 'chat_ack' || f.type === 'error');
  const atB = await B.next((f) => f.type === 'chat' && !f.history, 5000, fromB);
  const atS = await S.next((f) => f.type === 'chat' && !f.history, 5000, fromS);
  const m = atB.messages[0];
  ok(ack.type === 'chat_ack' && ack.id === 'c1' && ack.i === 0, 'a chat message is acknowledged with its index', ack);
  ok(m.text === 'hello <b>all</b>' && m.name === 'Anna' && m.seat === 0 && Math.abs(m.ts - Date.now() / 1000) < 30 && JSON.stringify(atS.messages) === JSON.stringify(atB.messages),
     'the message reaches the other player and the spectator with name, seat and time, its text unchanged', atB);
  const fromA0 = A.frames.length;
  const back = await B.request({ type: 'chat', text: 'hi Anna' }, (f) => f.type === 'chat_ack');
  const atA = await A.next((f) => f.type === 'chat' && f.messages.some((x) => x.text === 'hi Anna'), 5000, fromA0);
  ok(back.i === 1 && atA.messages[0].name === 'Bob', 'chat goes both ways');
  const fromA = A.frames.length;
  const sp = await S.request({ type: 'chat', text: 'nice move', name: 'Watcher' }, (f) => f.type === 'chat_ack' || f.type === 'error');
  const spm = await A.next((f) => f.type === 'chat' && !f.history, 5000, fromA);
  ok(sp.type === 'chat_ack' && spm.messages[0].seat === -1 && spm.messages[0].name === 'Watcher', 'a spectator chats, under the name they give', [sp, spm]);
  const late = await join(srv, id, -1);
  const hist = await late.next((f) => f.type === 'chat' && f.history, 5000, 0).catch(() => null);
  ok(hist && hist.messages.map((x) => x.text).join('|') === 'hello <b>all</b>|hi Anna|nice move' && hist.count === 3,
     'a newcomer gets the chat history on join', hist);
  late.close();
  const g = (await http(srv, 'GET', `/api/tables/${id}/chat`)).json;
  ok(g.messages.length === 3 && !JSON.stringify(g).includes(tok[0]), 'GET /api/tables/ID/chat gives the history (no token in it)', g);
}
const chatCount = async () => (await http(srv, 'GET', `/api/tables/${id}/chat`)).json.count;
for (const [what, msg, code] of [
  ['an empty message', { type: 'chat', text: '' }, 'bad_chat'],
  ['a message of spaces', { type: 'chat', text: '    ' }, 'bad_chat'],
  ['a message of invisible characters', { type: 'chat', text: '\u200B\u200D\u00AD' }, 'bad_chat'],
  ['a message of 501 characters', { type: 'chat', text: 'z'.repeat(501) }, 'bad_chat'],
  ['a message with a control character', { type: 'chat', text: 'ring\u0007' }, 'bad_chat'],
  ['a message that is not text', { type: 'chat', text: { html: XSS } }, 'bad_chat'],
  ['a spectator with a bad name', { type: 'chat', text: 'hi', name: 'n'.repeat(40) }, 'bad_name'],
]) {
  const before = await chatCount();
  const c = what.startsWith('a spectator') ? S : A;
  const m = await c.request(msg, (f) => f.type === 'error' || f.type === 'chat_ack');
  ok(m.type === 'error' && m.code === code && m.message.length > 5 && (await chatCount()) === before, `chat: ${what} gives "${code}" and nothing is sent`, m);
}
{
  const r = await A.request({ type: 'chat', text: 'é'.repeat(500) }, (f) => f.type === 'error' || f.type === 'chat_ack');
  ok(r.type === 'chat_ack', 'a message of 500 characters (1000 bytes) is accepted', r);
}
{
  const before = await chatCount();
  for (const [what, body, code, status] of [
    ['a wrong token', { seat: 0, token: tok[1], text: 'forged' }, 'bad_token', 403],
    ['no token', { seat: 0, text: 'forged' }, 'bad_token', 403],
    ['a bot seat', { seat: 2, token: tok[0], text: 'forged' }, 'bot_seat', 403],
  ]) {
    const r = await http(srv, 'POST', `/api/tables/${id}/chat`, body);
    ok(r.status === status && r.json.code === code, `chat over HTTP with ${what} gives "${code}"`, r.text);
  }
  const w = await connect(srv);
  const nj = await w.request({ type: 'chat', text: 'who am I' }, (f) => f.type === 'error');
  w.close();
  ok(nj.code === 'not_joined' && (await chatCount()) === before, 'chat before joining gives "not_joined"; none of these was sent', nj);
  const r = await http(srv, 'POST', `/api/tables/${id}/chat`, { seat: 1, token: tok[1], text: 'over http' });
  ok(r.status === 200 && r.json.i === before, 'chat over HTTP with the right token', r.text);
}
{
  // A flood: 30 messages at once; a few pass (burst), the rest are refused
  // with "rate_limited", the connection stays, and a message later passes.
  const before = await chatCount();
  const from = B.frames.length;
  for (let k = 0; k < 30; k++) B.send({ type: 'chat', text: `flood ${k}`, id: k });
  const replies = [];
  while (replies.length < 30) replies.push(await B.next((f) => (f.type === 'chat_ack' || f.type === 'error') && f.id !== undefined && !replies.includes(f), 5000, from));
  const acks = replies.filter((f) => f.type === 'chat_ack').length;
  const limited = replies.filter((f) => f.type === 'error' && f.code === 'rate_limited');
  ok(acks >= 3 && acks <= 8 && limited.length === 30 - acks && /wait/.test(limited[0].message), `a chat flood is rate-limited with a clear error (${acks} of 30 sent)`, replies.map((f) => f.code || f.type));
  ok((await chatCount()) === before + acks, 'only the acknowledged messages were sent');
  const pong = await B.request({ type: 'ping' }, (f) => f.type === 'pong');
  await sleep(1100);
  const later = await B.request({ type: 'chat', text: 'calm again' }, (f) => f.type === 'chat_ack' || f.type === 'error');
  ok(pong && !B.closed && later.type === 'chat_ack', 'the flooding connection is kept and may chat again a moment later', later);
}

{
  // HTTP chat is limited per client address: a burst of 12 gets 429s
  const rs = await Promise.all(Array.from({ length: 12 }, (_, k) => http(srv, 'POST', `/api/tables/${id}/chat`, { seat: 1, token: tok[1], text: `http flood ${k}` })));
  const limited = rs.filter((r) => r.status === 429 && r.json.code === 'rate_limited').length;
  ok(limited >= 5 && limited + rs.filter((r) => r.status === 200).length === 12, `chat over HTTP is rate-limited per address too (${limited} of 12 refused)`, rs.map((r) => r.status));
}

// ------------------------------------------------------------ lobby
const pub = (await http(srv, 'POST', '/api/tables', { game: 'splendor', players: 3, seats: ['human', 'human', 'human'], public: true, name: 'Host' })).json;
{
  const i = await info(pub.id);
  ok(i.public === true && i.seats[0].name === 'Host' && !i.seats[0].open && i.seats[1].open && i.seats[2].open, 'a public table: the creator sits at seat 1, the other seats are open', i.seats);
  ok(pub.seats[0].token && pub.seats.slice(1).every((s) => s.open && s.token === undefined && s.invite === undefined),
     'an open seat\'s token is never given out (not even to the creator): nobody plays or reads it before it is taken', pub.seats);
  const lobby = (await http(srv, 'GET', '/api/lobby')).json.tables;
  ok(lobby.length === 1 && lobby[0].id === pub.id && !JSON.stringify(lobby).includes(pub.seats[1].token) && !JSON.stringify(lobby).includes(pub.admin),
     'the lobby lists the public table (not the private one), without tokens', lobby);
  for (const [what, body, code] of [
    ['the creator\'s seat', { seat: 0, name: 'Zed' }, 'seat_taken'],
    ['a seat that does not exist', { seat: 5, name: 'Zed' }, 'bad_seat'],
    ['no name', { seat: 1 }, 'bad_name'],
    ['a name of 25 characters', { seat: 1, name: 'q'.repeat(25) }, 'bad_name'],
    ['a name with a control character', { seat: 1, name: 'Z\u001b[31m' }, 'bad_name'],
  ]) {
    const r = await http(srv, 'POST', `/api/tables/${pub.id}/take`, body);
    const after = await info(pub.id);
    ok(r.json.code === code && after.seats[1].open && after.seats[2].open && after.seats[0].name === 'Host', `taking ${what} gives "${code}" and changes nothing`, r.text);
  }
  const r = await http(srv, 'POST', `/api/tables/${id}/take`, { seat: 1, name: 'Zed' });
  ok(r.status === 403 && r.json.code === 'not_public', 'a private table\'s seat cannot be taken', r.text);
  const t1 = await http(srv, 'POST', `/api/tables/${pub.id}/take`, { seat: 1, name: XSS });
  ok(t1.status === 200 && /^[0-9a-f]{32}$/.test(t1.json.token) && t1.json.invite.includes(t1.json.token),
     'taking a free seat gives a token and its link', t1.text);
  const again = await http(srv, 'POST', `/api/tables/${pub.id}/take`, { seat: 1, name: 'Late' });
  ok(again.status === 409 && again.json.code === 'seat_taken' && (await info(pub.id)).seats[1].name === XSS, 'a taken seat cannot be taken again', again.text);
  const sit = await connect(srv);
  const okJoin = await sit.request({ type: 'join', table: pub.id, seat: 1, token: t1.json.token }, (f) => f.type === 'error' || f.type === 'state');
  sit.close();
  ok(okJoin.type === 'state' && okJoin.seat === 1 && okJoin.table.seats[1].name === XSS, 'the new token sits at the seat, under the name given', okJoin.type);
  const lobby2 = (await http(srv, 'GET', '/api/lobby')).json.tables;
  ok(lobby2.length === 1 && !lobby2[0].seats[1].open && lobby2[0].seats[2].open, 'the lobby shows the seat as taken', lobby2);
  await http(srv, 'POST', `/api/tables/${pub.id}/take`, { seat: 2, name: 'Cy' });
  ok((await http(srv, 'GET', '/api/lobby')).json.tables.length === 0, 'a table whose seats are all taken leaves the lobby');
  // one open seat among invited ones: seats ["human", "open", "human"]
  const mix = (await http(srv, 'POST', '/api/tables', { game: 'splendor', players: 3, seats: ['human', 'open', 'human'], name: 'Mo' })).json;
  const mi = await info(mix.id);
  ok(mi.public && mi.seats[0].name === 'Mo' && mi.seats[1].open && !mi.seats[2].open && mix.seats[2].token && !mix.seats[1].token,
     'a seat may be chosen "open" among invited ones: only it is listed and it has no invite', [mi.seats, mix.seats]);
  ok((await http(srv, 'GET', '/api/lobby')).json.tables.map((x) => x.id).join() === mix.id, 'the lobby lists that table');
  const allOpen = await http(srv, 'POST', '/api/tables', { game: 'splendor', players: 2, seats: ['open', 'open'], name: 'Nobody' });
  ok(allOpen.status === 400 && allOpen.json.code === 'bad_name', 'a creator\'s name needs a seat that is not open', allOpen.text);
  const openSeed = await http(srv, 'POST', '/api/tables', { game: 'splendor', players: 2, seats: ['open', 'random'], seed: 4 });
  ok(openSeed.status === 400 && openSeed.json.code === 'seed_not_allowed', 'an open seat cannot go with a chosen seed', openSeed.text);
  const seeded = await http(srv, 'POST', '/api/tables', { game: 'splendor', players: 2, seats: ['human', 'human'], public: true, seed: 5 });
  const notBool = await http(srv, 'POST', '/api/tables', { game: 'splendor', players: 2, public: 'yes' });
  ok(seeded.json.code === 'seed_not_allowed' && notBool.json.code === 'bad_request', 'a public table cannot have a chosen seed; "public" must be true or false', [seeded.text, notBool.text]);
}

// ------------------------------------------------------------ my tables
{
  const second = (await http(srv, 'POST', '/api/tables', { game: 'splendor', players: 2, seats: ['human', 'human'] })).json;
  const i1 = await info(id), i2 = await info(second.id);
  const r = await http(srv, 'POST', '/api/status', { seats: [
    { table: id, seat: 0, token: tok[0] }, { table: second.id, seat: 1, token: second.seats[1].token },
    { table: id, seat: 1, token: tok[0] }, { table: 'nosuchtable0', seat: 0, token: tok[0] }, { table: id, seat: 'x' }] });
  const s = r.json && r.json.seats;
  ok(r.status === 200 && s.length === 5, 'POST /api/status answers each seat in order', r.text);
  ok(s[0].id === id && s[0].your_turn === i1.actors.includes(0) && s[1].your_turn === i2.actors.includes(1) && s[0].seats[0].name === 'Anna',
     'each entry says whose turn it is and whether it is yours, with the names', s.slice(0, 2));
  ok(s[2].error === 'bad_token' && s[3].error === 'unknown_table' && s[4].error === 'bad_seat', 'a wrong token, an unknown table and a bad seat are errors of their own entry', s.slice(2));
  const txt = JSON.stringify(s);
  ok(!('view' in s[0]) && !('legal' in s[0]) && !txt.includes(tok[1]) && !txt.includes(made.admin), 'the status holds no view, legal moves or tokens', Object.keys(s[0]));
  const many = await http(srv, 'POST', '/api/status', { seats: Array(51).fill({ table: id, seat: 0, token: tok[0] }) });
  const notList = await http(srv, 'POST', '/api/status', { seats: 'all' });
  ok(many.status === 400 && many.json.code === 'too_many' && notList.json.code === 'bad_request', 'the status takes at most 50 seats, as a list', [many.text, notList.text]);
}

// ------------------------------------------------------------ restart
A.close(); B.close(); S.close();
const chatBefore = (await http(srv, 'GET', `/api/tables/${id}/chat`)).json;
await srv.stop();
ok(sql(db, 'PRAGMA user_version') === '3', 'the database is at schema version 3');
{
  // player ids are stored beside the tokens and never sent to anyone
  const players = sql(db, 'SELECT seats FROM tables').split('\n').flatMap((row) => JSON.parse(row).map((x) => x.player).filter(Boolean));
  const sent = JSON.stringify([A.frames, B.frames, S.frames, chatBefore]);
  ok(players.length >= 6 && players.every((p) => /^[0-9a-f]{16}$/.test(p) && !sent.includes(p)), `player ids (${players.length} stored) are never in what clients get`, players.slice(0, 3));
}
srv = await startServer(db);
{
  const i = await info(id), p = await info(pub.id);
  const c = (await http(srv, 'GET', `/api/tables/${id}/chat`)).json;
  ok(i.seats[0].name === 'Anna' && i.seats[1].name === 'Bob' && p.public && p.seats[1].name === XSS && !p.seats[1].open,
     'names and public seats survive a restart', [i.seats, p.seats]);
  ok(JSON.stringify(c.messages) === JSON.stringify(chatBefore.messages) && c.count === chatBefore.count, `the chat survives a restart (${c.count} messages)`, [c.count, chatBefore.count]);
  const B2 = await join(srv, id, 1, tok[1]);
  const n = await B2.request({ type: 'chat', text: 'after restart' }, (f) => f.type === 'chat_ack' || f.type === 'error');
  ok(n.i === chatBefore.count, 'new messages continue the numbering after a restart', n);
  B2.close();
}
await srv.stop();

// An old database (schema 1, before chat) is upgraded in place.
{
  const old = `${dir}/old.db`;
  sql(old, "CREATE TABLE tables(id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, seed TEXT NOT NULL, seats TEXT NOT NULL, admin TEXT NOT NULL, created INTEGER NOT NULL, creator TEXT NOT NULL DEFAULT '', seed_chosen INTEGER NOT NULL DEFAULT 0);" +
    'CREATE TABLE actions(table_id TEXT NOT NULL REFERENCES tables(id), idx INTEGER NOT NULL, seat INTEGER NOT NULL, action TEXT NOT NULL, ts INTEGER NOT NULL DEFAULT 0, PRIMARY KEY(table_id, idx)) WITHOUT ROWID;' +
    `INSERT INTO tables VALUES('0123456789ab','splendor','{"players":2}','9','[{"token":"${'a'.repeat(32)}"},{"token":"${'b'.repeat(32)}"}]','${'c'.repeat(32)}',${Math.floor(Date.now() / 1000)},'127.0.0.1',0);` +
    'PRAGMA user_version = 1;');
  srv = await startServer(old);
  const i = await info('0123456789ab');
  const r = await http(srv, 'POST', '/api/tables/0123456789ab/chat', { seat: 0, token: 'a'.repeat(32), text: 'still here' });
  await srv.stop();
  ok(i && i.id === '0123456789ab' && r.status === 200 && sql(old, 'PRAGMA user_version') === '3' && sql(old, 'SELECT text FROM chat') === 'still here',
     'a schema-1 database is upgraded to 3 at start and keeps its tables', [i, r.text]);
  sql(old, 'PRAGMA user_version = 9');
  const newer = await startServer(old).then((s) => { s.kill(); return null; }).catch((e) => e.message);
  ok(newer && /schema version 9/.test(newer), 'a database from a newer server is refused with the reason', newer);
}
// An expired table takes its chat with it.
{
  const edb = `${dir}/expire.db`;
  srv = await startServer(edb, ['--expire-idle', '2', '--expire-over', '2']);
  const x = (await http(srv, 'POST', '/api/tables', { game: 'splendor', players: 2, seats: ['human', 'human'] })).json;
  const r = await http(srv, 'POST', `/api/tables/${x.id}/chat`, { seat: 0, token: x.seats[0].token, text: 'soon gone' });
  const stored = sql(edb, `SELECT count(*) FROM chat WHERE table_id = '${x.id}'`);
  let gone = false;
  for (let k = 0; k < 60 && !gone; k++) { await sleep(100); gone = (await http(srv, 'GET', `/api/tables/${x.id}`)).status === 404; }
  await sleep(200);
  const left = sql(edb, `SELECT count(*) FROM chat WHERE table_id = '${x.id}'`);
  await srv.stop();
  ok(r.status === 200 && stored === '1' && gone && left === '0', 'an expired table is deleted with its chat', { stored, gone, left });
}
cleanup(dir);
done();
