#!/usr/bin/env python3
"""i18n-check.py — every message id in every catalogue, with the same
placeholders (docs/i18n.md). Exit 0 when all is well, 1 with the list of
what is missing or wrong otherwise. Run from the top of the repository.

  browser  every t('...') / tn('...', '...') literal in web/*.html and
           web/js/*.js is a key of every web/i18n/<lang>.json, with the same
           {placeholders}; tn() entries are arrays of the language's plural
           forms (Polish and Czech three, the others two)
  events   every id of data/i18n/en.json is in data/i18n/<lang>.json, with
           the same {fields} (hints such as {n:#one|few|many} may differ)
  terminal every message xgettext finds in cli/*.c, common/opts.c and server/serve.c (_, N_, ngettext) is
           translated in po/<lang>.po (not empty, not fuzzy), and msgfmt
           --check accepts the file (printf formats match)

--missing lists only the missing ids, one per line, by catalogue
(scripts/i18n-missing.sh)."""
import glob, json, os, re, subprocess, sys, tempfile

LANGS = ['pl', 'hu', 'cs', 'fr']
NPLURALS = {'pl': 3, 'cs': 3, 'hu': 2, 'fr': 2}
problems, missing = [], {}

def miss(cat, msg):
    missing.setdefault(cat, []).append(msg)

# ------------------------------------------------------------ browser
LIT = r"""(['"])((?:\\.|(?!\1).)*)\1"""
T_RE = re.compile(r"\bt\(\s*" + LIT)
TN_RE = re.compile(r"\btn\(\s*" + LIT + r"\s*,\s*" + LIT.replace('\\1', '\\3'))

def unescape(s):
    return re.sub(r"\\(.)", r"\1", s)

def ph(s):
    return sorted(set(re.findall(r"\{([A-Za-z0-9_]+)\}", s)))

def web_ids():
    ids, plural = {}, {}
    for f in sorted(glob.glob('web/js/*.js') + glob.glob('web/*.html')):
        src = re.sub(r"(?m)^\s*//.*$", "", open(f, encoding="utf-8").read())
        for m in TN_RE.finditer(src):
            one, other = unescape(m.group(2)), unescape(m.group(4))
            plural[one] = other
            ids.setdefault(one, f)
        for m in T_RE.finditer(src):
            ids.setdefault(unescape(m.group(2)), f)
    return ids, plural

def check_web():
    ids, plural = web_ids()
    for lang in LANGS:
        path = f'web/i18n/{lang}.json'
        try:
            cat = json.load(open(path, encoding='utf-8'))
        except (OSError, ValueError) as e:
            problems.append(f'{path}: {e}')
            continue
        for text in ids:
            if text not in cat:
                miss(path, text)
                continue
            tr = cat[text]
            if text in plural:
                want = sorted(set(ph(text)) | set(ph(plural[text])) | {'n'})
                if not isinstance(tr, list) or len(tr) != NPLURALS[lang]:
                    problems.append(f'{path}: "{text}" needs {NPLURALS[lang]} plural forms')
                    continue
                for form in tr:
                    if not set(ph(form)) <= set(want):
                        problems.append(f'{path}: "{text}": form "{form}" has placeholders {ph(form)}, not in {want}')
            elif not isinstance(tr, str):
                problems.append(f'{path}: "{text}" must be a string')
            elif ph(tr) != ph(text):
                problems.append(f'{path}: "{text}": placeholders {ph(tr)} differ from {ph(text)}')

# ------------------------------------------------------------- events
FIELD = re.compile(r"\{([A-Za-z0-9_]+)(?::[^}]*)?\}")

def fields(s):
    return sorted(set(FIELD.findall(s)))

