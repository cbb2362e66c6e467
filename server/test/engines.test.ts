/**
 * Every installed package accepts the Node version Hookbay runs on, so `npm ci` prints no engine
 * warning. Some packages' newest releases need a newer Node; they are pinned in package.json.
 */
import fs from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
}

describe('the locked dependencies', () => {
  it("all accept this machine's Node version", () => {
    const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8')) as {
      packages: Record<string, LockedPackage>;
    };
    const refusing = Object.entries(lock.packages).flatMap(([where, info]) => {
      const wanted = Array.isArray(info.engines) ? undefined : info.engines?.node;
      if (!where || !wanted) return [];
      return semver.satisfies(process.version, wanted, { includePrerelease: true })
        ? []
        : [`${where}@${info.version ?? '?'} needs node ${wanted}`];
    });
    expect(refusing).toEqual([]);
  });
});
