import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Worker } from 'node:worker_threads';
import { Logger } from '@nestjs/common';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import MimeNode from 'nodemailer/lib/mime-node';

/** How a message's bytes are built (MIME, encoded parts, attachments), here and in the worker alike. */
const COMPOSER_OPTIONS = { streamTransport: true, buffer: true, newline: 'unix' } as const;
const composer = nodemailer.createTransport(COMPOSER_OPTIONS);

async function composeHere(message: Mail.Options): Promise<Buffer> {
  return (await composer.sendMail(message)).message as Buffer;
}

/**
 * Writes a message kept in the outbox. Personal data (names, addresses, messages): readable by the server's
 * user only. The folder is made when a write finds it missing (the first message, or after an operator
 * removed it), not every time. The worker does the same with the synchronous calls (WORKER_SOURCE).
 */
export async function keepFile(file: string, raw: Buffer): Promise<void> {
  const write = () => writeFile(file, raw, { mode: 0o600, flag: 'wx' });
  try {
    await write();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await mkdir(dirname(file), { recursive: true, mode: 0o700 });
    await write();
  }
}

/**
 * The worker: nodemailer's own composer, fed the messages the server posts. A Buffer arrives as a plain
 * Uint8Array (the structured clone), which nodemailer would not take for an attachment's bytes. An encoded
 * attachment part comes once (\`newParts\`, by number) and is named by its number after that (\`{ part }\`), so
 * a wave of welcome emails does not copy the same guide into the worker for each; it keeps the last
 * PARTS_KEPT it was sent, as the server counts them. A message to keep (\`keepAs\`) is written to its file here,
 * as keepFile does, and only that it was kept goes back: the server's thread neither receives its bytes nor
 * waits on three file operations of the thread pool. Otherwise the composed bytes go back moved rather than
 * copied when they have their memory to themselves (a small Buffer shares a pool).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { mkdirSync, writeFileSync } = require('node:fs');
const { dirname } = require('node:path');
const nodemailer = require(workerData.nodemailer);
const composer = nodemailer.createTransport(workerData.options);
const parts = new Map();
const keep = (number, raw) => {
  parts.set(number, raw);
  if (parts.size > workerData.partsKept) parts.delete(parts.keys().next().value);
};
const asBuffer = (value) => (value instanceof Uint8Array && !Buffer.isBuffer(value) ? Buffer.from(value.buffer, value.byteOffset, value.byteLength) : value);
const ownsMemory = (bytes) => bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
const keepFile = (file, raw) => {
  try {
    writeFileSync(file, raw, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(file, raw, { mode: 0o600, flag: 'wx' });
  }
};
const failed = (id, error) => parentPort.postMessage({ id, error: String((error && error.message) || error) });
parentPort.on('message', ({ id, message, newParts, keepAs }) => {
  // Each part from what came with this message or was kept before it; only then is the oldest let go.
  const sent = new Map(newParts ?? []);
  message.attachments = (message.attachments ?? []).map((attachment) =>
    attachment.part === undefined ? { ...attachment, content: asBuffer(attachment.content) } : { raw: sent.get(attachment.part) ?? parts.get(attachment.part) },
  );
  for (const [number, raw] of sent) keep(number, raw);
  composer.sendMail(message).then((info) => {
    if (!keepAs) return parentPort.postMessage({ id, raw: info.message }, ownsMemory(info.message) ? [info.message.buffer] : []);
    try {
      keepFile(keepAs, info.message);
      parentPort.postMessage({ id, kept: true });
    } catch (error) {
      failed(id, error);
    }
  }, (error) => failed(id, error));
});
`;

/** How many encoded attachment parts the worker keeps (the oldest sent goes first): the guide, and room. */
const PARTS_KEPT = 16;

/**
 * A message goes to the worker at once, then those that follow within this many milliseconds go together
 * when it ends: a lone message waits for nothing, and a wave of sign-ups wakes the worker a few times a
 * second rather than once a message. On a busy machine each wake-up of another thread costs the pages
 * being served more than the little it does (bench/README.md, 'writes').
 */
