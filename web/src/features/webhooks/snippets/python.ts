/** "Copy as Python": a script with the `requests` library that sends the captured request again. */
import type { WebhookEvent } from '../../../../../shared/webhooks';
import { groupByName } from '../headers';
import { bodyFileNote, replayRequest, type ReplayBody } from './replay-request';

/**
 * requests sends its own Accept header unless told None. Its User-Agent and Accept-Encoding cannot be left out
 * (urllib3 puts its own back), so those are not fought.
 */
const REQUESTS_DEFAULTS = ['Accept'];

const ESCAPES: Record<string, string> = { '\\': '\\\\', '"': '\\"', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** A double-quoted Python string literal: printable ASCII as it is, everything else escaped by code point. */
export function pythonString(text: string): string {
  let out = '"';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    const escape = ESCAPES[char];
    if (escape) out += escape;
    else if (code >= 0x20 && code < 0x7f) out += char;
    else if (code <= 0xff) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else if (code <= 0xffff) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += `\\U${code.toString(16).padStart(8, '0')}`;
  }
  return out + '"';
}

function dataExpression(body: ReplayBody): string | null {
  switch (body.kind) {
    case 'none':
      return null;
    case 'text':
      return `${pythonString(body.text)}.encode("utf-8")`;
    case 'binary':
      return `base64.b64decode(${pythonString(body.base64)})`;
    case 'file':
      return 'open("body.bin", "rb").read()';
  }
}

/**
 * Builds a Python script that re-sends `event` with requests: method, URL, headers (minus hop-by-hop ones,
 * Host and Content-Length; a repeated header joined with ", " as a dict holds one value per name), and the
 * exact body bytes. Header values are latin-1 strings, which is how http.client encodes them again.
 */
export function toPython(event: WebhookEvent, webhookUrl: string, bodyDownloadUrl?: string): string {
  const request = replayRequest(event, webhookUrl);
  const headerLines = [...groupByName(request.headers).values()].map(
    ({ name, values }) => `        ${pythonString(name)}: ${pythonString(values.join(', '))},`,
  );
  for (const name of REQUESTS_DEFAULTS) {
    if (!request.sentHeaders.has(name.toLowerCase()))
      headerLines.push(`        ${pythonString(name)}: None,`);
  }
  const data = dataExpression(request.body);
  const lines: string[] = [];
  if (request.body.kind === 'file') lines.push(`# ${bodyFileNote(bodyDownloadUrl)}`);
  if (request.body.kind === 'binary') lines.push('import base64');
  lines.push(
    'import requests',
    '',
    'response = requests.request(',
    `    ${pythonString(request.method)},`,
    `    ${pythonString(request.url)},`,
    '    headers={',
    ...headerLines,
    '    },',
  );
  if (data !== null) lines.push(`    data=${data},`);
  lines.push(')', 'print(response.status_code, response.text)');
  return lines.join('\n');
}
