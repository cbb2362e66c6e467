/** `hookbay forward --help`. */
import { HELP_OPTION, KEY_ENV, KEY_OPTION, usageLine, WEBHOOK_URL_NOTE } from '../help-parts.js';

export const FORWARD_HELP = `${usageLine('forward')}

Sends every request captured at the webhook URL to the target, live: the request's method; the
target's path followed by the request's sub-path and query (target http://localhost:3000/hooks,
request …/webhook/<id>/github?x=1 → http://localhost:3000/hooks/github?x=1); its headers in their
original order and case, without hop-by-hop headers, with Host and Content-Length set for the
target; its body byte for byte. One at a time, in the order they arrived, each once. One line per
request on stdout: time, method, sub-path, the target's status (or why it failed), milliseconds.
If the connection to Hookbay drops it reconnects by itself (0.5 s, doubling up to 5 s) and first
forwards what arrived meanwhile. Ctrl+C stops it.

Several inspectors in one process: write each webhook URL followed by its own --to (and its own
--key, when it needs one). Each has a connection of its own and keeps its own order; every line
then starts with [<session id or name>] of the inspector the request came to. If Hookbay refuses
one of them, every connection is closed and the command ends with 1.

Options:
  --to <target URL>  where to send the requests (http:// or https://); one after each webhook URL
  --match <text>     send on only requests matching this search, as the inspector's search box
                     reads it: text in the body, a header, the path or the query (any case), and
                     sig:valid|invalid|none, contract:pass|fail|none; for every webhook URL given.
                     The others are not sent, and no line is printed for them
  --respond          while this forwarder runs, the sender of each captured request waits for the
                     target's answer and gets it (status, headers, body): 502 when the target
                     fails, 504 when it takes longer than the server's FORWARD_RESPONSE_TIMEOUT_MS;
                     not with --match (a sender whose request is not sent on would wait in vain)
${KEY_OPTION}; with several
                     webhook URLs, write each one's --key after it
${HELP_OPTION}

Environment:
${KEY_ENV} (for every webhook URL without its own)

Exit codes:
  0  stopped with Ctrl+C
  1  Hookbay does not know a session, or refused a key (revoked, or another inspector's)
  2  usage error

${WEBHOOK_URL_NOTE}

Examples:
  hookbay forward https://hooks.example.com/webhook/1b4e… --to http://localhost:3000/webhooks
  hookbay forward https://hooks.example.com/webhook/1b4e… --to http://localhost:8080 --respond --key "$HOOKBAY_KEY"
  hookbay forward https://hooks.example.com/webhook/github-dev --to http://localhost:3000/github \\
    https://hooks.example.com/webhook/stripe-dev --to http://localhost:4000/stripe --match sig:valid`;