export const MAIL_BATCH_MS = 200;

/** An attachment's MIME part, encoded once, with the number the worker knows it by. */
interface EncodedPart {
  number: number;
  raw: string;
}

/** What the worker is posted for one message (see WORKER_SOURCE). */
interface WorkerRequest {
  id: number;
  /** The message, its encoded attachments named by number (`{ part }`). */
  message: Omit<Mail.Options, 'attachments'> & { attachments?: (Mail.Attachment | { part: number })[] };
  newParts: (readonly [number, string])[];
  keepAs?: string;
}

interface Pending {
  message: Mail.Options;
  /** The outbox file the message is written to, instead of its bytes coming back. */
  keepAs?: string;
  /** The composed bytes, or null once the message is kept in `keepAs`. */
  resolve(raw: Buffer | null): void;
  reject(error: Error): void;
}

/** Composed here (no worker): the bytes, or null once written to `keepAs`. */
async function composeHereFor(message: Mail.Options, keepAs?: string): Promise<Buffer | null> {
  const raw = await composeHere(message);
  if (!keepAs) return raw;
  await keepFile(keepAs, raw);
  return null;
}

/**
 * Composes outgoing mail in a worker thread: encoding a welcome email and its PDF guide takes a few
 * milliseconds of CPU, which a wave of sign-ups would otherwise take from the pages being served. If the
 * worker cannot start or stops, the messages it held are composed here instead, so none is lost.
 */
export class MailComposer {
  private readonly logger = new Logger('Mail');
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private closed = false;
  /** What waits for the end of the current batch window (null while none is open). */
  private batch: { timer: NodeJS.Timeout; held: WorkerRequest[] } | null = null;

  /** Each attachment's MIME part (headers and base64 body) by its bytes, then by its type and name. */
  private readonly parts = new WeakMap<Buffer, Map<string, Promise<EncodedPart>>>();
  private partNumbers = 0;
  /** The parts the running worker keeps, oldest first as it drops them (a new worker starts with none). */
  private partsInWorker = new Set<number>();

  async compose(original: Mail.Options): Promise<Buffer> {
    return (await this.request(original))!;
  }

  /** Composes the message and writes it to `file` (the outbox: see keepFile), in the worker while it runs. */
  async keep(original: Mail.Options, file: string): Promise<void> {
    await this.request(original, file);
  }

  private async request(original: Mail.Options, keepAs?: string): Promise<Buffer | null> {
    const { message, encoded } = await this.withEncodedAttachments(original);
    const worker = this.closed ? null : (this.worker ?? this.start());
    if (!worker) return composeHereFor(message, keepAs);
    const id = ++this.nextId;
    // The worker's copy names each encoded part by number, and carries those it has not been sent yet.
    const newParts = encoded.flatMap((part) => (part && !this.partsInWorker.has(part.number) ? [[part.number, part.raw] as const] : []));
    for (const [number] of newParts) {
      this.partsInWorker.add(number);
      if (this.partsInWorker.size > PARTS_KEPT) this.partsInWorker.delete(this.partsInWorker.values().next().value!);
    }
    const forWorker = {
      ...message,
      attachments: message.attachments?.map((attachment, index) => (encoded[index] ? { part: encoded[index].number } : attachment)),
    };
    return new Promise<Buffer | null>((resolve, reject) => {
      this.pending.set(id, { message, keepAs, resolve, reject });
      this.post(worker, { id, message: forWorker, newParts, keepAs });
    });
  }

  /** Posts at once when no batch window is open (and opens one), else holds the request for its end. */
  private post(worker: Worker, request: WorkerRequest): void {
    if (this.batch) {
      this.batch.held.push(request);
      return;
    }
    worker.postMessage(request);
    this.openBatch();
  }

