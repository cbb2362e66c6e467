/**
 * The webhook URL the MCP server works with: the one it was started with, or a new session started
 * on the server at the first tool call that needs one. With a key, the key's own session, checked
 * against the URL given.
 */
import { apiBaseOf, sessionIdOf } from '../command-line.js';
import { ApiError, errorText, startSession, type Caller } from '../api.js';

/** Where a session is started when neither a webhook URL nor a server is given. */
export const DEFAULT_SERVER = 'http://localhost:3000';

export interface McpSession {
  /** The session to act as; starts one on first use when none was given. */
  caller(): Promise<Caller>;
  /** Starts a new session with an empty webhook URL and works with it from now on. */
  startNew(): Promise<Caller>;
  /** Works with this inspector (made elsewhere, e.g. by POST /api/inspectors) from now on; throws when started with a key. */
  use(caller: Caller): void;
  hasKey: boolean;
  /** The Hookbay server's API base (its origin, with a path prefix if it has one). */
  apiBase: string;
}

export function createMcpSession(options: { webhookUrl?: URL; server?: string; key?: string }): McpSession {
  const apiBase = options.webhookUrl ? apiBaseOf(options.webhookUrl) : (options.server ?? DEFAULT_SERVER);
  const givenSessionId = options.webhookUrl ? sessionIdOf(options.webhookUrl) : null;
  let current: Promise<Caller> | null = null;

  async function resolve(): Promise<Caller> {
    if (givenSessionId && !options.key) return { apiBase, sessionId: givenSessionId };
    const started = await startSession(apiBase, options.key);
    if (givenSessionId && started.sessionId !== givenSessionId) {
      throw new Error(
        `The key belongs to another webhook URL (${apiBase}/webhook/${started.sessionId}), not to ${givenSessionId}.`,
      );
    }
    return { apiBase, sessionId: started.sessionId, key: options.key };
  }

  function refuseWithKey(): void {
    if (!options.key) return;
    throw new Error(
      'This server was started with a key, which belongs to one webhook URL: start `hookbay mcp` without --key (and HOOKBAY_KEY) to make new ones.',
    );
  }

  return {
    hasKey: options.key !== undefined,
    apiBase,
    caller() {
      // A failed start (server down) is tried again at the next call.
      current ??= resolve().catch((error: unknown) => {
        current = null;
        throw error;
      });
      return current;
    },
    use(caller) {
      refuseWithKey();
      current = Promise.resolve(caller);
    },
    async startNew() {
      refuseWithKey();
      const started = await startSession(apiBase);
      const caller: Caller = { apiBase, sessionId: started.sessionId };
      current = Promise.resolve(caller);
      return caller;
    },
  };
}

/** A tool's failure in words an agent can act on. */
export function describeFailure(error: unknown, apiBase: string): string {
  if (error instanceof ApiError) {
    if (error.status === 401) {
      return `Hookbay refused the session: ${error.reason} If the inspector is private, start \`hookbay mcp\` with --key <key> or HOOKBAY_KEY set to one of its keys.`;
    }
    return `Hookbay answered ${error.status}: ${error.reason}`;
  }
  if (error instanceof TypeError) {
    return `Could not reach Hookbay at ${apiBase}: ${errorText(error)}. Is the server running? (\`npx hookbay serve\` starts one; \`hookbay mcp --server <origin>\` points elsewhere.)`;
  }
  return errorText(error);
}
