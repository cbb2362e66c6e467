/**
 * The built `hookbay` file as users get it (from the package, or from a server with curl): one
 * file that runs with Node alone, and whose help says everything a command takes.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CLI_PATH } from '../server/src/features/forwarding/cli-process.js';
import { COMMANDS } from './help-parts.js';

const MAX_BYTES = 1024 * 1024;

/** The built file copied alone into an empty folder: nothing to import from but Node itself. */
const lonely = (() => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hookbay-cli-'));
  const file = path.join(folder, 'hookbay.mjs');
  fs.copyFileSync(CLI_PATH, file);
  return file;
})();

async function hookbay(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [lonely, ...args], {
      cwd: path.dirname(lonely),
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('the built hookbay file', () => {
  it('is one ES module with a shebang that imports nothing but Node built-ins, under 1 MiB', () => {
    const text = fs.readFileSync(CLI_PATH, 'utf8');
    expect(text.startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(Buffer.byteLength(text)).toBeLessThan(MAX_BYTES);
    const imported = [...text.matchAll(/(?:^|[;\s}])(?:import|export)\s*[\w*{},\s$]*from\s*"([^"]+)"/g)].map(
      (match) => match[1] as string,
    );
    expect(imported.length).toBeGreaterThan(0);
    const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
    expect(imported.filter((name) => !builtins.has(name))).toEqual([]);
  });

  it('runs alone in an empty folder and prints its version', async () => {
    const packageJson = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version: string };
    expect(await hookbay('--version')).toEqual({ code: 0, stdout: `${packageJson.version}\n`, stderr: '' });
  });

  it('hookbay --help names every command, the key, the environment, the exit codes and examples', async () => {
    const { code, stdout } = await hookbay('--help');
    expect(code).toBe(0);
    for (const command of COMMANDS) expect(stdout).toContain(`hookbay ${command} `);
    for (const text of ['--key <key>', 'HOOKBAY_KEY', 'HOOKBAY_SERVER', 'Exit codes:', 'Examples:']) {
      expect(stdout).toContain(text);
    }
    expect(stdout).toMatch(/^ {2}3 {2}\(wait, conformance\) the Hookbay server cannot be reached/m);
  });

  const commandOptions: Record<(typeof COMMANDS)[number], string[]> = {
    forward: ['--to <target URL>', '--respond', '--key <key>', 'HOOKBAY_KEY'],
    replay: ['--to <target URL>', '--key <key>', 'HOOKBAY_KEY'],
    wait: [
      '--match <text>',
      '--method <M>',
      '--count <N>',
      '--timeout <S>',
      '--after <id>|now',
      '--key <key>',
      'HOOKBAY_KEY',
    ],
    conformance: [
      '--path <P>',
      '--fail-first <N>',
      '--fail-with 500|timeout|reset',
      '--minutes <M>',
      '--until-messages <N>',
      '--key <key>',
    ],
    mcp: ['--server <origin>', '--key <key>', 'HOOKBAY_KEY', 'HOOKBAY_SERVER', '"mcpServers"'],
    new: [
      '--name <name>',
      '--responses <file>',
      '--expires <duration>',
      '--max-requests <N>',
      '--private',
      '--server <origin>',
      'HOOKBAY_SERVER',
    ],
    serve: ['--port <N>', '--host <address>', 'PORT', 'DATA_DIR'],
  };

  it.each(COMMANDS)(
    'hookbay %s --help gives its usage, every option, the environment, exit codes and examples',
    async (command) => {
      const { code, stdout } = await hookbay(command, '--help');
      expect(code).toBe(0);
      expect(stdout.startsWith(`Usage: hookbay ${command} `)).toBe(true);
      for (const text of [
        ...commandOptions[command],
        '-h, --help',
        'Environment:',
        'Exit codes:',
        'Example',
      ]) {
        expect(stdout, text).toContain(text);
      }
      expect(await hookbay('help', command)).toEqual({ code: 0, stdout, stderr: '' });
    },
  );

  it('wait --help lists the four exit codes', async () => {
    const { stdout } = await hookbay('wait', '-h');
    for (const line of [
      /^ {2}0 {2}all --count requests arrived/m,
      /^ {2}1 {2}the time ran out first/m,
      /^ {2}2 {2}usage error/m,
      /^ {2}3 {2}the Hookbay server cannot be reached, or it refuses the session or the key/m,
    ]) {
      expect(stdout).toMatch(line);
    }
  });

  it('a wrong command line: the reason, the usage of every command, exit code 2', async () => {
    const { code, stdout, stderr } = await hookbay('send');
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.split('\n')[0]).toBe('hookbay: unknown command send');
    for (const command of COMMANDS) expect(stderr).toContain(`  hookbay ${command} `);
  });

  it('serve says what it needs when the file runs outside an installed package', async () => {
    const { code, stderr } = await hookbay('serve');
    expect(code).toBe(1);
    expect(stderr).toContain('there is none beside this file');
  });
});
