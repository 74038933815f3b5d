/**
 * Types for the part of `fs-native-extensions` (ships no types of its own) that
 * data-dir-lock.ts uses. Signatures from the package's index.js and README.
 */
declare module 'fs-native-extensions' {
  /**
   * Tries to take a lock on `fd` without waiting (Linux: an open file description lock,
   * `fcntl(F_OFD_SETLK)`; macOS: `flock`; Windows: `LockFileEx`). `length` 0 means "to the end
   * of the file, however long it grows". Exclusive unless `shared: true`.
   * @returns true when the lock was taken, false when another holder has it (EAGAIN).
   * @throws other system errors (e.g. ENOLCK on a file system without locks).
   */
  export function tryLock(
    fd: number,
    offset?: number,
    length?: number,
    opts?: { shared?: boolean },
  ): boolean;
  /** Releases a lock taken on `fd` (closing the descriptor releases it too). */
  export function unlock(fd: number, offset?: number, length?: number): void;
}
