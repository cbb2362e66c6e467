/** The MCP tool that infers types from captured JSON bodies (POST /api/events/types). */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { api } from '../api.js';
import type { McpSession } from './session.js';
import { asSession } from './tool-kit.js';

export function registerTypesTool(server: McpServer, session: McpSession): void {
  server.registerTool(
    'infer_types',
    {
      title: 'Infer types from captured requests',
      description: `Infers ONE JSON Schema (draft 2020-12) over the JSON bodies of captured requests, with the same type as TypeScript ("export interface CapturedBody") and as a zod module ("capturedBody"). Give ids (at most 500), or a search (q, method: the filters of list_requests; contract:fail and the like work in q) to take the newest 500 matching requests. A field is required only when every body has it; fields seen with several types get them all; a string field with at most 5 distinct values over at least 3 samples becomes an enum; date-time, uuid, email and uri formats are named.
Answers {jsonSchema, typescript, zod, samples, skipped}: samples is how many JSON bodies were read, skipped how many chosen requests had none.`,
      inputSchema: {
        ids: z
          .array(z.number().int().positive())
          .max(500)
          .optional()
          .describe('Request ids, from list_requests.'),
        q: z.string().optional().describe('Search text, as in list_requests.'),
        method: z.string().optional().describe('One method or a comma list, e.g. POST.'),
      },
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    (args) =>
      asSession(session, (caller) => {
        const body = args.ids?.length ? { ids: args.ids } : { q: args.q, method: args.method };
        return api(caller, '/api/events/types', { method: 'POST', body });
      }),
  );
}
