/** The help texts: `hookbay --help`, and each command's own (`hookbay <command> --help`). */

import { FORWARD_HELP } from './forward/help.js';
import {
  COMMANDS,
  HELP_OPTION,
  KEY_ENV,
  KEY_OPTION,
  SYNOPSIS,
  usageLine,
  VERSION,
  WEBHOOK_URL_NOTE,
  type CommandName,
} from './help-parts.js';

export const GENERAL_HELP = `hookbay ${VERSION}: the command line of Hookbay, the self-hostable webhook inspector.

Usage:
  hookbay <command> [arguments] [options]
  hookbay help <command>       the whole help of one command (or: hookbay <command> --help)

Commands:
  forward   Send the requests captured at webhook URLs to apps on this machine, live, in order.
            ${SYNOPSIS.forward}
  replay    Send one stored request to an app once, from this machine, and print its answer.
            ${SYNOPSIS.replay}
  wait      Wait until matching requests arrive; print each as one JSON line (tests, CI).
            ${SYNOPSIS.wait}
  conformance
            Test a webhook sender: fail its first deliveries, then grade its retries, ids, signature.
            ${SYNOPSIS.conformance}
  mcp       A Model Context Protocol server over stdio, so a coding agent can use Hookbay.
            ${SYNOPSIS.mcp}
  new       Make a ready inspector in one call and print its webhook URL (and its key when private).
            ${SYNOPSIS.new}
  serve     Start the whole Hookbay server (page, API, capture) from the installed package.
            ${SYNOPSIS.serve}

Options:
${KEY_OPTION}
                     (forward, replay, wait, conformance, mcp)
${HELP_OPTION}
  --version          print the version

Environment:
${KEY_ENV}
  HOOKBAY_SERVER     (mcp, new) the Hookbay server to start a session on when no webhook URL is given

Exit codes:
  0  done (forward and mcp run until stopped: Ctrl+C, or the client closing stdin, ends them with 0)
  1  the command could not do its job: unknown session, refused key, target unreachable (replay),
     time ran out (wait), a check failed (conformance)
  2  usage error: the command line is wrong
  3  (wait, conformance) the Hookbay server cannot be reached or refuses the session

${WEBHOOK_URL_NOTE}

Examples:
  hookbay forward https://hooks.example.com/webhook/1b4e… --to http://localhost:3000/webhooks
  hookbay wait https://hooks.example.com/webhook/1b4e… --match deploy --timeout 60 | jq .body
  HOOKBAY_KEY=hbk_… hookbay replay https://hooks.example.com/webhook/1b4e… 42 --to http://localhost:3000
  hookbay mcp --server https://hooks.example.com
  npx hookbay serve --port 8080`;

const REPLAY_HELP = `${usageLine('replay')}

Sends one stored request (its id is in the event, e.g. from GET /api/events or \`hookbay wait\`)
to the target once, from this machine, the way forward would, and prints the target's answer:
a line with time, method, sub-path, status and milliseconds, then the answer's headers, an
empty line and its body.

With --all instead of an id it sends every stored request the search matches (at most 1000),
oldest first, at most --rate a minute, printing that line for each and a summary at the end
("3 sent: 2 answered 2xx, 1 did not"): after a bug fix, yesterday's failed deliveries go out again.

Options:
  --to <target URL>  where to send it (http:// or https://); required
  --all              every request the search matches instead of one by id
  --match <text>     with --all: only requests with this text (as the inspector's search)
  --method <M>       with --all: only these methods, e.g. POST or GET,POST
  --rate <N>         with --all: requests a minute at most (default 600)
${KEY_OPTION}
${HELP_OPTION}

Environment:
${KEY_ENV}

Exit codes:
  0  the target answered (whatever its status); with --all: every answer was 2xx
  1  the target could not be reached, the session has no such request, or Hookbay refused the
     session or the key; with --all: an answer was not 2xx, or nothing (or too much) matched
  2  usage error

${WEBHOOK_URL_NOTE}

Examples:
  hookbay replay https://hooks.example.com/webhook/1b4e… 42 --to http://localhost:3000/webhooks
  hookbay replay https://hooks.example.com/webhook/1b4e… --all --match invoice.failed --to http://localhost:3000/webhooks`;

