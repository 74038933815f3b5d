/** Types of nginx.mjs, for the API's nginx tests (TypeScript). */

/** The nginx configuration shipped for deployments (docs/downloads.md). */
export declare const DEPLOY_CONF: string;

/** Where Debian's packages put dynamic nginx modules (libnginx-mod-*). */
export declare const NGINX_MODULES: string;

/** The nginx binary: Debian's /usr/sbin/nginx, else the one on PATH, else undefined. */
export declare function findNginx(): string | undefined;

/** The nginx binary. @throws Error saying what to install when there is none. */
export declare function nginxBinary(): string;

/** deploy/nginx/flockr.conf with its FLOCKR_* lines set, as a `site` for `startNginx`. */
export declare function deploySite(options: {
  /** The app's host:port, e.g. 127.0.0.1:41234. */
  app: string;
  /** The absolute folder the internal location aliases (DATA_DIR/artifacts). */
  artifacts: string;
}): (port: number, prefix: string) => string;

/** A running nginx: its URL, port and prefix folder (error.log is there). */
export interface RunningNginx {
  url: string;
  port: number;
  prefix: string;
  /** Ends it gracefully and removes its folder. */
  stop(): Promise<void>;
}

/** Starts nginx on a free port of 127.0.0.1 (see nginx.mjs). */
export declare function startNginx(options?: {
  main?: string;
  http?: string;
  server?: string;
  site?: (port: number, prefix: string) => string;
  ready?: string;
}): Promise<RunningNginx>;
