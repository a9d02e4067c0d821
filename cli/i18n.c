/* i18n.c — the terminal's language (cli/i18n.h, docs/i18n.md): gettext's
 * text domain "gemgames" bound to the catalogues next to the binary
 * (build/rel/../locale in the build tree, BINDIR/../share/locale when
 * installed), and LANGUAGE set to the chosen language so that gettext
 * finds it whatever locales the system has generated. */
#include <limits.h>
#include <stdio.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "i18n.h"

const char *const cli_languages[] = {"en", "pl", "hu", "cs", "fr", NULL};

static char current[8] = "en";

static int known(const char *lang)
{
    for (int i = 0; cli_languages[i]; i++)
        if (!strcmp(lang, cli_languages[i])) return 1;
    return 0;
}

/* A catalogue directory: the first of the candidates that holds one of our
 * catalogues (the build tree has the pseudo-locale xx too). */
static int has_catalogues(const char *dir)
{
    static const char *const langs[] = {"pl", "hu", "cs", "fr", "xx"};
    char p[PATH_MAX + 64];
    struct stat st;
    for (size_t i = 0; i < sizeof langs / sizeof langs[0]; i++) {
        snprintf(p, sizeof p, "%s/%s/LC_MESSAGES/gemgames.mo", dir, langs[i]);
        if (stat(p, &st) == 0) return 1;
    }
    return 0;
}

static void bind_domain(void)
{
    char exe[PATH_MAX / 2];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    const char *found = NULL;
    static char dir[PATH_MAX];
    if (n > 0) {
        exe[n] = 0;
        char *slash = strrchr(exe, '/');
        if (slash) *slash = 0;
        static const char *const rel[] = {"../locale", "../share/locale", "../../share/locale"};
        for (size_t i = 0; i < sizeof rel / sizeof rel[0] && !found; i++) {
            snprintf(dir, sizeof dir, "%s/%s", exe, rel[i]);
            if (has_catalogues(dir)) found = dir;
        }
    }
    if (!found) found = "/usr/share/locale";
    bindtextdomain("gemgames", found);
    bind_textdomain_codeset("gemgames", "UTF-8");
    textdomain("gemgames");
}

/* "pl_PL.UTF-8" -> "pl"; "C", "POSIX" or unknown -> NULL. */
static const char *from_locale(const char *v, char *buf, size_t n)
{
    if (!v || !v[0]) return NULL;
    snprintf(buf, n, "%s", v);
    buf[strcspn(buf, "_.@:")] = 0;
    return known(buf) || !strcmp(buf, "xx") ? buf : NULL;
}

int cli_i18n_set(const char *lang)
{
    if (!lang || !(known(lang) || !strcmp(lang, "xx"))) return -1;
    char copy[sizeof current]; /* lang may be current itself */
    snprintf(copy, sizeof copy, "%s", lang);
    memcpy(current, copy, sizeof current);
    lang = current;
    /* gettext ignores LANGUAGE under the "C" locale: C.UTF-8 is always there */
    const char *msgs = setlocale(LC_MESSAGES, NULL);
    if (!msgs || !strcmp(msgs, "C") || !strcmp(msgs, "POSIX")) setlocale(LC_MESSAGES, "C.UTF-8");
    setenv("LANGUAGE", strcmp(lang, "en") ? lang : "en", 1);
    {
        extern int _nl_msg_cat_cntr; /* GNU gettext: forget cached translations */
        ++_nl_msg_cat_cntr;
    }
    return 0;
}

int cli_i18n_init(const char *lang)
{
    static int bound;
    if (!bound) {
        /* characters and messages only: numbers stay C (JSON, bench lines) */
        setlocale(LC_CTYPE, "");
        setlocale(LC_MESSAGES, "");
        bind_domain();
        bound = 1;
    }
    char buf[32];
    const char *env = NULL;
    const char *vars[] = {"LC_ALL", "LC_MESSAGES", "LANG"};
    for (int i = 0; i < 3 && !env; i++) {
        const char *v = getenv(vars[i]);
        if (v && v[0]) { /* the first one set decides, as for setlocale */
            env = from_locale(v, buf, sizeof buf);
            if (!env) env = "en";
        }
    }
    if (lang) {
        if (cli_i18n_set(lang) == 0) return 0;
        cli_i18n_set("en");
        return -1;
    }
    cli_i18n_set(env ? env : "en");
    return 0;
}

const char *cli_i18n_lang(void) { return current; }

const char *cli_i18n_next(void)
{
    for (int i = 0; cli_languages[i]; i++)
        if (!strcmp(cli_languages[i], current)) return cli_languages[i + 1] ? cli_languages[i + 1] : cli_languages[0];
    return cli_languages[0];
}
