/**
 * A second baseline of the main page: a bare Node server answering every request with the bytes
 * of one answer of the page (gzip, as browsers take it), in a process of its own. What the load
 * client can take of a page that big, however it is made.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const body = readFileSync(process.env.BODY_FILE ?? '');
createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'content-encoding': 'gzip',
    'content-length': body.length,
  });
  response.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
