// An HTTPS front for the API as a traveller reaches it in production: TLS and HTTP/2 in front
// of the Node process (docs/operations.md, "HTTPS and HTTP/2 at the balancer"), here a small
// proxy on this machine with a throwaway self-signed certificate. `npm run bench:web` loads the app through it as well
// as directly: over plain HTTP/1.1 a browser opens at most six connections to the server and a
// page's twenty-odd chunks queue on them, which no traveller sees over HTTP/2 (a service worker,
// which the app needs, only runs over HTTPS anyway).

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface HttpsProxy {
  /** `https://localhost:<port>`. */
  url: string;
  stop(): Promise<void>;
}

/** Headers of one hop that HTTP/2 forbids or that the proxy sets itself (RFC 9113 §8.2.2). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'host',
]);

/** A self-signed certificate for localhost, made with Debian's openssl, valid for a day. */
function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wings-bench-tls-'));
  try {
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Serves `target` (an `http://` origin) over HTTPS with HTTP/2, on a free port. */
export async function startHttpsProxy(target: string): Promise<HttpsProxy> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http2.createSecureServer(selfSignedCertificate());
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  server.on('stream', (stream, headers) => {
    const forward: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(headers)) {
      if (!name.startsWith(':') && !HOP_BY_HOP.has(name)) forward[name] = value;
    }
    forward['x-forwarded-proto'] = 'https';
    const upstream = http.request(
      `${target}${headers[':path'] ?? '/'}`,
      { method: String(headers[':method'] ?? 'GET'), headers: forward, agent },
      (res) => {
        const back: http2.OutgoingHttpHeaders = { ':status': res.statusCode ?? 502 };
        for (const [name, value] of Object.entries(res.headers)) {
          if (!HOP_BY_HOP.has(name) && value !== undefined) back[name] = value;
        }
        if (stream.destroyed) return res.resume();
        stream.respond(back);
        res.pipe(stream);
      },
    );
    upstream.on('error', () => {
      if (!stream.destroyed && !stream.headersSent) stream.respond({ ':status': 502 });
      stream.end();
    });
    stream.on('error', () => upstream.destroy());
    stream.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://localhost:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.close(() => resolve());
        // Chromium is gone by now; any session it left open is closed with the server.
        for (const session of sessions) session.destroy();
      }),
  };
}
