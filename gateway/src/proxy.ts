/**
 * In a scaled deployment the gateway serves no API itself: it forwards reads (GET, HEAD) to the
 * query-api replicas and everything else to the command-api, streaming bodies both ways.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { RequestHandler } from 'express';

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'proxy-connection',
  'te',
  'trailer',
]);

export function apiProxy(targets: { commandApiUrl: string; queryApiUrl: string }): RequestHandler {
  return (req, res, next) => {
    const base = new URL(
      req.method === 'GET' || req.method === 'HEAD' ? targets.queryApiUrl : targets.commandApiUrl,
    );
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
    }
    // The client as this gateway judged it (its own TRUST_PROXY), not the chain the client sent:
    // the services behind trust one hop, the gateway, and so count limits under that address.
    headers['x-forwarded-for'] = req.ip ?? req.socket.remoteAddress ?? '';
    headers['x-forwarded-proto'] = req.protocol;
    const send = base.protocol === 'https:' ? httpsRequest : httpRequest;
    const upstream = send(
      {
        hostname: base.hostname,
        port: base.port,
        method: req.method,
        path: req.originalUrl,
        headers,
      },
      (answer) => {
        res.status(answer.statusCode ?? 502);
        for (const [name, value] of Object.entries(answer.headers)) {
          if (value !== undefined && !HOP_BY_HOP.has(name)) res.setHeader(name, value);
        }
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (res.headersSent) return res.destroy();
      res.status(502).json({ message: 'The service behind the gateway is not answering. Please try again.' });
    });
    req.pipe(upstream);
    req.on('error', next);
    // A stream (the live dashboard) never ends by itself: let the service behind know the client left.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
  };
}
