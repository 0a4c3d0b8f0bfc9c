/**
 * Debian's nginx in front of Arbiter servers, as docs/deployment.md sets it up: shared by the
 * reverse-proxy e2e (test/e2e/server/reverse-proxy.e2e-spec.ts) and `npm run bench -- hall-day`.
 */
import { ChildProcess, spawn, spawnSync } from 'child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'fs';
import { createServer } from 'net';
import { tmpdir } from 'os';
import { join } from 'path';

/** Debian's nginx (`apt-get install nginx`). */
export const NGINX = process.env.NGINX ?? '/usr/sbin/nginx';

/**
 * The site configuration docs/deployment.md shows, for the servers at `upstreams`
 * (`host:port`) and the proxy listening on `listen`: the test runs exactly this.
 */
export function arbiterSite(upstreams: string[], listen: string): string {
  const servers = upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=2s;`).join('\n');
  return `upstream arbiter {
${servers}
    keepalive 32;
}

server {
    listen ${listen};
    server_name _;
    # The largest body Arbiter takes (a whole tournament's JSON) is 25 MB.
    client_max_body_size 26m;

    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    # A server that is down is passed over at once; nginx never sends a POST or PATCH twice.
    proxy_connect_timeout 1s;
    proxy_next_upstream error timeout;
    proxy_next_upstream_tries 2;
    proxy_next_upstream_timeout 5s;
    proxy_read_timeout 120s;
    proxy_send_timeout 60s;
    add_header X-Upstream $upstream_addr always;

    location / {
        proxy_pass http://arbiter;
    }

    # Live pages' streams: passed on as they come, held open (a comment every 25 s).
    location ~ ^/divisions/[0-9]+/events$ {
        proxy_pass http://arbiter;
        proxy_buffering off;
        proxy_cache off;
        proxy_read_timeout 1h;
    }
}
`;
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** nginx running in front of some servers, as a child of this process. */
export interface Proxy {
  /** `http://127.0.0.1:PORT` */
  url: string;
  port: number;
  /** The generated site configuration. */
  site: string;
  /** nginx's error log so far. */
  errors(): string;
  stop(): Promise<void>;
}

/**
 * Starts nginx in the foreground with a generated configuration in a new temporary directory
 * (its pid, error log and temporary files there too), proxying to `upstreams`.
 */
export async function startNginx(upstreams: string[]): Promise<Proxy> {
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-nginx-'));
  mkdirSync(join(dir, 'temp'));
  // Started as root, nginx's workers run as nobody: they buffer large bodies (a rating list)
  // in temp/, which must be theirs to write, or the request is a 500 from nginx itself.
  chmodSync(dir, 0o755);
  chmodSync(join(dir, 'temp'), 0o1777);
  const port = await freePort();
  const site = arbiterSite(upstreams, `127.0.0.1:${port}`);
  writeFileSync(join(dir, 'arbiter.conf'), site);
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off;
master_process on;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
    access_log off;
    client_body_temp_path ${dir}/temp/body;
    proxy_temp_path ${dir}/temp/proxy;
    fastcgi_temp_path ${dir}/temp/fastcgi;
    uwsgi_temp_path ${dir}/temp/uwsgi;
    scgi_temp_path ${dir}/temp/scgi;
    include ${dir}/arbiter.conf;
}
`,
  );
  const check = spawnSync(NGINX, ['-t', '-p', dir, '-c', join(dir, 'nginx.conf')], {
    encoding: 'utf8',
  });
  if (check.status !== 0) throw new Error(`nginx refused its configuration:\n${check.stderr}`);
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const errors = () => {
    const file = join(dir, 'error.log');
    return stderr + (existsSync(file) ? readFileSync(file, 'utf8') : '');
  };
  const until = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`nginx exited with ${child.exitCode}:\n${errors()}`);
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.status,
      () => 0,
    );
    if (up === 200) break;
    if (Date.now() > until) throw new Error(`nginx did not answer in 10 s:\n${errors()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    site,
    errors,
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGQUIT');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      }),
  };
}

/**
 * Why nginx cannot run here, or null when it can. Under CI a missing nginx is a failure (the
 * suite must run there); elsewhere the suite is skipped with this reason printed.
 */
export function nginxMissing(): string | null {
  return existsSync(NGINX)
    ? null
    : `nginx is not installed at ${NGINX} (apt-get install nginx, or set NGINX=/path/to/nginx)`;
}