def check_events():
    en = json.load(open('data/i18n/en.json', encoding='utf-8'))
    for lang in LANGS:
        path = f'data/i18n/{lang}.json'
        try:
            cat = json.load(open(path, encoding='utf-8'))
        except (OSError, ValueError) as e:
            problems.append(f'{path}: {e}')
            continue
        for k, v in en.items():
            if k == '_about':
                continue
            if k not in cat:
                miss(path, k)
            elif k.startswith('_'):
                continue
            elif fields(cat[k]) != fields(v):
                problems.append(f'{path}: {k}: fields {fields(cat[k])} differ from {fields(v)}')
        for k in cat:
            if k not in en:
                problems.append(f'{path}: {k} is not in en.json')

def check_printed():
    """The cards' printed texts (data/ys/*_text.csv, the engines' English) are
    the English catalogue's ys:text.KEY, word for word: one text, two homes."""
    import csv
    en = json.load(open('data/i18n/en.json', encoding='utf-8'))
    for f in ('data/ys/character_text.csv', 'data/ys/event_text.csv'):
        for row in csv.DictReader(open(f, encoding='utf-8')):
            k = 'ys:text.' + row['key']
            if k not in en:
                miss('data/i18n/en.json', k)
            elif en[k] != row['text']:
                problems.append(f'data/i18n/en.json: {k} differs from {f}')

# ----------------------------------------------------------- terminal
def po_entries(path):
    """{msgid: (translated?, fuzzy?)} of a .po or .pot file."""
    out, cur, field, fuzzy = {}, {}, None, False
    def flush():
        nonlocal cur, fuzzy
        if 'msgid' in cur and cur['msgid'] != '':
            strs = [v for k, v in cur.items() if k.startswith('msgstr')]
            out[cur['msgid']] = (bool(strs) and all(s != '' for s in strs), fuzzy)
        cur, fuzzy = {}, False
    for line in open(path, encoding='utf-8'):
        line = line.rstrip('\n')
        if not line.strip():
            flush(); field = None; continue
        if line.startswith('#,') and 'fuzzy' in line:
            fuzzy = True
        if line.startswith('#'):
            continue
        m = re.match(r'(msgid_plural|msgid|msgstr(?:\[\d+\])?|msgctxt)\s+"(.*)"$', line)
        if m:
            if m.group(1) in ('msgid', 'msgctxt') and 'msgstr' in ''.join(cur):
                flush()
            field = m.group(1)
            cur[field] = m.group(2)
        elif line.startswith('"') and field:
            cur[field] += line[1:-1]
    flush()
    return out

def check_po():
    srcs = sorted(glob.glob('cli/*.c')) + ['common/opts.c', 'server/serve.c']
    with tempfile.TemporaryDirectory() as tmp:
        pot = os.path.join(tmp, 'gemgames.pot')
        r = subprocess.run(['xgettext', '--from-code=UTF-8', '--language=C', '--keyword=_', '--keyword=N_',
                            '--keyword=ngettext:1,2', '-o', pot] + srcs, capture_output=True, text=True)
        if r.returncode:
            problems.append('xgettext: ' + r.stderr.strip())
            return
        ids = po_entries(pot)
        for lang in LANGS:
            path = f'po/{lang}.po'
            if not os.path.exists(path):
                problems.append(f'{path}: missing')
                continue
            r = subprocess.run(['msgfmt', '--check', '-o', os.devnull, path], capture_output=True, text=True)
            if r.returncode:
                problems.append(f'{path}: msgfmt --check: ' + r.stderr.strip())
            have = po_entries(path)
            for msgid in ids:
                ok, fuzzy = have.get(msgid, (False, False))
                if not ok or fuzzy:
                    miss(path, msgid)

def main():
    only_missing = '--missing' in sys.argv
    check_web()
    check_events()
    check_printed()
    check_po()
    n = sum(len(v) for v in missing.values())
    for cat, ids in sorted(missing.items()):
        print(f'# {cat}: {len(ids)} missing')
        for i in ids:
            print(json.dumps(i, ensure_ascii=False))
    if not only_missing:
        for p in problems:
            print('error:', p)
    if only_missing:
        return 0
    if n or problems:
        print(f'i18n: {n} message(s) missing, {len(problems)} problem(s) '
              '(scripts/i18n-missing.sh lists the missing ids)')
        return 1
    return 0

sys.exit(main())
