// The static archive's stylesheet and scripts, written into it (nothing comes from another origin).

/** The archive's stylesheet: light and dark (the system's, or the reader's choice), code colours for highlight.js classes. */
export const ARCHIVE_CSS = `:root {
  color-scheme: light;
  --bg: #f6f7f9; --card: #ffffff; --fg: #1d2125; --muted: #5b636b; --border: #d9dee3;
  --link: #0b57b8; --accent: #0b57b8; --accent-fg: #ffffff; --chip: #e7eef8; --chip-fg: #1e4d8c;
  --ok: #1a7f37; --ok-bg: #e8f6ec; --warn-bg: #fff4e0; --warn-fg: #7a4b00; --code-bg: #f0f2f4;
  --code-fg: #1f2328; --code-keyword: #a3185a; --code-string: #0a6b2c; --code-number: #0550ae; --code-comment: #5c6670;
  --code-title: #6a32b0; --code-type: #8a4600; --code-attr: #0b5f7a; --code-meta: #4d5a66;
  --code-added-fg: #116329; --code-added-bg: #dafbe1; --code-removed-fg: #a40e26; --code-removed-bg: #ffebe9;
}
:root[data-theme='dark'] {
  color-scheme: dark;
  --bg: #111418; --card: #1b1f24; --fg: #e6e9ed; --muted: #a1a9b2; --border: #343b43;
  --link: #7cb4ff; --accent: #4d94ff; --accent-fg: #0b1220; --chip: #1f3350; --chip-fg: #b9d4ff;
  --ok: #5fd37f; --ok-bg: #15301e; --warn-bg: #3a2c10; --warn-fg: #f5cf86; --code-bg: #0d1117;
  --code-fg: #e6edf3; --code-keyword: #ff7b9c; --code-string: #7ee2a1; --code-number: #79c0ff; --code-comment: #8b949e;
  --code-title: #d2a8ff; --code-type: #ffa657; --code-attr: #7dd3e8; --code-meta: #a5b1bd;
  --code-added-fg: #aff5b4; --code-added-bg: #033a16; --code-removed-fg: #ffdcd7; --code-removed-bg: #67060c;
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 16px/1.55 system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'PingFang SC', 'Microsoft YaHei', sans-serif; }
a { color: var(--link); }
a:focus-visible, button:focus-visible, input:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.skip { position: absolute; left: -999px; top: 0; background: var(--card); padding: 8px; z-index: 2; }
.skip:focus { left: 8px; }
header.site { background: var(--card); border-bottom: 1px solid var(--border); }
.bar { max-width: 1040px; margin: 0 auto; padding: 10px 16px; display: flex; flex-wrap: wrap; align-items: center; gap: 8px 16px; }
.brand { display: flex; align-items: center; gap: 10px; font-weight: 700; font-size: 1.15rem; color: var(--fg); text-decoration: none; margin-right: auto; }
.brand img { max-height: 36px; max-width: 180px; }
nav.main { display: flex; flex-wrap: wrap; gap: 4px; }
nav.main a { padding: 6px 10px; border-radius: 6px; text-decoration: none; color: var(--fg); }
nav.main a[aria-current='page'] { background: var(--chip); color: var(--chip-fg); font-weight: 600; }
nav.main a:hover { background: var(--chip); }
form.search { display: flex; gap: 6px; }
form.search input, .search-page input[type='search'] { min-width: 0; width: 14rem; padding: 6px 10px; border: 1px solid var(--border); border-radius: 6px; background: var(--bg); color: var(--fg); font: inherit; }
button, .button { font: inherit; padding: 6px 12px; border-radius: 6px; border: 1px solid var(--accent); background: var(--accent); color: var(--accent-fg); cursor: pointer; }
button.theme { background: transparent; color: var(--fg); border-color: var(--border); }
main { max-width: 1040px; margin: 0 auto; padding: 16px; }
h1 { font-size: 1.6rem; line-height: 1.3; margin: 8px 0 16px; overflow-wrap: anywhere; }
h2 { font-size: 1.25rem; margin: 24px 0 12px; }
.muted { color: var(--muted); }
.tabs { display: flex; gap: 6px; margin-bottom: 12px; flex-wrap: wrap; }
.tabs a { padding: 4px 12px; border: 1px solid var(--border); border-radius: 999px; text-decoration: none; color: var(--fg); background: var(--card); }
.tabs a[aria-current='page'] { background: var(--accent); border-color: var(--accent); color: var(--accent-fg); }
ol.questions { list-style: none; margin: 0; padding: 0; background: var(--card); border: 1px solid var(--border); border-radius: 8px; }
ol.questions > li { display: flex; gap: 16px; padding: 12px 16px; border-top: 1px solid var(--border); }
ol.questions > li:first-child { border-top: 0; }
.stats { flex: 0 0 5.5rem; display: flex; flex-direction: column; gap: 2px; font-size: 0.85rem; color: var(--muted); text-align: right; }
.stats .has-accepted { color: var(--ok); font-weight: 600; }
.summary { min-width: 0; flex: 1; }
.summary h3 { margin: 0 0 6px; font-size: 1.05rem; font-weight: 600; overflow-wrap: anywhere; }
.summary h3 a { text-decoration: none; }
.summary h3 a:hover { text-decoration: underline; }
.meta { font-size: 0.85rem; color: var(--muted); }
ul.chips { list-style: none; padding: 0; margin: 6px 0; display: flex; flex-wrap: wrap; gap: 6px; }
ul.chips a { display: inline-block; padding: 1px 8px; border-radius: 4px; background: var(--chip); color: var(--chip-fg); text-decoration: none; font-size: 0.85rem; }
nav.pages { display: flex; justify-content: space-between; align-items: center; gap: 8px; margin: 16px 0; flex-wrap: wrap; }
nav.pages .disabled { visibility: hidden; }
article.post { background: var(--card); border: 1px solid var(--border); border-radius: 8px; padding: 16px; margin-bottom: 16px; display: flex; gap: 16px; }
article.post.accepted { border: 2px solid var(--ok); }
.score { flex: 0 0 3rem; text-align: center; font-size: 1.2rem; font-weight: 600; color: var(--muted); }
.score small { display: block; font-size: 0.7rem; font-weight: 400; }
.post-main { flex: 1; min-width: 0; }
.badge-accepted { display: inline-block; background: var(--ok-bg); color: var(--ok); border-radius: 4px; padding: 2px 8px; font-weight: 600; font-size: 0.85rem; margin-bottom: 8px; }
.badge-closed { display: inline-block; background: var(--warn-bg); color: var(--warn-fg); border-radius: 4px; padding: 2px 8px; font-size: 0.85rem; }
.content { overflow-wrap: anywhere; }
.content img { max-width: 100%; height: auto; }
.content pre { background: var(--code-bg); padding: 12px; border-radius: 6px; overflow-x: auto; font-size: 0.9rem; line-height: 1.45; }
.content code { background: var(--code-bg); padding: 1px 4px; border-radius: 4px; font-size: 0.9em; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.content pre code { background: none; padding: 0; }
.content blockquote { margin: 0 0 1em; padding: 0 1em; border-left: 4px solid var(--border); color: var(--muted); }
.content table { border-collapse: collapse; display: block; overflow-x: auto; }
.content th, .content td { border: 1px solid var(--border); padding: 4px 8px; }
ul.comments { list-style: none; margin: 12px 0 0; padding: 0; border-top: 1px solid var(--border); font-size: 0.9rem; }
ul.comments li { padding: 6px 0; border-bottom: 1px solid var(--border); overflow-wrap: anywhere; }
ul.comments li p { display: inline; margin: 0; }
.user-head { display: flex; gap: 16px; align-items: center; }
.avatar { width: 64px; height: 64px; border-radius: 8px; background: var(--chip); color: var(--chip-fg); display: flex; align-items: center; justify-content: center; font-size: 1.8rem; font-weight: 700; flex: 0 0 auto; }
ul.grid { list-style: none; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); gap: 12px; }
ul.grid li { background: var(--card); border: 1px solid var(--border); border-radius: 8px; padding: 12px; overflow-wrap: anywhere; }
ul.simple { background: var(--card); border: 1px solid var(--border); border-radius: 8px; padding: 8px 16px 8px 32px; }
ul.simple li { padding: 4px 0; }
footer.site { max-width: 1040px; margin: 24px auto; padding: 0 16px; color: var(--muted); font-size: 0.85rem; }
.search-page form { display: flex; gap: 8px; margin-bottom: 8px; }
.search-page input[type='search'] { flex: 1; width: auto; font-size: 1.05rem; padding: 8px 12px; }
#search-status { margin: 12px 0; }
.hljs { color: var(--code-fg); }
.hljs-keyword, .hljs-selector-tag, .hljs-meta .hljs-keyword, .hljs-doctag, .hljs-template-tag { color: var(--code-keyword); }
.hljs-string, .hljs-regexp, .hljs-char.escape_, .hljs-meta .hljs-string, .hljs-selector-attr, .hljs-selector-pseudo { color: var(--code-string); }
.hljs-number, .hljs-literal, .hljs-symbol, .hljs-bullet, .hljs-link, .hljs-operator { color: var(--code-number); }
.hljs-comment, .hljs-quote { color: var(--code-comment); font-style: italic; }
.hljs-title, .hljs-title.function_, .hljs-section, .hljs-name, .hljs-selector-id { color: var(--code-title); }
.hljs-type, .hljs-built_in, .hljs-title.class_, .hljs-title.class_.inherited__, .hljs-selector-class { color: var(--code-type); }
.hljs-attr, .hljs-attribute, .hljs-variable, .hljs-template-variable, .hljs-property, .hljs-params { color: var(--code-attr); }
.hljs-meta, .hljs-tag, .hljs-subst { color: var(--code-meta); }
.hljs-addition { color: var(--code-added-fg); background: var(--code-added-bg); }
.hljs-deletion { color: var(--code-removed-fg); background: var(--code-removed-bg); }
.hljs-emphasis { font-style: italic; }
.hljs-strong { font-weight: 700; }
@media (max-width: 640px) {
  .bar { padding: 8px 12px; }
  .brand { flex: 1 1 auto; order: 0; }
  button.theme { order: 1; }
  nav.main { order: 2; width: 100%; }
  form.search { order: 3; flex: 1 1 100%; }
  form.search input { flex: 1; width: auto; }
  main { padding: 12px; }
  h1 { font-size: 1.35rem; }
  ol.questions > li { flex-direction: column; gap: 4px; padding: 12px; }
  .stats { flex-direction: row; gap: 12px; text-align: left; flex-basis: auto; }
  article.post { padding: 12px; gap: 10px; }
  .score { flex-basis: 2.2rem; font-size: 1rem; }
}
`;

