/**
 * The command lines of the commands that start something: mcp (a server for an assistant), new (an
 * inspector) and serve (Hookbay itself).
 */
import { inspectorNameProblem, MAX_REQUESTS_CAP, parseDuration } from '../shared/inspectors.js';
import {
  noMore,
  keyOption,
  parseServer,
  parseWebhookUrl,
  UsageError,
  type ReadArgs,
} from './command-line.js';

export interface McpCommand {
  command: 'mcp';
  webhookUrl?: URL;
  /** Where to start a new session when no webhook URL is given (`--server`, else HOOKBAY_SERVER). */
  server?: string;
  key?: string;
}

export interface NewCommand {
  command: 'new';
  /** Where to make the inspector (`--server`, else HOOKBAY_SERVER, else http://localhost:3000). */
  server?: string;
  name?: string;
  /** A JSON file of response rules: `[...]` or `{"rules": [...]}`. */
  responsesFile?: string;
  /** A duration such as 2h. */
  expires?: string;
  maxRequests?: number;
  isPrivate: boolean;
}

export interface ServeCommand {
  command: 'serve';
  port?: number;
  host?: string;
}

export function parseMcp([webhook, ...extra]: string[], read: ReadArgs): McpCommand {
  noMore(extra);
  const server = read.values.get('server');
  if (webhook !== undefined && server !== undefined) {
    throw new UsageError('give a webhook URL or --server, not both');
  }
  return {
    command: 'mcp',
    webhookUrl: webhook === undefined ? undefined : parseWebhookUrl(webhook),
    server: server === undefined ? undefined : parseServer(server, '--server'),
    key: keyOption(read),
  };
}

export function parseNew(positional: string[], read: ReadArgs): NewCommand {
  noMore(positional);
  const server = read.values.get('server');
  const name = read.values.get('name');
  const nameProblem = name === undefined ? null : inspectorNameProblem(name);
  if (nameProblem) throw new UsageError(`--name: ${nameProblem}`);
  const expires = read.values.get('expires');
  if (expires !== undefined && parseDuration(expires) === null) {
    throw new UsageError('--expires must be a duration such as 30m, 2h or 7d');
  }
  const max = read.values.get('max-requests');
  if (max !== undefined && (!/^[0-9]+$/.test(max) || Number(max) > MAX_REQUESTS_CAP)) {
    throw new UsageError(`--max-requests must be a whole number from 0 to ${MAX_REQUESTS_CAP}`);
  }
  return {
    command: 'new',
    server: server === undefined ? undefined : parseServer(server, '--server'),
    name,
    responsesFile: read.values.get('responses'),
    expires,
    maxRequests: max === undefined ? undefined : Number(max),
    isPrivate: read.flags.has('private'),
  };
}

export function parseServe(positional: string[], read: ReadArgs): ServeCommand {
  noMore(positional);
  const port = read.values.get('port');
  if (port !== undefined && (!/^[0-9]+$/.test(port) || Number(port) > 65_535)) {
    throw new UsageError('--port must be a port number from 0 to 65535');
  }
  const host = read.values.get('host');
  if (host === '') throw new UsageError('--host needs an address');
  return { command: 'serve', port: port === undefined ? undefined : Number(port), host };
}
