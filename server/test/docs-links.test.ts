/**
 * The README, SECURITY.md and the guides in docs/ link to each other, and comments in the code point
 * at their sections. A renamed heading or a moved guide must fail here rather than leave a dead link.
 * Anchors follow GitHub's rules: lower-case, spaces to "-", punctuation dropped, repeats numbered.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const docFiles = [
  'README.md',
  'SECURITY.md',
  ...fs
    .readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const codeDirs = ['server', 'web', 'cli', 'e2e', 'bench', 'shared', 'scripts'];
const thisFile = path.relative(root, fileURLToPath(import.meta.url));

/** The lines of a Markdown file that are prose, not inside a fenced code block. */
function proseLines(text: string): string[] {
  let fenced = false;
  return text.split('\n').filter((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return false;
    }
    return !fenced;
  });
}

/** The anchor GitHub gives a heading. */
function headingSlug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
    .replace(/ /g, '-');
}

function headings(file: string): string[] {
  return proseLines(fs.readFileSync(path.join(root, file), 'utf8')).flatMap((line) => {
    const match = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    return match?.[1] ? [match[1]] : [];
  });
}

function anchors(file: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const heading of headings(file)) {
    const slug = headingSlug(heading);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    result.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return result;
}

/** Says what is wrong with a relative link from `fromFile`, or null when it reaches its file and heading. */
function brokenReason(fromFile: string, target: string): string | null {
  const [linkPath = '', anchor] = target.split('#', 2);
  const file = linkPath === '' ? fromFile : path.posix.join(path.posix.dirname(fromFile), linkPath);
  if (!fs.existsSync(path.join(root, file))) return `${file} does not exist`;
  if (anchor === undefined || !file.endsWith('.md')) return null;
  return anchors(file).has(anchor) ? null : `${file} has no heading #${anchor}`;
}

interface Link {
  from: string;
  target: string;
}

function relativeLinks(file: string): Link[] {
  const prose = proseLines(fs.readFileSync(path.join(root, file), 'utf8'))
    .join('\n')
    .replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((match) => match[1] ?? '')
    .filter((target) => !/^([a-z][a-z\d+.-]*:|\/\/)/i.test(target))
    .map((target) => ({ from: file, target }));
}

function codeFiles(dir: string): string[] {
  if (!fs.existsSync(path.join(root, dir))) return [];
  return fs.readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' }).flatMap((name) => {
    const file = path.posix.join(dir, name.split(path.sep).join('/'));
    if (file.includes('node_modules/') || !/\.(ts|tsx|mjs|js)$/.test(file) || file === thisFile) return [];
    return fs.statSync(path.join(root, file)).isFile() ? [file] : [];
  });
}

interface Pointer {
  from: string;
  file: string;
  section?: string;
}

/** `README "Limits and timeouts"`, `docs/scaling.md, "Query plans on PostgreSQL"`, `docs/x.md#anchor`. */
function codePointers(file: string): Pointer[] {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  const named =
    /\b(README(?:\.md)?|SECURITY\.md|docs\/[\w-]+\.md)(?:'s)?(?:(?:,\s*|\s+)["“']([^"”'\n]+)["”']|#([\w-]+))?/g;
  return [...text.matchAll(named)].map((match) => {
    const target = match[1] === 'README' ? 'README.md' : (match[1] ?? '');
    return { from: file, file: target, section: match[2] ?? match[3] };
  });
}

function pointerProblem(pointer: Pointer): string | null {
  if (!fs.existsSync(path.join(root, pointer.file))) return `${pointer.file} does not exist`;
  const section = pointer.section;
  if (section === undefined) return null;
  const known = headings(pointer.file);
  const found =
    anchors(pointer.file).has(section) ||
    known.some((heading) => heading.toLowerCase().startsWith(section.toLowerCase()));
  return found ? null : `${pointer.file} has no section "${section}"`;
}

describe('links between the README, SECURITY.md and the guides', () => {
  it('GitHub anchors drop punctuation and turn spaces into dashes', () => {
    expect(headingSlug('What Hookbay stores, and for how long')).toBe('what-hookbay-stores-and-for-how-long');
    expect(headingSlug('First page (GET /api/events)')).toBe('first-page-get-apievents');
    expect(headingSlug('The `hookbay` command')).toBe('the-hookbay-command');
  });

  it('every relative link reaches an existing file and heading', () => {
    const links = docFiles.flatMap(relativeLinks);
    // The README links to every guide; far fewer links means the parser lost them.
    expect(links.length).toBeGreaterThan(10);
    const broken = links.flatMap((link) => {
      const reason = brokenReason(link.from, link.target);
      return reason ? [`${link.from}: (${link.target}): ${reason}`] : [];
    });
    expect(broken).toEqual([]);
  });

  it('every guide in docs/ is linked from the README', () => {
    const fromReadme = new Set(relativeLinks('README.md').map((link) => link.target.split('#')[0]));
    const guides = docFiles.filter((file) => file.startsWith('docs/'));
    expect(guides.filter((guide) => !fromReadme.has(guide))).toEqual([]);
  });

  it('every comment in the code that names a guide or its section points at one that exists', () => {
    const pointers = codeDirs.flatMap(codeFiles).flatMap(codePointers);
    expect(pointers.length).toBeGreaterThan(0);
    const broken = pointers.flatMap((pointer) => {
      const problem = pointerProblem(pointer);
      return problem ? [`${pointer.from}: ${problem}`] : [];
    });
    expect(broken).toEqual([]);
  });
});
