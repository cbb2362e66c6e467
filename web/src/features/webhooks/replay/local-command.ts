/** The `hookbay replay` command that sends a stored request from the user's own machine. */

/** An argument the shell passes on as it is written, quoted when it holds anything else. */
function shellArgument(text: string): string {
  return /^[A-Za-z0-9_\-./:@%+=,]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}

/** `npx hookbay replay <webhook URL> <event id> --to <target>`, ready to paste. */
export function localReplayCommand(webhookUrl: string, eventId: number, target: string): string {
  const to = target.trim() || 'http://localhost:3000/webhooks';
  return `npx hookbay replay ${shellArgument(webhookUrl)} ${eventId} --to ${shellArgument(to)}`;
}
