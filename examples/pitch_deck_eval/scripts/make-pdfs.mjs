#!/usr/bin/env node
/**
 * Writes the sample decks in ../input as small, valid PDF-1.4 files: one text page per slide,
 * Helvetica, and a cross-reference table with exact byte offsets. Run it again after editing DECKS:
 *
 *   node examples/pitch_deck_eval/scripts/make-pdfs.mjs
 *
 * No dependencies; text must be plain ASCII.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const DECKS = {
  'aurora-cells.pdf': [
    ['Aurora Cells - Seed round pitch', 'Solid-state battery packs for cargo e-bikes', 'Raising 2.5M EUR at a 10M EUR pre-money valuation'],
    [
      'Problem: cargo e-bike batteries last 2 years and fail in the cold.',
      'Product: a swappable solid-state pack, 1.4 kWh, rated for 3,000 cycles.',
      'Traction: 2 paid pilots (Velo Courier, Nordic Bakery), 40 packs delivered.',
      'Growth: revenue up 300% month over month since March.',
      'Market: 4.2 billion EUR by 2030 (our own estimate).',
    ],
    [
      'Team: CEO (ex-Bosch eBike, 8 years), CTO (PhD electrochemistry, ETH).',
      'No CFO yet; the CEO manages finances.',
      'Use of funds: 60% pilot production line, 25% certification, 15% sales.',
      'Risks we see: UN 38.3 certification is still pending.',
    ],
  ],
  'tidewater-freight.pdf': [
    ['Tidewater Freight - Series A pitch', 'Route planning software for short-sea shipping', 'Raising 8M EUR'],
    [
      'Problem: coastal carriers plan routes by hand; 18% of sailings run half empty.',
      'Product: SaaS that pools cargo across carriers and plans routes nightly.',
      'Traction: 14 carriers paying, 1.1M EUR annual recurring revenue, 4% monthly churn.',
      'Market: 1,900 short-sea operators in Europe; we model 600M EUR per year.',
    ],
    [
      'Team: 3 founders from Maersk and DFDS; 22 employees; CFO joined 2024.',
      'Competition: two funded start-ups; incumbents sell on-premise tools.',
      'Ask: 8M EUR for 18 months; break-even planned at 3.5M EUR ARR.',
    ],
  ],
};

/** Escapes a string for a PDF literal `( ... )`. */
function pdfString(text) {
  if (!/^[\x20-\x7e]*$/.test(text)) throw new Error(`only printable ASCII is supported: ${text}`);
  return `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/** Builds a PDF whose pages each show the given lines, top to bottom (first line as a heading). */
export function buildPdf(pages) {
  const objects = []; // objects[i] is the body of object i + 1
  const pageIds = pages.map((_, index) => 4 + index * 2);
  objects[0] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[1] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[2] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  pages.forEach((lines, index) => {
    const [heading, ...rest] = lines;
    const content = [
      'BT',
      '/F1 20 Tf 72 720 Td',
      `${pdfString(heading)} Tj`,
      '/F1 12 Tf 18 TL 0 -12 Td',
      ...rest.map((line) => `T* ${pdfString(line)} Tj`),
      'ET',
    ].join('\n');
    const pageId = pageIds[index];
    objects[pageId - 1] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageId + 1} 0 R >>`;
    objects[pageId] = `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`;
  });

  let pdf = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets = objects.map((body, index) => {
    const offset = Buffer.byteLength(pdf, 'latin1');
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

const input = join(dirname(fileURLToPath(import.meta.url)), '..', 'input');
for (const [name, pages] of Object.entries(DECKS)) {
  writeFileSync(join(input, name), buildPdf(pages));
  console.log(`wrote ${join(input, name)}`);
}
