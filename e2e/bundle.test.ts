/** The built web app (made by this project's global setup) comes in chunks that each stay small. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Vite warns about chunks past this size after minification. */
const CHUNK_WARNING_BYTES = 500 * 1000;

describe('the built web app', () => {
  it('has no script chunk as large as the size Vite warns about', () => {
    const assets = path.resolve('dist/web/assets');
    const scripts = fs.readdirSync(assets).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(1);
    const large = scripts.filter((name) => fs.statSync(path.join(assets, name)).size >= CHUNK_WARNING_BYTES);
    expect(large).toEqual([]);
  });
});
