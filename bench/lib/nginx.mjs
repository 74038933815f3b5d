/**
 * Shared by the bench scripts: start Debian's nginx (`apt-get install nginx`) as an anchor on a
 * free port of 127.0.0.1, with its own prefix folder (config, pid, logs, temp files) in a temp
 * dir, in the foreground as our child; stop it and remove that folder.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitFor } from './server.mjs';

/** Where Debian's packages put dynamic nginx modules (libnginx-mod-*). */
export const NGINX_MODULES = '/usr/lib/nginx/modules';

/** The nginx binary: Debian's /usr/sbin/nginx, else the one on PATH. */
export function nginxBinary() {
  if (existsSync('/usr/sbin/nginx')) return '/usr/sbin/nginx';
  const which = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  const bin = which.stdout.trim().split('\n')[0];
  if (!bin) throw new Error('nginx is not installed: apt-get install nginx');
  return bin;
}

/**
 * Starts nginx with `main` (top-level directives, e.g. load_module), `http` (directives of the
 * http block, after access_log off, sendfile and the temp paths) and `server` (directives of its
 * one server block, which listens on 127.0.0.1:<free port> and answers `location = /ping`).
 * Resolves with { url, port, stop() } once /ping answers.
 */
export async function startNginx({ main = '', http = '', server = '' } = {}) {
  const bin = nginxBinary();
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'flockr-nginx-'));
  const port = await freePort();
  const conf = path.join(prefix, 'nginx.conf');
  writeFileSync(
    conf,
    `worker_processes auto;
user ${os.userInfo().username};
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log;
${main}
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  client_body_temp_path ${prefix}; proxy_temp_path ${prefix}; fastcgi_temp_path ${prefix};
  uwsgi_temp_path ${prefix}; scgi_temp_path ${prefix};
  ${http}
  server {
    listen 127.0.0.1:${port};
    location = /ping { return 200; }
    ${server}
  }
}
`,
  );
  const child = spawn(bin, ['-p', prefix, '-c', conf, '-g', 'daemon off;'], { stdio: 'inherit' });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let running = true;
  exited.then(() => (running = false));
  const stop = async () => {
    if (running) {
      child.kill('SIGQUIT'); // graceful: finish the answers under way
      const late = setTimeout(() => running && child.kill('SIGTERM'), 10_000);
      await exited;
      clearTimeout(late);
    }
    rmSync(prefix, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  try {
    await Promise.race([
      waitFor(`${url}/ping`, 10_000),
      exited.then((code) => {
        const log = path.join(prefix, 'error.log');
        const tail = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').slice(-5) : [];
        throw new Error(`nginx exited with ${code} before answering\n${tail.join('\n')}`);
      }),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, port, stop };
}