/**
 * Sets the colour scheme before the page is drawn (inlined into each page's head): the reader's
 * choice kept in localStorage, else the system's.
 */
export const THEME_BOOT = `(function(){var t=null;try{t=localStorage.getItem('lantern-archive-theme')}catch(e){}if(t!=='light'&&t!=='dark')t=window.matchMedia&&matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';document.documentElement.setAttribute('data-theme',t)})();`;

/** The toggle between light and dark (remembered where the browser allows it for files). */
export const SITE_JS = `(function () {
  var button = document.getElementById('theme-toggle');
  if (!button) return;
  function label() {
    var dark = document.documentElement.getAttribute('data-theme') === 'dark';
    button.textContent = dark ? button.getAttribute('data-light') : button.getAttribute('data-dark');
    button.setAttribute('aria-pressed', dark ? 'true' : 'false');
  }
  button.hidden = false;
  label();
  button.addEventListener('click', function () {
    var next = document.documentElement.getAttribute('data-theme') === 'dark' ? 'light' : 'dark';
    document.documentElement.setAttribute('data-theme', next);
    try { localStorage.setItem('lantern-archive-theme', next); } catch (e) {}
    label();
  });
})();
`;

/** The browser's copy of archiveTerms and shardKey (html-search.ts); a unit test checks that they split alike. */
export const TERMS_JS = `function archiveTerms(text) {
  var out = [];
  var words = text.normalize('NFKD').replace(/[\\u0300-\\u036f]/g, '').toLowerCase().match(/[\\p{L}\\p{N}_]+/gu) || [];
  for (var w = 0; w < words.length; w++) {
    var parts = words[w].split(/([\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}]+)/u);
    for (var i = 0; i < parts.length; i++) {
      var part = parts[i];
      if (!part) continue;
      if (i % 2 === 1) {
        var chars = Array.from(part);
        if (chars.length === 1) out.push(part);
        for (var j = 0; j + 1 < chars.length; j++) out.push(chars[j] + chars[j + 1]);
      } else if (part.length >= 2 && part.length <= 40) out.push(part);
    }
  }
  return out;
}
function shardKey(term) {
  return Array.from(term).slice(0, 2).map(function (c) {
    return /^[a-z0-9]$/.test(c) ? c : 'x' + c.codePointAt(0).toString(16) + '_';
  }).join('');
}
`;

