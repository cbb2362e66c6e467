/** How every tool answers: its result as indented JSON text, or a failure the agent can read and act on. */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { WebhookEvent } from '../../shared/webhooks.js';
import { webhookUrl } from '../../shared/webhooks.js';
import { findEvent, type Caller } from '../api.js';
import { describeFailure, type McpSession } from './session.js';

export function result(value: unknown): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value, null, 2) }] };
}

/** Runs a tool; any failure becomes an error result in words. */
export async function guarded(session: McpSession, work: () => Promise<unknown>): Promise<CallToolResult> {
  try {
    return result(await work());
  } catch (error) {
    return { isError: true, content: [{ type: 'text', text: describeFailure(error, session.apiBase) }] };
  }
}

/** Runs a tool as the session (started on first use). */
export function asSession(
  session: McpSession,
  work: (caller: Caller) => Promise<unknown>,
): Promise<CallToolResult> {
  return guarded(session, async () => work(await session.caller()));
}

export function webhookUrlOf(caller: Caller): string {
  return webhookUrl(caller.apiBase, caller.sessionId);
}

/** The stored request; throws, in words, when the session has none with that id. */
export async function requireEvent(caller: Caller, id: number): Promise<WebhookEvent> {
  const event = await findEvent(caller, id);
  if (!event) {
    throw new Error(
      `This webhook URL has no request ${id} (deleted, or never captured): list_requests shows the ids.`,
    );
  }
  return event;
}
