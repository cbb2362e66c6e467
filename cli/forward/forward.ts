/**
 * `hookbay forward`: every inspector given, each on a connection of its own, in one process. Ctrl+C
 * closes every stream once the request each is forwarding is done (a second Ctrl+C does not wait);
 * when Hookbay refuses one inspector, the others are stopped too and the command ends with 1.
 */
import { apiBaseOf, sessionIdOf } from '../command-line.js';
import type { ForwardCommand } from './args.js';
import { forwardInspector, type InspectorSetup } from './inspector.js';

/**
 * What each inspector's lines start with: nothing when there is only one (the lines stay as they
 * always were), else its session id or name in brackets, or its whole webhook URL when two
 * servers have a session of the same name.
 */
function linePrefixes(webhookUrls: URL[]): string[] {
  if (webhookUrls.length === 1) return [''];
  const sessions = webhookUrls.map((url) => sessionIdOf(url));
  const isUnique = new Set(sessions).size === sessions.length;
  return webhookUrls.map((url, index) => `[${isUnique ? sessions[index] : url.href}] `);
}

export async function forward(command: ForwardCommand): Promise<number> {
  const stopping = new AbortController();
  const stop = () => {
    stopping.abort();
    process.once('SIGINT', () => process.exit(0));
  };
  process.once('SIGINT', stop);
  const prefixes = linePrefixes(command.routes.map((route) => route.webhookUrl));
  const codes = await Promise.all(
    command.routes.map(async (route, index) => {
      const setup: InspectorSetup = {
        apiBase: apiBaseOf(route.webhookUrl),
        sessionId: sessionIdOf(route.webhookUrl),
        key: route.key,
        webhookUrl: route.webhookUrl,
        target: route.target,
        respond: command.respond,
        match: command.match,
        prefix: prefixes[index] ?? '',
        stop: stopping.signal,
      };
      const code = await forwardInspector(setup);
      if (code !== 0) stopping.abort();
      return code;
    }),
  );
  process.removeListener('SIGINT', stop);
  return Math.max(...codes);
}
