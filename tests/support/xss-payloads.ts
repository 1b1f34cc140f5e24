// The stored-XSS corpus of the e2e spec tests/e2e/xss.spec.ts (issue 17): payloads that try to run
// script or to make the browser fetch from a foreign origin, each tagged with its family. Each
// payload carries its own number: a payload that runs calls `__xss.push(n)` (a canary the spec
// defines before the page loads) or `alert(n)` (a dialog the spec listens for); one that fetches
// asks for http://xss-foreign.invalid/n (requests the spec counts and aborts).

/** The kinds of attack in the corpus. */
export type XssFamily =
  | 'script'
  | 'event-handler'
  | 'javascript-url'
  | 'data-url'
  | 'svg'
  | 'mathml'
  | 'markdown-link'
  | 'markdown-image'
  | 'entity'
  | 'mutation'
  | 'css'
  | 'foreign-resource'
  | 'template';

/** One payload: its number (1...), family and text. */
export interface XssPayload {
  id: number;
  family: XssFamily;
  text: string;
}

/** The origin payloads try to fetch from (never resolves; the spec aborts such requests anyway). */
export const FOREIGN_ORIGIN = 'http://xss-foreign.invalid';

/** What a payload has to work with: `run` is the canary call, `n` its number, `far` a foreign URL of its own. */
interface Make {
  run: string;
  n: number;
  far: string;
}

const b64 = (s: string) => Buffer.from(s).toString('base64');

