// i18n.js — every player-facing string of the browser UI goes through t()
// (issue 23, docs/i18n.md). The message id is the English text itself, with
// {name} placeholders filled from params, so a page reads naturally in the
// source and a catalogue for another language (web/i18n/<lang>.json) maps
// each English text to its translation. Until a catalogue is set, the
// English text is used. tn() picks a plural form by count; languages with
// several plural forms (Polish, Czech: three) give them as an array.
// The language: ?lang= in the address, else the one the player chose
// (localStorage), else the browser's preferences (navigator.languages).
// "xx" is the pseudo-locale of the tests: every string wrapped [[…]].
let catalogue = {};
let pluralRule = (n) => (n === 1 ? 0 : 1); // English: one, other
let pseudo = false;
let current = 'en';

export const LANGUAGES = [
  ['en', 'English'], ['pl', 'Polski'], ['hu', 'Magyar'], ['cs', 'Čeština'], ['fr', 'Français'],
];
const KNOWN = LANGUAGES.map(([code]) => code);
const STORE = 'gemgames.lang';

// Plural forms by language, as plural_form in src/core/words.c.
export const PLURAL_RULES = {
  en: (n) => (n === 1 ? 0 : 1),
  hu: (n) => (n === 1 ? 0 : 1),
  fr: (n) => (Math.abs(n) <= 1 ? 0 : 1),
  pl: (n) => (n === 1 ? 0 : (n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14)) ? 1 : 2),
  cs: (n) => (n === 1 ? 0 : (n >= 2 && n <= 4) ? 1 : 2),
};

export function setUiCatalogue(cat, rule) {
  catalogue = cat && typeof cat === 'object' ? cat : {};
  if (typeof rule === 'function') pluralRule = rule;
}

function fill(text, params) {
  if (!params) return text;
  return text.replace(/\{([a-zA-Z0-9_]+)\}/g, (m, k) => (params[k] === undefined ? m : String(params[k])));
}
const wrap = (s) => (pseudo ? `[[${s}]]` : s);

// t('Take a free seat') or t('{name} joined the table', { name })
export function t(text, params) {
  const tr = catalogue[text];
  return wrap(fill(typeof tr === 'string' ? tr : text, params));
}

// tn('{n} move', '{n} moves', n, params): n is also available as {n}.
export function tn(one, other, n, params) {
  const tr = catalogue[one];
  const forms = Array.isArray(tr) ? tr : [one, other];
  const i = Array.isArray(tr) ? Math.min(pluralRule(n), forms.length - 1) : (n === 1 ? 0 : 1);
  return wrap(fill(forms[i], { n: formatNumber(n), ...(params || {}) }));
}

// The language to use: ?lang=, the stored choice, the browser's list.
export function pickLanguage() {
  const q = new URLSearchParams(location.search).get('lang');
  if (q && (KNOWN.includes(q) || q === 'xx')) return q;
  let stored = null;
  try { stored = localStorage.getItem(STORE); } catch { /* private mode */ }
  if (stored && KNOWN.includes(stored)) return stored;
  for (const l of navigator.languages || [navigator.language || 'en']) {
    const base = String(l).toLowerCase().split('-')[0];
    if (KNOWN.includes(base)) return base;
  }
  return 'en';
}

export const language = () => current;
// The event catalogue's language (GET /api/catalogue/<lang>).
export const eventLanguage = () => current;

// Loads the UI catalogue of the page's language and sets <html lang>.
export async function initI18n() {
  current = pickLanguage();
  pseudo = current === 'xx';
  document.documentElement.lang = pseudo ? 'en' : current;
  if (current !== 'en' && !pseudo) {
    // A busy server may refuse a request for a moment (503, a dropped
    // connection): try again twice before the page falls back to English.
    let cat = null;
    for (let k = 0; k < 3 && !cat; k++) {
      if (k) await new Promise((ok) => setTimeout(ok, 300 * k));
      try {
        const r = await fetch(`/i18n/${current}.json`);
        if (r.ok) cat = await r.json();
      } catch { /* tried again below */ }
    }
    setUiCatalogue(cat || {}, PLURAL_RULES[current]);
  }
  return current;
}

// The switcher's choice: remembered, and the page drawn again in it.
export function chooseLanguage(lang) {
  try { localStorage.setItem(STORE, lang); } catch { /* private mode */ }
  const u = new URL(location.href);
  u.searchParams.delete('lang');
  location.replace(u.toString());
}

const locale = () => (current === 'xx' ? 'en' : current);
export const formatNumber = (n) => (typeof n === 'number' ? new Intl.NumberFormat(locale()).format(n) : n);
export const formatDate = (d) => new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeStyle: 'short' }).format(d);
// A clock time of the day (chat messages), in the page's language.
export const formatTime = (d) => new Intl.DateTimeFormat(locale(), { hour: '2-digit', minute: '2-digit' }).format(d);
