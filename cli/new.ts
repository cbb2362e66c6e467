/**
 * `hookbay new`: a ready inspector in one call (`POST /api/inspectors`), printed as its webhook URL
 * and, when private, its key on the next line, so a script can read both.
 */
import fs from 'node:fs/promises';
import type { InspectorSetup, NewInspector } from '../shared/inspectors.js';
import { errorMessageOf, errorText } from './api.js';
import type { NewCommand } from './setup-args.js';

export const DEFAULT_SERVER = 'http://localhost:3000';

/** The rules a responses file holds: a list, or `{"rules": [...]}`; a line for stderr when it holds neither. */
async function readRules(file: string): Promise<unknown[] | string> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    return `cannot read --responses ${file}: ${errorText(error)}`;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return `--responses ${file} is not JSON`;
  }
  if (Array.isArray(parsed)) return parsed;
  if (typeof parsed === 'object' && parsed !== null && 'rules' in parsed && Array.isArray(parsed.rules))
    return parsed.rules;
  return `--responses ${file} must hold a list of rules or {"rules": [...]}`;
}

/** Makes the inspector; answers the exit code. */
export async function newInspector(command: NewCommand): Promise<number> {
  const setup: Record<string, unknown> = {};
  if (command.name !== undefined) setup.name = command.name;
  if (command.expires !== undefined) setup.expiresIn = command.expires;
  if (command.maxRequests !== undefined) setup.maxRequests = command.maxRequests;
  if (command.isPrivate) setup.private = true;
  if (command.responsesFile !== undefined) {
    const rules = await readRules(command.responsesFile);
    if (typeof rules === 'string') {
      process.stderr.write(`hookbay: ${rules}\n`);
      return 2;
    }
    setup.responses = rules;
  }
  const server = command.server ?? DEFAULT_SERVER;
  let response: Response;
  try {
    response = await fetch(`${server}/api/inspectors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(setup satisfies Partial<InspectorSetup>),
    });
  } catch (error) {
    process.stderr.write(`hookbay: cannot reach Hookbay at ${server}: ${errorText(error)}\n`);
    return 3;
  }
  const text = await response.text();
  if (!response.ok) {
    process.stderr.write(`hookbay: Hookbay at ${server} refused: ${errorMessageOf(text)}\n`);
    return 1;
  }
  const made = JSON.parse(text) as NewInspector;
  process.stdout.write(`${made.webhookUrl}\n${made.key ? `${made.key}\n` : ''}`);
  return 0;
}