  private openBatch(): void {
    const timer = setTimeout(() => {
      const held = this.batch?.held ?? [];
      this.batch = null;
      if (!held.length) return;
      // No worker to take them (it stopped without saying so): composed here, as when it says so.
      if (!this.worker) return this.composeHereInstead();
      // Posted in one turn, they reach the worker together; the window stays open while the wave lasts.
      for (const request of held) this.worker.postMessage(request);
      this.openBatch();
    }, MAIL_BATCH_MS);
    timer.unref();
    this.batch = { timer, held: [] };
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = null;
    this.composeHereInstead();
    await worker?.terminate();
  }

  /**
   * The welcome email attaches the same PDF to every message: its part is encoded once (by nodemailer, as
   * it would encode it in each message) and handed over ready, which halves what composing one costs.
   */
  private async withEncodedAttachments(message: Mail.Options): Promise<{ message: Mail.Options; encoded: (EncodedPart | null)[] }> {
    if (!message.attachments?.length) return { message, encoded: [] };
    const encoded = await Promise.all(
      message.attachments.map(({ content, filename, contentType }) =>
        Buffer.isBuffer(content) && typeof filename === 'string' && contentType ? this.encodedPart(content, filename, contentType) : null,
      ),
    );
    const attachments = message.attachments.map((attachment, index) => (encoded[index] ? { raw: encoded[index].raw } : attachment));
    return { message: { ...message, attachments }, encoded };
  }

  private encodedPart(content: Buffer, filename: string, contentType: string): Promise<EncodedPart> {
    let byName = this.parts.get(content);
    if (!byName) this.parts.set(content, (byName = new Map()));
    const key = `${contentType}\n${filename}`;
    let part = byName.get(key);
    if (!part) {
      // A child node: built alone, it carries only its own headers (a root would add Date and Message-ID).
      const node = new MimeNode('multipart/mixed', { newline: 'unix' }).createChild(contentType, { filename });
      node.setContent(content);
      const number = ++this.partNumbers;
      part = node.build().then(
        (built) => ({ number, raw: built.toString('latin1') }),
        (error: unknown) => {
          byName.delete(key);
          throw error;
        },
      );
      byName.set(key, part);
    }
    return part;
  }

  private start(): Worker | null {
    try {
      const worker = new Worker(WORKER_SOURCE, {
        eval: true,
        workerData: { nodemailer: require.resolve('nodemailer'), options: COMPOSER_OPTIONS, partsKept: PARTS_KEPT },
        resourceLimits: { maxOldGenerationSizeMb: 64 },
      });
      // It never keeps the process alive by itself (a test, a CLI export that sent nothing).
      worker.unref();
      worker.on('message', ({ id, raw, kept, error }: { id: number; raw?: Uint8Array; kept?: true; error?: string }) => {
        const waiting = this.pending.get(id);
        this.pending.delete(id);
        if (!waiting) return;
        if (kept) waiting.resolve(null);
        else if (raw) waiting.resolve(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength));
        else waiting.reject(new Error(error ?? 'the message could not be composed'));
      });
      const lost = (reason: string) => {
        if (this.worker !== worker) return;
        this.worker = null;
        if (!this.closed) this.logger.warn(`mail composer stopped (${reason}); composing in the server until it restarts`);
        this.composeHereInstead();
      };
      worker.on('error', (error) => lost(error.message));
      worker.on('exit', (code) => lost(`exit code ${code}`));
      this.worker = worker;
      this.partsInWorker = new Set();
      return worker;
    } catch (error) {
      this.logger.warn(`mail composer could not start (${(error as Error).message}); composing in the server`);
      return null;
    }
  }

  /** Composes here what the worker held or was yet to be sent (a batch's held requests are all pending). */
  private composeHereInstead(): void {
    if (this.batch) clearTimeout(this.batch.timer);
    this.batch = null;
    const held = [...this.pending.values()];
    this.pending.clear();
    for (const { message, keepAs, resolve, reject } of held) composeHereFor(message, keepAs).then(resolve, reject);
  }
}
