/** Starting points for the content editor (SPEC section 2, Blog Creator). */
export const CONTENT_TEMPLATES = [
  {
    name: 'Gear Review Template',
    text: `## Overview

Who this gear is for, and where and how it was tested.

## Key Features

- Feature one
- Feature two
- Feature three

## Performance in the Water

How it performed on real dives: conditions, depth, comfort and reliability.

## Pros

- First advantage
- Second advantage

## Cons

- First drawback
- Second drawback

## Verdict

Who should buy it, and why.
`,
  },
  {
    name: 'Pros & Cons Template',
    text: `## Pros

- First advantage
- Second advantage
- Third advantage

## Cons

- First drawback
- Second drawback
`,
  },
] as const;

/** SPEC section 2: image widths offered when inserting an image, 600 by default. */
export const IMAGE_WIDTHS = [300, 600, 800, 1200] as const;
export const DEFAULT_IMAGE_WIDTH = 600;

/** Markdown for an image with its width as a hint in the title: ![alt](url "width=600"). */
export function imageMarkdown(url: string, alt: string, width: number): string {
  const safeAlt = alt.replace(/[[\]]/g, '').trim() || 'Image';
  return `![${safeAlt}](${url.trim()} "width=${width}")`;
}

/** Inserts `text` at the cursor as its own block, separated from its neighbours by blank lines. */
export function insertBlock(content: string, text: string, at: number): { content: string; cursor: number } {
  const position = Math.max(0, Math.min(at, content.length));
  const before = content.slice(0, position);
  const after = content.slice(position);
  const lead = before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  const trail = after === '' || after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n';
  const block = `${lead}${text.replace(/\n+$/, '')}${trail}`;
  return { content: before + block + after, cursor: before.length + block.length };
}
