// A bare Node.js HTTP server answering every request with one recorded answer (its status, its headers as
// Node's raw array, its body), as a cached hit does but with nothing else: the floor of a hit's cost in
// Node.js, for bench/hit-cost.mjs. `node bench/lib/floor-server.mjs <answer.json> <body file>`; prints its port.
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [answerFile, bodyFile] = process.argv.slice(2);
const { status, headers } = JSON.parse(readFileSync(answerFile, 'utf8'));
const body = readFileSync(bodyFile);
const server = http.createServer((request, response) => {
  response.writeHead(status, headers);
  response.end(body);
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
process.on('SIGTERM', () => process.exit(0));
