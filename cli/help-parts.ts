/** What the help texts share: the command names, the version, the option lines every command has, each command's synopsis. */

export const COMMANDS = ['forward', 'replay', 'wait', 'conformance', 'mcp', 'new', 'serve'] as const;
export type CommandName = (typeof COMMANDS)[number];

/** Replaced with package.json's version when the file is built; `dev` when run from the sources. */
declare const HOOKBAY_VERSION: string;
export const VERSION = typeof HOOKBAY_VERSION === 'string' ? HOOKBAY_VERSION : 'dev';

export const WEBHOOK_URL_NOTE =
  'The webhook URL is the one Hookbay shows you: https://<host>/webhook/<session id>.';

export const KEY_OPTION = `  --key <key>        authenticate with a Hookbay key (hbk_…) instead of the session id in the
                     webhook URL; a private inspector accepts nothing else`;
export const KEY_ENV = '  HOOKBAY_KEY        the key, when --key is not given';
export const HELP_OPTION = '  -h, --help         show this help';

/** One line per command, as the general help and a usage error show it (--key is described apart). */
export const SYNOPSIS: Record<CommandName, string> = {
  forward:
    'hookbay forward <webhook URL> --to <target URL> [<webhook URL> --to <target URL> …] [--match <text>] [--respond]',
  replay:
    'hookbay replay <webhook URL> <event id>|--all [--match <text>] [--method <M>] [--rate <N>] --to <target URL>',
  wait: 'hookbay wait <webhook URL> [--match <text>] [--method <M>] [--count <N>] [--timeout <S>] [--after <id>|now]',
  conformance:
    'hookbay conformance <webhook URL> [--path <P>] [--fail-first <N>] [--fail-with 500|timeout|reset] [--minutes <M>] [--until-messages <N>]',
  mcp: 'hookbay mcp [<webhook URL>] [--server <origin>]',
  new: 'hookbay new [--name N] [--responses F] [--expires D] [--max-requests N] [--private] [--server <origin>]',
  serve: 'hookbay serve [--port <N>] [--host <address>]',
};

/** The usage line at the top of a command's help. */
export function usageLine(command: CommandName): string {
  return `Usage: ${SYNOPSIS[command]}${command === 'serve' || command === 'new' ? '' : ' [--key <key>]'}`;
}