/** The search page's script: loads the shards of the query's words by <script>, intersects, shows titles and links. */
export const SEARCH_JS = `${TERMS_JS}
(function () {
  var S = (window.LanternSearch = { shards: {}, chunks: {}, info: null });
  S.meta = function (m) { S.info = m; };
  S.shard = function (key, terms) { S.shards[key] = terms; };
  S.docs = function (n, docs) { S.chunks[n] = docs; };
  var root = document.body.getAttribute('data-root') || '';
  var loading = {};
  function load(src) {
    if (!loading[src]) loading[src] = new Promise(function (done) {
      var s = document.createElement('script');
      s.src = root + src;
      s.onload = function () { done(true); };
      s.onerror = function () { done(false); };
      document.head.appendChild(s);
    });
    return loading[src];
  }
  function decode(text) {
    var out = [];
    if (!text) return out;
    var parts = text.split(','), n = 0;
    for (var i = 0; i < parts.length; i++) { var d = parseInt(parts[i], 36); n = i === 0 ? d : n - d; out.push(n); }
    return out;
  }
  function postings(term, prefix) {
    var shard = S.shards[shardKey(term)] || {};
    var all = new Set(), title = new Set();
    var keys = prefix ? Object.keys(shard).filter(function (k) { return k.indexOf(term) === 0; }) : shard[term] ? [term] : [];
    keys.forEach(function (k) {
      decode(shard[k][0]).forEach(function (n) { all.add(n); });
      decode(shard[k][1]).forEach(function (n) { title.add(n); });
    });
    return { all: all, title: title };
  }
  var form = document.getElementById('search-form');
  var input = document.getElementById('search-input');
  var status = document.getElementById('search-status');
  var list = document.getElementById('search-results');
  var more = document.getElementById('search-more');
  var strings = JSON.parse(document.getElementById('search-strings').textContent);
  var found = [], shown = 0, PAGE = 30, run = 0;
  function showMore() {
    var next = found.slice(shown, shown + PAGE);
    var chunks = next.map(function (n) { return Math.floor(n / S.info.chunk); });
    var mine = run;
    Promise.all(chunks.map(function (c) { return load('${'search'}/docs/' + c + '.js'); })).then(function () {
      if (mine !== run) return;
      next.forEach(function (n) {
        var chunk = S.chunks[Math.floor(n / S.info.chunk)] || [];
        var doc = chunk[n % S.info.chunk];
        if (!doc) return;
        var li = document.createElement('li');
        var h = document.createElement('h3');
        var a = document.createElement('a');
        a.href = root + doc[0];
        a.textContent = doc[1];
        h.appendChild(a);
        var meta = document.createElement('div');
        meta.className = 'meta';
        meta.textContent = doc[2] + ' ' + strings.votes[doc[2] === 1 ? 0 : 1] + ' · ' + doc[3] + ' ' + strings.answers[doc[3] === 1 ? 0 : 1];
        var box = document.createElement('div');
        box.className = 'summary';
        box.appendChild(h);
        box.appendChild(meta);
        li.appendChild(box);
        list.appendChild(li);
      });
      shown += next.length;
      more.hidden = shown >= found.length;
    });
  }
  function search(query) {
    var mine = ++run;
    list.innerHTML = '';
    more.hidden = true;
    found = []; shown = 0;
    var terms = Array.from(new Set(archiveTerms(query)));
    if (!terms.length) { status.textContent = ''; list.hidden = true; return; }
    status.textContent = strings.searching;
    var keys = Array.from(new Set(terms.map(shardKey)));
    Promise.all([load('${'search'}/meta.js')].concat(keys.map(function (k) { return load('${'search'}/terms/' + k + '.js'); }))).then(function () {
      if (mine !== run || !S.info) return;
      var last = query.trim().length > 0 && /[\\p{L}\\p{N}_]$/u.test(query.trim());
      var sets = terms.map(function (t, i) { return postings(t, last && i === terms.length - 1); });
      sets.sort(function (a, b) { return a.all.size - b.all.size; });
      var hits = [];
      sets[0].all.forEach(function (n) {
        for (var i = 1; i < sets.length; i++) if (!sets[i].all.has(n)) return;
        var score = 0;
        for (var j = 0; j < sets.length; j++) if (sets[j].title.has(n)) score++;
        hits.push([score, n]);
      });
      hits.sort(function (a, b) { return b[0] - a[0] || b[1] - a[1]; });
      found = hits.map(function (h) { return h[1]; });
      status.textContent = found.length === 1 ? strings.resultsOne : found.length ? strings.results.replace('{n}', String(found.length)) : strings.noResults;
      list.hidden = !found.length;
      showMore();
    });
  }
  more.addEventListener('click', showMore);
  form.addEventListener('submit', function (e) {
    e.preventDefault();
    var q = input.value;
    try { history.replaceState(null, '', '?q=' + encodeURIComponent(q)); } catch (err) {}
    search(q);
  });
  var q = new URLSearchParams(location.search).get('q');
  if (q) { input.value = q; search(q); }
})();
`;