const WAIT_HELP = `${usageLine('wait')}

Waits until --count requests matching the filters have been captured at the webhook URL (at once
if they are already there) and prints each, oldest first, as one JSON line on stdout: the event as
GET /api/events gives it (id, method, path, queryString, headers, rawHeaders, body, bodyEncoding,
payload, verdicts, timestamp, …). Waits longer than one request to the server are made of several,
each carrying on after the last request seen, so any --timeout works.

Options:
  --match <text>     only requests holding this text (any case) in the body, a header name or
                     value, the path or the query string; at most 200 characters. The words
                     sig:valid, sig:invalid, sig:none, contract:pass, contract:fail and
                     contract:none match the verdicts judged on arrival instead (signing
                     secrets, contracts): --match sig:invalid, --match "contract:fail order"
  --method <M>       only requests with this method; several separated by commas: POST,PUT
  --count <N>        how many matching requests to wait for, 1-1000 (default 1)
  --timeout <S>      seconds to wait at most, fractions allowed (default 30; 0: only look at what
                     is there)
  --after <id>|now   only requests newer than this event id; now: only requests captured after
                     the command started (default: every stored request counts)
${KEY_OPTION}
${HELP_OPTION}

Environment:
${KEY_ENV}

Exit codes:
  0  all --count requests arrived (each printed)
  1  the time ran out first (the matches so far are printed; stderr says how many)
  2  usage error
  3  the Hookbay server cannot be reached, or it refuses the session or the key

${WEBHOOK_URL_NOTE}

Examples:
  # Trigger the code under test first, then wait at most a minute for its webhook:
  hookbay wait "$WEBHOOK_URL" --match deployment_succeeded --method POST --timeout 60 \\
    | jq -e '.payload.status == "succeeded"'
  # Two requests captured from now on, read with a key:
  hookbay wait "$WEBHOOK_URL" --after now --count 2 --timeout 300 --key "$HOOKBAY_KEY"`;

const MCP_HELP = `${usageLine('mcp')}

Runs a Model Context Protocol server on stdin/stdout, for coding agents (Claude Code, Cursor, VS Code
and other MCP clients start it themselves). Its tools: get_webhook_url (this URL, or a new one),
list_requests (search), read_request, wait_for_requests, get_responses and set_responses (scripted
answers, templates, faults), replay_request (server-side), verify_signature (GitHub, Stripe,
Shopify, Slack, Standard Webhooks, any HMAC) and compare_requests.
Without a webhook URL, the first tool call starts a new session on the server (a fresh webhook
URL), unless --key names one. Logs go to stderr; stdout carries only the protocol.

Options:
  --server <origin>  the Hookbay server to start a session on when no webhook URL is given
                     (default: HOOKBAY_SERVER, else http://localhost:3000)
${KEY_OPTION}
${HELP_OPTION}

Environment:
${KEY_ENV}
  HOOKBAY_SERVER     the server, when neither a webhook URL nor --server is given

Exit codes:
  0  the client closed stdin
  2  usage error

${WEBHOOK_URL_NOTE}

Example MCP client configuration (Claude Code: .mcp.json; Cursor: .cursor/mcp.json), with this file
saved as /path/to/hookbay.mjs (curl -sO https://<host>/cli/hookbay.mjs), or "command": "npx" and
"args": ["hookbay", "mcp", …] in a project that has the hookbay package installed:
  {
    "mcpServers": {
      "hookbay": {
        "command": "node",
        "args": ["/path/to/hookbay.mjs", "mcp", "https://hooks.example.com/webhook/1b4e…"],
        "env": { "HOOKBAY_KEY": "hbk_…" }
      }
    }
  }`;

