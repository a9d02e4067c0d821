/* i18n.h — every player-facing string of the terminal goes through _()
 * (GNU gettext, issue 23): the message id is the English text, and a
 * catalogue for the player's language gives its translation. N_() marks a
 * string in a static table, translated where it is shown with _(). Until a
 * catalogue is installed and bound, gettext() returns the English text. */
#ifndef GG_CLI_I18N_H
#define GG_CLI_I18N_H

#include <libintl.h>

#define _(s) gettext(s)
#define N_(s) (s)

#endif
