/** What is left of an armed run, in words ("4 min 10 s"), and whether it is still armed. */
export function timeLeft(endsAt: string, now: number): string {
  const seconds = Math.max(0, Math.round((Date.parse(endsAt) - now) / 1000));
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes} min ${seconds % 60} s` : `${seconds} s`;
}

export const isArmedAt = (endsAt: string, now: number) => Date.parse(endsAt) > now;

export function failureText(failWith: { status: number } | { fault: string }): string {
  return 'status' in failWith
    ? `status ${failWith.status}`
    : failWith.fault === 'timeout'
      ? 'no answer (timeout)'
      : 'a connection reset';
}
