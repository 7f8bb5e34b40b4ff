import PDFDocument from 'pdfkit';
import type { GuideContent } from './guide-content';

export interface GuidePdfOptions {
  siteName: string;
  siteUrl: string;
  /** Tests turn compression off to read the text. */
  compress?: boolean;
}

const NAVY = '#0b2545';
const TEAL = '#0e7490';
const INK = '#334155';
const TIP_FILL = '#ecfeff';
const MARGIN = 56;

/** Draws the guide as an A4 PDF: a title band, the introduction, ten numbered items with tips, a closing page section. */
export function renderGuidePdf(guide: GuideContent, options: GuidePdfOptions): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN + 20, left: MARGIN, right: MARGIN },
    compress: options.compress ?? true,
    bufferPages: true,
    lang: 'en-AU',
    displayTitle: true,
    info: { Title: guide.title, Author: options.siteName, Subject: guide.subtitle, Keywords: 'scuba diving, dive trip, packing list, Australia' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - MARGIN * 2;
  const host = options.siteUrl.replace(/^https?:\/\//, '');

  // Title band.
  doc.rect(0, 0, doc.page.width, 230).fill(NAVY);
  doc
    .fillColor('#a5f3fc')
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(`${options.siteName.toUpperCase()} · FREE GUIDE`, MARGIN, 56, { width, characterSpacing: 1 });
  doc.moveDown(0.6).fillColor('#ffffff').fontSize(28).text(guide.title, { width });
  doc.moveDown(0.4).fillColor('#cffafe').font('Helvetica').fontSize(12.5).text(guide.subtitle, { width });
  doc.y = 260;

  doc.fillColor(INK).font('Helvetica').fontSize(11.5).text(guide.intro, MARGIN, doc.y, { width, lineGap: 3, align: 'left' });
  doc.moveDown(1.2);

  guide.items.forEach((item, index) => {
    doc.font('Helvetica').fontSize(11);
    const tipHeight = doc.heightOfString(`Tip: ${item.tip}`, { width: width - 24, lineGap: 2 }) + 20;
    const needed = 30 + doc.heightOfString(item.why, { width, lineGap: 3 }) + tipHeight;
    // Keep an item together when it fits on one page.
    if (doc.y + Math.min(needed, 300) > doc.page.height - doc.page.margins.bottom) doc.addPage();

    const top = doc.y;
    doc.circle(MARGIN + 13, top + 9, 13).fill(TEAL);
    doc
      .fillColor('#ffffff')
      .font('Helvetica-Bold')
      .fontSize(12)
      .text(String(index + 1), MARGIN, top + 3, { width: 26, align: 'center' });
    doc
      .fillColor(NAVY)
      .fontSize(15)
      .text(item.name, MARGIN + 36, top + 1, { width: width - 36 });
    doc.moveDown(0.5);
    doc.fillColor(INK).font('Helvetica').fontSize(11).text(item.why, MARGIN, doc.y, { width, lineGap: 3 });
    doc.moveDown(0.6);

    const boxTop = doc.y;
    doc.roundedRect(MARGIN, boxTop, width, tipHeight, 6).fill(TIP_FILL);
    doc.rect(MARGIN, boxTop, 4, tipHeight).fill(TEAL);
    doc
      .fillColor(NAVY)
      .font('Helvetica-Bold')
      .fontSize(11)
      .text('Tip: ', MARGIN + 14, boxTop + 10, { continued: true, width: width - 24, lineGap: 2 });
    doc.font('Helvetica').fillColor(INK).text(item.tip);
    doc.y = boxTop + tipHeight;
    doc.moveDown(1.4);
  });

  // Keep the heading with the start of its paragraph.
  if (doc.y > doc.page.height - doc.page.margins.bottom - 110) doc.addPage();
  doc.fillColor(NAVY).font('Helvetica-Bold').fontSize(16).text('Before you go', MARGIN, doc.y, { width });
  doc.moveDown(0.4).fillColor(INK).font('Helvetica').fontSize(11.5).text(guide.closing, { width, lineGap: 3 });
  doc.moveDown(1);
  doc.fillColor(NAVY).font('Helvetica-Bold').fontSize(12).text('Plan your trip with us', { width });
  for (const [label, path] of [
    ['Australian and Pacific dive sites, with depths, conditions and marine life', '/dive-sites'],
    ['Honest gear reviews, tested in Australian waters', '/gear-reviews'],
    ['Learn to dive: the path from first try to certified diver', '/learn-to-dive'],
  ] as const) {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 40) doc.addPage();
    doc
      .moveDown(0.5)
      .fillColor(TEAL)
      .font('Helvetica-Bold')
      .fontSize(11)
      .text(`${host}${path}`, MARGIN, doc.y, { link: `${options.siteUrl}${path}`, underline: true, width });
    doc.fillColor(INK).font('Helvetica').fontSize(10.5).text(label, { width });
  }

  // Footers last, once the page count is known.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .fillColor('#64748b')
      .font('Helvetica')
      .fontSize(9)
      .text(`${guide.title} · ${options.siteName} · ${host}`, MARGIN, doc.page.height - 40, { width: width - 80, lineBreak: false })
      .text(`Page ${i + 1} of ${range.count}`, MARGIN + width - 80, doc.page.height - 40, { width: 80, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
