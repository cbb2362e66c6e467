/**
 * Test tools for `hookbay mcp`: the SDK's MCP client starts the built file, copied alone into an
 * empty folder (so it can only work if it carries everything it needs), over stdio, and calls its
 * tools as an agent's client does.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { CLI_PATH } from '../../server/src/features/forwarding/cli-process.js';
import { buildTestApp } from '../../server/test/app.js';
import { listen } from '../../server/test/socket.js';

export interface ToolAnswer {
  isError: boolean;
  text: string;
  /** The text parsed as JSON, when it is JSON. */
  json: Record<string, unknown> & { [key: string]: unknown };
}

/** The built command alone in an empty folder. */
function lonelyCopy(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hookbay-mcp-'));
  const file = path.join(folder, 'hookbay.mjs');
  fs.copyFileSync(CLI_PATH, file);
  return file;
}

/** `hookbay mcp …args` (with `env` added), connected to an MCP client. */
export async function connect(args: string[], env: Record<string, string> = {}): Promise<Client> {
  const file = lonelyCopy();
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [file, 'mcp', ...args],
    cwd: path.dirname(file),
    env: { ...getDefaultEnvironment(), ...env },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'hookbay-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

/** A Hookbay listening on a port and `hookbay mcp --server` connected to it. */
export interface McpAgainstHookbay {
  app: FastifyInstance;
  origin: string;
  client: Client;
}

/**
 * Starts a Hookbay and `hookbay mcp --server` against it before the describe block's tests, and
 * closes both after them; the fields are set once the tests run.
 */
export function mcpAgainstHookbay(): McpAgainstHookbay {
  const hookbay = {} as McpAgainstHookbay;
  beforeAll(async () => {
    hookbay.app = await buildTestApp();
    hookbay.origin = await listen(hookbay.app);
    hookbay.client = await connect(['--server', hookbay.origin]);
  });
  afterAll(async () => {
    await hookbay.client.close();
    await hookbay.app.close();
  });
  return hookbay;
}

export async function call(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<ToolAnswer> {
  const answer = await client.callTool({ name, arguments: args });
  const content = answer.content as { type: string; text: string }[];
  const text = content.map((part) => part.text).join('\n');
  let json = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // an error in words
  }
  return { isError: answer.isError === true, text, json };
}
