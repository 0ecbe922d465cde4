import { type Agent, request as httpRequest } from 'node:http';

export interface HttpAnswer {
  status: number;
  body: { code?: string } & Record<string, unknown>;
}

/**
 * One real HTTP request to an app listening on 127.0.0.1 (`app.inject` skips the socket): its answer
 * parsed as JSON, or `{ text }` when it is not JSON. `agent: false` opens a connection of its own.
 */
export function httpCall(options: {
  port: number;
  host: string;
  method: string;
  path: string;
  token?: string;
  payload?: Buffer;
  type?: string;
  agent: Agent | false;
}): Promise<HttpAnswer> {
  const { payload } = options;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: options.port,
        method: options.method,
        path: options.path,
        agent: options.agent,
        headers: {
          host: options.host,
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(payload ? { 'content-type': options.type ?? 'application/json', 'content-length': payload.length } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let parsed: HttpAnswer['body'] = {};
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = { text };
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