const NEW_HELP = `${usageLine('new')}

Makes a ready inspector on the server in one call (POST /api/inspectors) and prints its webhook URL
on the first line of stdout, by name when it has one; with --private, its key on the second line
(shown this once). Send requests to the URL; read them with the key, or in the browser.

Options:
  --name <name>         a name: the URL becomes …/webhook/<name> (3-48 lower-case letters, digits,
                        dashes; first come, first served)
  --responses <file>    a JSON file of response rules, [...] or {"rules": [...]}, as the Response
                        drawer and PUT /api/responses take them
  --expires <duration>  remove the inspector and all it holds after this long: 30m, 2h, 7d (at most
                        365d); its URL then answers 410
  --max-requests <N>    keep only the newest N requests (0: answer them but keep none)
  --private             make it private: only its key reads it
  --server <origin>     the Hookbay server (default: HOOKBAY_SERVER, else http://localhost:3000)
${HELP_OPTION}

Environment:
  HOOKBAY_SERVER     the server, when --server is not given

Exit codes:
  0  made; the URL (and key) printed
  1  the server refused: the name is taken or invalid, too many new sessions, bad rules
  2  usage error, or the responses file cannot be read or is not JSON
  3  the Hookbay server cannot be reached

Examples:
  URL=$(hookbay new --server https://hooks.example.com --name ci-run-42 --expires 2h)
  hookbay new --responses rules.json --max-requests 100 --private | {
    read -r URL; read -r HOOKBAY_KEY; export URL HOOKBAY_KEY; }`;

const SERVE_HELP = `${usageLine('serve')}

Starts the whole Hookbay server, as \`npm start\` does in a checkout: the web app, the API, webhook
capture, short links and realtime on one port, from the package this command was installed with
(npm install <hookbay package>; nothing is built at install). Data lives in ./data of the current
folder (SQLite) unless DATABASE_URL points at PostgreSQL. SIGINT or SIGTERM closes it gracefully.

Options:
  --port <N>         the port (same as PORT; default 3000)
  --host <address>   the address to listen on (same as HOST; default 0.0.0.0)
${HELP_OPTION}

Environment:
  Every setting of the server, among them PORT, HOST, DATA_DIR (./data), DATABASE_URL, REDIS_URL,
  PUBLIC_URL, LOG_LEVEL, TRUST_PROXY; the README's "Settings" lists them all.

Exit codes:
  0  closed on SIGINT or SIGTERM
  1  a setting is wrong, the port is taken, or this file is not inside an installed Hookbay package

Examples:
  npm install ./hookbay-0.1.0.tgz && npx hookbay serve
  PUBLIC_URL=https://hooks.example.com DATA_DIR=/var/lib/hookbay npx hookbay serve --port 8080`;

const CONFORMANCE_HELP = `${usageLine('conformance')}

Tests the sender of your webhooks. Arms a sender test for a path of the webhook URL: while it is
armed, the first N deliveries of each message (messages are grouped by their delivery id:
webhook-id, X-GitHub-Delivery, Stripe's event id, …) are answered with the failure, later ones
with 200. Prints the URL to point the sender at, waits until the run ends (or, with
--until-messages, until that many messages got through, then disarms it), and prints the report:
one line per check (signature, timestamp, delivery id, retries, backoff, after a timeout, content
type, size) with PASS, WARN or FAIL.

Options:
  --path <P>             glob over the sub-path below the webhook URL (default *: every path)
  --fail-first <N>       deliveries of each message to fail, 0 to 5 (default 2)
  --fail-with <F>        a status from 400 to 599, timeout or reset (default 500)
  --minutes <M>          how long the run stays armed, 1 to 30 (default 10)
  --until-messages <N>   stop once N messages got through instead of waiting for the end
${KEY_OPTION}
${HELP_OPTION}

Environment:
${KEY_ENV}

Exit codes:
  0  every check passed (warnings allowed)
  1  a check failed
  2  usage error
  3  the Hookbay server cannot be reached or refuses the session

Example:
  hookbay conformance https://hooks.example.com/webhook/1b4e… --path /stripe --fail-with timeout --minutes 5`;

export const COMMAND_HELP: Record<CommandName, string> = {
  forward: FORWARD_HELP,
  replay: REPLAY_HELP,
  wait: WAIT_HELP,
  conformance: CONFORMANCE_HELP,
  mcp: MCP_HELP,
  new: NEW_HELP,
  serve: SERVE_HELP,
};

/** What a usage error prints below its reason: the usage of that command, or of them all. */
export function usageHint(command: CommandName | null): string {
  const commands = command === null ? COMMANDS : [command];
  const lines = commands.map((name) => `  ${SYNOPSIS[name]}`);
  const more = command === null ? 'hookbay --help' : `hookbay ${command} --help`;
  return `Usage:\n${lines.join('\n')}\n\n--key <key> (or HOOKBAY_KEY) on every command but new and serve. Run "${more}" for more.`;
}
