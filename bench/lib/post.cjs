// How the benches' writer threads send (bench/cache-under-writes.mjs, bench/reports-under-load.mjs), as
// bench/lib/write-worker.mjs already does: plain `http` with a keep-alive agent, from a thread at the lowest
// CPU priority. The writes stand for visitors elsewhere, whose sending costs this machine nothing; here
// the writer shares two cores with the server and the load generator. fetch's own cost is several times
// larger (measured with a trivial server in the same process: about 12-20 ms more CPU for a 5 MB multipart
// post, 0.25-0.45 ms more for a small JSON one), and at nice 0 it was taken from the server and autocannon.
// What the server receives is the same: the same requests on keep-alive connections.
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS: the benches' writer threads are eval'd scripts that require it */
const http = require('node:http');
const { randomBytes } = require('node:crypto');
const { setPriority } = require('node:os');
/* eslint-enable @typescript-eslint/no-require-imports -- the requires end here */

/** This thread at nice 19 (on Linux a thread's own priority); false where that is not allowed. */
function lowestPriority() {
  try {
    setPriority(19);
    return true;
  } catch {
    return false;
  }
}

/**
 * A sender over its own keep-alive agent: `post(url, { headers, body })` answers the status once the
 * answer has been read (body: a string, a Buffer, or Buffers sent one after another, never copied together).
 * A kept connection the server closed for idling just as it was reused (between two phases the writer is
 * idle for about the server's keep-alive timeout) is reset before any answer (ECONNRESET, or EPIPE when the
 * close comes while a large body is being written): that request never reached a handler, and is sent once
 * more on a new connection (Node's documented way, `request.reusedSocket`).
 */
function poster() {
  const agent = new http.Agent({ keepAlive: true });
  const send = (url, headers, parts, length, retry) =>
    new Promise((resolve, reject) => {
      const request = http.request(url, { method: 'POST', agent, headers: { ...headers, 'content-length': length } }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode));
        response.on('error', reject);
      });
      request.on('error', (error) => {
        if (retry && request.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE')) resolve(send(url, headers, parts, length, false));
        else reject(error);
      });
      for (const part of parts.slice(0, -1)) request.write(part);
      request.end(parts[parts.length - 1]);
    });
  const post = (url, { headers = {}, body = '' }) => {
    const parts = Array.isArray(body) ? body : [body];
    return send(
      url,
      headers,
      parts,
      parts.reduce((total, part) => total + Buffer.byteLength(part), 0),
      true,
    );
  };
  return { post, close: () => agent.destroy() };
}

/**
 * A multipart/form-data body as a browser sends it: `fields` (name to string) and one file, its bytes
 * kept as they are (the Buffer is not copied). Answers the headers and the body's parts.
 */
function multipart(fields, file) {
  const boundary = `----bench${randomBytes(12).toString('hex')}`;
  const text = Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  const head = `${text}--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`;
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: [Buffer.from(head), file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`)],
  };
}

module.exports = { lowestPriority, poster, multipart };
