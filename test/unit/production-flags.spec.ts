import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The server's Node.js flags (the heap cap above all) are written in three places an operator starts it
 * from: `npm run start:prod`, the image's start (scripts/runtime-tree.sh) and the systemd unit. They are
 * the production defaults the benchmarks measure (bench/lib/server.mjs reads start:prod's), so the three
 * must say the same; the systemd unit once kept the old cap for a day.
 */
const root = join(__dirname, '..', '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const nodeFlags = (command: string) => command.split(/\s+/).filter((word) => word.startsWith('--'));

describe("the server's production flags", () => {
  const startProd = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts['start:prod'];
  const flags = nodeFlags(/\bnode (.*?)dist\/src\/main\.js/.exec(startProd)?.[1] ?? '');

  it('npm run start:prod caps the heap', () => {
    expect(flags.some((flag) => /^--max-old-space-size=\d+$/.test(flag))).toBe(true);
  });

  it('the systemd unit starts node with the same flags', () => {
    const execStart = /^ExecStart=\/usr\/bin\/node (.*?)dist\/src\/main\.js$/m.exec(read('deploy/systemd/dive-guide@.service'))?.[1];
    expect(nodeFlags(execStart ?? '')).toEqual(flags);
  });

  it("the image's start gives node the same flags", () => {
    const script = read('scripts/runtime-tree.sh');
    const start = script.slice(script.indexOf('  start)'));
    const options = /NODE_OPTIONS:-(.*?)\}"/.exec(start)?.[1] ?? '';
    const execLine = /exec node (.*?)dist\/src\/main\.js/.exec(start)?.[1] ?? '';
    expect([...nodeFlags(options), ...nodeFlags(execLine)].sort()).toEqual([...flags].sort());
  });
});
