import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { FilesConfig } from '../config.ts';
import type { Database } from '../db/types.ts';
import { processImage } from '../files/image-variants.ts';
import { variantKey } from '../files/file-storage.ts';
import { createStorage } from '../files/storage.ts';
import { insertFile } from '../files/files.store.ts';
import { addPortfolioItem } from '../profiles/portfolio.service.ts';

/** Two colours a picture, light text on them; one pair per freelancer, in turn. */
const PALETTES: readonly [string, string][] = [
  ['#0f766e', '#115e59'],
  ['#7c3aed', '#4c1d95'],
  ['#b45309', '#78350f'],
  ['#1d4ed8', '#1e3a8a'],
  ['#be123c', '#881337'],
  ['#15803d', '#14532d'],
];

const escaped = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The title in lines of at most 26 characters, at most three. */
function linesOf(title: string): string[] {
  const lines: string[] = [];
  for (const word of title.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= 26)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.slice(0, 3);
}

/** A 1200 × 800 picture of a piece of work: its title on the freelancer's colours. */
function pieceSvg(title: string, by: string, [from, to]: [string, string]): string {
  const text = linesOf(title)
    .map((line, index) => `<tspan x="80" dy="${index === 0 ? 0 : 84}">${escaped(line)}</tspan>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="1200" height="800" fill="url(#g)"/>
<rect x="80" y="120" width="160" height="16" rx="8" fill="#ffffff" opacity="0.6"/>
<circle cx="1040" cy="160" r="90" fill="#ffffff" opacity="0.15"/>
<text x="80" y="300" font-family="sans-serif" font-size="68" font-weight="700" fill="#ffffff">${text}</text>
<text x="80" y="700" font-family="sans-serif" font-size="36" fill="#ffffff" opacity="0.85">${escaped(by)}</text>
</svg>`;
}

export interface DemoPortfolioOwner {
  id: string;
  name: string;
  /** The pieces' titles, first shown first. */
  pieces: readonly string[];
}

/**
 * Issue 50, `npm run seed`: the demo freelancers' portfolios. Each owner with no piece yet gets
 * theirs, each picture drawn here and stored as an upload's is (processImage's variants in the
 * configured storage, a ready `files` row), then added as the owner would add it. Owners who
 * have pieces are left as they are. Answers how many pieces were added.
 */
export async function seedDemoPortfolios(
  db: Kysely<Database>,
  files: Pick<FilesConfig, 'storage' | 'maxPixels'>,
  owners: readonly DemoPortfolioOwner[],
): Promise<number> {
  const storage = await createStorage(files.storage);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tasklane-seed-'));
  let added = 0;
  try {
    for (const [index, owner] of owners.entries()) {
      const existing = await db
        .selectFrom('portfolio_items')
        .select('id')
        .where('user_id', '=', owner.id)
        .executeTakeFirst();
      if (existing) continue;
      for (const title of owner.pieces) {
        const svg = pieceSvg(title, owner.name, PALETTES[index % PALETTES.length]!);
        const file = path.join(dir, `${crypto.randomUUID()}.png`);
        await sharp(Buffer.from(svg)).png().toFile(file);
        const image = await processImage(file, 'image/png', files.maxPixels);
        await Promise.all(
          image.variants.map(({ variant, body }) =>
            storage.put(variantKey(image.sha, variant), body, 'image/webp'),
          ),
        );
        const fileId = crypto.randomUUID();
        const now = new Date().toISOString();
        await insertFile(db, {
          id: fileId,
          owner_id: owner.id,
          kind: 'image',
          purpose: 'portfolio',
          mime: 'image/png',
          size_bytes: (await fs.stat(file)).size,
          original_name: `${title}.png`,
          storage_key: image.sha,
          width: image.width,
          height: image.height,
          placeholder: image.placeholder,
          status: 'ready',
          attached_type: null,
          attached_id: null,
          created_at: now,
          attached_at: null,
          removed_at: null,
        });
        await addPortfolioItem(db, owner.id, { title, fileId });
        added += 1;
      }
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
  return added;
}
