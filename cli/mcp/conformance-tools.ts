/** The MCP tool that reads a sender test's report (a conformance run, armed in the browser or with `hookbay conformance`). */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ConformanceReport, ConformanceRun } from '../../shared/conformance.js';
import { api } from '../api.js';
import type { McpSession } from './session.js';
import { asSession } from './tool-kit.js';

export function registerConformanceTools(server: McpServer, session: McpSession): void {
  server.registerTool(
    'get_conformance_report',
    {
      title: "Read a sender test's report",
      description: `Returns the report of a sender test (conformance run) of the webhook URL: while a run is armed, the first failFirst deliveries of each message (grouped by delivery id: webhook-id, X-GitHub-Delivery, Stripe's event id, …) to its path were answered with a failure, then 200. The report: {run, status: "armed" | "finished", checks: [{id, title, outcome: "pass" | "warn" | "fail", explanation, evidence: [event ids]}], summary}. Checks: signature, timestamp-fresh, timestamp-signed, delivery-id, retries, backoff, after-timeout, content-type, size. Read an evidence event with read_request. Runs are armed in the browser ("Test my sender") or with \`hookbay conformance <webhook URL>\`.`,
      inputSchema: {
        id: z
          .number()
          .int()
          .positive()
          .optional()
          .describe("The run's id; default: the newest run of the webhook URL."),
      },
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    (args) =>
      asSession(session, async (caller) => {
        let id = args.id;
        if (id === undefined) {
          const { runs } = await api<{ runs: ConformanceRun[] }>(caller, '/api/conformance/runs');
          id = runs[0]?.id;
          if (id === undefined) {
            throw new Error(
              'This webhook URL has no sender test yet: arm one in the browser ("Test my sender") or with hookbay conformance.',
            );
          }
        }
        return api<ConformanceReport>(caller, `/api/conformance/runs/${id}`);
      }),
  );
}
