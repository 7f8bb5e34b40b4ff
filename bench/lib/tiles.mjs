// A stand-in for the map's tile server, which this machine cannot reach (no internet): every tile is one
// 256 px PNG of about an OpenStreetMap tile's size at the zooms the pages open at (17 KB), so the pages load
// and paint their maps as a visitor's do. Without it every tile fails, and /dive-sites draws its offline
// land instead (client/islands/dive-sites/offline-land.ts), work no visitor with a network does.
import { createServer } from 'node:http';
import sharp from 'sharp';

export async function startTiles() {
  const tile = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#aad3df', noise: { type: 'gaussian', mean: 170, sigma: 20 } } })
    .png({ palette: true, colours: 4 })
    .toBuffer();
  const server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'image/png', 'content-length': tile.length, 'cache-control': 'public, max-age=86400' });
    response.end(tile);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    /** TILE_URL for the server under test. */
    url: `http://127.0.0.1:${server.address().port}/{z}/{x}/{y}.png`,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}
