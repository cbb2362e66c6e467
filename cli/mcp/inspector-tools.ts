/** The MCP tool that makes a ready inspector in one call (POST /api/inspectors) and works with it. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { NewInspector } from '../../shared/inspectors.js';
import { api } from '../api.js';
import { ruleSchema } from './action-tools.js';
import type { McpSession } from './session.js';
import { guarded } from './tool-kit.js';

export function registerInspectorTools(server: McpServer, session: McpSession): void {
  server.registerTool(
    'new_inspector',
    {
      title: 'Make a ready inspector',
      description: `Makes a new Hookbay inspector in one call, named, with scripted responses, a lifetime, a cap on kept requests and privacy as asked, and works with it from now on (the previous webhook URL keeps capturing). Returns webhookUrl (by name when named), sessionId, name, expiresAt, maxRequests, cors, private, and key when private (the only copy: give it to whoever must read the inspector).
Use it instead of get_webhook_url when the URL should be readable (a name), short-lived (expiresIn) or private. Not possible when this server was started with a key.`,
      inputSchema: {
        name: z
          .string()
          .optional()
          .describe(
            'The webhook URL becomes <server>/webhook/<name>: 3-48 lower-case letters, digits and dashes, first come, first served.',
          ),
        responses: z
          .array(ruleSchema)
          .max(20)
          .optional()
          .describe('Response rules, as set_responses takes them.'),
        expiresIn: z
          .string()
          .optional()
          .describe('Remove the inspector and everything it holds after this long: "30m", "2h", "7d".'),
        maxRequests: z
          .number()
          .int()
          .min(0)
          .optional()
          .describe('Keep only the newest N requests (0: none).'),
        private: z.boolean().optional().describe('true: only the returned key reads the inspector.'),
      },
      annotations: { readOnlyHint: false, openWorldHint: true },
    },
    async (args) =>
      guarded(session, async () => {
        const apiBase = session.apiBase;
        const made = await api<NewInspector>({ apiBase, sessionId: '' }, '/api/inspectors', {
          method: 'POST',
          body: args,
          headers: {},
        });
        session.use({ apiBase, sessionId: made.sessionId, key: made.key });
        return made;
      }),
  );
}
