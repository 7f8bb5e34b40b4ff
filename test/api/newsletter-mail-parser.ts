import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Just enough MIME reading for the tests to look at a message as a person's mail program would: the
 * unfolded headers, the decoded text and HTML parts, and the attachments. (Test helper, not a spec.)
 */
export interface ParsedMail {
  headers: Record<string, string>;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; startsWithPdf: boolean }[];
}

function splitPart(raw: string): { headers: Record<string, string>; body: string } {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decode(body: string, encoding = ''): Buffer {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (/quoted-printable/i.test(encoding)) {
    const soft = body.replace(/=\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < soft.length; i++) {
      if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
        bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
        i += 2;
      } else bytes.push(...Buffer.from(soft[i], 'utf8'));
    }
    return Buffer.from(bytes);
  }
  return Buffer.from(body, 'utf8');
}

export function parseMail(raw: string): ParsedMail {
  const top = splitPart(raw);
  const parsed: ParsedMail = { headers: top.headers, text: '', html: '', attachments: [] };
  const walk = (part: { headers: Record<string, string>; body: string }) => {
    const type = part.headers['content-type'] ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/.exec(type)?.[1];
    if (/^multipart\//i.test(type) && boundary) {
      part.body
        .split(`--${boundary}`)
        .slice(1)
        .filter((chunk) => !chunk.startsWith('--'))
        .forEach((chunk) => walk(splitPart(chunk.replace(/^\n/, ''))));
      return;
    }
    const content = decode(part.body, part.headers['content-transfer-encoding']);
    const filename = /filename="?([^";]+)"?/.exec(part.headers['content-disposition'] ?? '')?.[1];
    if (filename) {
      parsed.attachments.push({ filename, contentType: type.split(';')[0], startsWithPdf: content.subarray(0, 5).toString('latin1') === '%PDF-' });
    } else if (/^text\/html/i.test(type)) parsed.html += content.toString('utf8');
    else if (/^text\/plain/i.test(type)) parsed.text += content.toString('utf8');
  };
  walk(top);
  return parsed;
}

/**
 * The first message kept in the outbox folder `dir` that `wanted` picks, parsed, once the job queue has
 * written it: looked for `tries` times, 100 ms apart, then an error saying `missing`.
 */
export async function keptMailIn(dir: string, wanted: (mail: ParsedMail) => boolean, tries: number, missing: string): Promise<ParsedMail> {
  for (let i = 0; i < tries; i++) {
    let files: string[] = [];
    try {
      files = readdirSync(dir);
    } catch {
      // Not made yet.
    }
    const mail = files.map((name) => parseMail(readFileSync(join(dir, name), 'utf8'))).find(wanted);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(missing);
}
