/**
 * Reads the command line: which command, its arguments and options, each checked, so that a
 * mistake ends in a one-line reason and exit code 2 before anything is sent anywhere.
 */
import { readArgs, UsageError, type ReadArgs } from './command-line.js';
import {
  parseConformance,
  parseReplay,
  parseWait,
  type ConformanceCommand,
  type ReplayCommand,
  type WaitCommand,
} from './event-args.js';
import { parseForward, type ForwardCommand } from './forward/args.js';
import { COMMANDS, type CommandName } from './help-parts.js';
import {
  parseMcp,
  parseNew,
  parseServe,
  type McpCommand,
  type NewCommand,
  type ServeCommand,
} from './setup-args.js';

export interface HelpCommand {
  command: 'help';
  topic: CommandName | null;
}

export interface VersionCommand {
  command: 'version';
}

export type Command =
  | ForwardCommand
  | ReplayCommand
  | WaitCommand
  | ConformanceCommand
  | McpCommand
  | NewCommand
  | ServeCommand
  | HelpCommand
  | VersionCommand;

const COMMAND_OPTIONS: Record<CommandName, string[]> = {
  forward: ['to', 'respond', 'key', 'match'],
  replay: ['to', 'key', 'all', 'match', 'method', 'rate'],
  wait: ['match', 'method', 'count', 'timeout', 'after', 'key'],
  conformance: ['path', 'fail-first', 'fail-with', 'minutes', 'until-messages', 'key'],
  mcp: ['server', 'key'],
  new: ['name', 'responses', 'expires', 'max-requests', 'private', 'server'],
  serve: ['port', 'host'],
};

export function isCommandName(name: string | undefined): name is CommandName {
  return name !== undefined && (COMMANDS as readonly string[]).includes(name);
}

/** Options given that the command does not take: named with the commands that do. */
function checkOptionsBelong(command: CommandName, read: ReadArgs): void {
  const allowed = COMMAND_OPTIONS[command];
  for (const name of [...read.values.keys(), ...read.flags]) {
    if (allowed.includes(name)) continue;
    const owners = COMMANDS.filter((other) => COMMAND_OPTIONS[other].includes(name));
    throw new UsageError(`--${name} belongs to ${owners.join(' and ')}`);
  }
}

/**
 * Reads the command line (without `node` and the script). Throws UsageError when it is wrong.
 * `--help`/`-h` anywhere, or `help [command]`, asks for help instead.
 */
export function parseArgs(args: string[]): Command {
  const read = readArgs(args);
  const [command, ...rest] = read.positional;
  if (command === 'help') {
    const topic = rest[0];
    if (topic !== undefined && !isCommandName(topic)) throw new UsageError(`unknown command ${topic}`);
    return { command: 'help', topic: topic ?? null };
  }
  if (read.wantsHelp) return { command: 'help', topic: isCommandName(command) ? command : null };
  if (read.wantsVersion && command === undefined) return { command: 'version' };
  if (!isCommandName(command)) {
    throw new UsageError(command ? `unknown command ${command}` : 'no command given');
  }
  try {
    checkOptionsBelong(command, read);
    return parseCommand(command, rest, read);
  } catch (error) {
    if (error instanceof UsageError) error.command = command;
    throw error;
  }
}

function parseCommand(command: CommandName, rest: string[], read: ReadArgs): Command {
  switch (command) {
    case 'forward':
      return parseForward(read);
    case 'replay':
      return parseReplay(rest, read);
    case 'wait':
      return parseWait(rest, read);
    case 'conformance':
      return parseConformance(rest, read);
    case 'mcp':
      return parseMcp(rest, read);
    case 'new':
      return parseNew(rest, read);
    case 'serve':
      return parseServe(rest, read);
  }
}
