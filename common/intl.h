/* common/intl.h — _() and N_() for the strings a person reads on the
 * terminal (GNU gettext, docs/i18n.md). cli/i18n.h chooses the language;
 * common/ and server/ only mark and look up their messages with these. */
#ifndef GG_COMMON_INTL_H
#define GG_COMMON_INTL_H

#include <libintl.h>

#define _(s) gettext(s)
#define N_(s) (s)

#endif
