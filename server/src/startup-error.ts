/**
 * A reason the server cannot start that an operator can fix (a malformed setting, an unusable
 * DATA_DIR): main.ts prints its message as one line and exits with code 1, without a stack trace.
 */
export class StartupError extends Error {}

const REASONS: Record<string, string> = {
  ENOTDIR: 'a part of the path is a file, not a directory',
  EEXIST: 'it is a file, not a directory',
  EISDIR: 'it is a directory, not a file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EADDRINUSE: 'the address is already in use',
  EADDRNOTAVAIL: 'the address is not available on this machine',
};

/** A short human reason for a file-system or socket error, with its code. */
export function describeSystemError(error: unknown): string {
  const code = error instanceof Error ? (error as NodeJS.ErrnoException).code : undefined;
  const reason = code ? REASONS[code] : undefined;
  if (reason && code) return `${reason} (${code})`;
  return error instanceof Error ? error.message : String(error);
}

/** An operator's mistake is one line on stderr and exit code 1; anything else keeps its stack. */
export function exitOnStartupError(error: unknown): never {
  if (!(error instanceof StartupError)) throw error;
  process.stderr.write(`hookbay: ${error.message}\n`);
  process.exit(1);
}
