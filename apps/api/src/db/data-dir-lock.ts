/**
 * One process at a time on the embedded database's folder.
 *
 * PGlite is a single-user PostgreSQL: two processes writing the same folder would corrupt it. The
 * guard is an operating-system lock on a file beside the folder (`{dataDir}.lock`), taken with
 * `fs-native-extensions` (Linux: an open file description lock, `fcntl(F_OFD_SETLK)`; macOS:
 * `flock`; Windows: `LockFileEx`). Such a lock belongs to the open file and the kernel drops it
 * when the process ends, however it ends: after a crash or `kill -9` the next start takes the
 * lock at once. Nothing is judged by age, by pid or by process start time, so there is no
 * waiting out a stale lock, no recycled pid to mistake for the owner, no pid namespace (a
 * container) to confuse, and no window in which two starting processes can both win: the kernel
 * grants the lock to exactly one of them.
 *
 * Why this library: it is maintained, has no install script and ships its compiled addon for
 * Linux (x64, arm64; glibc), macOS and Windows inside the npm package, so nothing is built or
 * downloaded at install. The lock-file packages that do not need native code (proper-lockfile,
 * lockfile) decide staleness by age, which is what made restarts after a crash fail for 30 s.
 *
 * Rules kept here:
 * - The lock file is never deleted, only emptied: deleting a locked file lets a process that
 *   opened the old file and one that creates a new one both hold "the" lock.
 * - Node opens files close-on-exec, so child processes never inherit (and keep) the lock.
 * - An open file description lock conflicts even within one process: opening the same folder
 *   twice in one process is refused like a second process.
 */
import {
  closeSync,
  constants,
  ftruncateSync,
  openSync,
  rmdirSync,
  statSync,
  writeSync,
  type Stats,
} from 'node:fs';
import os from 'node:os';
import { tryLock, unlock } from 'fs-native-extensions';

/** A held lock on a data folder. */
export interface DataDirLock {
  /** The lock file (`{dataDir}.lock`). */
  readonly path: string;
  /** Releases the lock and empties the lock file. Safe to call more than once. */
  release(): void;
}

/** Thrown when another live process (or another open in this process) holds the folder. */
export class DataDirInUseError extends Error {
  constructor(dataDir: string) {
    super(
      `The embedded database at ${dataDir} is in use by another process. Stop it first, or set DATABASE_URL to use PostgreSQL.`,
    );
    this.name = 'DataDirInUseError';
  }
}

/**
 * How recently an earlier version's lock directory (proper-lockfile, refreshed every 10 s) must
 * have been touched to count as held; older ones are left over from a crash and are removed.
 */
export const LEGACY_LOCK_STALE_MS = 30_000;

/** Error codes that mean "someone else holds the lock" (EAGAIN on Linux and macOS; POSIX also
 * allows EACCES; libuv reports Windows' ERROR_LOCK_VIOLATION as EBUSY). */
const HELD_CODES = new Set(['EAGAIN', 'EACCES', 'EBUSY']);

/**
 * Takes the exclusive lock that guards `dataDir` (the PGlite folder), without waiting.
 * The lock file `{dataDir}.lock` is created when missing (its parent folder must exist) and, while
 * held, names the owner (pid, host, when taken) for a person looking; nothing reads it back.
 * A lock directory left by an earlier version (proper-lockfile) at the same path is removed when
 * older than {@link LEGACY_LOCK_STALE_MS}, and counts as held otherwise.
 * @returns the held lock; call `release()` after the database is closed.
 * @throws DataDirInUseError when another process holds it (the kernel drops the lock of a process
 *   that has ended, so a crashed owner never blocks); other errors (e.g. ENOLCK on a file system
 *   without file locks) with the lock file's path in the message.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const lockPath = `${dataDir}.lock`;
  removeLegacyLockDir(dataDir, lockPath);

  let fd: number;
  try {
    fd = openSync(lockPath, constants.O_RDWR | constants.O_CREAT, 0o644);
  } catch (error) {
    throw new Error(`Cannot open the lock file ${lockPath}: ${(error as Error).message}`, {
      cause: error,
    });
  }

  let held: boolean;
  try {
    held = tryLock(fd);
  } catch (error) {
    closeSync(fd);
    if (HELD_CODES.has((error as NodeJS.ErrnoException).code ?? '')) {
      throw new DataDirInUseError(dataDir);
    }
    throw new Error(
      `Cannot lock ${lockPath} (${(error as Error).message}). The embedded database needs a file system with file locks; or set DATABASE_URL to use PostgreSQL.`,
      { cause: error },
    );
  }
  if (!held) {
    closeSync(fd);
    throw new DataDirInUseError(dataDir);
  }

  try {
    const owner = { pid: process.pid, host: os.hostname(), since: new Date().toISOString() };
    ftruncateSync(fd, 0);
    writeSync(fd, `${JSON.stringify(owner)}\n`, 0);
  } catch {
    // The owner note is for people only; the lock itself is held.
  }

  let released = false;
  return {
    path: lockPath,
    release() {
      if (released) return;
      released = true;
      try {
        ftruncateSync(fd, 0);
      } catch {
        // Emptying is cosmetic; unlocking and closing below is what matters.
      }
      try {
        unlock(fd);
      } finally {
        closeSync(fd);
      }
    },
  };
}

/**
 * Earlier versions locked with proper-lockfile: a directory at the same path whose mtime is
 * refreshed while its owner runs. A recent one means an older version is running; an old one
 * was left by a crash and is removed so the lock file can take its place.
 */
function removeLegacyLockDir(dataDir: string, lockPath: string): void {
  let stats: Stats;
  try {
    stats = statSync(lockPath);
  } catch {
    return;
  }
  if (!stats.isDirectory()) return;
  if (Date.now() - stats.mtimeMs < LEGACY_LOCK_STALE_MS) throw new DataDirInUseError(dataDir);
  try {
    rmdirSync(lockPath);
  } catch (error) {
    // Another starting process may have removed it (and created the lock file) first.
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
  }
}
