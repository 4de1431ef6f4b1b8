import http from 'node:http';
import { HOME_HEADINGS } from '../../src/client/components/home/home-content.ts';
import { expect, test } from '../support/e2e-fixtures.ts';

/**
 * The JavaScript a first visit to / costs: every script the page loads (the entry, its imports,
 * the lazily loaded home page and anything else it pulls in before it settles), as the server
 * sends it gzip'd. Budget: 90 KB, issue 48's (the sections below the first screen, the member's
 * navbar controls, react-router's production build and its unused parts, the pages' preload lists
 * and task-rules.ts came off).
 */
const BUDGET_BYTES = 90 * 1024;

/** The bytes the server sends for a URL to a client that accepts only gzip (not decoded). */
function gzipTransfer(url: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => {
        if (response.statusCode !== 200)
          reject(new Error(`${url} answered ${response.statusCode}`));
        else resolve({ bytes, encoding: response.headers['content-encoding'] ?? 'identity' });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

test('a first visit to / transfers at most 90 KB of gzip’d JavaScript', async ({
  page,
}, testInfo) => {
  const scripts = new Map<string, number>(); // URL → bytes the browser received (its encoding)
  page.on('requestfinished', async (request) => {
    const response = await request.response();
    const type = response?.headers()['content-type'] ?? '';
    if (request.resourceType() === 'script' || type.includes('javascript')) {
      scripts.set(request.url(), (await request.sizes()).responseBodySize);
    }
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Below the first screen nothing has loaded: it waits for the visitor to scroll (issue 48).
  await expect(
    page.getByRole('heading', { level: 2, name: HOME_HEADINGS.featured }),
  ).not.toBeAttached();
  expect(scripts.size).toBeGreaterThan(0);

  const rows: { file: string; gzip: number; browser: number }[] = [];
  let total = 0;
  for (const [url, browserBytes] of scripts) {
    const { bytes, encoding } = await gzipTransfer(url);
    // Files over 1 KB must be gzip'd; the build gzips smaller ones too where that is smaller.
    if (bytes > 1024) expect(encoding, url).toBe('gzip');
    total += bytes;
    rows.push({ file: new URL(url).pathname, gzip: bytes, browser: browserBytes });
  }
  rows.sort((a, b) => b.gzip - a.gzip);
  const browserTotal = rows.reduce((sum, row) => sum + row.browser, 0);
  const report = [
    `JavaScript on a first visit to /: ${rows.length} files, ${total} bytes gzip'd (${(total / 1024).toFixed(1)} KB) of a ${BUDGET_BYTES}-byte budget; the browser received ${browserTotal} bytes with its own encodings`,
    ...rows.map((row) => `  ${row.file}: ${row.gzip} gzip, ${row.browser} as received`),
  ].join('\n');
  console.log(report);
  await testInfo.attach('home-javascript.txt', { body: report, contentType: 'text/plain' });
  expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
});
