/**
 * Runs the API's command-line tools (`src/cli/*.ts`) as child processes through tsx, as `npm run
 * <tool>` would run their build, with no build needed.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** The API package's folder (the children's working directory). */
export const apiRoot = path.resolve(import.meta.dirname, '../..');

let tsconfig: Promise<string> | undefined;

/**
 * The path of a tsconfig whose `paths` point `@flockr/contract` at its TypeScript source (the
 * package's export points at its built dist/), written once per test process into a temporary
 * folder; give it to tsx as TSX_TSCONFIG_PATH.
 */
export function contractSourceTsconfig(): Promise<string> {
  tsconfig ??= (async () => {
    const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'flockr-tsx-')), 'tsconfig.json');
    const source = path.resolve(apiRoot, '../../packages/contract/src/index.ts');
    await writeFile(
      file,
      JSON.stringify({ compilerOptions: { paths: { '@flockr/contract': [source] } } }),
    );
    return file;
  })();
  return tsconfig;
}

/**
 * Runs `src/cli/<tool>.ts` with `args`, this process's environment plus `env`; resolves when it
 * exits with its exit code and everything it printed.
 */
export async function runCli(
  tool: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', `src/cli/${tool}.ts`, ...args], {
    cwd: apiRoot,
    env: { ...process.env, TSX_TSCONFIG_PATH: await contractSourceTsconfig(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}
