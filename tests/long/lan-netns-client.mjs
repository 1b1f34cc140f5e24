#!/usr/bin/env node
// The LAN long test's hands inside a network namespace (tests/long/lan-netns.test.ts runs this with
// `ip netns exec <ns> node tests/long/lan-netns-client.mjs <command> '<json>'`): the test's own
// process stays in the machine's namespace, where the test LAN's addresses do not exist. Each
// command prints one JSON line on stdout and exits 0, or prints {"error": ...} and exits 1. Every
// wait is bounded by the command's timeoutMs.
//   healthz      {url, timeoutMs}: polls url/healthz until it answers 200 -> {ms}
//   refused      {url, timeoutMs}: one GET that must not connect -> {code} (exit 1 when it connected)
//   seed-image   {url, email, pass, png, title, tag}: logs in, uploads the PNG file, asks a question
//                showing it -> {questionId, uploadUrl, content}
//   get          {url, host?, timeoutMs}: one GET with an optional Host header -> {status, body}
//   mdns-resolve {name, timeoutMs}: asks the LAN's mDNS responders for name's A record -> {address, ms}
//   mdns-browse  {service, timeoutMs}: DNS-SD browse (PTR) for e.g. _http._tcp.local -> {instance, port, target, txt}
//   tls          {host, port, servername?, timeoutMs}: the certificate the server presents
//                (not checked against any CA: it is self-signed) -> {fingerprint256, subject, altNames}
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import tls from 'node:tls';

const [command, raw] = process.argv.slice(2);
const args = JSON.parse(raw ?? '{}');
const timeoutMs = Number(args.timeoutMs) || 10_000;
const deadline = Date.now() + timeoutMs;
const done = (value) => {
  process.stdout.write(`${JSON.stringify(value)}\n`);
  process.exit(0);
};
const fail = (error) => {
  process.stdout.write(`${JSON.stringify({ error: String(error) })}\n`);
  process.exit(1);
};
// nothing here may outlive its bound
setTimeout(() => fail(`${command}: no result within ${timeoutMs} ms`), timeoutMs + 1000).unref();

/** One JSON API call; the envelope back, or a thrown error when it is not 200. */
async function api(method, path, { token, body, form } = {}) {
  const headers = {};
  if (token) headers.authorization = token;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const r = await fetch(args.url + path, {
    method,
    headers,
    body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
    signal: AbortSignal.timeout(Math.max(1000, deadline - Date.now())),
  });
  const text = await r.text();
  if (r.status !== 200) throw new Error(`${method} ${path}: ${r.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

const commands = {
  async healthz() {
    const t0 = performance.now();
    let last = '';
    while (Date.now() < deadline) {
      try {
        const r = await fetch(`${args.url}/healthz`, { signal: AbortSignal.timeout(2000) });
        if (r.status === 200) return done({ ms: Math.round(performance.now() - t0) });
        last = `status ${r.status}`;
      } catch (err) {
        last = err?.cause?.code ?? err?.message ?? String(err);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    fail(`${args.url}/healthz did not answer 200 within ${timeoutMs} ms (last: ${last})`);
  },

  async refused() {
    try {
      const r = await fetch(args.url, { signal: AbortSignal.timeout(timeoutMs) });
      fail(`${args.url} answered ${r.status}: it was meant to be unreachable from here`);
    } catch (err) {
      done({ code: err?.cause?.code ?? err?.name ?? String(err) });
    }
  },

  async 'seed-image'() {
    const login = await api('POST', '/answer/api/v1/user/login/email', { body: { e_mail: args.email, pass: args.pass } });
    const token = login.data.access_token;
    const form = new FormData();
    form.append('source', 'post');
    form.append('file', new Blob([readFileSync(args.png)], { type: 'image/png' }), 'before-lan.png');
    const uploaded = await api('POST', '/answer/api/v1/file', { token, form });
    const uploadUrl = String(uploaded.data);
    const content = `A picture posted while the server listened on this computer only:\n\n![before the LAN](${uploadUrl})\n`;
    const asked = await api('POST', '/answer/api/v1/question', {
      token,
      body: { title: args.title, content, tags: [{ slug_name: args.tag }] },
    });
    const questionId = String(asked.data.id);
    const info = await api('GET', `/answer/api/v1/question/info?id=${questionId}`, { token });
    done({ questionId, uploadUrl, content: info.data.content });
  },

  get() {
    const url = new URL(args.url);
    const req = http.get(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        headers: args.host ? { host: args.host } : {},
        timeout: timeoutMs,
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => done({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8').slice(0, 4000) }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (err) => fail(`GET ${args.url}: ${err.code ?? err.message}`));
  },

  'mdns-resolve'() {
    // the server's own dependency: the same library answers there
    const mdns = createRequire(import.meta.url)('multicast-dns')();
    const t0 = performance.now();
    const name = String(args.name).toLowerCase();
    mdns.on('response', (res) => {
      for (const a of [...res.answers, ...(res.additionals ?? [])])
        if (a.type === 'A' && String(a.name).toLowerCase() === name) {
          mdns.destroy();
          done({ address: a.data, ms: Math.round(performance.now() - t0) });
        }
    });
    const ask = () => mdns.query({ questions: [{ name, type: 'A' }] });
    ask();
    // a responder that missed the first query (it was still joining the group) answers a repeat
    setInterval(ask, 1000).unref();
    setTimeout(() => fail(`no mDNS answer for ${name} within ${timeoutMs} ms`), timeoutMs).unref();
  },

  'mdns-browse'() {
    // DNS-SD: who offers `service` on the LAN, at which port and host name (PTR, then SRV and TXT)
    const mdns = createRequire(import.meta.url)('multicast-dns')();
    const t0 = performance.now();
    const service = String(args.service).toLowerCase();
    const found = new Map();
    mdns.on('response', (res) => {
      const records = [...res.answers, ...(res.additionals ?? [])];
      for (const r of records)
        if (r.type === 'PTR' && String(r.name).toLowerCase() === service) found.set(String(r.data).toLowerCase(), { instance: r.data });
      for (const r of records) {
        const entry = found.get(String(r.name).toLowerCase());
        if (!entry) continue;
        if (r.type === 'SRV') Object.assign(entry, { port: r.data.port, target: r.data.target });
        if (r.type === 'TXT') entry.txt = [].concat(r.data).map((b) => Buffer.from(b).toString('utf8'));
      }
      const complete = [...found.values()].find((e) => e.port);
      if (complete) {
        mdns.destroy();
        done({ ...complete, ms: Math.round(performance.now() - t0) });
      }
    });
    const ask = () => mdns.query({ questions: [{ name: service, type: 'PTR' }] });
    ask();
    setInterval(ask, 1000).unref();
    setTimeout(
      () => fail(`no mDNS service ${service} with a port within ${timeoutMs} ms (${JSON.stringify([...found.values()])})`),
      timeoutMs,
    ).unref();
  },

  tls() {
    const socket = tls.connect({
      host: args.host,
      port: Number(args.port),
      servername: args.servername,
      rejectUnauthorized: false,
      timeout: timeoutMs,
    });
    socket.once('secureConnect', () => {
      const cert = socket.getPeerCertificate();
      socket.destroy();
      done({ fingerprint256: cert.fingerprint256, subject: cert.subject, altNames: cert.subjectaltname ?? '' });
    });
    socket.on('timeout', () => socket.destroy(new Error('timeout')));
    socket.on('error', (err) => fail(`TLS to ${args.host}:${args.port}: ${err.code ?? err.message}`));
  },
};

const run = commands[command];
if (!run) fail(`unknown command ${command}`);
else Promise.resolve(run()).catch(fail);