const MAKERS: [XssFamily, (m: Make) => string][] = [
  // script elements, whole and broken up
  ['script', ({ run }) => `<script>${run}</script>`],
  ['script', ({ far }) => `<SCRIPT SRC=${far}.js></SCRIPT>`],
  ['script', ({ run }) => `<scr<script>ipt>${run}</scr</script>ipt>`],
  ['script', ({ run }) => `<script src="data:text/javascript,${run}"></script>`],
  ['script', ({ run }) => `<<script>script>${run}<</script>/script>`],
  ['script', ({ run }) => `<script type="module">${run}</script>`],
  ['script', ({ run }) => `</script><script>${run}</script>`],
  ['script', ({ run }) => `<script\ttype="text/javascript">${run}</script>`],
  ['script', ({ n }) => `<script>alert(${n})</script>`],
  ['script', ({ run }) => `<script>/*</script><img src=x onerror=${run}>*/</script>`],
  // event handlers
  ['event-handler', ({ run }) => `<img src=x onerror=${run}>`],
  ['event-handler', ({ run }) => `<img src="x" onerror="${run}">`],
  ['event-handler', ({ run }) => `<svg onload=${run}>`],
  ['event-handler', ({ run }) => `<body onload=${run}>`],
  ['event-handler', ({ run }) => `<details open ontoggle=${run}>x</details>`],
  ['event-handler', ({ run }) => `<input autofocus onfocus=${run}>`],
  ['event-handler', ({ run }) => `<video><source onerror=${run}></video>`],
  ['event-handler', ({ run }) => `<audio src=x onerror=${run}>`],
  ['event-handler', ({ run }) => `<iframe onload=${run}></iframe>`],
  ['event-handler', ({ run }) => `<div onmouseover=${run} style="position:fixed;inset:0">hover</div>`],
  ['event-handler', ({ run }) => `<marquee onstart=${run}>m</marquee>`],
  ['event-handler', ({ run }) => `<select autofocus onfocus=${run}></select>`],
  ['event-handler', ({ run }) => `<textarea autofocus onfocus=${run}></textarea>`],
  ['event-handler', ({ run }) => `<img src=x:x onerror=${run}//`],
  ['event-handler', ({ run }) => `<img/src="x"/onerror=${run}>`],
  ['event-handler', ({ run }) => `<img src=x oNeRrOr=${run}>`],
  ['event-handler', ({ run }) => `<a href="#" onclick=${run} autofocus>x</a>`],
  ['event-handler', ({ run }) => `<p style="animation:spin 1s" onanimationstart=${run}>a</p>`],
  ['event-handler', ({ run }) => `<object data=x onerror=${run}></object>`],
  ['event-handler', ({ run }) => `"><img src=x onerror=${run}>`],
  ['event-handler', ({ run }) => `'><img src=x onerror=${run}>`],
  ['event-handler', ({ n }) => `<img src=x onerror=alert(${n})>`],
  ['event-handler', ({ run }) => `<body onpageshow=${run}>`],
  ['event-handler', ({ run }) => `<style onload=${run}></style>`],
  ['event-handler', ({ run }) => `<input type=image src=x onerror=${run}>`],
  ['event-handler', ({ run }) => `<input type=checkbox checked onfocus=${run} autofocus>`],
  ['event-handler', ({ run }) => `<td onmouseover=${run}>t</td>`],
  ['event-handler', ({ run }) => `<img src=x onerror\n=${run}>`],
  // javascript: and other script URLs
  ['javascript-url', ({ run }) => `<a href="javascript:${run}">click</a>`],
  ['javascript-url', ({ run }) => `<a href="JaVaScRiPt:${run}">click</a>`],
  ['javascript-url', ({ run }) => `<a href="&#106;avascript:${run}">click</a>`],
  ['javascript-url', ({ run }) => `<a href="java&#x09;script:${run}">click</a>`],
  ['javascript-url', ({ run }) => `<a href=" javascript:${run}">click</a>`],
  ['javascript-url', ({ run }) => `<a href="javascript&colon;${run}">click</a>`],
  ['javascript-url', ({ run }) => `<iframe src="javascript:${run}"></iframe>`],
  ['javascript-url', ({ run }) => `<form action="javascript:${run}"><input type=submit></form>`],
  ['javascript-url', ({ n }) => `<a href="vbscript:msgbox(${n})">click</a>`],
  ['javascript-url', ({ run }) => `<a href="&#1;javascript:${run}">click</a>`],
  ['javascript-url', ({ run }) => `<embed src="javascript:${run}">`],
  ['javascript-url', ({ run }) => `<form><button formaction="javascript:${run}">go</button></form>`],
  ['javascript-url', ({ run }) => `<img src="javascript:${run}">`],
  ['javascript-url', ({ run }) => `<a href="jav&#x0A;ascript:${run}">click</a>`],
  // data: URLs
  ['data-url', ({ run }) => `<a href="data:text/html,<script>${run}</script>">click</a>`],
  ['data-url', ({ run }) => `<iframe src="data:text/html;base64,${b64(`<script>parent.${run}</script>`)}"></iframe>`],
  ['data-url', ({ run }) => `<object data="data:text/html,<script>${run}</script>"></object>`],
  ['data-url', ({ run }) => `<img src="data:image/svg+xml,<svg onload=${run}>">`],
  ['data-url', ({ run }) => `<embed src="data:image/svg+xml;base64,${b64(`<svg xmlns="http://www.w3.org/2000/svg" onload="${run}"/>`)}">`],
  ['data-url', ({ run }) => `[click](data:text/html;base64,${b64(`<script>${run}</script>`)})`],
  // SVG
  ['svg', ({ run }) => `<svg><script>${run}</script></svg>`],
  ['svg', ({ run }) => `<svg><animate onbegin=${run} attributeName=x dur=1s>`],
  ['svg', ({ run }) => `<svg><a xlink:href="javascript:${run}"><text y=20>click</text></a></svg>`],
  ['svg', ({ run }) => `<svg><animate attributeName=href values=javascript:${run} /><a id=x><text y=20>c</text></a></svg>`],
  ['svg', ({ run, far }) => `<svg><image href=${far}.png onerror=${run} /></svg>`],
  ['svg', ({ run }) => `<svg><foreignObject><iframe srcdoc="<script>parent.${run}</script>"></iframe></foreignObject></svg>`],
  ['svg', ({ run }) => `<svg><use href="data:image/svg+xml,<svg id=x xmlns=http://www.w3.org/2000/svg onload=${run}>#x" />`],
  ['svg', ({ far }) => `<svg><style>@import url(${far}.css)</style></svg>`],
  ['svg', ({ run }) => `<svg><set attributeName=onmouseover to=${run} /></svg>`],
  ['svg', ({ run }) => `<svg><desc><![CDATA[</desc><script>${run}</script>]]></svg>`],
  // MathML
  ['mathml', ({ run }) => `<math><mtext><table><mglyph><style><img src=x onerror=${run}>`],
  ['mathml', ({ run }) => `<math href="javascript:${run}">click</math>`],
  ['mathml', ({ run }) => `<math><maction actiontype=statusline xlink:href=javascript:${run}>click</maction></math>`],
  ['mathml', ({ run }) => `<math><mi xlink:href="data:x,<script>${run}</script>">click</mi></math>`],
  [
    'mathml',
    ({ run }) =>
      `<math><mtext><option><FAKE><option></option><mglyph><svg><mtext><textarea><a title="</textarea><img src=x onerror=${run}>">`,
  ],
  ['mathml', ({ run }) => `<math><style><img src=x onerror=${run}></style></math>`],
  // markdown links
  ['markdown-link', ({ run }) => `[click](javascript:${run})`],
  ['markdown-link', ({ n }) => `[click](javascript:alert&#40;${n}&#41;)`],
  ['markdown-link', ({ run }) => `[click](JAVASCRIPT:${run})`],
  ['markdown-link', ({ run }) => `[click](<javascript:${run}>)`],
  ['markdown-link', ({ run }) => `[click][r${run.length}]\n\n[r${run.length}]: javascript:${run}`],
  ['markdown-link', ({ run }) => `<javascript:${run}>`],
  ['markdown-link', ({ run }) => `[click](vbscript:${run})`],
  ['markdown-link', ({ run }) => `[click](&#x6A;avascript:${run})`],
  ['markdown-link', ({ run }) => `[click](javascript&#58;${run})`],
  ['markdown-link', ({ run, far }) => `[click](${far} "t\\" onmouseover=${run} x=\\"")`],
  ['markdown-link', ({ run }) => `[click](#" onmouseover="${run})`],
  // markdown images
  ['markdown-image', ({ run }) => `![pic](javascript:${run})`],
  ['markdown-image', ({ run }) => `![pic](x"onerror="${run})`],
  ['markdown-image', ({ run }) => `![pic"onerror="${run}](x)`],
  ['markdown-image', ({ run }) => `![pic](data:image/svg+xml;base64,${b64(`<svg xmlns="http://www.w3.org/2000/svg" onload="${run}"/>`)})`],
  ['markdown-image', ({ run }) => `[![pic](x)](javascript:${run})`],
  ['markdown-image', ({ n }) => `![pic](//xss-foreign.invalid/${n}.png)`],
  ['markdown-image', ({ run }) => `![pic](x "t' onerror='${run}")`],
  // entities and encodings
  ['entity', ({ run }) => `&lt;img src=x onerror=${run}&gt;`],
  ['entity', ({ run }) => `&#60;script&#62;${run}&#60;/script&#62;`],
  ['entity', ({ run }) => `\\u003cimg src=x onerror=${run}\\u003e`],
  ['entity', ({ n }) => `<img src=x onerror=&#x5f;&#x5f;xss.push(${n})>`],
  ['entity', ({ run }) => `%3Cscript%3E${run}%3C/script%3E`],
  ['entity', ({ run }) => `&amp;lt;script&amp;gt;${run}&amp;lt;/script&amp;gt;`],
  ['entity', ({ run }) => `<img src=x onerror="&#95;&#95;xss&#46;push&#40;0&#41;;${run}">`],
  ['entity', ({ run }) => `＜script＞${run}＜/script＞`],
  // mutation XSS (markup that changes meaning when parsed again)
  ['mutation', ({ run }) => `<noscript><p title="</noscript><img src=x onerror=${run}>">`],
  ['mutation', ({ run }) => `<noscript><style></noscript><img src=x onerror=${run}>`],
  ['mutation', ({ run }) => `<svg></p><style><a id="</style><img src=x onerror=${run}>">`],
  ['mutation', ({ run }) => `<form><math><mtext></form><form><mglyph><style></math><img src=x onerror=${run}>`],
  ['mutation', ({ run }) => `<listing>&lt;img src=x onerror=${run}&gt;</listing>`],
  ['mutation', ({ run }) => `<title><img src=x onerror=${run}></title>`],
  ['mutation', ({ run }) => `<textarea><img src=x onerror=${run}></textarea>`],
  ['mutation', ({ run }) => `<!--><img src=x onerror=${run}>-->`],
  ['mutation', ({ run }) => `<![CDATA[><img src=x onerror=${run}>]]>`],
  ['mutation', ({ run }) => `<? ><img src=x onerror=${run}> ?>`],
  ['mutation', ({ run }) => `<template><img src=x onerror=${run}></template>`],
  ['mutation', ({ run }) => `<a title="<img src=x onerror=${run}>">click</a>`],
  ['mutation', ({ run }) => `<style><style/><img src=x onerror=${run}>`],
  ['mutation', ({ run }) => `<xmp><p title="</xmp><img src=x onerror=${run}>">`],
  ['mutation', ({ run }) => `<table><td><img src=x onerror=${run}></table>`],
  ['mutation', ({ run }) => `<img src="x\`" onerror=${run} \`>`],
  // CSS injection in user content
  ['css', ({ far }) => `<div style="background:url(${far}.png)">bg</div>`],
  ['css', ({ far }) => `<table><tr><td style="text-align:left;background:url(${far}.png)">t</td></tr></table>`],
  ['css', ({ far }) => `<style>@import '${far}.css';</style>`],
  ['css', ({ far }) => `<link rel=stylesheet href=${far}.css>`],
  ['css', ({ run, far }) => `<div style="behavior:url(${far}.htc);width:expression(${run})">x</div>`],
  ['css', ({ far }) => `<p style="--x:url(${far}.png);background:var(--x)">v</p>`],
  ['css', ({ far }) => `<table><tr><th style="text-align:center;}*{background:url(${far}.png)">h</th></tr></table>`],
  ['css', ({ far }) => `<span style="background:u\\72l(${far}.png)">u</span>`],
  ['css', ({ far }) => `| a |\n|---|\n| <td style="background:url(${far}.png)">c |`],
  // elements that load from elsewhere or take over the page
  ['foreign-resource', ({ far }) => `<base href="${far}/">`],
  ['foreign-resource', ({ run }) => `<meta http-equiv="refresh" content="0;url=javascript:${run}">`],
  ['foreign-resource', ({ run }) => `<iframe srcdoc="<script>parent.${run}</script>"></iframe>`],
  ['foreign-resource', ({ far }) => `<img srcset="${far}.png 1x">`],
  ['foreign-resource', ({ far }) => `<video poster=${far}.png></video>`],
  ['foreign-resource', ({ far }) => `<table background=${far}.png><tr><td>t</td></tr></table>`],
  ['foreign-resource', ({ far }) => `<object data=${far}.html type=text/html></object>`],
  ['foreign-resource', ({ far }) => `<embed src=${far}.swf>`],
  ['foreign-resource', ({ far }) => `<iframe src=${far}.html></iframe>`],
  ['foreign-resource', ({ far }) => `<audio src=${far}.mp3 autoplay></audio>`],
  ['foreign-resource', ({ far }) => `<picture><source srcset=${far}.png><img src=x></picture>`],
  ['foreign-resource', ({ far }) => `<img src=x lowsrc=${far}.png dynsrc=${far}.avi>`],
  ['foreign-resource', ({ far }) => `<meta http-equiv="refresh" content="0;url=${far}">`],
  ['foreign-resource', ({ far }) => `<input type=image src=${far}.png>`],
  ['foreign-resource', ({ far }) => `<link rel=prefetch href=${far}>`],
  // template and framework syntax that some renderers evaluate
  ['template', ({ run }) => `{{constructor.constructor('${run}')()}}`],
  ['template', ({ run }) => `\${${run}}`],
  ['template', ({ run }) => `<div dangerouslySetInnerHTML="{__html:'<img src=x onerror=${run}>'}">d</div>`],
  ['template', ({ run }) => `<%= ${run} %>`],
];

/** The corpus: every payload numbered from 1. */
export const XSS_PAYLOADS: readonly XssPayload[] = MAKERS.map(([family, make], i) => {
  const n = i + 1;
  return { id: n, family, text: make({ run: `__xss.push(${n})`, n, far: `${FOREIGN_ORIGIN}/${n}` }) };
});

/** The visible marker of payload `id` (XSS001...), put in front of it wherever it is stored. */
export function xssMarker(id: number): string {
  return `XSS${String(id).padStart(3, '0')}`;
}

/** A payload as stored in a field: its marker, a space, its text. */
export function markedPayload(p: XssPayload): string {
  return `${xssMarker(p.id)} ${p.text}`;
}
