/**
 * The HTTP client side of the serve tests: a raw request to a
 * `startServeHost` handle (node:http, so Host/Origin and any header can be
 * set freely) and `POST /api/<method>` with the host's token.
 */
import { request } from 'node:http';
import type { ServeHandle } from '../../../src-main/serve/server.js';

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Raw HTTP request to 127.0.0.1:`port`; answers the status, headers and the body as UTF-8. */
export function send(port: number, opts: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer }): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: opts.method ?? 'GET', path: opts.path, headers: opts.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

/** POST /api/<method> on `host` with its token (unless `headers` override it) and `body` as JSON. */
export function apiCall(host: Pick<ServeHandle, 'port' | 'token'>, method: string, body: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  return send(host.port, {
    method: 'POST',
    path: `/api/${method}`,
    headers: { 'content-type': 'application/json', 'x-castellan-token': host.token, ...headers },
    body: JSON.stringify(body),
  });
}
