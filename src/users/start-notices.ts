/**
 * Messages for the operator that the start prints last, after the address it serves (main.ts), so that
 * no log line scrolls them away: today, the administrator password generated on a first start. They go
 * to the console only, never through the logger (nothing keeps them).
 */
const pending: string[] = [];

/** A framed block of lines, as the start prints it. */
export function boxed(lines: string[]): string {
  const width = Math.max(...lines.map((line) => line.length));
  const rule = `+${'-'.repeat(width + 2)}+`;
  return ['', rule, ...lines.map((line) => `| ${line.padEnd(width)} |`), rule, ''].join('\n') + '\n';
}

export function addStartNotice(text: string): void {
  pending.push(text);
}

/** The notices not yet printed; each is handed out once. */
export function takeStartNotices(): string[] {
  return pending.splice(0, pending.length);
}
