// i18n.js — every player-facing string of the browser UI goes through t()
// (issue 23). The message id is the English text itself, with {name}
// placeholders filled from params, so a page reads naturally in the source
// and a catalogue for another language maps each English text to its
// translation. Until a catalogue is set, the English text is used.
// tn() picks a plural form by count; languages with several plural forms
// (Polish, Czech: three) give them as an array in their catalogue.
let catalogue = {};
let pluralRule = (n) => (n === 1 ? 0 : 1); // English: one, other

export function setUiCatalogue(cat, rule) {
  catalogue = cat && typeof cat === 'object' ? cat : {};
  if (typeof rule === 'function') pluralRule = rule;
}

function fill(text, params) {
  if (!params) return text;
  return text.replace(/\{([a-zA-Z0-9_]+)\}/g, (m, k) => (params[k] === undefined ? m : String(params[k])));
}

// t('Take a free seat') or t('{name} joined the table', { name })
export function t(text, params) {
  const tr = catalogue[text];
  return fill(typeof tr === 'string' ? tr : text, params);
}

// tn('{n} move', '{n} moves', n, params): n is also available as {n}.
export function tn(one, other, n, params) {
  const tr = catalogue[one];
  const forms = Array.isArray(tr) ? tr : [one, other];
  const i = Array.isArray(tr) ? Math.min(pluralRule(n), forms.length - 1) : (n === 1 ? 0 : 1);
  return fill(forms[i], { n, ...(params || {}) });
}
