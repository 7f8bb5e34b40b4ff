import { rmSync } from 'node:fs';

export default async function globalTeardown(): Promise<void> {
  const state = globalThis as { __testDatabase?: { stop(): Promise<void> }; __testDir?: string };
  await state.__testDatabase?.stop();
  if (state.__testDir) rmSync(state.__testDir, { recursive: true, force: true });
}
