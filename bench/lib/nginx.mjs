/**
 * Shared by the bench scripts and the API's nginx tests: start Debian's nginx (`apt-get install
 * nginx`) on a free port of 127.0.0.1, with its own prefix folder (config, pid, logs, temp files)
 * in a temp dir, in the foreground as our child; stop it and remove that folder. Either as an
 * anchor (a server block of our own) or with the deployment's deploy/nginx/flockr.conf, its
 * FLOCKR_* lines set for the run (`deploySite`). Types for TypeScript callers: nginx.d.mts.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitFor } from './server.mjs';

/** The nginx configuration shipped for deployments (docs/downloads.md). */
export const DEPLOY_CONF = path.resolve(import.meta.dirname, '../../deploy/nginx/flockr.conf');

/** Where Debian's packages put dynamic nginx modules (libnginx-mod-*). */
export const NGINX_MODULES = '/usr/lib/nginx/modules';

/** The nginx binary: Debian's /usr/sbin/nginx, else the one on PATH, else undefined. */
export function findNginx() {
  if (existsSync('/usr/sbin/nginx')) return '/usr/sbin/nginx';
  const which = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return which.stdout?.trim().split('\n')[0] || undefined;
}

/** The nginx binary (`findNginx`). @throws Error saying what to install when there is none. */
export function nginxBinary() {
  const bin = findNginx();
  if (!bin) throw new Error('nginx is not installed: apt-get install -y nginx');
  return bin;
}

/**
 * deploy/nginx/flockr.conf (its maps, log format, `upstream` and `server`, for the http block)
 * with the lines marked FLOCKR_APP, FLOCKR_LISTEN, FLOCKR_ARTIFACTS and FLOCKR_ACCESS_LOG set to
 * `app` (the app's host:port), 127.0.0.1:`port`, `artifacts` (an absolute folder; a trailing `/`
 * is added) and `{prefix}/access.log` in the file's own format. For `startNginx({ site })`.
 * @throws Error when a marked line is missing from the file.
 */
export function deploySite({ app, artifacts }) {
  return (port, prefix) => {
    let text = readFileSync(DEPLOY_CONF, 'utf8');
    const set = (marker, directive) => {
      const line = new RegExp(`^([ \\t]*)[^#\\n]*;[ \\t]*# ${marker}\\b.*$`, 'm');
      if (!line.test(text)) throw new Error(`${DEPLOY_CONF}: no line marked ${marker}`);
      text = text.replace(line, (_all, indent) => `${indent}${directive}`);
    };
    set('FLOCKR_APP', `server ${app};`);
    set('FLOCKR_LISTEN', `listen 127.0.0.1:${port};`);
    set('FLOCKR_ARTIFACTS', `alias ${artifacts.replace(/\/*$/, '/')};`);
    set('FLOCKR_ACCESS_LOG', `access_log ${prefix}/access.log flockr;`);
    return text;
  };
}

/**
 * Starts nginx with `main` (top-level directives, e.g. load_module), `http` (directives of the
 * http block, after access_log off, sendfile and the temp paths) and either `server` (directives
 * of its one server block, which listens on 127.0.0.1:<free port> and answers `location = /ping`)
 * or `site`, a function of that port and the prefix folder returning what to put in the http
 * block instead (e.g. `deploySite`). Resolves with { url, port, prefix, stop() } once `ready` (a path, default
 * /ping) answers 2xx; `prefix` is its folder (error.log is there). `stop()` ends it gracefully
 * and removes the folder.
 */
export async function startNginx({
  main = '',
  http = '',
  server = '',
  site,
  ready = '/ping',
} = {}) {
  const bin = nginxBinary();
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'flockr-nginx-'));
  const port = await freePort();
  const conf = path.join(prefix, 'nginx.conf');
  const servers = site
    ? site(port, prefix)
    : `server {
    listen 127.0.0.1:${port};
    location = /ping { return 200; }
    ${server}
  }`;
  writeFileSync(
    conf,
    `worker_processes auto;
${os.userInfo().uid === 0 ? `user ${os.userInfo().username};` : ''}
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
  ${servers}
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
      waitFor(`${url}${ready}`, 10_000),
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
  return { url, port, prefix, stop };
}
