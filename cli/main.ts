/**
 * The `hookbay` command: reads the command line and runs the command. Built into
 * dist/cli/hookbay.mjs, the one file package.json's bin names and the server serves.
 */
import { isCommandName, parseArgs, type Command } from './args.js';
import { chooseKey, parseServer, UsageError } from './command-line.js';
import { errorText } from './api.js';
import { conformance } from './conformance.js';
import { forward } from './forward/forward.js';
import { newInspector } from './new.js';
import { replay } from './replay.js';
import { serve } from './serve.js';
import { VERSION } from './help-parts.js';
import { COMMAND_HELP, GENERAL_HELP, usageHint } from './usage.js';
import { wait } from './wait.js';

/** The command line with what the environment adds (HOOKBAY_KEY, HOOKBAY_SERVER). */
function withEnvironment(command: Command): Command {
  if ('key' in command) command.key = chooseKey(command.key, process.env.HOOKBAY_KEY);
  if (command.command === 'forward') {
    for (const route of command.routes) route.key = chooseKey(route.key, process.env.HOOKBAY_KEY);
  }
  const takesServer = command.command === 'new' || (command.command === 'mcp' && !command.webhookUrl);
  if (takesServer && !command.server && process.env.HOOKBAY_SERVER) {
    command.server = parseServer(process.env.HOOKBAY_SERVER.trim(), 'HOOKBAY_SERVER');
  }
  return command;
}

/** Runs the command; answers its exit code, or null for one that keeps running (serve, mcp). */
async function run(args: string[]): Promise<number | null> {
  let command: Command | null = null;
  try {
    command = parseArgs(args);
    command = withEnvironment(command);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    // A wrong HOOKBAY_KEY or HOOKBAY_SERVER belongs to the command that reads it.
    const about = error.command ?? (command && isCommandName(command.command) ? command.command : null);
    process.stderr.write(`hookbay: ${error.message}\n\n${usageHint(about)}\n`);
    return 2;
  }
  // The server, when serving, and the forwarder close gracefully on SIGINT themselves.
  if (command.command !== 'serve' && command.command !== 'forward')
    process.once('SIGINT', () => process.exit(0));
  switch (command.command) {
    case 'help':
      process.stdout.write(`${command.topic ? COMMAND_HELP[command.topic] : GENERAL_HELP}\n`);
      return 0;
    case 'version':
      process.stdout.write(`${VERSION}\n`);
      return 0;
    case 'forward':
      return forward(command);
    case 'replay':
      return replay(command);
    case 'wait':
      return wait(command);
    case 'conformance':
      return conformance(command);
    case 'mcp': {
      // Loaded only for this command: the bundled SDK would otherwise slow every command's start.
      const { runMcp } = await import('./mcp/server.js');
      return runMcp(command);
    }
    case 'new':
      return newInspector(command);
    case 'serve':
      return serve(command);
  }
}

/** Exits once what was written has been handed to the system (a pipe may otherwise lose it). */
function exit(code: number): void {
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
}

run(process.argv.slice(2)).then(
  (code) => {
    if (code !== null) exit(code);
  },
  (error: unknown) => {
    process.stderr.write(`hookbay: ${errorText(error)}\n`);
    exit(1);
  },
);
