/**
 * The app's instances in a cluster run: each is the built server (apps/api/dist/server.js) as a
 * child process on its own port of 127.0.0.1, logging to its own file, that can be SIGKILLed,
 * drained with SIGTERM and started again on the same port with the same environment.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { SERVER_JS } from '../../bench/lib/server.mjs';

/** Process ids of every instance running now (killed by the caller's exit hook). */
export const livePids = new Set();

/** How long an instance may take to answer /ready after its start, in milliseconds. */
const START_TIMEOUT_MS = 120_000;

/**
 * One instance: `name` (e.g. `app1`), `port`, `env` (added to this process's environment) and
 * `logFile` (stdout and stderr are appended there). Not started until `start()`.
 */
export class Instance {
  /** Sets the instance up (nothing runs yet); see the class comment for the fields. */
  constructor({ name, port, env, logFile }) {
    this.name = name;
    this.port = port;
    this.env = env;
    this.logFile = logFile;
    this.url = `http://127.0.0.1:${port}`;
    this.api = `${this.url}/api/v1`;
    /** The running child process, or undefined. */
    this.child = undefined;
    /** Resolves with the exit code (or signal name) of the current child. */
    this.exited = Promise.resolve(null);
  }

  /** Whether a child process of this instance is running now. */
  get running() {
    return this.child !== undefined;
  }

  /**
   * Starts the server and resolves once `GET /api/v1/ready` answers 200 (polled every 100 ms,
   * up to START_TIMEOUT_MS). @throws Error with the log's tail when it exits or never is ready.
   */
  async start() {
    const log = createWriteStream(this.logFile, { flags: 'a' });
    log.write(`\n--- ${new Date().toISOString()} start ---\n`);
    const child = spawn(process.execPath, ['--enable-source-maps', SERVER_JS], {
      env: { ...process.env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    this.child = child;
    livePids.add(child.pid);
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        livePids.delete(child.pid);
        if (this.child === child) this.child = undefined;
        log.end();
        resolve(code ?? signal);
      }),
    );
    const started = performance.now();
    let lastAnswer;
    for (;;) {
      if (this.child !== child) {
        const code = await this.exited;
        throw new Error(`${this.name} exited with ${code} before it was ready\n${this.logTail()}`);
      }
      try {
        const res = await fetch(`${this.api}/ready`, { signal: AbortSignal.timeout(2_000) });
        const text = await res.text();
        if (res.ok) return performance.now() - started;
        lastAnswer = `${res.status} ${text.slice(0, 200)}`;
      } catch (error) {
        lastAnswer = error.cause?.code ?? error.message; // not listening yet
      }
      if (performance.now() - started > START_TIMEOUT_MS) {
        await this.stop();
        throw new Error(
          `${this.name} was not ready within ${START_TIMEOUT_MS} ms (/ready: ${lastAnswer ?? 'no answer'})`,
        );
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Sends `signal` (default SIGTERM) to the running child, if any; returns at once. */
  signal(signal = 'SIGTERM') {
    this.child?.kill(signal);
  }

  /**
   * Stops the instance: SIGTERM, then SIGKILL if it has not exited within `graceMs`
   * (milliseconds); resolves with its exit code once it is gone. Safe when not running.
   */
  async stop(graceMs = 15_000) {
    const child = this.child;
    if (!child) return this.exited;
    child.kill('SIGTERM');
    const late = setTimeout(() => child.kill('SIGKILL'), graceMs);
    const code = await this.exited;
    clearTimeout(late);
    return code;
  }

  /** The last `lines` lines of the instance's log file (for failure messages). */
  logTail(lines = 15) {
    if (!existsSync(this.logFile)) return '';
    const text = readFileSync(this.logFile, 'utf8').trimEnd().split('\n');
    return text
      .slice(-lines)
      .map((l) => `    ${this.name}| ${l}`)
      .join('\n');
  }
}
