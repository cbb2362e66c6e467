/**
 * `hookbay mcp`: a Model Context Protocol server over stdio. stdout carries only the protocol;
 * anything for a person goes to stderr. It ends when the client closes stdin.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { McpCommand } from '../setup-args.js';
import { VERSION } from '../help-parts.js';
import { registerActionTools } from './action-tools.js';
import { registerConformanceTools } from './conformance-tools.js';
import { registerInspectorTools } from './inspector-tools.js';
import { registerRequestTools } from './request-tools.js';
import { registerTypesTool } from './types-tool.js';
import { createMcpSession } from './session.js';

const INSTRUCTIONS = `Hookbay captures the HTTP requests sent to a webhook URL, so you can see exactly what a system sends (method, headers, body byte for byte) and script what it gets back.
Typical use: get_webhook_url, point the system under test at that URL and trigger it, wait_for_requests (with after = newestId), then read_request, verify_signature or compare_requests. set_responses makes the URL answer with other statuses, bodies, delays or faults; replay_request sends a captured request on to another URL. Each request carries the verdicts Hookbay judged on arrival (signature with the session's signing secrets, body against its contracts); "sig:invalid" or "contract:fail" in q finds the ones that failed.`;

export async function runMcp(command: McpCommand): Promise<null> {
  const session = createMcpSession(command);
  const server = new McpServer({ name: 'hookbay', version: VERSION }, { instructions: INSTRUCTIONS });
  registerRequestTools(server, session);
  registerTypesTool(server, session);
  registerActionTools(server, session);
  registerConformanceTools(server, session);
  registerInspectorTools(server, session);
  const transport = new StdioServerTransport();
  // The client closing stdin is how an MCP client stops its server.
  process.stdin.once('end', () => process.exit(0));
  await server.connect(transport);
  process.stderr.write(`Hookbay MCP server ready (${command.webhookUrl ?? session.apiBase}).\n`);
  return null;
}
