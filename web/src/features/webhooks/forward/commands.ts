/** The `hookbay` command lines shown for a session, ready to paste. */
import { webhookUrl } from '../../../../../shared/webhooks';

/** Where the commands send requests by default: a typical local app. */
export const DEFAULT_LOCAL_TARGET = 'http://localhost:3000/webhooks';

export interface ForwardCommand {
  label: string;
  command: string;
}

/** In a Hookbay checkout (npx), for anyone (the file fetched from this server), and answering the sender. */
export function forwardCommands(apiBase: string, sessionId: string): ForwardCommand[] {
  const url = webhookUrl(apiBase, sessionId);
  const fetchCli = `curl -sO ${apiBase}/cli/hookbay.mjs && node hookbay.mjs`;
  const forward = `forward ${url} --to ${DEFAULT_LOCAL_TARGET}`;
  return [
    { label: 'Anywhere with Node 20', command: `${fetchCli} ${forward}` },
    { label: 'In a Hookbay checkout', command: `npx hookbay ${forward}` },
    { label: 'Your app answers the sender (--respond)', command: `${fetchCli} ${forward} --respond` },
  ];
}
