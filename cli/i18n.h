/* i18n.h — every player-facing string of the terminal goes through _()
 * (GNU gettext, issue 23): the message id is the English text, and a
 * catalogue for the player's language gives its translation. N_() marks a
 * string in a static table, translated where it is shown with _().
 * The catalogues are po/<lang>.po, compiled by make into
 * build/locale/<lang>/LC_MESSAGES/gemgames.mo (installed under
 * DATADIR/locale); cli_i18n_init binds the text domain to the one next to
 * the running binary (docs/i18n.md). */
#ifndef GG_CLI_I18N_H
#define GG_CLI_I18N_H

#include "intl.h" /* common/: _() and N_() */

/* The languages the terminal speaks, "en" first, NULL-terminated. The
 * pseudo-locale "xx" (every string wrapped [[...]], for the tests) is
 * accepted too when its catalogue was built. */
extern const char *const cli_languages[];

/* Binds the text domain and picks the language: `lang` when given (the
 * --lang option), else LC_ALL / LC_MESSAGES / LANG. 0, or -1 when `lang`
 * is not a known language (then English). Safe to call again. */
int cli_i18n_init(const char *lang);
/* Switches the language now (the TUI's :lang). 0, or -1 if unknown. */
int cli_i18n_set(const char *lang);
/* The language in use ("en", "pl", ...): also the event catalogue's. */
const char *cli_i18n_lang(void);
/* The next language after the current one (the TUI's key L). */
const char *cli_i18n_next(void);

#endif
